// Benchmark: a cold `triangulate plan` process, from spawn to exit, on the demo workspace.
// Compares two builds (by default a build of main's code in --before and this checkout's dist/),
// runs them interleaved so a busy machine slows both alike, and prints the median and the fastest
// wall time, and the median CPU time (user + system, which other processes on a shared machine
// disturb less), beside the goal (<= 0.3 s).
// Run: npx tsx bench/plan-cold-start.ts [--before DIR] [--runs N]
//   DIR holds a built checkout (DIR/dist/bin/triangulate.js), e.g. `git archive <commit>` + npm run build.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const runs = Number(flag("--runs") ?? 15);
const before = flag("--before");
const QUESTIONS = [
  "2024年1月华东区A产品的退货率是多少？",
  "What was the return rate of product B in North China in March 2024?",
];
const GOAL_SECONDS = 0.3;
// A copy, so that tests planning on demo/workspace meanwhile do not rewrite the vocabulary cache it reads.
const workspace = mkdtempSync(path.join(tmpdir(), "triangulate-demo-"));
cpSync(path.join(root, "demo/workspace"), workspace, {
  recursive: true,
  filter: (source) => !source.includes(".triangulate"),
});
process.on("exit", () => rmSync(workspace, { recursive: true, force: true }));

interface Timing {
  wall: number;
  cpu: number;
}

/** One process: wall time measured here, CPU time from the child's resource usage (GNU time). */
function runOnce(checkout: string, question: string): Timing {
  const binary = path.join(checkout, "dist", "bin", "triangulate.js");
  const started = process.hrtime.bigint();
  const result = spawnSync(
    "/usr/bin/time",
    ["-f", "%U %S", process.execPath, binary, "plan", question, "-w", workspace, "--as-of", "2024-06-30"],
    { encoding: "utf8" },
  );
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`plan failed in ${checkout}: ${result.stderr}`);
  const [user, system] = result.stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
  return { wall, cpu: user + system };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (value: number) => `${value.toFixed(3)} s`;

const checkouts = [
  ...(before ? [{ name: "before", dir: path.resolve(before) }] : []),
  { name: "after", dir: root },
];
for (const checkout of checkouts)
  if (!existsSync(path.join(checkout.dir, "dist/bin/triangulate.js")))
    throw new Error(`${checkout.dir} has no dist/bin/triangulate.js: run npm run build there`);

console.log(
  `cold \`triangulate plan\` on demo/workspace, ${runs} runs per build and question, node ${process.version}`,
);
const timings = new Map<string, Timing[]>(checkouts.map((checkout) => [checkout.name, []]));
// Not counted: the first process of each build writes the vocabulary cache the later ones read.
for (const question of QUESTIONS) for (const checkout of checkouts) runOnce(checkout.dir, question);
for (let run = 0; run < runs; run += 1)
  for (const question of QUESTIONS)
    for (const checkout of checkouts) timings.get(checkout.name)!.push(runOnce(checkout.dir, question));
for (const checkout of checkouts) {
  const own = timings.get(checkout.name)!;
  const wall = median(own.map((timing) => timing.wall));
  console.log(
    `  ${checkout.name.padEnd(7)} wall median ${seconds(wall)}  fastest ${seconds(Math.min(...own.map((timing) => timing.wall)))}  cpu median ${seconds(median(own.map((timing) => timing.cpu)))}   goal <= ${GOAL_SECONDS} s: ${wall <= GOAL_SECONDS ? "meets goal" : "MISSES goal"}`,
  );
}
