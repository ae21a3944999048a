// End-to-end wall time of the flagship questions: each a cold `node dist/bin/triangulate.js ask`
// process against already-running demo servers, concurrent vs forced sequential execution, with
// peak memory and the share of numbers in the answers that the number audit covers.
//
//   npm run build && npx tsx bench/flagship.ts [--runs 5] [--questions q1-zh,q2]
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_AS_OF, FLAGSHIP_QUESTIONS, startDemo } from "../demo/run-demo.js";
import type { Answer } from "../models/answer.js";
import { extractNumbers } from "../reflector/number-audit.js";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, questions: { type: "string" } },
});
const runs = Number(values.runs);
const wanted = values.questions ? values.questions.split(",") : FLAGSHIP_QUESTIONS.map((entry) => entry.id);
const binary = path.resolve("dist/bin/triangulate.js");
if (!existsSync(binary)) {
  process.stderr.write("dist/bin/triangulate.js is missing: run `npm run build` first\n");
  process.exit(1);
}

interface Measurement {
  wallMs: number;
  peakKb: number;
  exitCode: number;
  answer?: Answer;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const demo = await startDemo({ onProgress: (message) => process.stderr.write(`… ${message}\n`) });
const timeFile = path.join(tmpdir(), `triangulate-bench-time-${process.pid}`);

// The demo servers run in this process, so the child must be spawned asynchronously: a blocking
// spawn would stop this process's event loop and the servers with it.
async function measure(question: string, sequential: boolean): Promise<Measurement> {
  const started = performance.now();
  // GNU time reports the peak resident set of the ask process (Chromium runs as its own processes).
  const args = [
    "-f",
    "%M",
    "-o",
    timeFile,
    process.execPath,
    binary,
    "ask",
    question,
    "--workspace",
    demo.directory,
    "--as-of",
    DEMO_AS_OF,
    "--json",
    ...(sequential ? ["--sequential"] : []),
  ];
  const child = spawn("/usr/bin/time", args, {
    env: { ...process.env, ...demo.environment, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
  const exitCode = await new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? -1)));
  clearTimeout(timer);
  const wallMs = performance.now() - started;
  const peakKb = Number(readFileSync(timeFile, "utf8").trim().split("\n").at(-1));
  let answer: Answer | undefined;
  try {
    answer = (JSON.parse(stdout) as { answer: Answer }).answer;
  } catch {
    process.stderr.write(`no JSON from: ${question}\n${stderr.slice(0, 500)}\n`);
  }
  return { wallMs, peakKb, exitCode, ...(answer ? { answer } : {}) };
}

const rows: string[][] = [];
let numbersInAnswers = 0;
let numbersAudited = 0;
try {
  // One warm-up so the BI login session is saved, as it is for an analyst's second question.
  await measure(FLAGSHIP_QUESTIONS[0].question, false);
  for (const { id, question } of FLAGSHIP_QUESTIONS.filter((entry) => wanted.includes(entry.id))) {
    const concurrent: Measurement[] = [];
    const sequential: Measurement[] = [];
    for (let run = 0; run < runs; run++) {
      concurrent.push(await measure(question, false));
      sequential.push(await measure(question, true));
    }
    for (const measurement of [...concurrent, ...sequential]) {
      if (!measurement.answer) continue;
      numbersInAnswers += extractNumbers(measurement.answer.text).length;
      numbersAudited += measurement.answer.numbers.length;
    }
    const concurrentMs = median(concurrent.map((entry) => entry.wallMs));
    const sequentialMs = median(sequential.map((entry) => entry.wallMs));
    const peakMb = Math.max(...[...concurrent, ...sequential].map((entry) => entry.peakKb)) / 1024;
    const status = concurrent[0].answer?.status ?? `exit ${concurrent[0].exitCode}`;
    rows.push([
      id,
      status,
      `${(concurrentMs / 1000).toFixed(2)} s`,
      `${(sequentialMs / 1000).toFixed(2)} s`,
      `${(sequentialMs / concurrentMs).toFixed(2)}×`,
      `${peakMb.toFixed(0)} MB`,
    ]);
    process.stderr.write(`${id} done\n`);
  }
} finally {
  await demo.close();
  rmSync(timeFile, { force: true });
}

const headers = ["question", "status", "concurrent (median)", "sequential (median)", "seq/conc", "peak RSS"];
const widths = headers.map((header, column) =>
  Math.max(header.length, ...rows.map((row) => row[column].length)),
);
const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join("  ");
const report = [
  `flagship questions: median of ${runs} cold processes each (node dist/bin/triangulate.js ask --json), demo servers already running, ${new Date().toISOString().slice(0, 10)}`,
  line(headers),
  line(widths.map((width) => "-".repeat(width))),
  ...rows.map(line),
  "",
  `goal: under 3 s per question on this 2-core machine including the browser`,
  `number audit coverage: ${numbersAudited}/${numbersInAnswers} numbers in the answers are listed with their origin (${numbersInAnswers ? ((100 * numbersAudited) / numbersInAnswers).toFixed(1) : "100.0"} %; goal 100 %)`,
].join("\n");
process.stdout.write(`${report}\n`);
writeFileSync(path.join(tmpdir(), "triangulate-flagship-bench.txt"), report);
