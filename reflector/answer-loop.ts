import type { Workspace } from "../config/workspace.js";
import { detectLanguage } from "../domain/language.js";
import { startRun } from "../executor/execute-plan.js";
import type { ExecutionPlan } from "../models/plan.js";
import type { AnswerOptions } from "./answering/answer-context.js";
import type { AnswerResult } from "./answering/answer-result.js";
import { checkOutcomes } from "./answering/check-outcomes.js";
import { coverFailedGoals } from "./answering/covered-failures.js";
import { executeAndReflect } from "./answering/execute-and-reflect.js";
import { finishAnswer } from "./answering/finish-answer.js";
import { gradeOutcomes } from "./answering/grade-outcomes.js";
import { Labels } from "./synthesizer/labels.js";

export type { AnswerOptions } from "./answering/answer-context.js";
export type { AnswerResult } from "./answering/answer-result.js";

/**
 * Answers a plan: executes every sub-goal, reflects on failures with the rules (retry, broaden,
 * switch source, stop) for at most max_iterations rounds within the deadline, grades
 * knowledge-base passages (with the agentic retrieval loop when the strategy asks for it), lets a
 * source that answered stand for one that failed (`covered-failures.ts`), checks
 * every outcome against what was asked, compares sources, writes the answer and finishes the run.
 * The steps are in `answering/`.
 */
export async function answerPlan(
  plan: ExecutionPlan,
  workspace: Workspace,
  options: AnswerOptions = {},
): Promise<AnswerResult> {
  const run = await startRun(plan, workspace, {
    ...options,
    ...(options.deadlineMs === undefined
      ? { deadlineMs: workspace.config.reflector.deadline_seconds * 1000 }
      : {}),
  });
  try {
    // The answer's language is decided here, once (as the planner decides it: the question's script,
    // the workspace's language when the script is shared): every gap, advice and the text use it.
    const language = options.language ?? detectLanguage(plan.question, workspace.config.language);
    const labels = new Labels(workspace.config.catalog, language);
    const context = { plan, workspace, options, run, language, labels };
    // The stages (answering/answer-stages.ts), each returning a new value from the one before.
    const executed = await executeAndReflect(context);
    const graded = coverFailedGoals(context, executed, await gradeOutcomes(context, executed));
    const checked = checkOutcomes(context, graded);
    return await finishAnswer(context, checked);
  } finally {
    await run.close();
  }
}
