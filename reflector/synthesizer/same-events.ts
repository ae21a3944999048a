import { trustOf } from "../../domain/trust.js";
import type { CellValue, TableEvidence } from "../../models/evidence.js";
import { dateColumnOf } from "../metric-points.js";
import type { ViewContext } from "./answer-view.js";
import type { GoalOutcome } from "./goal-outcome.js";

// The same event kind asked of several sources for the same keys (a release in the ticket system
// and in the release notes) is one list in the answer: the most trusted source's, each event once
// with every source that lists it cited, and an event only one source lists marked with it.

/** An event answered table of one goal. */
export interface EventTable {
  outcome: GoalOutcome;
  evidence: TableEvidence;
}

/** A row of another source that lists the same event as an owner's row. */
export interface SameEvent {
  table: EventTable;
  row: number;
}

/** How one goal's event list is shown: as the owner of its group, or folded into the owner. */
export type EventListRole = { role: "owner"; peers: EventTable[] } | { role: "folded"; owner: string };

function eventTableOf(outcome: GoalOutcome): EventTable | undefined {
  if (outcome.status !== "answered" || !outcome.goal.params.event) return undefined;
  return outcome.evidence?.kind === "table" ? { outcome, evidence: outcome.evidence } : undefined;
}

function filtersId(outcome: GoalOutcome): string {
  return JSON.stringify(
    Object.entries(outcome.planned.params.filters).sort(([left], [right]) => left.localeCompare(right)),
  );
}

/**
 * The role of a goal's event list among the goals asking the same event of other sources for the
 * same filters: the most trusted source (then the earliest goal) owns the group.
 */
export function eventListRole(context: ViewContext, outcome: GoalOutcome): EventListRole {
  const table = eventTableOf(outcome);
  if (!table) return { role: "owner", peers: [] };
  const group = context.input.outcomes
    .map(eventTableOf)
    .filter(
      (candidate): candidate is EventTable =>
        candidate !== undefined &&
        candidate.outcome.goal.params.event === outcome.goal.params.event &&
        filtersId(candidate.outcome) === filtersId(outcome),
    );
  if (new Set(group.map((entry) => entry.outcome.goal.source)).size < 2) return { role: "owner", peers: [] };
  const trust = (entry: EventTable) => trustOf(context.workspace.config.sources, entry.outcome.goal.source);
  const owner = [...group].sort((left, right) => trust(right) - trust(left))[0];
  if (owner.outcome.goal.id !== outcome.goal.id) return { role: "folded", owner: owner.outcome.goal.id };
  return { role: "owner", peers: group.filter((entry) => entry !== owner) };
}

function texts(row: Record<string, CellValue>, skip: Set<string>): Set<string> {
  return new Set(
    Object.entries(row)
      .filter(([column, value]) => !skip.has(column) && typeof value === "string" && value.trim().length > 1)
      .map(([, value]) => String(value).trim().toLowerCase()),
  );
}

/**
 * Whether two rows list the same event: the same day, and a text they share (a key, a title, a
 * version) beyond the dimension values (two changes in one region on one day are not one change).
 */
export function sameEvent(
  left: { evidence: TableEvidence; row: number },
  right: { evidence: TableEvidence; row: number },
  dimensions: Set<string>,
): boolean {
  const leftDate = dateColumnOf(left.evidence);
  const rightDate = dateColumnOf(right.evidence);
  if (!leftDate || !rightDate) return false;
  const leftRow = left.evidence.rows[left.row];
  const rightRow = right.evidence.rows[right.row];
  if (String(leftRow[leftDate] ?? "").slice(0, 10) !== String(rightRow[rightDate] ?? "").slice(0, 10))
    return false;
  const rightTexts = texts(rightRow, new Set([...dimensions, rightDate]));
  return [...texts(leftRow, new Set([...dimensions, leftDate]))].some((text) => rightTexts.has(text));
}

/**
 * Whether two rows name the same event on different days: the same key (a version, a change's
 * number) in each source's key column, a column that holds no catalog dimension. The sources then
 * disagree on its date, and the answer lists it once and says so.
 */
export function sameEventOtherDate(
  left: { evidence: TableEvidence; row: number; keyColumn: string | undefined },
  right: { evidence: TableEvidence; row: number; keyColumn: string | undefined },
  dimensions: Set<string>,
): boolean {
  if (!left.keyColumn || !right.keyColumn) return false;
  if (dimensions.has(left.keyColumn) || dimensions.has(right.keyColumn)) return false;
  const key = (table: { evidence: TableEvidence; row: number; keyColumn?: string }) =>
    String(table.evidence.rows[table.row][table.keyColumn ?? ""] ?? "")
      .trim()
      .toLowerCase();
  const leftKey = key(left);
  return leftKey.length > 1 && leftKey === key(right);
}
