import { valueMatchesFilter } from "../domain/canonical-values.js";
import { periodLabelRange } from "../domain/period-range.js";
import type { AskedBreakdown } from "../models/asked-breakdown.js";
import type { TableEvidence } from "../models/evidence.js";
import type { FilterValue, Period } from "../models/plan.js";
import type { Catalog } from "../models/workspace.js";
import { dateColumnOf, keyText, periodColumnOf } from "./metric-points.js";
import { periodLabel } from "./period-broadening.js";
import { isAdditiveUnit } from "./synthesizer/compared-units.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";

// A metric broken down by a dimension and ranked per asked period, with the change of each kind
// between the first and the last period (plan: asked.breakdown). Computed from the rows of one
// source per period — the most trusted one whose evidence holds the dimension — so every figure
// keeps the rows it comes from (its derivation) for the citations and the number audit.

/** One kind's value in one period. */
export interface BreakdownEntry {
  /** The dimension's value (a catalog key when the executor mapped it). */
  value: string;
  amount: number;
  /** Rows of the goal's evidence behind the amount. */
  rows: number[];
  /** Summed from the metric column, counted from records, or read from one cell. */
  derivation: "sum" | "count" | "cell";
}

/** The ranking of one asked period. */
export interface BreakdownPeriod {
  period: string;
  goal: string;
  source: string;
  /** Ranked: first place first (largest, or smallest when the order is ascending). */
  entries: BreakdownEntry[];
}

/** One kind's change from the first period to the last. */
export interface BreakdownChange {
  value: string;
  from: number;
  to: number;
  change: number;
  /** change / |from| in percent; null when from is 0. */
  relative: number | null;
}

/** A metric per kind, ranked in each asked period, with the change between the first and the last. */
export interface Breakdown {
  metric: string;
  dimension: string;
  /** The asked keys other than the dimension (category = Service). */
  keys: Record<string, FilterValue>;
  unit?: string;
  order: AskedBreakdown["order"];
  top?: number;
  periods: BreakdownPeriod[];
  /**
   * The ranking over the whole asked span ("2025-04..2025-06"), each kind summed over its periods,
   * when the metric adds up and every period was ranked from one goal's rows (`totalOf`).
   */
  total?: BreakdownPeriod;
  /** Largest rise first; empty with fewer than two periods. */
  changes: BreakdownChange[];
}

const isNumeric = (evidence: TableEvidence, column: string) =>
  evidence.columns.some(
    (candidate) => candidate.name === column && (candidate.type === "number" || candidate.type === "percent"),
  );

/** The rows of a table inside a period (by its period or date column) and for the asked keys. */
function rowsFor(
  evidence: TableEvidence,
  period: Period | undefined,
  keys: Record<string, FilterValue>,
  catalog: Catalog,
): number[] {
  const periodColumn = periodColumnOf(evidence) ?? dateColumnOf(evidence);
  const columns = new Set(evidence.columns.map((column) => column.name));
  return evidence.rows.flatMap((row, index) => {
    for (const [dimension, wanted] of Object.entries(keys))
      if (columns.has(dimension) && !valueMatchesFilter(catalog, dimension, row[dimension], wanted))
        return [];
    if (period && periodColumn) {
      const label = keyText(row[periodColumn]);
      // A timestamp (a ticket's created) is placed by its day.
      const day = label && /^\d{4}-\d{2}-\d{2}T/.test(label) ? label.slice(0, 10) : label;
      const range = day ? periodLabelRange(day) : undefined;
      if (!range || range.from < period.from || range.from > period.to) return [];
    }
    return [index];
  });
}

/** The kinds of one period's rows with their values, ranked; undefined when the rows give none. */
function rankedEntries(
  evidence: TableEvidence,
  rows: number[],
  metric: string,
  dimension: string,
  additive: boolean,
  order: AskedBreakdown["order"],
): BreakdownEntry[] {
  const byValue = new Map<string, number[]>();
  for (const index of rows) {
    const value = keyText(evidence.rows[index][dimension])?.trim();
    if (!value) continue;
    byValue.set(value, [...(byValue.get(value) ?? []), index]);
  }
  const hasColumn = isNumeric(evidence, metric);
  const entries: BreakdownEntry[] = [];
  for (const [value, indexes] of byValue) {
    if (hasColumn) {
      const amounts = indexes
        .map((index) => evidence.rows[index][metric])
        .filter((amount): amount is number => typeof amount === "number" && Number.isFinite(amount));
      if (amounts.length === 0) continue;
      // A rate of several rows (products inside a region) is not their sum: no value is made up.
      if (amounts.length > 1 && !additive) continue;
      entries.push({
        value,
        amount: amounts.reduce((sum, amount) => sum + amount, 0),
        rows: indexes,
        derivation: amounts.length > 1 ? "sum" : "cell",
      });
    } else if (additive) entries.push({ value, amount: indexes.length, rows: indexes, derivation: "count" });
  }
  const sign = order === "ascending" ? 1 : -1;
  return entries.sort(
    (left, right) => sign * (left.amount - right.amount) || left.value.localeCompare(right.value),
  );
}

/** The change of every kind from the first period's ranking to the last's, largest rise first. */
function changesOf(periods: BreakdownPeriod[], additive: boolean): BreakdownChange[] {
  if (periods.length < 2) return [];
  const first = periods[0].entries;
  const last = periods[periods.length - 1].entries;
  const values = [...new Set([...first, ...last].map((entry) => entry.value))];
  const changes: BreakdownChange[] = [];
  for (const value of values) {
    // A kind with no records in a period was counted zero times; a rate missing there is unknown.
    const from = first.find((entry) => entry.value === value)?.amount ?? (additive ? 0 : undefined);
    const to = last.find((entry) => entry.value === value)?.amount ?? (additive ? 0 : undefined);
    if (from === undefined || to === undefined) continue;
    const change = to - from;
    changes.push({ value, from, to, change, relative: from === 0 ? null : (change / Math.abs(from)) * 100 });
  }
  return changes.sort((left, right) => right.change - left.change || left.value.localeCompare(right.value));
}

/**
 * The one unit (a quarter, a year) the asked periods make up when they are its finer parts: the
 * planner asks "in 2025-Q2" of a monthly source as its three months. Two quarters asked side by
 * side ("Q3 and Q4"), a range of months or a question compared by a coarser unit (`compared_by`)
 * make up no such unit: each period is its own ask.
 */
export function wholeUnitOf(asked: Period[]): Period | undefined {
  if (asked.length < 2) return undefined;
  const from = asked[0].from;
  const to = asked[asked.length - 1].to;
  for (const grain of ["quarter", "year"] as const) {
    if (GRAIN_ORDER.indexOf(asked[0].grain) >= GRAIN_ORDER.indexOf(grain)) continue;
    const unit = { grain, from, to };
    const label = periodLabel(unit);
    // A whole unit's label is one period ("2025-Q2"), a span's a range ("2025-Q2..2025-Q3").
    if (label.includes("..")) continue;
    const range = periodLabelRange(label);
    if (range?.from === from && range.to === to) return unit;
  }
  return undefined;
}

const GRAIN_ORDER = ["day", "week", "month", "quarter", "year"];

/**
 * The ranking over the one unit the question asked (`wholeUnitOf`): "which district had the most
 * outage hours in Q2" on monthly rows is asked of the quarter, and the months' rankings alone never
 * say which led it. Each kind is summed over the periods, for a metric whose values add up (counts,
 * durations, money: `isAdditiveUnit`) and only when every period was ranked from the same goal's
 * rows, so every total keeps its rows. The span said is the unit's when every part was ranked,
 * else the first to the last ranked ("2025-01..2025-10": the data ends before the year does). A
 * kind absent from a period counts zero for a count; for a duration or money its total would be
 * unknown, so no total ranking is made.
 */
function totalOf(
  periods: BreakdownPeriod[],
  asked: Period[],
  unit: string | undefined,
  order: AskedBreakdown["order"],
): BreakdownPeriod | undefined {
  const whole = wholeUnitOf(asked);
  if (!whole || periods.length < 2 || !isAdditiveUnit(unit)) return undefined;
  const askedCount = asked.length;
  // A count's period without records has none to rank (zero, or after the data ends: the span
  // said is the ranked one's, and the check's gap says where the data ends); a duration's or
  // money's missing period has an unknown value.
  if (unit !== "count" && periods.length !== askedCount) return undefined;
  const [first] = periods;
  if (periods.some((period) => period.goal !== first.goal)) return undefined;
  const kinds = new Set(periods.flatMap((period) => period.entries.map((entry) => entry.value)));
  const entries: BreakdownEntry[] = [];
  for (const value of kinds) {
    const found = periods.map((period) => period.entries.find((entry) => entry.value === value));
    if (unit !== "count" && found.some((entry) => entry === undefined)) return undefined;
    const present = found.filter((entry): entry is BreakdownEntry => entry !== undefined);
    entries.push({
      value,
      amount: present.reduce((sum, entry) => sum + entry.amount, 0),
      rows: present.flatMap((entry) => entry.rows),
      derivation: "sum",
    });
  }
  const sign = order === "ascending" ? 1 : -1;
  entries.sort((left, right) => sign * (left.amount - right.amount) || left.value.localeCompare(right.value));
  return {
    period:
      periods.length === askedCount
        ? periodLabel(whole)
        : `${first.period}..${periods[periods.length - 1].period}`,
    goal: first.goal,
    source: first.source,
    entries,
  };
}

/**
 * Every breakdown the plan asked for that the evidence can give: per metric and asked keys, each
 * asked period ranked from the most trusted answered source whose rows hold the dimension.
 */
export function breakdownsOf(
  outcomes: readonly GoalOutcome[],
  catalog: Catalog,
  trustOf: (source: string) => number,
): Breakdown[] {
  const groups = new Map<string, GoalOutcome[]>();
  for (const outcome of outcomes) {
    const asked = outcome.planned.asked;
    if (asked?.kind !== "metric" || !asked.breakdown?.dimension) continue;
    const id = JSON.stringify([asked.metric, asked.breakdown.dimension, asked.keys]);
    groups.set(id, [...(groups.get(id) ?? []), outcome]);
  }
  const breakdowns: Breakdown[] = [];
  for (const group of groups.values()) {
    const asked = group[0].planned.asked;
    if (asked?.kind !== "metric" || !asked.breakdown?.dimension) continue;
    const { metric } = asked;
    const { dimension, order, top } = asked.breakdown;
    const additive = catalog.metrics[metric]?.unit === "count";
    const keys = Object.fromEntries(Object.entries(asked.keys).filter(([name]) => name !== dimension));
    const sources = group
      .filter(
        (outcome) =>
          outcome.status === "answered" &&
          outcome.evidence?.kind === "table" &&
          outcome.evidence.columns.some((column) => column.name === dimension),
      )
      .sort((left, right) => trustOf(right.goal.source) - trustOf(left.goal.source));
    const asPeriods = new Map<string, Period>();
    for (const outcome of group) {
      const own = outcome.planned.asked?.kind === "metric" ? outcome.planned.asked.periods : [];
      for (const period of own) asPeriods.set(periodLabel(period), period);
    }
    const wanted: (Period | undefined)[] =
      asPeriods.size > 0 ? [...asPeriods.values()].sort((a, b) => a.from.localeCompare(b.from)) : [undefined];
    const periods: BreakdownPeriod[] = [];
    for (const period of wanted) {
      for (const outcome of sources) {
        const goalPeriod = outcome.planned.asked?.kind === "metric" ? outcome.planned.asked.periods : [];
        if (period && !goalPeriod.some((own) => own.from <= period.from && period.to <= own.to)) continue;
        const evidence = outcome.evidence as TableEvidence;
        const entries = rankedEntries(
          evidence,
          rowsFor(evidence, period, keys, catalog),
          metric,
          dimension,
          additive,
          order,
        );
        if (entries.length === 0) continue;
        periods.push({
          period: period ? periodLabel(period) : "",
          goal: outcome.goal.id,
          source: outcome.goal.source,
          entries,
        });
        break;
      }
    }
    if (periods.length === 0) continue;
    const unit = catalog.metrics[metric]?.unit;
    const total = asked.compared_by
      ? undefined
      : totalOf(
          periods,
          [...asPeriods.values()].sort((a, b) => a.from.localeCompare(b.from)),
          unit,
          order,
        );
    breakdowns.push({
      metric,
      dimension,
      keys,
      ...(unit ? { unit } : {}),
      order,
      ...(top ? { top } : {}),
      periods,
      ...(total ? { total } : {}),
      changes: changesOf(periods, additive),
    });
  }
  return breakdowns;
}
