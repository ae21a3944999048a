// Counts the forms of a secret that survive the redactor (issue 26.2), before and after: the
// redactor of another git revision (default b3a4d92, the last commit before issue 26's boundary
// work, read with `git archive` into a temporary folder) against this checkout's. For random secrets, every form of
// test/support/secret-encodings.ts goes through three channels: a line of text (stdout, an error
// message), a JSON document redacted as a value and then as text (run folder files, --json, MCP
// results), and an upstream excerpt cut to 160 characters (error snippets). A form "leaks" in a
// channel when leakedForms finds any trace of the secret in the output.
//
//   npx tsx bench/redaction-forms.ts [--before b3a4d92] [--secrets 200]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Redactor } from "../config/redactor.js";
import { leakedForms, secretEncodings } from "../test/support/secret-encodings.js";

/** What a redactor offers the channels; both revisions have these. */
interface RedactorLike {
  text(value: string): string;
  value<T>(input: T): T;
  clip(value: string, limit: number): string;
}

const { values: options } = parseArgs({
  options: { before: { type: "string", default: "b3a4d92" }, secrets: { type: "string", default: "200" } },
});

/** A deterministic generator (mulberry32), so both revisions see the same secrets. */
function randomGenerator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const CHARACTERS = `${Array.from({ length: 94 }, (_, index) => String.fromCharCode(33 + index)).join("")}éß华`;

function randomSecrets(count: number): string[] {
  const random = randomGenerator(26);
  return Array.from({ length: count }, () => {
    const length = 12 + Math.floor(random() * 28);
    return Array.from({ length }, () => CHARACTERS[Math.floor(random() * CHARACTERS.length)]).join("");
  });
}

const CHANNELS: Record<string, (redactor: RedactorLike, form: string) => string> = {
  text: (redactor, form) => redactor.text(`upstream said: ${form} (request 42)`),
  json: (redactor, form) =>
    redactor.text(
      JSON.stringify(redactor.value({ fields: { note: `echo ${form}` }, echoed: [form] }), null, 2),
    ),
  excerpt: (redactor, form) =>
    redactor.clip(`${"x".repeat(100)} token ${form} rejected ${"y".repeat(100)}`, 160),
};

/** Leaked forms per channel and in all, for one redactor class. */
function count(RedactorClass: new (secrets: string[]) => RedactorLike, secrets: string[]) {
  const perChannel: Record<string, number> = {};
  const perForm: Record<string, number> = {};
  let checked = 0;
  for (const secret of secrets) {
    const redactor = new RedactorClass([secret]);
    for (const [name, form] of Object.entries(secretEncodings(secret)))
      for (const [channel, write] of Object.entries(CHANNELS)) {
        checked += 1;
        if (leakedForms(write(redactor, form), secret).length === 0) continue;
        perChannel[channel] = (perChannel[channel] ?? 0) + 1;
        perForm[name] = (perForm[name] ?? 0) + 1;
      }
  }
  const leaked = Object.values(perChannel).reduce((sum, value) => sum + value, 0);
  return { checked, leaked, perChannel, perForm };
}

const folder = mkdtempSync(path.join(tmpdir(), "redaction-bench-"));
try {
  const archive = execFileSync("git", ["archive", options.before, "config"]);
  execFileSync("tar", ["-x", "-C", folder], { input: archive });
  const before = (await import(path.join(folder, "config", "redactor.ts"))) as {
    Redactor: new (secrets: string[]) => RedactorLike;
  };
  const secrets = randomSecrets(Number(options.secrets));
  const rows = [
    [`before (${options.before})`, count(before.Redactor, secrets)],
    ["after (this checkout)", count(Redactor, secrets)],
  ] as const;
  console.log(
    `${secrets.length} random secrets × ${Object.keys(secretEncodings("x".repeat(8))).length} forms × ${Object.keys(CHANNELS).length} channels`,
  );
  console.log("| redactor | checked | leaked | text | json | excerpt |");
  console.log("|---|---|---|---|---|---|");
  for (const [name, result] of rows)
    console.log(
      `| ${name} | ${result.checked} | ${result.leaked} | ${Object.keys(CHANNELS)
        .map((channel) => result.perChannel[channel] ?? 0)
        .join(" | ")} |`,
    );
  for (const [name, result] of rows) {
    const forms = Object.entries(result.perForm)
      .sort((a, b) => b[1] - a[1])
      .map(([form, leaked]) => `${form} ${leaked}`);
    console.log(`${name}: leaked forms: ${forms.length > 0 ? forms.join(", ") : "none"}`);
  }
  // Speed on a large body: what a 20 MB upstream response costs the redactor.
  const body = JSON.stringify(
    Array.from({ length: 150_000 }, (_, index) => ({
      key: `LOG-${index}`,
      summary: `carrier change ${index}`,
    })),
  );
  for (const [name, RedactorClass] of [
    [`before (${options.before})`, before.Redactor],
    ["after (this checkout)", Redactor],
  ] as const) {
    const redactor = new RedactorClass([secrets[0]]);
    const started = performance.now();
    redactor.text(body);
    console.log(
      `${name}: ${(body.length / 1e6).toFixed(1)} MB of JSON redacted in ${Math.round(performance.now() - started)} ms`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
