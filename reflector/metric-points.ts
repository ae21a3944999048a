import { isPeriodColumnName } from "../domain/period-columns.js";
import { labelAtGrain, periodLabelRange } from "../domain/period-range.js";
import type { CellValue, TableEvidence } from "../models/evidence.js";
import type { Grain, SubGoal } from "../models/plan.js";

/** A table goal's evidence. */
export interface GoalTableInput {
  goal: SubGoal;
  evidence: TableEvidence;
}

/** One value of a metric for one set of keys and (maybe) one period, as one source reported it. */
export interface MetricPoint {
  goal: string;
  source: string;
  metric: string;
  keys: Record<string, string>;
  /** Name of the period column (month, quarter) and the period label. */
  periodName?: string;
  period?: string;
  value: number;
  unit?: string;
  /** Rows of the goal's evidence behind the value (several when it is a count or a sum). */
  rows: number[];
  /** How the value was obtained: read from a cell, counted from records, or summed from finer rows. */
  derivation: "cell" | "count" | "sum";
  /** When the value was read by OCR: the lowest confidence (0–1) of the metric's cells behind it. */
  ocrConfidence?: number;
}

/** The lowest OCR confidence of a metric's cells in the given rows, when any was read by OCR. */
export function ocrConfidenceOf(evidence: TableEvidence, rows: number[], metric: string): number | undefined {
  const values = rows
    .map((index) => evidence.provenance[index]?.ocr?.confidence[metric])
    .filter((value): value is number => typeof value === "number");
  return values.length > 0 ? Math.min(...values) : undefined;
}

const DATE_COLUMN = /(^|_)(date|day|created|updated|start|released?)(_|$)/;
const GRAIN_ORDER: Grain[] = ["day", "week", "month", "quarter", "year"];

/** The text of a key cell; numbers and booleans are not keys. */
export function keyText(value: CellValue | undefined): string | undefined {
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean")
    return undefined;
  return String(value);
}

/** Start date of a period label, for ordering (labels that are not periods order as text). */
export function periodStart(label: string | undefined): string {
  if (!label) return "";
  return periodLabelRange(label)?.from ?? label;
}

/** The column of a table that holds the period label, if any; the finest when there are several. */
export function periodColumnOf(evidence: TableEvidence): string | undefined {
  const named = evidence.columns
    .filter((column) => isPeriodColumnName(column.name))
    .map((column) => column.name);
  if (named.length > 0)
    return named.sort(
      (left, right) => GRAIN_ORDER.indexOf(left as Grain) - GRAIN_ORDER.indexOf(right as Grain),
    )[0];
  return evidence.columns.find((column) => column.type === "date")?.name;
}

/** The column of an event table that holds the event's date. */
export function dateColumnOf(evidence: TableEvidence): string | undefined {
  return (
    evidence.columns.find((column) => column.type === "date" && DATE_COLUMN.test(column.name))?.name ??
    evidence.columns.find((column) => column.type === "date")?.name ??
    evidence.columns.find((column) => DATE_COLUMN.test(column.name))?.name
  );
}

/** One value of a metric column in one row of a table. */
export interface MetricCell {
  metric: string;
  /** Index of the row in the evidence. */
  row: number;
  value: number;
  unit?: string;
}

/** Options of metricCells. */
export interface MetricCellOptions {
  /** The unit of a metric whose column names none and is not a percent column (the catalog's). */
  fallbackUnit?(metric: string): string | undefined;
}

/** Whether a column holds metric values: numbers or percents. */
function isNumericColumn(column: TableEvidence["columns"][number]): boolean {
  return column.type === "number" || column.type === "percent";
}

/**
 * The one reading of metric values from a table, for the answer (metric points) and for report
 * jobs (reported numbers): every finite number in a numeric column of the named metrics, row by
 * row, with the column's unit, else "percent" for a percent column, else the fallback's.
 */
export function metricCells(
  evidence: TableEvidence,
  isMetric: (column: string) => boolean,
  options: MetricCellOptions = {},
): MetricCell[] {
  const columns = evidence.columns.filter((column) => isMetric(column.name) && isNumericColumn(column));
  const cells: MetricCell[] = [];
  evidence.rows.forEach((row, index) => {
    for (const column of columns) {
      const value = row[column.name];
      if (typeof value !== "number" || !Number.isFinite(value)) continue;
      const unit =
        column.unit ?? (column.type === "percent" ? "percent" : options.fallbackUnit?.(column.name));
      cells.push({ metric: column.name, row: index, value, ...(unit ? { unit } : {}) });
    }
  });
  return cells;
}

function periodAt(label: string | undefined, grain: Grain): string | undefined {
  const range = label ? periodLabelRange(label) : undefined;
  return range ? labelAtGrain(range.from, grain) : undefined;
}

/** Groups row indexes by the goal's filter dimensions and the period at the goal's grain. */
function groupRows(
  goal: SubGoal,
  evidence: TableEvidence,
  rowIndexes: number[],
  periodColumn: string | undefined,
) {
  const grain: Grain = goal.params.period?.grain ?? "quarter";
  const dimensions = Object.keys(goal.params.filters).filter((name) =>
    evidence.columns.some((column) => column.name === name),
  );
  const groups = new Map<string, { keys: Record<string, string>; period?: string; rows: number[] }>();
  for (const index of rowIndexes) {
    const row = evidence.rows[index];
    const keys: Record<string, string> = Object.create(null);
    for (const name of dimensions) {
      const value = keyText(row[name]);
      if (value !== undefined) keys[name] = value;
    }
    const period = periodAt(periodColumn ? keyText(row[periodColumn]) : undefined, grain);
    const id = `${JSON.stringify(keys)}|${period ?? ""}`;
    let group = groups.get(id);
    if (!group) {
      group = { keys, ...(period ? { period } : {}), rows: [] };
      groups.set(id, group);
    }
    group.rows.push(index);
  }
  return { grain, groups: [...groups.values()] };
}

/**
 * Counts records per period when the metric is a count the source does not total (complaints as
 * tickets, campaigns as calendar rows). A column value named in the metric ("online" in
 * online_campaigns) keeps only the rows with that value.
 */
function countedPoints(goal: SubGoal, evidence: TableEvidence, metric: string): MetricPoint[] {
  const dateColumn = periodColumnOf(evidence) ?? dateColumnOf(evidence);
  const metricWords = metric.toLowerCase().split(/[_-]/);
  let rowIndexes = evidence.rows.map((_, index) => index);
  for (const column of evidence.columns) {
    if (column.type !== "string") continue;
    const named = [...new Set(evidence.rows.map((row) => keyText(row[column.name])?.toLowerCase()))].filter(
      (value): value is string => !!value && metricWords.includes(value),
    );
    if (named.length === 1)
      rowIndexes = rowIndexes.filter(
        (index) => keyText(evidence.rows[index][column.name])?.toLowerCase() === named[0],
      );
  }
  const { grain, groups } = groupRows(goal, evidence, rowIndexes, dateColumn);
  return groups.map((group) => ({
    goal: goal.id,
    source: goal.source,
    metric,
    keys: group.keys,
    ...(group.period ? { periodName: grain, period: group.period } : {}),
    value: group.rows.length,
    unit: "count",
    rows: group.rows,
    derivation: "count" as const,
  }));
}

/** Options of metricPoints. */
function withOcr(confidence: number | undefined): { ocrConfidence?: number } {
  return confidence === undefined ? {} : { ocrConfidence: confidence };
}

export interface MetricPointOptions extends MetricCellOptions {
  /** Whether a metric may be summed over rows (counts); percents and rates may not. */
  additive(metric: string): boolean;
  /**
   * Whether a column names what a value is of: the catalog's dimensions. A column the source keeps
   * without mapping it (a row's "main reason" beside its depot) describes the row; it is not one of
   * the value's keys, so it neither labels the value nor keeps two sources' values apart. Absent,
   * every text column is a key.
   */
  isKey?(column: string): boolean;
}

/**
 * The values of every table goal that asks for a metric: read from the metric column; summed to
 * the goal's grain and filters when the metric is additive and the rows are finer (complaints by
 * sub-type and month → per quarter); or counted from records when there is no metric column.
 */
export function metricPoints(tables: GoalTableInput[], options: MetricPointOptions): MetricPoint[] {
  const points: MetricPoint[] = [];
  for (const { goal, evidence } of tables) {
    const metric = goal.params.metric;
    if (!metric) continue;
    const column = evidence.columns.find((candidate) => candidate.name === metric);
    if (!column || !isNumericColumn(column)) {
      if (!goal.params.event) points.push(...countedPoints(goal, evidence, metric));
      continue;
    }
    const periodColumn = periodColumnOf(evidence);
    const cells = metricCells(evidence, (name) => name === metric, options);
    const unit = cells[0]?.unit;
    const valued = cells.map((cell) => cell.row);
    if (options.additive(metric) && goal.params.period) {
      const { grain, groups } = groupRows(goal, evidence, valued, periodColumn);
      const finer = groups.some((group) => group.rows.length > 1);
      if (finer) {
        for (const group of groups) {
          points.push({
            goal: goal.id,
            source: goal.source,
            metric,
            keys: group.keys,
            ...(group.period ? { periodName: grain, period: group.period } : {}),
            value: group.rows.reduce((sum, index) => sum + (evidence.rows[index][metric] as number), 0),
            ...(unit ? { unit } : {}),
            rows: group.rows,
            derivation: "sum",
            ...withOcr(ocrConfidenceOf(evidence, group.rows, metric)),
          });
        }
        continue;
      }
    }
    for (const index of valued) {
      const row = evidence.rows[index];
      const keys: Record<string, string> = Object.create(null);
      for (const candidate of evidence.columns) {
        if (
          candidate.name === metric ||
          isPeriodColumnName(candidate.name) ||
          candidate.name === periodColumn ||
          (options.isKey && !options.isKey(candidate.name))
        )
          continue;
        const text = keyText(row[candidate.name]);
        if (text !== undefined && candidate.type !== "number" && candidate.type !== "percent")
          keys[candidate.name] = text;
      }
      const period = periodColumn ? keyText(row[periodColumn]) : undefined;
      points.push({
        goal: goal.id,
        source: goal.source,
        metric,
        keys,
        ...(period && periodColumn ? { periodName: periodColumn, period } : {}),
        value: row[metric] as number,
        ...(unit ? { unit } : {}),
        rows: [index],
        derivation: "cell",
        ...withOcr(ocrConfidenceOf(evidence, [index], metric)),
      });
    }
  }
  return points;
}

/** Whether a goal's table lists events (dated records) rather than metric values. */
export function isEventTable(goal: SubGoal, evidence: TableEvidence): boolean {
  return Boolean(goal.params.event) || (!goal.params.metric && dateColumnOf(evidence) !== undefined);
}

/** The metric points of every answered table goal, with counts summed or counted to the goal's grain. */
export function pointsOfGoals(
  goals: readonly { goal: SubGoal; planned?: SubGoal; evidence?: { kind: string }; status: string }[],
  catalog: { metrics: Record<string, { unit?: string }>; dimensions: Record<string, unknown> },
): MetricPoint[] {
  const catalogUnits = catalog.metrics;
  const tables: GoalTableInput[] = [];
  for (const entry of goals) {
    if (entry.status !== "answered" || entry.evidence?.kind !== "table") continue;
    const evidence = entry.evidence as TableEvidence;
    // Values are grouped at the grain that was asked: a month broadened to its year shows the months
    // found around it, not a year's total that would read as the asked value.
    const period = entry.goal.params.period;
    const plannedGrain = entry.planned?.params.period?.grain;
    const goal =
      period && plannedGrain && plannedGrain !== period.grain
        ? { ...entry.goal, params: { ...entry.goal.params, period: { ...period, grain: plannedGrain } } }
        : entry.goal;
    if (!isEventTable(goal, evidence)) tables.push({ goal, evidence });
  }
  return metricPoints(tables, {
    isKey: (column) => Object.hasOwn(catalog.dimensions, column),
    additive: (metric) => catalogUnits[metric]?.unit === "count",
    fallbackUnit: (metric) => catalogUnitOfPlainColumn(catalogUnits[metric]?.unit),
  });
}

/**
 * The catalog's unit of a metric whose column names none, when the number reads the same in it:
 * a duration (minutes, hours) or money (CNY, kCNY), so a change is said "+8 minutes", not "+8". A
 * part of a whole (percent, ‰, bp, ppm) is not taken: a plain number column may hold it as a
 * fraction (0.034) or as the figure (3.4), and only the column's own type says which.
 */
export function catalogUnitOfPlainColumn(unit: string | undefined): string | undefined {
  if (!unit || PART_OF_WHOLE_UNITS.has(unit)) return undefined;
  return unit;
}

const PART_OF_WHOLE_UNITS = new Set(["percent", "per_mille", "basis_points", "ppm"]);
