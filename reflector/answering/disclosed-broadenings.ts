import type { Broadening } from "../../models/answer.js";
import type { ExecutionPlan } from "../../models/plan.js";
import type { ExecutedGoals } from "./answer-stages.js";

/**
 * The broadenings to disclose: only those that led to data (the others end in a gap), one per
 * goal, from the first period tried to the last.
 */
export function disclosedBroadenings(plan: ExecutionPlan, executed: ExecutedGoals): Broadening[] {
  const broadenings: Broadening[] = [];
  for (const goal of plan.sub_goals) {
    const history = executed.histories.get(goal.id)!;
    const first = history.broadenings[0];
    const last = history.broadenings.at(-1);
    if (executed.settled.get(goal.id)?.status !== "answered" || !first || !last) continue;
    broadenings.push(
      history.broadenings.length === 1
        ? first
        : {
            goal: goal.id,
            from: first.from,
            to: last.to,
            reason: `no data for ${first.from}; broadened to ${last.to}`,
          },
    );
  }
  return broadenings;
}
