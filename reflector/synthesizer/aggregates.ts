import type { TableEvidence } from "../../models/evidence.js";
import type { Catalog } from "../../models/workspace.js";
import { askedPoints, pointHasAskedKeys, pointInPeriod } from "../answer-check.js";
import { dateColumnOf } from "../metric-points.js";
import { type GoalOutcome, itemStatus } from "./goal-outcome.js";

/** A number computed over cited evidence rows because the question asked for it (how many, total, average). */
export interface Aggregate {
  goal: string;
  source: string;
  operation: "count" | "total" | "average";
  /** The metric or event it is over. */
  subject: { metric?: string; event?: string };
  value: number;
  /** How many inputs went in (rows counted, values summed or averaged). */
  inputs: number;
  /** Evidence rows of the goal behind it, for the citation. */
  rows: number[];
  unit?: string;
}

/**
 * The aggregates the questions asked for, over the rows that are exactly for the asked keys and
 * periods (context rows found by broadening never enter them). A count of an event's records is a
 * count; a total or mean of a metric is over its values; a metric that is not a count is never counted.
 */
export function askedAggregates(outcomes: readonly GoalOutcome[], catalog: Catalog): Aggregate[] {
  const results: Aggregate[] = [];
  for (const outcome of outcomes) {
    const asked = outcome.planned.asked;
    const evidence = outcome.evidence;
    if (!asked || asked.kind === "text" || evidence?.kind !== "table") continue;
    if (asked.operation !== "count" && asked.operation !== "total" && asked.operation !== "average") continue;
    if (!["answered", "partial"].includes(itemStatus(outcome))) continue;
    if (asked.kind === "event") {
      const rows = eventRowsInside(evidence, asked.window);
      // "How many" and "in total" over records are both a count of the records.
      results.push({
        goal: outcome.goal.id,
        source: outcome.goal.source,
        operation: "count",
        subject: { event: asked.event },
        value: rows.length,
        inputs: rows.length,
        rows,
      });
      continue;
    }
    const points = askedPoints(outcome.goal, outcome.planned, evidence, catalog).filter(
      (point) =>
        point.metric === asked.metric &&
        pointHasAskedKeys(point, asked.keys, outcome.goal) &&
        (asked.periods.length === 0 ||
          asked.periods.some((unit) => pointInPeriod(point, unit, outcome.goal))),
    );
    const counted = points.some((point) => point.derivation === "count");
    // One value is the answer itself; "how many" of a metric that is not a count of records is its value.
    if (points.length < 2 || (asked.operation === "count" && !counted)) continue;
    const sum = points.reduce((total, point) => total + point.value, 0);
    const unit = points[0].unit;
    // Records counted per period add up to a count; a total of a rate is not a number anyone means, its mean is.
    const operation =
      counted && asked.operation !== "average"
        ? "count"
        : asked.operation === "total" && unit === "percent"
          ? "average"
          : asked.operation === "count"
            ? "total"
            : asked.operation;
    results.push({
      goal: outcome.goal.id,
      source: outcome.goal.source,
      operation,
      subject: { metric: asked.metric },
      value: operation === "average" ? sum / points.length : sum,
      inputs:
        operation === "count" ? points.reduce((total, point) => total + point.rows.length, 0) : points.length,
      rows: points.flatMap((point) => point.rows),
      ...(unit ? { unit } : {}),
    });
  }
  return results;
}

function eventRowsInside(
  evidence: TableEvidence,
  window: { from: string; to: string } | undefined,
): number[] {
  const dateColumn = dateColumnOf(evidence);
  return evidence.rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => {
      if (!window || !dateColumn) return true;
      const date = String(row[dateColumn] ?? "").slice(0, 10);
      return date >= window.from && date <= window.to;
    })
    .map(({ index }) => index);
}
