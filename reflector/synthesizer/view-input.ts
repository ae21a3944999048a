import type { Workspace } from "../../config/workspace.js";
import type { Broadening, Gap } from "../../models/answer.js";
import type { MetricComparison } from "../conflicts.js";
import type { GoalOutcome } from "./goal-outcome.js";
import type { AnswerLanguage } from "./labels.js";

/** Inputs of the view. */
export interface ViewInput {
  question: string;
  language: AnswerLanguage;
  outcomes: readonly GoalOutcome[];
  comparisons: readonly MetricComparison[];
  broadenings: readonly Broadening[];
  gaps: readonly Gap[];
  workspace: Workspace;
}
