import type { Evidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { StepResult } from "../../models/step-result.js";
import type { AnswerCheck } from "../answer-check.js";
import type { Grade } from "../grader.js";
import type { GapMessage } from "../messages/gap-message.js";

/** What the reflector established for one sub-goal, handed to the synthesizer. */
export interface GoalOutcome {
  /** The goal as last run (maybe broadened or moved to another source). */
  goal: SubGoal;
  /** The goal as the plan had it. */
  planned: SubGoal;
  status: "answered" | "failed" | "insufficient";
  result?: StepResult;
  /** Table evidence, or text evidence with the passages merged across retrieval steps. */
  evidence?: Evidence;
  grade?: Grade;
  /** The evidence checked against what was asked (plan `asked`); decides the item's status. */
  check?: AnswerCheck;
  /** Why the goal failed or stopped, in English words (the trace's). */
  reason?: string;
  /** Why the goal failed or stopped, as a message each answer language renders. */
  message?: GapMessage;
}

/** The status an item gets: the answer check's when there is one, else the reflector's. */
export function itemStatus(outcome: GoalOutcome): "answered" | "partial" | "insufficient" | "failed" {
  if (outcome.status === "failed") return "failed";
  return outcome.check?.status ?? outcome.status;
}
