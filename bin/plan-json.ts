import { planUnderstanding } from "../planner/plan-understanding.js";
import type { PlanOutcome } from "../planner/planner.js";

// The JSON of a plan: what `plan --json` prints and what `triangulate serve` answers POST /plan with
// (docs/json-output.md). One builder, so the CLI and the HTTP API cannot drift apart; the answer's
// JSON has its own (planner/ask-result-json.ts), shared with the queue workers.

/** `plan --json`: the plan with the planner's understanding, or the route and message when there is none. */
export function planJson(outcome: PlanOutcome) {
  const understanding = planUnderstanding(outcome);
  if (outcome.plan) return { ...outcome.plan, understanding };
  return {
    status: understanding.status,
    route: outcome.route,
    language: outcome.language,
    message: outcome.message ?? null,
    unknown_terms: outcome.unknownTerms,
    ...(outcome.clarification ? { clarification: outcome.clarification } : {}),
    understanding,
    trace: outcome.trace,
  };
}
