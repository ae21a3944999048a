import { trustOf } from "../domain/trust.js";
import type { Conflict } from "../models/answer.js";
import type { WorkspaceConfig } from "../models/workspace.js";
import type { MetricPoint } from "./metric-points.js";

/** One value of a metric for one set of keys, as one source reported it. */
export interface SourcedValue {
  goal: string;
  source: string;
  value: number;
  weight: number;
  /** Rows of the goal's evidence behind the value, for the citation. */
  rows: number[];
}

/** Values of one metric for one set of keys, compared across sources. */
export interface MetricComparison {
  metric: string;
  keys: Record<string, string>;
  /** Stable text of the keys: "product=A,region=East,month=2024-01". */
  keyText: string;
  unit?: string;
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

function formatValue(value: number, unit: string | undefined): string {
  const rounded = Math.round(value * 100) / 100;
  return unit === "percent" ? `${rounded}%` : String(rounded);
}

/** The keys of a point with its period, in reading order: product, region, then month. */
export function pointKeys(point: MetricPoint): Record<string, string> {
  const keys = Object.fromEntries(
    Object.entries(point.keys).sort(([left], [right]) => left.localeCompare(right)),
  );
  return point.period ? { ...keys, [point.periodName ?? "period"]: point.period } : keys;
}

/**
 * Compares what several sources report for the same metric and keys (period included): within
 * the tolerance they agree and the highest-trust value is used; beyond it the policy decides
 * (weighted_mean of the trust weights, highest_trust, or flag = no resolution).
 */
export function compareSources(points: MetricPoint[], config: WorkspaceConfig): MetricComparison[] {
  const tolerance = config.reflector.conflict.tolerance;
  const policy = config.reflector.conflict.policy;
  const groups = new Map<
    string,
    { metric: string; keys: Record<string, string>; keyText: string; unit?: string; values: SourcedValue[] }
  >();
  for (const point of points) {
    const keys = pointKeys(point);
    const keyText = Object.entries(keys)
      .map(([name, value]) => `${name}=${value}`)
      .join(",");
    const id = `${point.metric}{${keyText}}`;
    let group = groups.get(id);
    if (!group) {
      group = {
        metric: point.metric,
        keys,
        keyText,
        ...(point.unit ? { unit: point.unit } : {}),
        values: [],
      };
      groups.set(id, group);
    }
    // One value per source: the same source fetched twice is not a second opinion.
    if (!group.values.some((existing) => existing.source === point.source)) {
      group.values.push({
        goal: point.goal,
        source: point.source,
        value: point.value,
        weight: pointWeight(trustOf(config.sources, point.source), point.ocrConfidence),
        rows: point.rows,
      });
    }
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
    const common = {
      metric: group.metric,
      keys: group.keys,
      keyText: group.keyText,
      ...(group.unit ? { unit: group.unit } : {}),
      values,
      relativeDifference,
      policy,
    };
    if (relativeDifference <= tolerance) {
      comparisons.push({
        ...common,
        outcome: "agreed",
        resolved: highest.value,
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
      ...common,
      outcome: "conflict",
      resolved,
      line: `conflict:${group.metric}{${group.keyText}}:${listed}→${resolved === null ? "flagged" : formatValue(resolved, group.unit)}`,
    });
  }
  return comparisons;
}

/**
 * How much a value counts in a conflict. A number read by OCR weighs less than the same source's
 * DOM value would: its source's trust × 0.8 × the OCR confidence of its cells (0.85 × 0.8 × 0.99
 * ≈ 0.67 for a clearly read cell; a doubtful one counts little).
 */
export const OCR_WEIGHT_FACTOR = 0.8;

export function pointWeight(trust: number, ocrConfidence: number | undefined): number {
  return ocrConfidence === undefined ? trust : trust * OCR_WEIGHT_FACTOR * ocrConfidence;
}

/** The Answer's view of a conflict: every value with its source and weight, and the resolution. */
export function toAnswerConflict(comparison: MetricComparison): Conflict {
  return {
    metric: comparison.metric,
    keys: comparison.keys,
    values: comparison.values.map((entry) => ({
      source: entry.source,
      value: entry.value,
      weight: entry.weight,
    })),
    policy: comparison.policy,
    resolved: comparison.resolved === null ? null : Math.round(comparison.resolved * 10000) / 10000,
  };
}
