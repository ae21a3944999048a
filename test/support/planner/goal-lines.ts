import { expect } from "vitest";
import type { PlanOutcome } from "../../../planner/planner.js";

/**
 * A planner outcome's goals as "<metric or event> <filters> <grain> <from>..<to>", once each,
 * sorted: what the wording-family tests compare. Fails the test when nothing was planned.
 */
export function goalLines(question: string, outcome: PlanOutcome): string[] {
  expect(outcome.plan, `${question}: ${outcome.message}`).toBeDefined();
  return [
    ...new Set(
      (outcome.plan?.sub_goals ?? []).map((goal) => {
        const what = goal.params.metric ?? goal.params.event ?? "text";
        const filters = Object.entries(goal.params.filters)
          .map(([dimension, value]) => `${dimension}=${Array.isArray(value) ? value.join("|") : value}`)
          .sort()
          .join(",");
        const period = goal.params.period;
        return `${what} ${filters} ${period ? `${period.grain} ${period.from}..${period.to}` : ""}`.trim();
      }),
    ),
  ].sort();
}
