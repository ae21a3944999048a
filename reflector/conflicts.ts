import type { Conflict } from "../models/answer.js";
import type { CellValue, TableEvidence } from "../models/evidence.js";
import type { SubGoal } from "../models/plan.js";
import type { WorkspaceConfig } from "../models/workspace.js";

/** One value of a metric for one set of keys, as one source reported it. */
export interface SourcedValue {
  goal: string;
  source: string;
  value: number;
  weight: number;
  /** Index of the row in the goal's evidence, for the citation. */
  row: number;
}

/** Values of one metric for one set of keys, compared across sources. */
export interface MetricComparison {
  metric: string;
  keys: Record<string, string>;
  /** Stable text of the keys: "product=A,region=East,month=2024-01". */
  keyText: string;
  values: SourcedValue[];
  /** Relative spread: (max − min) / |min|. */
  relativeDifference: number;
  /** "agreed" within the tolerance, "conflict" beyond it. */
  outcome: "agreed" | "conflict";
  /** The value the answer uses: fused, highest-trust, or null when the policy is flag. */
  resolved: number | null;
  policy: Conflict["policy"];
  /** The compact trace line. */
  line: string;
}

/** A goal's table evidence with the goal that produced it. */
export interface GoalTable {
  goal: SubGoal;
  evidence: TableEvidence;
}

function formatValue(value: number, unit: string | undefined): string {
  const rounded = Math.round(value * 100) / 100;
  return unit === "percent" ? `${rounded}%` : String(rounded);
}

function keyCell(value: CellValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "number") return undefined;
  return String(value);
}

/**
 * Groups the rows of every table that carries the same metric for the same keys (the other,
 * non-numeric columns) and compares the sources: within the tolerance they agree and the
 * highest-trust value is used; beyond it the policy decides (weighted_mean, highest_trust, flag).
 */
export function compareSources(tables: GoalTable[], config: WorkspaceConfig): MetricComparison[] {
  const tolerance = config.reflector.conflict.tolerance;
  const policy = config.reflector.conflict.policy;
  const groups = new Map<string, { metric: string; keys: Record<string, string>; keyText: string; unit?: string; values: SourcedValue[] }>();
  for (const { goal, evidence } of tables) {
    const metric = goal.params.metric;
    if (!metric) continue;
    const column = evidence.columns.find((candidate) => candidate.name === metric);
    if (!column || (column.type !== "number" && column.type !== "percent")) continue;
    const keyColumns = evidence.columns.filter((candidate) => candidate.name !== metric && candidate.type !== "number" && candidate.type !== "percent").map((candidate) => candidate.name).sort(sortKeys);
    const weight = config.sources[goal.source]?.trust ?? 0.5;
    evidence.rows.forEach((row, index) => {
      const value = row[metric];
      if (typeof value !== "number") return;
      const keys: Record<string, string> = {};
      for (const name of keyColumns) {
        const cell = keyCell(row[name]);
        if (cell !== undefined) keys[name] = cell;
      }
      const keyText = Object.entries(keys).map(([name, cell]) => `${name}=${cell}`).join(",");
      const groupKey = `${metric}{${keyText}}`;
      let group = groups.get(groupKey);
      if (!group) {
        group = { metric, keys, keyText, ...(column.unit ? { unit: column.unit } : column.type === "percent" ? { unit: "percent" } : {}), values: [] };
        groups.set(groupKey, group);
      }
      // One value per source: the same source fetched twice (a retry, a broadened goal) is not a second opinion.
      if (!group.values.some((existing) => existing.source === goal.source)) {
        group.values.push({ goal: goal.id, source: goal.source, value, weight, row: index });
      }
    });
  }
  const comparisons: MetricComparison[] = [];
  for (const group of groups.values()) {
    if (group.values.length < 2) continue;
    const values = [...group.values].sort((left, right) => right.weight - left.weight);
    const numbers = values.map((entry) => entry.value);
    const minimum = Math.min(...numbers);
    const maximum = Math.max(...numbers);
    const base = Math.abs(minimum) || Math.abs(maximum) || 1;
    const relativeDifference = (maximum - minimum) / base;
    const highest = values[0];
    const listed = values.map((entry) => `${entry.source}=${formatValue(entry.value, group.unit)}`).join(",");
    if (relativeDifference <= tolerance) {
      comparisons.push({
        metric: group.metric,
        keys: group.keys,
        keyText: group.keyText,
        values,
        relativeDifference,
        outcome: "agreed",
        resolved: highest.value,
        policy,
        line: `agree:${group.metric}{${group.keyText}}:${listed}→${formatValue(highest.value, group.unit)}`,
      });
      continue;
    }
    let resolved: number | null;
    if (policy === "weighted_mean") {
      const totalWeight = values.reduce((sum, entry) => sum + entry.weight, 0);
      resolved = values.reduce((sum, entry) => sum + entry.value * entry.weight, 0) / totalWeight;
    } else if (policy === "highest_trust") {
      resolved = highest.value;
    } else {
      resolved = null;
    }
    comparisons.push({
      metric: group.metric,
      keys: group.keys,
      keyText: group.keyText,
      values,
      relativeDifference,
      outcome: "conflict",
      resolved,
      policy,
      line: `conflict:${group.metric}{${group.keyText}}:${listed}→${resolved === null ? "flagged" : formatValue(resolved, group.unit)}`,
    });
  }
  return comparisons;
}

// Keys read best as product, region, then time: dimension-like names first, period names last.
const PERIOD_NAMES = ["year", "quarter", "month", "week", "day", "date"];
function sortKeys(left: string, right: string): number {
  const leftPeriod = PERIOD_NAMES.includes(left) ? 1 : 0;
  const rightPeriod = PERIOD_NAMES.includes(right) ? 1 : 0;
  return leftPeriod - rightPeriod || left.localeCompare(right);
}

/** The Answer's view of a conflict: every value with its source and weight, and the resolution. */
export function toAnswerConflict(comparison: MetricComparison): Conflict {
  return {
    metric: comparison.metric,
    keys: comparison.keys,
    values: comparison.values.map((entry) => ({ source: entry.source, value: entry.value, weight: entry.weight })),
    policy: comparison.policy,
    resolved: comparison.resolved === null ? null : Math.round(comparison.resolved * 10000) / 10000,
  };
}
