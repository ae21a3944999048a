import type { AskResult } from "./ask.js";
import { planUnderstanding } from "./plan-understanding.js";

/**
 * What `ask --json` prints for an answered question: the answer, plan, sub-questions, warnings,
 * understanding, trace, run folder and exit code. One builder, so a question answered on a queue
 * worker (workers/) comes back in exactly the shape a local `ask --json` prints.
 */
export function askResultJson(result: AskResult) {
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

/** The JSON of one asked question, as `ask --json` prints it. */
export type AskResultJson = ReturnType<typeof askResultJson>;
