import type { Run } from "../../executor/execute-plan.js";
import { type AnswerRun, exitCodeOf } from "../../models/answer-run.js";
import type { ExecutionPlan } from "../../models/plan.js";
import type { Synthesis } from "../synthesizer/synthesize.js";

/** The pipeline's result, with the run that produced it (already finished: answer.json, answer.md, trace.jsonl written). */
export interface AnswerResult extends AnswerRun {
  markdown: string;
  plan: ExecutionPlan;
  run: Run;
  synthesis: Synthesis;
}

/** The pipeline's result of a finished run. */
export function answerResult(plan: ExecutionPlan, run: Run, synthesis: Synthesis): AnswerResult {
  return {
    answer: synthesis.answer,
    markdown: synthesis.markdown,
    plan,
    results: run.latestResults(),
    trace: run.trace.events,
    ...(run.directory ? { runDirectory: run.directory } : {}),
    exitCode: exitCodeOf(synthesis.answer),
    run,
    synthesis,
  };
}
