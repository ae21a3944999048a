import type { AskResult } from "../planner/ask.js";
import { planUnderstanding } from "../planner/plan-understanding.js";
import type { PlanOutcome } from "../planner/planner.js";

// The JSON of an answered question and of a plan: what `ask --json` and `plan --json` print and
// what `triangulate serve` answers POST /ask and POST /plan with (docs/json-output.md). One builder
// each, so the CLI and the HTTP API cannot drift apart.

/** `ask --json`: the answer, the plan, the planner's notes, the trace, the run folder, the exit code. */
export function askJson(result: AskResult) {
  return {
    answer: result.answer,
    plan: result.plan ?? null,
    sub_questions: result.planning.subQuestions,
    warnings: result.planning.warnings,
    understanding: planUnderstanding(result.planning),
    trace: result.trace,
    run_directory: result.runDirectory ?? null,
    exit_code: result.exitCode,
  };
}

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
