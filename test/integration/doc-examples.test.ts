/**
 * Every runnable example of README.md and docs/*.md (a fenced block with `$ ` lines) runs here as
 * printed, in a sandbox: a temporary folder holding copies of demo/workspace, demo/gold and
 * docs/examples and test/corpora/tickets (the paths the pages use), with `triangulate` on PATH and, for blocks annotated
 * servers=demo, the demo BI portal and ticket server up. A command must exit as the page says
 * (docs/tested-examples.md) and the annotated lines must appear. A broken example fails CI.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import { startTicketServer } from "../../demo/ticket-server/ticket-server.js";
import { type DocExample, expectedExitCodes, findExamples } from "../support/doc-examples.js";
import { CLI } from "../support/run-cli.js";

const root = path.resolve(import.meta.dirname, "../..");
const pages = ["README.md", ...readdirSync(path.join(root, "docs")).map((name) => `docs/${name}`)].filter(
  (name) => name.endsWith(".md"),
);
const examples = pages.flatMap((page) => findExamples(page, readFileSync(path.join(root, page), "utf8")));

const sandboxes: string[] = [];
const closers: (() => Promise<void>)[] = [];
let servers: Promise<Record<string, string>> | undefined;
afterAll(async () => {
  for (const close of closers) await close().catch(() => {});
  for (const folder of sandboxes) rmSync(folder, { recursive: true, force: true });
});

/** The demo sources, started once for the blocks that need them. */
function demoServers(): Promise<Record<string, string>> {
  servers ??= (async () => {
    const portal = await startBiPortal({ port: 0 });
    closers.push(() => portal.close());
    const tickets = await startTicketServer({ port: 0 });
    closers.push(() => tickets.close());
    return { TRIANGULATE_BI_URL: portal.url, TRIANGULATE_TICKETS_URL: tickets.url };
  })();
  return servers;
}

function sandbox(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-docs-"));
  sandboxes.push(folder);
  const skipState = (source: string) =>
    !source.includes(`${path.sep}.triangulate`) && !source.includes(`${path.sep}reports`);
  cpSync(path.join(root, "demo/workspace"), path.join(folder, "demo/workspace"), {
    recursive: true,
    filter: skipState,
  });
  cpSync(path.join(root, "demo/gold"), path.join(folder, "demo/gold"), { recursive: true });
  cpSync(path.join(root, "docs/examples"), path.join(folder, "docs/examples"), { recursive: true });
  cpSync(path.join(root, "test/corpora/tickets"), path.join(folder, "test/corpora/tickets"), {
    recursive: true,
  });
  mkdirSync(path.join(folder, ".bin"));
  symlinkSync(CLI, path.join(folder, ".bin", "triangulate"));
  return folder;
}

/** Runs the block's commands in one bash, recording each command's exit code. */
async function runExample(example: DocExample): Promise<{ output: string; codes: number[] }> {
  const folder = sandbox();
  const environment = example.servers ? await demoServers() : {};
  const codes = path.join(folder, ".exit-codes");
  const script = [
    "exec 2>&1",
    example.setup ?? "",
    ...example.commands.map(
      (command) =>
        `${command.command}\n__code=$?; echo "$__code" >> ${JSON.stringify(codes)}; (exit $__code)`,
    ),
  ].join("\n");
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("bash", ["-c", script], {
      cwd: folder,
      env: {
        ...process.env,
        ...environment,
        PATH: `${path.join(folder, ".bin")}:${process.env.PATH}`,
        NO_COLOR: "1",
        CI: "true",
        TRIANGULATE_WORKSPACE: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    child.stderr.on("data", (chunk) => (text += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(`${example.file}:${example.line} did not finish in ${example.timeoutSeconds} s\n${text}`),
      );
    }, example.timeoutSeconds * 1000);
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
  let recorded: number[] = [];
  try {
    recorded = readFileSync(codes, "utf8").trim().split("\n").filter(Boolean).map(Number);
  } catch {}
  return { output, codes: recorded };
}

describe("documentation examples", () => {
  it("finds the runnable examples of every page", () => {
    expect(examples.length).toBeGreaterThan(20);
  });

  for (const example of examples) {
    const name = `${example.file}:${example.line} $ ${example.commands[0].command.split("\n")[0].slice(0, 70)}`;
    if (example.skip) {
      // The reason is part of the name and printed, so a skipped example is never silent.
      console.info(`skipped example ${example.file}:${example.line}: ${example.skip}`);
      it.skip(`${name} (skipped: ${example.skip})`, () => {});
      continue;
    }
    it(
      name,
      async () => {
        const { output, codes } = await runExample(example);
        const wanted = expectedExitCodes(example);
        const context = `${example.file}:${example.line}\n${output}`;
        expect(codes.length, context).toBe(example.commands.length);
        wanted.forEach((code, index) => {
          if (code !== "any")
            expect(codes[index], `exit code of: ${example.commands[index].command}\n${context}`).toBe(code);
        });
        let from = 0;
        for (const line of example.expect) {
          const at = output.indexOf(line, from);
          expect(
            at,
            `expected "${line}" (after the previous expected line)\n${context}`,
          ).toBeGreaterThanOrEqual(0);
          from = at + line.length;
        }
      },
      example.timeoutSeconds * 1000 + 30_000,
    );
  }
});
