import type { Workspace } from "../config/workspace.js";
import { checkPlanAgainstWorkspace } from "../executor/check-plan.js";
import { type SubGoal, safeParsePlan } from "../models/plan.js";
import type { GoldEntry, GoldSubGoal } from "./gold-set.js";
import type { Planner } from "./planner.js";

/** How one gold question fared. */
export interface EntryScore {
  id: string;
  question: string;
  routeCorrect: boolean;
  /** Undefined when the gold entry states no complexity. */
  complexityCorrect?: boolean;
  /** plan / direct / no_plan as expected. */
  outcomeCorrect: boolean;
  /** Undefined when no plan was produced. */
  schemaValid?: boolean;
  predicted: number;
  expected: number;
  matched: number;
  missing: string[];
  extra: string[];
  latencyMs: number;
  planner: string;
  /** Outcome and sub-goals exactly as the gold states them. */
  right: boolean;
  /**
   * Wrong, and the planner did not say so: it returned a plan or a direct reply instead of
   * asking back or refusing — the worst kind of miss.
   */
  silent: boolean;
}

/** Scores of a planner on a gold set. */
export interface EvaluationReport {
  planner: string;
  questions: number;
  /** Plans that parse (zod) and pass the workspace reference check, over plans produced. */
  schemaCompliance: number;
  plansProduced: number;
  routerAccuracy: number;
  /** simple/complex as the gold states it (entries that state one). */
  complexityAccuracy: number;
  /** Right outcome: a plan, a direct reply, or a refusal with unknown terms. */
  outcomeAccuracy: number;
  precision: number;
  recall: number;
  f1: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
  /** Share of questions planned exactly right (outcome and every sub-goal). */
  rightShare: number;
  /** Questions not right. */
  misses: number;
  /** Misses where the planner returned a plan or a reply instead of asking or refusing. */
  silentMisses: number;
  entries: EntryScore[];
}

function canonicalFilters(filters: Record<string, string | string[]>): string {
  if (Object.keys(filters).length === 0) return "-";
  return Object.keys(filters)
    .sort()
    .map((dimension) => {
      const value = filters[dimension];
      return `${dimension}=${Array.isArray(value) ? [...value].sort().join("|") : value}`;
    })
    .join(",");
}

/**
 * The key two sub-goals must share to match: source, dataset, metric or event, filters and period.
 * Knowledge-base searches match on the source alone (their query wording is free).
 */
export function subGoalKey(goal: GoldSubGoal | SubGoal): string {
  const params = "params" in goal ? goal.params : goal;
  // A knowledge-base search matches on its source alone (docs/planner.md): with its query, or a
  // gold line that names only the source (no dataset, metric or event), as people write them.
  if (!params.metric && !params.event && (params.query !== undefined || goal.dataset === undefined))
    return `${goal.source}:text`;
  const period = params.period ? `${params.period.grain}:${params.period.from}..${params.period.to}` : "-";
  return [
    goal.source,
    goal.dataset ?? "-",
    params.metric ?? "-",
    params.event ?? "-",
    canonicalFilters(params.filters ?? {}),
    period,
  ].join(" ");
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

/** Multiset intersection of two key lists: what matched, what is missing, what is extra. */
function compareKeys(expected: string[], predicted: string[]) {
  const remaining = [...predicted];
  const missing: string[] = [];
  let matched = 0;
  for (const key of expected) {
    const index = remaining.indexOf(key);
    if (index >= 0) {
      matched += 1;
      remaining.splice(index, 1);
    } else {
      missing.push(key);
    }
  }
  return { matched, missing, extra: remaining };
}

/**
 * Runs a planner on every gold question and scores it: schema compliance, router accuracy,
 * sub-goal precision and recall (micro-averaged over all goals), latency p50/p95.
 */
export async function evaluatePlanner(
  planner: Planner,
  gold: GoldEntry[],
  workspace: Workspace,
  options: { strategy?: "auto" } = {},
): Promise<EvaluationReport> {
  const entries: EntryScore[] = [];
  for (const entry of gold) {
    const started = performance.now();
    const outcome = await planner.plan(entry.question, {
      workspace,
      asOf: entry.as_of,
      strategy: options.strategy ?? "auto",
    });
    const latencyMs = performance.now() - started;
    const actual = outcome.route.route === "direct" ? "direct" : outcome.plan ? "plan" : "no_plan";
    let schemaValid: boolean | undefined;
    if (outcome.plan) {
      const parsed = safeParsePlan(JSON.parse(JSON.stringify(outcome.plan)));
      schemaValid = parsed.success && checkPlanAgainstWorkspace(parsed.value, workspace).length === 0;
    }
    const predictedKeys = (outcome.plan?.sub_goals ?? []).map(subGoalKey);
    const expectedKeys = entry.sub_goals.map(subGoalKey);
    const { matched, missing, extra } = compareKeys(expectedKeys, predictedKeys);
    const right = actual === entry.expect && missing.length === 0 && extra.length === 0;
    entries.push({
      right,
      silent: !right && actual !== "no_plan",
      id: entry.id,
      question: entry.question,
      routeCorrect: outcome.route.route === entry.route,
      ...(entry.complexity ? { complexityCorrect: outcome.route.complexity === entry.complexity } : {}),
      outcomeCorrect: actual === entry.expect,
      ...(schemaValid === undefined ? {} : { schemaValid }),
      predicted: predictedKeys.length,
      expected: expectedKeys.length,
      matched,
      missing,
      extra,
      latencyMs,
      planner: outcome.planner,
    });
  }
  const produced = entries.filter((entry) => entry.schemaValid !== undefined);
  const predicted = entries.reduce((sum, entry) => sum + entry.predicted, 0);
  const expected = entries.reduce((sum, entry) => sum + entry.expected, 0);
  const matched = entries.reduce((sum, entry) => sum + entry.matched, 0);
  const precision = predicted === 0 ? (expected === 0 ? 1 : 0) : matched / predicted;
  const recall = expected === 0 ? 1 : matched / expected;
  const latencies = entries.map((entry) => entry.latencyMs);
  return {
    planner: planner.kind,
    questions: entries.length,
    schemaCompliance:
      produced.length === 0 ? 1 : produced.filter((entry) => entry.schemaValid).length / produced.length,
    plansProduced: produced.length,
    routerAccuracy: entries.filter((entry) => entry.routeCorrect).length / Math.max(1, entries.length),
    complexityAccuracy:
      entries.filter((entry) => entry.complexityCorrect).length /
      Math.max(1, entries.filter((entry) => entry.complexityCorrect !== undefined).length),
    outcomeAccuracy: entries.filter((entry) => entry.outcomeCorrect).length / Math.max(1, entries.length),
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    latencyP50Ms: percentile(latencies, 0.5),
    latencyP95Ms: percentile(latencies, 0.95),
    rightShare: entries.filter((entry) => entry.right).length / Math.max(1, entries.length),
    misses: entries.filter((entry) => !entry.right).length,
    silentMisses: entries.filter((entry) => entry.silent).length,
    entries,
  };
}
