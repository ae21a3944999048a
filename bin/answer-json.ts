import { planUnderstanding } from "../planner/plan-understanding.js";
import type { PlanOutcome } from "../planner/planner.js";

// The JSON of an answered question and of a plan: what `ask --json` and `plan --json` print and
// what `triangulate serve` answers POST /ask and POST /plan with (docs/json-output.md). One builder
// each, so the CLI and the HTTP API cannot drift apart.

/** `ask --json`: one builder for the CLI, the HTTP API and queue workers (planner/ask-result-json.ts). */
export { askResultJson as askJson } from "../planner/ask-result-json.js";

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
