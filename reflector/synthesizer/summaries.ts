import { periodLabelRange } from "../../domain/period-range.js";
import type { CellValue } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { MetricComparison } from "../conflicts.js";
import {
  dateColumnOf,
  type GoalTableInput,
  keyText,
  type MetricPoint,
  periodStart,
} from "../metric-points.js";

export type { GoalTableInput, MetricPoint } from "../metric-points.js";

/** A point the answer uses: one per metric, keys and period, with the comparison that decided it. */
export interface ResolvedPoint extends MetricPoint {
  comparison?: MetricComparison;
}

/** Points of one metric for one set of keys, in period order. */
export interface Series {
  metric: string;
  keys: Record<string, string>;
  unit?: string;
  points: ResolvedPoint[];
}

/**
 * a − b for two values of the same metric (percentage points for percents), and how much the
 * higher exceeds the lower relative to the lower (signed as a − b): the answer says "<the higher>
 * is higher by <difference> (<relative> relative)", which is true only against the lower value.
 */
export interface Difference {
  metric: string;
  unit?: string;
  left: MetricPoint;
  right: MetricPoint;
  difference: number;
  /** (a − b) / |b| in percent. */
  relative: number | null;
}

/** Direction and size of a series' movement. */
export interface Trend {
  series: Series;
  direction: "up" | "down" | "flat";
  change: number;
  largest?: { from: MetricPoint; to: MetricPoint; change: number };
}

/** An event placed in the period of a metric series, with the metric before and in that period. */
export interface EventAlignment {
  goal: string;
  row: number;
  event: Record<string, CellValue>;
  date: string;
  series: Series;
  within: MetricPoint;
  before?: MetricPoint;
  change?: number;
}

/** A filter value the event search was asked about and found nothing for. */
export interface EventAbsence {
  goal: string;
  dimension: string;
  value: string;
  period?: string;
}

/** Pearson correlation of two series over their common periods. */
export interface Correlation {
  left: Series;
  right: Series;
  periods: number;
  coefficient: number;
}

/** Everything computed in code before any text is written. */
export interface Summaries {
  points: MetricPoint[];
  series: Series[];
  differences: Difference[];
  trends: Trend[];
  alignments: EventAlignment[];
  absences: EventAbsence[];
  correlations: Correlation[];
}

/**
 * One point per metric, keys and period: where several sources reported it, the most trusted
 * source's point carries the comparison's resolved value and the others are folded into it.
 */
export function resolvePoints(
  points: MetricPoint[],
  comparisons: readonly MetricComparison[],
  trustOf: (source: string) => number,
): ResolvedPoint[] {
  const resolved: ResolvedPoint[] = [];
  for (const point of points) {
    const comparison = comparisons.find(
      (candidate) =>
        candidate.metric === point.metric &&
        candidate.values.some((value) => value.goal === point.goal && value.rows[0] === point.rows[0]),
    );
    if (!comparison) {
      resolved.push(point);
      continue;
    }
    const owner = [...comparison.values].sort(
      (left, right) => trustOf(right.source) - trustOf(left.source),
    )[0];
    if (owner.goal !== point.goal) continue;
    resolved.push({ ...point, value: comparison.resolved ?? owner.value, comparison });
  }
  return resolved;
}

function keysId(keys: Record<string, string>): string {
  return Object.entries(keys)
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([name, value]) => `${name}=${value}`)
    .join(",");
}

/** Groups points into series by metric and keys, each in period order. */
export function buildSeries(points: ResolvedPoint[]): Series[] {
  const groups = new Map<string, Series>();
  for (const point of points) {
    const id = `${point.metric}|${keysId(point.keys)}`;
    let series = groups.get(id);
    if (!series) {
      series = {
        metric: point.metric,
        keys: point.keys,
        ...(point.unit ? { unit: point.unit } : {}),
        points: [],
      };
      groups.set(id, series);
    }
    series.points.push(point);
  }
  for (const series of groups.values())
    series.points.sort((left, right) => periodStart(left.period).localeCompare(periodStart(right.period)));
  return [...groups.values()];
}

/** The difference of two points of one metric, absolute and relative to the lower one. */
function differenceOf(
  metric: string,
  unit: string | undefined,
  left: ResolvedPoint,
  right: ResolvedPoint,
): Difference {
  const difference = left.value - right.value;
  const lower = difference >= 0 ? right : left;
  return {
    metric,
    ...(unit ? { unit } : {}),
    left,
    right,
    difference,
    // Against the lower value: 52.5 h vs 44 h is 19.3 % higher, whichever was named first (it
    // was divided by the right one, so a lower left gave 8.5 / 52.5 = 16.2 %, a false figure).
    relative: lower.value === 0 ? null : (difference / Math.abs(lower.value)) * 100,
  };
}

/**
 * Two series of a metric: the first vs the other, at their latest common period (or their latest
 * points). Three or more with a period in common: the highest vs the lowest there, the spread an
 * analyst states first ("Southwest 2.4 % is 0.6 pp above YRD 1.8 %"); else the first vs each other.
 */
export function differences(series: Series[]): Difference[] {
  const results: Difference[] = [];
  const byMetric = new Map<string, Series[]>();
  for (const entry of series) byMetric.set(entry.metric, [...(byMetric.get(entry.metric) ?? []), entry]);
  for (const [metric, group] of byMetric) {
    if (group.length < 2) continue;
    const [first, ...others] = group;
    if (group.length > 2) {
      const shared = first.points
        .map((point) => point.period)
        .filter((period) => group.every((entry) => entry.points.some((point) => point.period === period)))
        .at(-1);
      const atShared = group
        .map((entry) => entry.points.find((point) => point.period === shared))
        .filter((point): point is ResolvedPoint => point !== undefined)
        .sort((left, right) => right.value - left.value);
      const highest = atShared[0];
      const lowest = atShared.at(-1);
      if (shared !== undefined && highest && lowest && highest !== lowest) {
        results.push(differenceOf(metric, first.unit, highest, lowest));
        continue;
      }
    }
    for (const other of others.slice(0, 3)) {
      const common = first.points
        .filter((point) => other.points.some((candidate) => candidate.period === point.period))
        .at(-1);
      const left = common ?? first.points.at(-1);
      const right = common
        ? other.points.find((candidate) => candidate.period === common.period)
        : other.points.at(-1);
      if (!left || !right) continue;
      results.push(differenceOf(metric, first.unit, left, right));
    }
  }
  return results;
}

/** Direction of each series with two or more periods, and its largest period-to-period change. */
export function trends(series: Series[]): Trend[] {
  const results: Trend[] = [];
  for (const entry of series) {
    const points = entry.points.filter((point) => point.period !== undefined);
    if (points.length < 2) continue;
    const change = points[points.length - 1].value - points[0].value;
    let largest: Trend["largest"];
    for (let index = 1; index < points.length; index++) {
      const step = points[index].value - points[index - 1].value;
      if (!largest || Math.abs(step) > Math.abs(largest.change))
        largest = { from: points[index - 1], to: points[index], change: step };
    }
    results.push({
      series: entry,
      direction: Math.abs(change) < 1e-9 ? "flat" : change > 0 ? "up" : "down",
      change,
      ...(largest ? { largest } : {}),
    });
  }
  return results;
}

/**
 * Places each event in the metric series it can concern (same values on shared columns, e.g.
 * region=East): the period that contains its date, and the change from the period before.
 */
export function alignEvents(eventTables: GoalTableInput[], series: Series[]): EventAlignment[] {
  const results: EventAlignment[] = [];
  for (const { goal, evidence } of eventTables) {
    const dateColumn = dateColumnOf(evidence);
    if (!dateColumn) continue;
    evidence.rows.forEach((row, index) => {
      const date = keyText(row[dateColumn]);
      if (!date) return;
      for (const entry of series) {
        const shared = Object.keys(entry.keys).filter((name) => name in row);
        if (!shared.every((name) => keyText(row[name]) === entry.keys[name])) continue;
        const position = entry.points.findIndex((point) => {
          const range = point.period ? periodLabelRange(point.period) : undefined;
          return range !== undefined && range.from <= date.slice(0, 10) && date.slice(0, 10) <= range.to;
        });
        if (position < 0) continue;
        const within = entry.points[position];
        const before = position > 0 ? entry.points[position - 1] : undefined;
        results.push({
          goal: goal.id,
          row: index,
          event: row,
          date: date.slice(0, 10),
          series: entry,
          within,
          ...(before ? { before, change: within.value - before.value } : {}),
        });
      }
    });
  }
  return results;
}

/** Filter values an event search asked about and found no event for ("none in North"). */
export function eventAbsences(
  eventTables: GoalTableInput[],
  periodLabel: (goal: SubGoal) => string | undefined,
): EventAbsence[] {
  const results: EventAbsence[] = [];
  for (const { goal, evidence } of eventTables) {
    for (const [dimension, wanted] of Object.entries(goal.params.filters)) {
      const values = Array.isArray(wanted) ? wanted : [wanted];
      const hasColumn = evidence.columns.some((column) => column.name === dimension);
      for (const value of values) {
        const found = hasColumn
          ? evidence.rows.some((row) => keyText(row[dimension]) === value)
          : evidence.rows.length > 0;
        const period = periodLabel(goal);
        if (!found) results.push({ goal: goal.id, dimension, value, ...(period ? { period } : {}) });
      }
    }
    if (Object.keys(goal.params.filters).length === 0 && evidence.rows.length === 0) {
      const period = periodLabel(goal);
      results.push({ goal: goal.id, dimension: "", value: "", ...(period ? { period } : {}) });
    }
  }
  return results;
}

function quarterOrMonthKey(label: string | undefined): string | undefined {
  const range = label ? periodLabelRange(label) : undefined;
  return range ? `${range.from}/${range.to}` : undefined;
}

/** Pearson correlation of every pair of series of different metrics over three or more common periods. */
export function correlations(series: Series[]): Correlation[] {
  const results: Correlation[] = [];
  for (let left = 0; left < series.length; left++) {
    for (let right = left + 1; right < series.length; right++) {
      if (series[left].metric === series[right].metric) continue;
      const pairs: [number, number][] = [];
      for (const point of series[left].points) {
        const key = quarterOrMonthKey(point.period);
        const match = series[right].points.find(
          (candidate) => key !== undefined && quarterOrMonthKey(candidate.period) === key,
        );
        if (match) pairs.push([point.value, match.value]);
      }
      if (pairs.length < 3) continue;
      const meanLeft = pairs.reduce((sum, [value]) => sum + value, 0) / pairs.length;
      const meanRight = pairs.reduce((sum, [, value]) => sum + value, 0) / pairs.length;
      let covariance = 0;
      let varianceLeft = 0;
      let varianceRight = 0;
      for (const [a, b] of pairs) {
        covariance += (a - meanLeft) * (b - meanRight);
        varianceLeft += (a - meanLeft) ** 2;
        varianceRight += (b - meanRight) ** 2;
      }
      if (varianceLeft === 0 || varianceRight === 0) continue;
      results.push({
        left: series[left],
        right: series[right],
        periods: pairs.length,
        coefficient: covariance / Math.sqrt(varianceLeft * varianceRight),
      });
    }
  }
  return results;
}
