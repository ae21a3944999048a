import type { Answer } from "./answer.js";
import type { ExecutionPlan } from "./plan.js";
import type { StepResult } from "./step-result.js";
import type { TraceEvent } from "./trace-event.js";

/**
 * What the answer pipeline gives back, whoever asked: `ask`, `demo`, report jobs and the MCP
 * server's `ask` tool read this one shape, so nothing re-parses an answer or re-reads the run
 * folder for what the pipeline already holds. `answerPlan` (a plan) and `askQuestion` (a question:
 * also the planner's outcome) return it with a few members of their own.
 */
export interface AnswerRun {
  answer: Answer;
  /** The answer as answer.md has it; absent when no plan ran (a direct reply, a question that could not be planned). */
  markdown?: string;
  /** The plan that ran; absent when none did. */
  plan?: ExecutionPlan;
  /** The latest result of every sub-goal, with its evidence, in the order of the run folder's step files. */
  results: StepResult[];
  trace: TraceEvent[];
  /** The run folder, when the run was recorded. */
  runDirectory?: string;
  /** 0 answered or direct, 2 partial or unanswerable; 1 (could not run) is the CLI's, for thrown errors. */
  exitCode: 0 | 2;
}

/** Exit code of an answer: 0 answered/direct, 2 partial/unanswerable. */
export function exitCodeOf(answer: Answer): 0 | 2 {
  return answer.status === "answered" || answer.status === "direct" ? 0 : 2;
}
