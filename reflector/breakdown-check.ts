import type { Catalog } from "../models/workspace.js";
import { breakdownsOf } from "./breakdowns.js";
import type { GapMessage } from "./messages/gap-message.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";

/**
 * A breakdown or ranking ("which … most often", 高频) is answered by the metric per kind, never by
 * its total. When the workspace maps no dimension that holds the kinds, or no answered source's rows
 * carry it, each metric item asked for the breakdown is answered only in part, and one gap per
 * metric says the breakdown is not available (by what, when the question said).
 */
export function checkBreakdowns(
  outcomes: readonly GoalOutcome[],
  catalog: Catalog,
  trustOf: (source: string) => number,
): { goal: string; gap: GapMessage }[] {
  const asking = outcomes.filter(
    (outcome) => outcome.planned.asked?.kind === "metric" && outcome.planned.asked.breakdown,
  );
  if (asking.length === 0) return [];
  const computed = breakdownsOf(outcomes, catalog, trustOf);
  const gaps: { goal: string; gap: GapMessage }[] = [];
  const said = new Set<string>();
  for (const outcome of asking) {
    const asked = outcome.planned.asked;
    if (asked?.kind !== "metric" || !asked.breakdown) continue;
    if (!outcome.check || outcome.check.status === "insufficient") continue;
    const { dimension, wanted } = asked.breakdown;
    if (
      dimension &&
      computed.some(
        (breakdown) =>
          breakdown.metric === asked.metric &&
          breakdown.dimension === dimension &&
          Object.entries(breakdown.keys).every(
            ([name, value]) => JSON.stringify(asked.keys[name]) === JSON.stringify(value),
          ),
      )
    )
      continue;
    const gap: GapMessage = {
      code: "breakdown_unavailable",
      metric: asked.metric,
      keys: Object.fromEntries(Object.entries(asked.keys).filter(([name]) => name !== dimension)),
      ...(dimension ? { dimension, mapped: true } : { mapped: false }),
      ...(wanted ? { wanted } : {}),
    };
    if (outcome.check.status === "answered") outcome.check = { ...outcome.check, status: "partial", gap };
    const id = JSON.stringify(gap);
    if (said.has(id)) continue;
    said.add(id);
    gaps.push({ goal: outcome.planned.id, gap });
  }
  return gaps;
}
