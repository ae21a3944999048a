import type { AdapterPool } from "../adapters/registry.js";
import type { Workspace } from "../config/workspace.js";
import { readPlanFile } from "../executor/read-plan-file.js";
import type { AnswerRun } from "../models/answer-run.js";
import type { JobAnswerOptions, JobQuestion } from "../models/job.js";
import { askQuestion } from "../planner/ask.js";
import { answerPlan } from "../reflector/answer-loop.js";

/**
 * What answering one question of a job gives back: the answer pipeline's result (the answer, the
 * plan, the latest result of every sub-goal with its evidence, the trace, the run folder).
 */
export type QuestionOutcome = AnswerRun;

/** What the runner hands the answerer for each question. */
export interface AnswerContext {
  workspace: Workspace;
  asOf: string;
  /** Shared by every question of the job: one browser, the adapters' sessions. */
  adapters: AdapterPool;
  signal: AbortSignal;
  options: JobAnswerOptions;
}

/** Answers one question of a job. The default asks the planner (free text) or runs the saved plan. */
export type QuestionAnswerer = (question: JobQuestion, context: AnswerContext) => Promise<QuestionOutcome>;

/** The default answerer: askQuestion() for free text, answerPlan() for a saved plan, both with the job's shared AdapterPool. */
export const defaultQuestionAnswerer: QuestionAnswerer = async (question, context) => {
  const maxIterations =
    context.options.max_iterations !== undefined ? { maxIterations: context.options.max_iterations } : {};
  if ("plan" in question) {
    const plan = await readPlanFile(context.workspace.resolveInside(question.plan), context.workspace, {
      asOf: context.asOf,
    });
    return answerPlan(plan, context.workspace, {
      adapters: context.adapters,
      signal: context.signal,
      ...(context.options.strategy ? { strategy: context.options.strategy } : {}),
      ...maxIterations,
    });
  }
  return askQuestion(question.question, context.workspace, {
    planner: context.options.planner ?? "catalog",
    strategy: context.options.strategy ?? "auto",
    asOf: context.asOf,
    ...maxIterations,
    adapters: context.adapters,
    signal: context.signal,
  });
};
