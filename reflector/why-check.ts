import type { GapMessage } from "./messages/gap-message.js";
import { periodLabel } from "./period-broadening.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";

/**
 * A "why" question is answered by events aligned with the values it asks about (an association, with
 * their evidence), never by the values alone. When the plan searched no event source, or the searches
 * found no event in the asked windows, each metric item asked "why" is answered only in part, and the
 * gap says there is nothing to relate the change to.
 */
export function checkWhy(outcomes: GoalOutcome[]): { goal: string; gap: GapMessage }[] {
  const asksWhy = outcomes.filter(
    (outcome) => outcome.planned.asked?.operation === "why" && outcome.planned.asked.kind === "metric",
  );
  if (asksWhy.length === 0) return [];
  const events = outcomes.filter(
    (outcome) => outcome.planned.asked?.kind === "event" && outcome.status !== "failed",
  );
  const found = events.some((outcome) => outcome.check?.found.length);
  const gaps: { goal: string; gap: GapMessage }[] = [];
  for (const outcome of asksWhy) {
    if (!outcome.check || outcome.check.status === "insufficient") continue;
    const asked = outcome.planned.asked!;
    if (asked.kind !== "metric") continue;
    const period = asked.periods[0] ? { period: periodLabel(asked.periods[0]) } : {};
    const gap: GapMessage | undefined =
      events.length === 0
        ? { code: "why_no_event_source", metric: asked.metric, ...period }
        : found
          ? undefined
          : { code: "why_no_event_found", metric: asked.metric, ...period };
    if (!gap) continue;
    outcome.check = { ...outcome.check, status: "partial", gap };
    gaps.push({ goal: outcome.planned.id, gap });
  }
  return gaps;
}
