/**
 * PDF bombs against a real ingest (issue 26, item 3). Two hostile documents, each ingested beside
 * an ordinary policy PDF in a fresh workspace by the built CLI (`triangulate ingest --json`) in a
 * child process:
 *   - an inflation bomb: a 1.6 MB PDF whose one content stream (FlateDecode) inflates to 1.6 GB
 *     of zero bytes;
 *   - a page bomb: a 1.3 MB PDF of 10,000 empty pages.
 * Figures per bomb: wall time of the ingest, peak resident memory of the whole process tree (the
 * CLI, any extraction process, tabula's JVM, OCR processes: VmRSS summed over every descendant,
 * sampled every 100 ms from /proc), whether the ordinary document was indexed, and what the
 * ingest said about the bomb. An ingest still running after the cap (default 150 s) is killed and
 * reported as such.
 * Two more rows raise the bound that stops each bomb first, so that the memory bound (inflation)
 * and the time bound (pages) must stop it instead.
 * Run: npm run build && npx tsx bench/pdf-bombs.ts [--code DIR] [--cap SECONDS] [--defaults-only]
 *      (--code: the checkout whose dist/ to run, e.g. /work/main for the code before the change,
 *      which knows no `ingest:` budget: run it with --defaults-only)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { samplePeakMemory } from "../test/support/pdf-kb/process-memory.js";
import { writeInflationBombPdf, writeManyPagesPdf } from "../test/support/pdf-kb/write-raw-pdf.js";
import { writeTestPdf } from "../test/support/pdf-kb/write-test-pdf.js";

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const code = path.resolve(argument("--code") ?? root);
const capSeconds = Number(argument("--cap") ?? 150);
const cli = path.join(code, "dist/bin/triangulate.js");

interface Outcome {
  seconds: number;
  peakBytes: number;
  killed: boolean;
  exitCode: number | null;
  output: string;
}

async function ingest(workspace: string): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, "ingest", "-w", workspace, "--json"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const memory = samplePeakMemory(child.pid!);
  let killed = false;
  const cap = setTimeout(() => {
    killed = true;
    process.kill(-child.pid!, "SIGKILL");
  }, capSeconds * 1000);
  const exitCode = await new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  clearTimeout(cap);
  const peakBytes = memory.stop();
  // Anything the CLI left behind in its process group goes too.
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // Nothing left.
  }
  return { seconds: (performance.now() - started) / 1000, peakBytes, killed, exitCode, output };
}

async function workspaceWith(
  name: string,
  writeBomb: (file: string) => void,
  budget: string | undefined,
): Promise<string> {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), `triangulate-bomb-${name}-`));
  fs.mkdirSync(path.join(workspace, "docs"));
  fs.writeFileSync(
    path.join(workspace, "triangulate.yaml"),
    `sources:\n  handbook:\n    kind: pdf_kb\n    paths: [docs/*.pdf]\n${budget ? `    ingest: ${budget}\n` : ""}`,
  );
  writeBomb(path.join(workspace, "docs", `${name}.pdf`));
  await writeTestPdf(path.join(workspace, "docs", "policy.pdf"), {
    title: "Return Policy",
    sections: [{ heading: "1 Returns", paragraphs: ["Items may be returned within 30 days of delivery."] }],
  });
  return workspace;
}

function describeOutcome(name: string, outcome: Outcome): string {
  let said = outcome.killed ? `killed after ${capSeconds} s, nothing indexed` : `exit ${outcome.exitCode}`;
  const json = outcome.output.slice(outcome.output.indexOf("{"));
  try {
    const {
      sources: [summary],
    } = JSON.parse(json) as {
      sources: { documents: number; failed: { document: string; reason: string; message: string }[] }[];
    };
    const failure = summary.failed.find((entry) => entry.document.endsWith(`${name}.pdf`));
    said += `; indexed ${summary.documents} (policy.pdf ${summary.failed.some((entry) => entry.document.endsWith("policy.pdf")) ? "failed" : "indexed"})`;
    said += failure ? `; bomb: ${failure.reason} (${failure.message})` : "; bomb: indexed";
  } catch {
    if (!outcome.killed) said += `; output: ${outcome.output.slice(0, 300).replaceAll("\n", " ")}`;
  }
  return said;
}

// The two bombs under the default budget, then each with the bound that stops it first raised, so
// the next bound (memory, time) has to stop it. The code before the change knows no `ingest:`.
const withBounds = !process.argv.includes("--defaults-only");
const bombs: [string, string, (file: string) => void, string | undefined][] = [
  [
    "inflation",
    "1.6 MB PDF, content stream inflating to 1.6 GB",
    (file) => writeInflationBombPdf(file, 1600),
    undefined,
  ],
  ["pages", "1.3 MB PDF of 10,000 empty pages", (file) => writeManyPagesPdf(file, 10_000), undefined],
  ...(withBounds
    ? ([
        [
          "inflation",
          "same, max_decoded_megabytes 4096 (memory bound 1024 MB left)",
          (file) => writeInflationBombPdf(file, 1600),
          "{ max_decoded_megabytes: 4096 }",
        ],
        [
          "pages",
          "same, max_pages 20000 (time bound left, max_seconds 30)",
          (file) => writeManyPagesPdf(file, 10_000),
          "{ max_pages: 20000, max_seconds: 30 }",
        ],
      ] satisfies [string, string, (file: string) => void, string][])
    : []),
];
console.log(
  `code: ${code}   cap: ${capSeconds} s   goal: peak RSS <= 1 GB, time <= 90 s, policy.pdf indexed`,
);
console.log("| bomb | what | time | peak RSS (process tree) | outcome |");
console.log("|---|---|---|---|---|");
for (const [name, what, write, budget] of bombs) {
  const workspace = await workspaceWith(name, write, budget);
  const outcome = await ingest(workspace);
  console.log(
    `| ${name} | ${what} | ${outcome.seconds.toFixed(1)} s | ${(outcome.peakBytes / 1024 ** 3).toFixed(2)} GB | ${describeOutcome(name, outcome)} |`,
  );
  fs.rmSync(workspace, { recursive: true, force: true });
}
