// Benchmark: the catalog planner on its gold sets — the original demo set, the second demo set
// written before issue 15's changes (demo/gold/plans-unforeseen.jsonl) and the subscriptions
// workspace's set (a different catalog). Prints sub-goal F1, plans right, the share of misses
// that were silent (a plan or reply instead of asking), schema compliance and latency beside goals.
// Run: npx tsx bench/planner.ts [--rounds N]
import os from "node:os";
import path from "node:path";
import { loadWorkspace } from "../config/load-workspace.js";
import { CatalogPlanner } from "../planner/catalog-planner.js";
import { evaluatePlanner } from "../planner/evaluate-plans.js";
import { readGoldSet } from "../planner/gold-set.js";

const root = path.resolve(import.meta.dirname, "..");
const roundsFlag = process.argv.indexOf("--rounds");
const rounds = roundsFlag > 0 ? Number(process.argv[roundsFlag + 1]) : 20;
const SETS = [
  { gold: "demo/gold/plans.jsonl", workspace: "demo/workspace" },
  { gold: "demo/gold/plans-unforeseen.jsonl", workspace: "demo/workspace" },
  { gold: "test/workspaces/subscriptions/gold.jsonl", workspace: "test/workspaces/subscriptions" },
];
const mark = (ok: boolean) => (ok ? "meets goal" : "MISSES goal");
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const planner = new CatalogPlanner();
const medians: number[] = [];
const latencies: number[] = [];

console.log(`catalog planner, ${rounds} warm rounds per set, node ${process.version}`);
for (const set of SETS) {
  const workspace = loadWorkspace(path.join(root, set.workspace), { environment: {} });
  const gold = readGoldSet(path.join(root, set.gold));
  // Round 1 is the cold start (catalog index built, converters and pinyin loaded); later rounds are warm.
  const first = await evaluatePlanner(planner, gold, workspace);
  const perQuestion = new Map<string, number[]>();
  for (let round = 0; round < rounds; round += 1) {
    const report = await evaluatePlanner(planner, gold, workspace);
    for (const entry of report.entries) {
      latencies.push(entry.latencyMs);
      perQuestion.set(entry.id, [...(perQuestion.get(entry.id) ?? []), entry.latencyMs]);
    }
  }
  // The median of each question's rounds discounts pauses caused by other processes on a shared machine.
  for (const values of perQuestion.values())
    medians.push([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
  const silentShare = first.misses === 0 ? 0 : first.silentMisses / first.misses;
  console.log(`\n${set.gold} (${gold.length} questions, workspace ${set.workspace})`);
  console.log(
    `  sub-goal F1        ${first.f1.toFixed(3)}   (precision ${percent(first.precision)}, recall ${percent(first.recall)})   goal >= 0.95: ${mark(first.f1 >= 0.95)}`,
  );
  console.log(
    `  plans right        ${percent(first.rightShare)}   misses ${first.misses}, silent ${first.silentMisses} (${percent(silentShare)} of misses)   goal 0 silent: ${mark(first.silentMisses === 0)}`,
  );
  console.log(
    `  schema compliance  ${percent(first.schemaCompliance)} (${first.plansProduced} plans)   router ${percent(first.routerAccuracy)}   outcome ${percent(first.outcomeAccuracy)}`,
  );
  console.log(
    `  latency cold       p50 ${first.latencyP50Ms.toFixed(2)} ms   p95 ${first.latencyP95Ms.toFixed(2)} ms (first pass, includes index building)`,
  );
}
medians.sort((a, b) => a - b);
latencies.sort((a, b) => a - b);
const at = (values: number[], fraction: number) =>
  values[Math.min(values.length - 1, Math.ceil(fraction * values.length) - 1)];
console.log(
  `\nlatency per question p50 ${at(medians, 0.5).toFixed(2)} ms   p95 ${at(medians, 0.95).toFixed(2)} ms   max ${medians[medians.length - 1].toFixed(2)} ms (median of each question's ${rounds} rounds, segmentation and resolution included)   goal p95 < 20 ms: ${mark(at(medians, 0.95) < 20)}`,
);
console.log(
  `machine load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ")} on ${os.cpus().length} cores (other processes inflate the all-samples tail)`,
);
console.log(
  `latency all samples  p50 ${at(latencies, 0.5).toFixed(2)} ms   p95 ${at(latencies, 0.95).toFixed(2)} ms   max ${latencies[latencies.length - 1].toFixed(2)} ms   goal p95 < 20 ms: ${mark(at(latencies, 0.95) < 20)}`,
);
