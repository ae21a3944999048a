/**
 * Executor benchmark: 12 sub-goals over an adapter with fixed, known latencies, run concurrently
 * and forced sequential in one process. Prints both wall times, their ratio, and the executor's
 * own overhead per step (wall time minus the adapter's sleeping, divided by the steps).
 * Goal (issue 2): concurrent wall within 10 % of the slowest step, overhead under 5 ms per step.
 *
 *   npx tsx bench/executor.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SourceAdapter } from "../adapters/adapter.js";
import { AdapterPool } from "../adapters/registry.js";
import { loadWorkspace } from "../config/load-workspace.js";
import { executePlan } from "../executor/execute-plan.js";
import type { ExecutionPlan } from "../models/plan.js";

const LATENCIES_MS = [40, 55, 70, 85, 100, 115, 130, 145, 160, 175, 190, 200];
const ROUNDS = 5;

// The bench's stand-in source: it sleeps a known time so the executor's own cost is what remains.
function sleepingAdapter(name: string): SourceAdapter {
  return {
    kind: "file",
    name,
    describe: () => ({ name, kind: "file", trust: 1, datasets: [], text_search: false }),
    async fetch(goal) {
      const latency = Number(goal.description);
      await new Promise((resolve) => setTimeout(resolve, latency));
      return { request: `GET /${goal.id}`, body: { latency } };
    },
    normalize(raw, goal) {
      return {
        kind: "table",
        columns: [{ name: "latency", type: "number" }],
        rows: [raw.body as { latency: number }],
        provenance: [{ source: goal.source }],
        notes: [],
      };
    },
    close: async () => {},
  };
}

const folder = mkdtempSync(path.join(tmpdir(), "triangulate-bench-"));
writeFileSync(
  path.join(folder, "triangulate.yaml"),
  "executor: { concurrency: 12 }\nsources:\n  timed:\n    kind: file\n    concurrency: 12\n    datasets: { d: { path: x.csv } }\n",
);
const workspace = loadWorkspace(folder, { environment: {} });
const plan: ExecutionPlan = {
  question: "benchmark",
  as_of: "2024-03-01",
  strategy: "standard",
  planner: "manual",
  sub_goals: LATENCIES_MS.map((latency, index) => ({
    id: `g${index + 1}`,
    description: String(latency),
    source: "timed",
    params: { filters: {} },
    expected_format: "table",
    validation: "rows = 1 AND latency >= 0",
    required: true,
  })),
};

async function measure(sequential: boolean, record: boolean): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const pool = new AdapterPool(workspace, async (name) => sleepingAdapter(name));
    const started = performance.now();
    const result = await executePlan(plan, workspace, { adapters: pool, sequential, record });
    times.push(performance.now() - started);
    if (result.status !== "succeeded") throw new Error("benchmark run failed");
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

await measure(false, false); // warm-up: module loading and JIT
const slowest = Math.max(...LATENCIES_MS);
const total = LATENCIES_MS.reduce((sum, latency) => sum + latency, 0);
const rows: string[][] = [];
for (const record of [false, true]) {
  const concurrent = await measure(false, record);
  const sequential = await measure(true, record);
  rows.push([
    record ? "with run directory" : "in memory",
    `${concurrent.toFixed(0)} ms`,
    `${((concurrent / slowest - 1) * 100).toFixed(1)} %`,
    `${sequential.toFixed(0)} ms`,
    `${(sequential / concurrent).toFixed(2)}x`,
    `${((sequential - total) / LATENCIES_MS.length).toFixed(2)} ms`,
  ]);
}
console.log(
  `12 steps, latencies ${LATENCIES_MS[0]}–${slowest} ms (sum ${total} ms), median of ${ROUNDS} rounds, node ${process.version}`,
);
console.log(
  [
    "mode",
    "concurrent wall",
    "over slowest step (goal < 10 %)",
    "sequential wall",
    "sequential / concurrent",
    "overhead per step (goal < 5 ms)",
  ].join(" | "),
);
for (const row of rows) console.log(row.join(" | "));
rmSync(folder, { recursive: true, force: true });
