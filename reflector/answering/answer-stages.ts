import type { Broadening, Gap } from "../../models/answer.js";
import type { SubGoal } from "../../models/plan.js";
import type { StepResult } from "../../models/step-result.js";
import type { GapMessage } from "../messages/gap-message.js";
import type { ReflectionHistory } from "../rules/rule.js";
import type { GoalOutcome } from "../synthesizer/goal-outcome.js";

/*
 * The answer path runs in one direction, each stage a function that returns a new value and leaves
 * its input as it was (the stage test freezes the inputs):
 *
 *   ExecutedGoals ──gradeOutcomes──► GradedOutcomes ──coverFailedGoals──► GradedOutcomes
 *     ──checkOutcomes──► CheckedOutcomes ──finishAnswer: compareSources, answerStatus──►
 *     AnswerView (synthesizer/answer-view.ts, status already in it) ──renderAnswer──► RenderedAnswer
 *     (synthesizer/render-answer.ts, the template rendered once) ──audit, writer──► Answer
 *
 * The answer's language (and the labels that say the catalog's names in it) is decided once, in
 * `answerPlan`, and travels in the `AnswerContext`; no stage works it out again.
 */

/** How a goal ended the reflection: answered, or failed with the reason (English, for the trace) and its message. */
export interface Settlement {
  status: "answered" | "failed";
  reason?: string;
  message?: GapMessage;
}

/** Stage 1, `executeAndReflect`: where every goal stands once executing and reflecting is over. */
export interface ExecutedGoals {
  /** The goal as last run (broadened, switched, with the period before), by id. */
  readonly current: ReadonlyMap<string, SubGoal>;
  /** The last result of each goal, by id. */
  readonly latest: ReadonlyMap<string, StepResult>;
  readonly settled: ReadonlyMap<string, Settlement>;
  readonly histories: ReadonlyMap<string, ReflectionHistory>;
}

/**
 * Stage 2, `gradeOutcomes` then `coverFailedGoals`: every goal's outcome (knowledge-base passages
 * graded; a failed goal another source answered covered by it), the gaps found so far, and the
 * filters the retrieval loop relaxed.
 */
export interface GradedOutcomes {
  readonly stage: "graded";
  readonly outcomes: readonly GoalOutcome[];
  readonly gaps: readonly Gap[];
  readonly broadenings: readonly Broadening[];
}

/**
 * Stage 3, `checkOutcomes`: every outcome with its evidence checked against what was asked
 * (`GoalOutcome.check`), the gaps of what falls short (a "why" without a cause, a breakdown
 * nothing can give), and every broadening to disclose, those that found only context saying so.
 */
export interface CheckedOutcomes {
  readonly stage: "checked";
  readonly outcomes: readonly GoalOutcome[];
  readonly gaps: readonly Gap[];
  readonly broadenings: readonly Broadening[];
}
