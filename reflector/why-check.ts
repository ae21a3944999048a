import { periodLabel } from "./period-broadening.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";

/**
 * A "why" question is answered by events aligned with the values it asks about (an association, with
 * their evidence), never by the values alone. When the plan searched no event source, or the searches
 * found no event in the asked windows, each metric item asked "why" is answered only in part, and the
 * gap says there is nothing to relate the change to.
 */
export function checkWhy(outcomes: GoalOutcome[]): { goal: string; gap: string }[] {
  const asksWhy = outcomes.filter(
    (outcome) => outcome.planned.asked?.operation === "why" && outcome.planned.asked.kind === "metric",
  );
  if (asksWhy.length === 0) return [];
  const events = outcomes.filter(
    (outcome) => outcome.planned.asked?.kind === "event" && outcome.status !== "failed",
  );
  const found = events.some((outcome) => outcome.check?.found.length);
  const gaps: { goal: string; gap: string }[] = [];
  for (const outcome of asksWhy) {
    if (!outcome.check || outcome.check.status === "insufficient") continue;
    const asked = outcome.planned.asked!;
    const period = asked.kind === "metric" && asked.periods[0] ? ` in ${periodLabel(asked.periods[0])}` : "";
    const gap =
      events.length === 0
        ? `why ${asked.kind === "metric" ? asked.metric : ""} changed${period}: the question names no event or change the workspace records, so no event source was searched; the values are not an explanation (ask about an event, e.g. a staffing or provider change)`
        : found
          ? undefined
          : `why ${asked.kind === "metric" ? asked.metric : ""} changed${period}: no event was found in the searched windows to relate it to`;
    if (!gap) continue;
    outcome.check = { ...outcome.check, status: "partial", gap };
    gaps.push({ goal: outcome.planned.id, gap });
  }
  return gaps;
}
