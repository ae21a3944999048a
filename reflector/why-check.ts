import type { GapMessage } from "./messages/gap-message.js";
import { periodLabel } from "./period-broadening.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";
import { changeSpan, eventSearches, explainedAsk, placeEvents } from "./why-alignment.js";

/**
 * A "why" question is answered by the change and the recorded events that line up with it (an
 * association, with their evidence), never by the values alone. Each metric item asked "why" is
 * answered only in part when the plan searched no event source, or when no event found lies within
 * any asked change's span (base..asked, `asked.explain`) for its keys: the gap then says so and
 * what was searched. A plan of old without `explain` keeps the looser rule: any event found.
 */
export function checkWhy(outcomes: readonly GoalOutcome[]): { goal: string; gap: GapMessage }[] {
  // The base of a comparison (May 2023, of May 2024 year over year) is what the change is measured
  // from, not a change asked about.
  const asksWhy = outcomes.filter(
    (outcome) =>
      outcome.planned.asked?.operation === "why" &&
      outcome.planned.asked.kind === "metric" &&
      outcome.planned.asked.comparison?.role !== "base",
  );
  if (asksWhy.length === 0) return [];
  const events = outcomes.filter(
    (outcome) => outcome.planned.asked?.kind === "event" && outcome.status !== "failed",
  );
  const searches = eventSearches(outcomes);
  const found = events.some((outcome) => outcome.check?.found.length);
  // One question, one explanation: when an event lines up with any change asked about (A in East
  // of "compare A in East with B in North and relate both to provider changes"), the other
  // entities' lack of one is a finding the answer states ("no provider change in North"), not a gap.
  const anyAligned = asksWhy.some((outcome) => {
    const explained = explainedAsk(outcome);
    return (
      explained !== undefined &&
      placeEvents(explained, searches).some((placement) => placement.place === "aligned")
    );
  });
  const gaps: { goal: string; gap: GapMessage }[] = [];
  for (const outcome of asksWhy) {
    if (!outcome.check || outcome.check.status === "insufficient") continue;
    const asked = outcome.planned.asked!;
    if (asked.kind !== "metric") continue;
    const period = asked.periods[0] ? { period: periodLabel(asked.periods[0]) } : {};
    const explained = explainedAsk(outcome);
    const gap: GapMessage | undefined =
      events.length === 0
        ? { code: "why_no_event_source", metric: asked.metric, ...period }
        : explained
          ? anyAligned
            ? undefined
            : notAligned(explained, searches)
          : found
            ? undefined
            : { code: "why_no_event_found", metric: asked.metric, ...period };
    if (!gap) continue;
    outcome.check = { ...outcome.check, status: "partial", gap };
    gaps.push({ goal: outcome.planned.id, gap });
  }
  return gaps;
}

/** The gap of an explained change no recorded event lines up with; undefined when one does. */
function notAligned(
  asked: NonNullable<ReturnType<typeof explainedAsk>>,
  searches: ReturnType<typeof eventSearches>,
): GapMessage | undefined {
  const placements = placeEvents(asked, searches);
  if (placements.some((placement) => placement.place === "aligned")) return undefined;
  const span = changeSpan(asked)!;
  return {
    code: "why_no_event_aligned",
    metric: asked.metric,
    period: `${periodLabel(asked.explain!.base)}..${periodLabel(asked.periods.at(-1) ?? span)}`,
    searched: searches.map(({ outcome }) => ({
      event:
        outcome.planned.asked!.kind === "event" ? (outcome.planned.asked as { event: string }).event : "",
      source: outcome.goal.source,
    })),
    window: `${asked.explain!.window.from}..${asked.explain!.window.to}`,
    outside: placements.length,
  };
}
