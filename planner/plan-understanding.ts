import type { PlanUnderstanding } from "../models/plan.js";
import type { PlanOutcome } from "./planner.js";

/** The outcome's status: a plan, a direct reply, a question back to the user, or a refusal. */
export function planStatus(outcome: PlanOutcome): PlanUnderstanding["status"] {
  if (outcome.route.route === "direct") return "direct";
  if (outcome.plan) return "planned";
  return outcome.clarification ? "needs_clarification" : "cannot_plan";
}

/** What `plan --json` and `ask --json` print about how the question was read. */
export function planUnderstanding(outcome: PlanOutcome): PlanUnderstanding {
  return {
    status: planStatus(outcome),
    route:
      outcome.route.route === "direct"
        ? `direct:${outcome.route.reason}`
        : `retrieve:${outcome.route.complexity}`,
    language: outcome.language,
    notes: outcome.warnings,
    defaults: outcome.defaults ?? [],
    corrections: outcome.corrections ?? [],
    ...(outcome.clarification ? { clarification: outcome.clarification } : {}),
    ...(outcome.spans ? { spans: outcome.spans } : {}),
    elapsed_ms: Math.round(outcome.elapsedMs * 1000) / 1000,
  };
}
