import type { TableEvidence } from "../models/evidence.js";
import type { Asked, Period } from "../models/plan.js";
import { dateColumnOf, keyText } from "./metric-points.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";

// Which recorded events line up with a change a "why" question asks about (plan `asked.explain`,
// planner/why-goals.ts): an event lines up when it is dated within base..asked (the margin the
// planner searched beyond that is for showing what lies just outside) and its keys match the
// metric's (a column the event lacks is workspace-wide: a CRM release lines up with every region).
// The reflector's why check and the answer's candidate explanations read this one placement.

/** One event row of an event goal, placed against an explained change. */
export interface EventPlacement {
  goal: string;
  row: number;
  date: string;
  /** `aligned`, or why not: dated outside base..asked, or for other keys than the metric's. */
  place: "aligned" | "outside" | "other_keys";
}

/** The explained metric of an outcome's `asked`, when the question asked why it changed. */
export function explainedAsk(outcome: GoalOutcome): Extract<Asked, { kind: "metric" }> | undefined {
  const asked = outcome.planned.asked;
  return asked?.kind === "metric" && asked.explain ? asked : undefined;
}

/** The days a change is measured over: the base's start to the last asked period's end. */
export function changeSpan(asked: Extract<Asked, { kind: "metric" }>): Period | undefined {
  if (!asked.explain) return undefined;
  const last = asked.periods.at(-1);
  return {
    grain: asked.explain.base.grain,
    from: asked.explain.base.from,
    to: last?.to ?? asked.explain.base.to,
  };
}

/** The event goals of a run that returned a table (found events or none), the searches made. */
export function eventSearches(
  outcomes: readonly GoalOutcome[],
): { outcome: GoalOutcome; evidence: TableEvidence }[] {
  return outcomes.flatMap((outcome) =>
    outcome.planned.asked?.kind === "event" &&
    outcome.status !== "failed" &&
    outcome.evidence?.kind === "table"
      ? [{ outcome, evidence: outcome.evidence }]
      : [],
  );
}

function keyMatches(value: string | undefined, wanted: string | string[]): boolean {
  if (value === undefined) return true;
  return Array.isArray(wanted) ? wanted.includes(value) : value === wanted;
}

/** Every event row of the searches, placed against the change of `asked` (base..asked, the metric's keys). */
export function placeEvents(
  asked: Extract<Asked, { kind: "metric" }>,
  searches: { outcome: GoalOutcome; evidence: TableEvidence }[],
): EventPlacement[] {
  const span = changeSpan(asked);
  if (!span) return [];
  const placements: EventPlacement[] = [];
  for (const { outcome, evidence } of searches) {
    const dateColumn = dateColumnOf(evidence);
    if (!dateColumn) continue;
    evidence.rows.forEach((row, index) => {
      const date = keyText(row[dateColumn])?.slice(0, 10);
      if (!date) return;
      const keysMatch = Object.entries(asked.keys).every(
        ([dimension, wanted]) => !(dimension in row) || keyMatches(keyText(row[dimension]), wanted),
      );
      const inside = span.from <= date && date <= span.to;
      placements.push({
        goal: outcome.goal.id,
        row: index,
        date,
        place: !keysMatch ? "other_keys" : inside ? "aligned" : "outside",
      });
    });
  }
  return placements;
}
