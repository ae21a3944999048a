// Benchmark: cold start (issue 27 item 5, issue 25). Each figure is a fresh `node
// dist/bin/triangulate.js` process, spawn to exit, of two builds run interleaved so a busy machine
// slows both alike: this checkout's dist/ ("after") and a build of an earlier commit ("before",
// 9d35792 by default, the last commit before `npm run build` bundled the CLI, built by this bench in
// a temporary `git worktree` as that commit's own build did: tsc, then build/bundle-cli.ts when it has one).
//   - cold `plan` of a Chinese and an English question on demo/workspace;
//   - cold `ask` of a flagship question answered from local files: a copy of the demo workspace
//     reduced to its file sources (no browser, no servers), the "local ask" of issue 27;
//   - in-process `planQuestion` latency over the demo gold set, after one warm-up pass.
// Wall time is measured here; CPU time (user + system) comes from GNU time and is the figure a
// shared machine disturbs least. The first process of each build and question is a warm-up (it
// also writes the planner's vocabulary cache, which every later cold process reads) and is not
// counted.
//
// Run: npm run build && npx tsx bench/cold-start.ts [--runs 10] [--before DIR | --before-commit SHA]
//   DIR holds a built checkout (DIR/dist/bin/triangulate.js); without it the bench builds SHA.
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseDocument } from "yaml";
import { DEMO_AS_OF } from "../demo/run-demo.js";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "10" },
    before: { type: "string" },
    "before-commit": { type: "string", default: "9d35792" },
  },
});
const runs = Number(values.runs);

const PLAN_QUESTIONS = [
  "2024年1月华东区A产品的退货率是多少？",
  "What was the return rate of product B in North China in March 2024?",
];
/** Flagship q6 and the return-rate comparison of flagship q1, both answered from the CSV export. */
const ASK_QUESTIONS = [
  "Return rate of product C in West China in February 2024",
  "Compare product A's return rate in East China in January 2024 with product B's in North China for the same month",
];
const GOALS = { plan: 0.3, ask: 1.5, inProcessP95Ms: 5 };

interface Timing {
  wall: number;
  cpu: number;
}

/** A built checkout of `commit` in a temporary git worktree (removed at the end), sharing this checkout's node_modules. */
function buildCommit(commit: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "triangulate-before-"));
  rmSync(dir, { recursive: true });
  process.stderr.write(`… building ${commit} in ${dir}\n`);
  execFileSync("git", ["worktree", "add", "--detach", dir, commit], { cwd: root, stdio: "ignore" });
  const remove = () =>
    execFileSync("git", ["worktree", "remove", "--force", dir], { cwd: root, stdio: "ignore" });
  try {
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    execFileSync(
      process.execPath,
      [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"],
      {
        cwd: dir,
        stdio: "inherit",
      },
    );
    // A commit whose build bundles the CLI is measured bundled, as its users run it.
    if (existsSync(path.join(dir, "build/bundle-cli.ts")))
      execFileSync(
        process.execPath,
        [path.join(root, "node_modules/tsx/dist/cli.mjs"), "build/bundle-cli.ts"],
        {
          cwd: dir,
          stdio: "inherit",
        },
      );
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/** A copy of the demo workspace whose sources are only its local files (metric fallbacks to the others dropped). */
function localWorkspace(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-local-"));
  const source = path.join(root, "demo/workspace");
  cpSync(path.join(source, "data"), path.join(folder, "data"), { recursive: true });
  const document = parseDocument(readFileSync(path.join(source, "triangulate.yaml"), "utf8"));
  const sources = document.get("sources") as {
    items: { key: { value: string } }[];
    delete(key: string): void;
  };
  for (const { key } of [...sources.items])
    if (document.getIn(["sources", key.value, "kind"]) !== "file") sources.delete(key.value);
  const metrics = document.getIn(["catalog", "metrics"]) as { items: { key: { value: string } }[] };
  for (const { key } of metrics.items) document.deleteIn(["catalog", "metrics", key.value, "fallback"]);
  writeFileSync(path.join(folder, "triangulate.yaml"), document.toString());
  mkdirSync(path.join(folder, ".triangulate"), { recursive: true });
  return folder;
}

/** One process: wall time measured here, CPU time from GNU time. Exit codes 0–2 are answers (2: partial). */
function runOnce(checkout: string, args: string[]): Timing {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    "/usr/bin/time",
    ["-f", "%U %S", process.execPath, path.join(checkout, "dist/bin/triangulate.js"), ...args],
    { encoding: "utf8" },
  );
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status === null || result.status > 2)
    throw new Error(`${args[0]} failed in ${checkout} (exit ${result.status}): ${result.stderr}`);
  const [user, system] = result.stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
  return { wall, cpu: user + system };
}

/** In-process planning latency of a build over the gold set's questions: first pass (cold) and later passes. */
function inProcessPlan(checkout: string): {
  coldP95: number;
  p50: number;
  p95: number;
  medianP95: number;
  count: number;
} {
  const script = `
    const { loadWorkspace } = await import(${JSON.stringify(path.join(checkout, "dist/config/load-workspace.js"))});
    const { planQuestion } = await import(${JSON.stringify(path.join(checkout, "dist/planner/plan-question.js"))});
    const { readFileSync } = await import("node:fs");
    const questions = readFileSync(${JSON.stringify(path.join(root, "demo/gold/plans.jsonl"))}, "utf8")
      .split("\\n").filter(Boolean).map((line) => JSON.parse(line).question);
    const workspace = loadWorkspace(${JSON.stringify(path.join(root, "demo/workspace"))}, { environment: {} });
    const pass = async () => { const times = [];
      for (const question of questions) { const started = performance.now();
        await planQuestion(question, workspace, { asOf: ${JSON.stringify(DEMO_AS_OF)}, strategy: "auto", planner: "catalog" });
        times.push(performance.now() - started); }
      return times; };
    const cold = await pass();
    const warm = [];
    for (let round = 0; round < 5; round += 1) warm.push(...(await pass()));
    process.stdout.write(JSON.stringify({ cold, warm }));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  const { cold, warm } = JSON.parse(output) as { cold: number[]; warm: number[] };
  // Each question's median over the warm passes: what the planner takes, with the moments other
  // processes took the CPU (every sample's tail on a shared machine) left out.
  const medians = cold.map((_, index) =>
    percentile(
      warm.filter((_, sample) => sample % cold.length === index),
      0.5,
    ),
  );
  return {
    coldP95: percentile(cold, 0.95),
    p50: percentile(warm, 0.5),
    p95: percentile(warm, 0.95),
    medianP95: percentile(medians, 0.95),
    count: cold.length,
  };
}

/** Nearest-rank percentile. */
function percentile(numbers: number[], fraction: number): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}
const seconds = (value: number) => `${value.toFixed(2)} s`;

const built = values.before ? undefined : buildCommit(values["before-commit"]!);
const checkouts = [
  {
    name: values.before ? path.basename(values.before) : `before (${values["before-commit"]})`,
    dir: values.before ? path.resolve(values.before) : built!.dir,
  },
  { name: "after (this checkout)", dir: root },
];
for (const checkout of checkouts)
  if (!existsSync(path.join(checkout.dir, "dist/bin/triangulate.js")))
    throw new Error(`${checkout.dir} has no dist/bin/triangulate.js: run npm run build there`);

// A copy, so that tests planning on demo/workspace meanwhile do not rewrite the vocabulary cache it reads.
const demoWorkspace = mkdtempSync(path.join(tmpdir(), "triangulate-demo-"));
cpSync(path.join(root, "demo/workspace"), demoWorkspace, {
  recursive: true,
  filter: (source) => !source.includes(".triangulate"),
});
const local = localWorkspace();
const cases = [
  ...PLAN_QUESTIONS.map((question) => ({
    kind: "plan" as const,
    args: ["plan", question, "-w", demoWorkspace, "--as-of", DEMO_AS_OF],
  })),
  ...ASK_QUESTIONS.map((question) => ({
    kind: "ask" as const,
    args: ["ask", question, "-w", local, "--as-of", DEMO_AS_OF, "--json"],
  })),
];
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];
try {
  console.log(
    `cold start: ${runs} processes per build and question (after one warm-up each), node ${process.version}, load average ${load()} at the start`,
  );
  const timings = new Map<string, Timing[]>();
  const key = (checkout: string, kind: string) => `${checkout}\u0000${kind}`;
  for (const testCase of cases) for (const checkout of checkouts) runOnce(checkout.dir, testCase.args);
  for (let run = 0; run < runs; run += 1)
    for (const testCase of cases)
      for (const checkout of checkouts) {
        const list = timings.get(key(checkout.name, testCase.kind)) ?? [];
        list.push(runOnce(checkout.dir, testCase.args));
        timings.set(key(checkout.name, testCase.kind), list);
      }
  for (const kind of ["plan", "ask"] as const) {
    console.log(
      `\ncold \`${kind}\` (${kind === "plan" ? "demo workspace, a zh and an en question" : "demo workspace reduced to its files, flagship q6 and q1's comparison"}; goal <= ${GOALS[kind]} s)`,
    );
    console.log("build                      cpu median  cpu p95   wall median  wall p95  wall fastest");
    for (const checkout of checkouts) {
      const own = timings.get(key(checkout.name, kind))!;
      const cpu = own.map((timing) => timing.cpu);
      const wall = own.map((timing) => timing.wall);
      console.log(
        `${checkout.name.padEnd(26)} ${seconds(percentile(cpu, 0.5)).padEnd(11)} ${seconds(percentile(cpu, 0.95)).padEnd(9)} ${seconds(percentile(wall, 0.5)).padEnd(12)} ${seconds(percentile(wall, 0.95)).padEnd(9)} ${seconds(Math.min(...wall))}`,
      );
    }
  }
  console.log(
    `\nin-process planQuestion over the gold set (goal p95 <= ${GOALS.inProcessP95Ms} ms after the first pass)`,
  );
  for (const checkout of checkouts) {
    const figures = inProcessPlan(checkout.dir);
    console.log(
      `${checkout.name.padEnd(26)} ${figures.count} questions: first pass p95 ${figures.coldP95.toFixed(1)} ms; then p50 ${figures.p50.toFixed(2)} ms, p95 ${figures.p95.toFixed(2)} ms; p95 of each question's median ${figures.medianP95.toFixed(2)} ms`,
    );
  }
  console.log(
    `\nload average ${load()} at the end (2 cores); CPU time is the comparable figure on a shared machine`,
  );
} finally {
  rmSync(local, { recursive: true, force: true });
  rmSync(demoWorkspace, { recursive: true, force: true });
  built?.remove();
}
