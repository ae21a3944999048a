import type { Workspace } from "../config/workspace.js";
import { PERIOD_COLUMN_NAMES } from "../domain/period-columns.js";
import { trustOf } from "../domain/trust.js";
import type { Answer } from "../models/answer.js";
import type { ExecutionPlan } from "../models/plan.js";
import type { StepResult } from "../models/step-result.js";
import { metricCells } from "../reflector/metric-points.js";

/** One number a question reported: a metric for one combination of keys, e.g. return_rate{product=A,region=East,month=2024-01}. */
export interface ReportedNumber {
  metric: string;
  keys: Record<string, string>;
  value: number;
  unit?: string;
  /** The source it came from, or "fused" for a conflict resolved across sources. */
  source: string;
  goal?: string;
}

/** Canonical text of a metric and its keys: return_rate{product=A,region=East,month=2024-01}. */
export function numberKey(metric: string, keys: Record<string, string>, order: string[] = []): string {
  const names = orderKeys(Object.keys(keys), order);
  return `${metric}{${names.map((name) => `${name}=${keys[name]}`).join(",")}}`;
}

/** Dimension keys in catalog order, then other keys alphabetically, then period keys coarse to fine. */
export function orderKeys(names: string[], dimensionOrder: string[]): string[] {
  const rank = (name: string) => {
    const dimension = dimensionOrder.indexOf(name);
    if (dimension >= 0) return dimension;
    const period = PERIOD_COLUMN_NAMES.indexOf(name);
    return period >= 0 ? 10_000 + period : 1_000;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The numbers an answer rests on, keyed by metric and keys: every metric cell of the table
 * evidence (with the goal's single-valued filters as keys when the table has no such column),
 * with a conflict's resolved value replacing the disagreeing ones. One value per key: the fused
 * value, else the value from the most trusted source.
 */
export function extractReportedNumbers(
  input: { answer: Answer; plan?: ExecutionPlan; results?: StepResult[] },
  workspace: Workspace,
): ReportedNumber[] {
  const catalog = workspace.config.catalog;
  const metrics = new Set(Object.keys(catalog.metrics ?? {}));
  const dimensions = new Set(Object.keys(catalog.dimensions ?? {}));
  const goals = new Map((input.plan?.sub_goals ?? []).map((goal) => [goal.id, goal]));
  const dimensionOrder = dimensionOrderOf(workspace);
  const trust = (source: string) => trustOf(workspace.config.sources, source);
  const chosen = new Map<string, ReportedNumber>();
  const offer = (candidate: ReportedNumber) => {
    const key = numberKey(candidate.metric, candidate.keys, dimensionOrder);
    const existing = chosen.get(key);
    if (
      !existing ||
      (existing.source !== "fused" &&
        (candidate.source === "fused" || trust(candidate.source) > trust(existing.source)))
    )
      chosen.set(key, candidate);
  };
  for (const result of input.results ?? []) {
    const evidence = result.evidence;
    if (evidence?.kind !== "table" || result.status !== "succeeded") continue;
    const goal = goals.get(result.goal_id);
    const isMetric = (name: string) => metrics.has(name) || name === goal?.params.metric;
    // The metric values are read as the answer reads them (reflector/metric-points.ts); the keys are
    // the report's own: catalog dimensions and period columns, stable from run to run.
    const cells = metricCells(evidence, isMetric, {
      fallbackUnit: (metric) => catalog.metrics?.[metric]?.unit,
    });
    const keyColumns = evidence.columns.filter(
      (column) =>
        (dimensions.has(column.name) || PERIOD_COLUMN_NAMES.includes(column.name)) && !isMetric(column.name),
    );
    const filterKeys: Record<string, string> = Object.create(null);
    for (const [name, value] of Object.entries(goal?.params.filters ?? {})) {
      if (typeof value === "string" && !keyColumns.some((column) => column.name === name))
        filterKeys[name] = value;
    }
    for (const cell of cells) {
      const row = evidence.rows[cell.row];
      const keys: Record<string, string> = { ...filterKeys };
      for (const column of keyColumns) {
        const value = row[column.name];
        if (value !== null && value !== undefined && value !== "") keys[column.name] = String(value);
      }
      offer({
        metric: cell.metric,
        keys,
        value: cell.value,
        source: result.source,
        goal: result.goal_id,
        ...(cell.unit ? { unit: cell.unit } : {}),
      });
    }
  }
  for (const conflict of input.answer.conflicts) {
    if (conflict.resolved === null) continue;
    const unit = catalog.metrics?.[conflict.metric]?.unit;
    offer({
      metric: conflict.metric,
      keys: { ...conflict.keys },
      value: conflict.resolved,
      source: "fused",
      ...(unit ? { unit } : {}),
    });
  }
  return [...chosen.values()];
}

/** Catalog dimension names in the order the workspace declares them (filter_importance first). */
export function dimensionOrderOf(workspace: Workspace): string[] {
  const catalog = workspace.config.catalog;
  return [...new Set([...(catalog.filter_importance ?? []), ...Object.keys(catalog.dimensions ?? {})])];
}
