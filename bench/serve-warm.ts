// Cold against warm: the same browser-bound demo question asked N times as a fresh
// `triangulate ask --json` process each (workspace load, Chromium start, sign-in every time; one
// browser per process, TRIANGULATE_SHARED_BROWSER=0) and N times as `POST /ask` to one
// `triangulate serve` (workspace loaded once, one AdapterPool and browser kept open). Prints the
// wall time per ask of each (first and median of the rest), and whether every answer's status and
// numbers equal the first cold answer's.
//
//   npm run build && npx tsx bench/serve-warm.ts [--n 4] [--question q1-en]
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_AS_OF, FLAGSHIP_QUESTIONS, startDemo } from "../demo/run-demo.js";

const { values } = parseArgs({
  options: { n: { type: "string", default: "4" }, question: { type: "string", default: "q1-en" } },
});
const count = Number(values.n);
const question = FLAGSHIP_QUESTIONS.find((entry) => entry.id === values.question)?.question;
if (!question) throw new Error(`no flagship question ${values.question}`);
const binary = path.resolve("dist/bin/triangulate.js");
if (!existsSync(binary)) {
  process.stderr.write("dist/bin/triangulate.js is missing: run `npm run build` first\n");
  process.exit(1);
}

interface Outcome {
  ms: number;
  key: string;
}
/** What must not change between answers: the status and the numbers with their units. */
const keyOf = (reply: { answer: { status: string; numbers: { value: unknown; unit?: string }[] } }) =>
  `${reply.answer.status} ${reply.answer.numbers.map((number) => `${number.value}${number.unit ?? ""}`).join(",")}`;

const demo = await startDemo({ onProgress: (message) => process.stderr.write(`… ${message}\n`) });
const environment = { ...process.env, ...demo.environment, NO_COLOR: "1", TRIANGULATE_SHARED_BROWSER: "0" };

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binary, ...args], {
      env: environment,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.once("exit", () => resolve(stdout));
    child.once("error", reject);
  });
}

const cold: Outcome[] = [];
for (let index = 0; index < count; index += 1) {
  const started = performance.now();
  const output = await run(["ask", question, "--json", "--as-of", DEMO_AS_OF, "-w", demo.directory]);
  cold.push({ ms: performance.now() - started, key: keyOf(JSON.parse(output)) });
  process.stderr.write(`cold ${index + 1}: ${Math.round(cold.at(-1)!.ms)} ms\n`);
}

const server = spawn(process.execPath, [binary, "serve", "-w", demo.directory, "--port", "0", "--json"], {
  env: environment,
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise<string>((resolve) => {
  let stdout = "";
  server.stdout.on("data", (chunk) => {
    stdout += chunk;
    try {
      resolve((JSON.parse(stdout) as { url: string }).url);
    } catch {
      // Not all of it yet.
    }
  });
});
const warm: Outcome[] = [];
for (let index = 0; index < count; index += 1) {
  const started = performance.now();
  const response = await fetch(`${url}/ask`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ question, as_of: DEMO_AS_OF }),
  });
  const reply = await response.json();
  warm.push({ ms: performance.now() - started, key: keyOf(reply) });
  process.stderr.write(`warm ${index + 1}: ${Math.round(warm.at(-1)!.ms)} ms\n`);
}
server.kill("SIGTERM");
await new Promise((resolve) => server.once("exit", resolve));
await demo.close();

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(middle)] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const reference = cold[0]?.key;
const row = (name: string, outcomes: Outcome[]) =>
  `| ${name} | ${Math.round(outcomes[0]?.ms ?? Number.NaN)} | ${Math.round(median(outcomes.slice(1).map((each) => each.ms)))} | ${outcomes.every((each) => each.key === reference) ? "yes" : "NO"} |`;
process.stdout.write(
  [
    `question ${values.question}, ${count} asks each, load average ${(await import("node:os")).loadavg()[0]?.toFixed(1)}`,
    "| path | first ask (ms) | median of the rest (ms) | same answer as the first cold one |",
    "|---|---|---|---|",
    row("cold: `triangulate ask --json` process per question", cold),
    row("warm: `POST /ask` to one `triangulate serve`", warm),
    "",
    // When answers differ (a step that timed out on a loaded machine gives a partial answer), each
    // distinct answer is printed, so the table never hides what differed.
    ...[...new Set([...cold, ...warm].map((each) => each.key))].map(
      (key) =>
        `answer seen ${[...cold, ...warm].filter((each) => each.key === key).length}× (cold ${cold.filter((each) => each.key === key).length}, warm ${warm.filter((each) => each.key === key).length}): ${key}`,
    ),
    "",
  ].join("\n"),
);
