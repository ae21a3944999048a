import type { Workspace } from "../../config/workspace.js";
import type { ExecuteOptions, Run } from "../../executor/execute-plan.js";
import type { ExecutionPlan } from "../../models/plan.js";
import type { ReflectionRule } from "../rules/rule.js";
import type { AnswerLanguage, Labels } from "../synthesizer/labels.js";

/** Options of answerPlan: the executor's, plus the reflector's. */
export interface AnswerOptions extends ExecuteOptions {
  /** standard | agentic | auto (default: the plan's strategy). */
  strategy?: "standard" | "agentic" | "auto";
  /** The router's complexity; under auto, complex questions get the agentic retrieval loop. */
  complexity?: "simple" | "complex";
  /** Reflection rounds; default reflector.max_iterations. */
  maxIterations?: number;
  /** Language of the answer; default from the question. */
  language?: AnswerLanguage;
  /** Rules in place of the default ones (tests, extensions). */
  rules?: readonly ReflectionRule[];
}

/**
 * What every step of answering a plan reads: the plan, the workspace, the options, the started run,
 * and the answer's language with the catalog's names in it, decided once for every step.
 */
export interface AnswerContext {
  readonly plan: ExecutionPlan;
  readonly workspace: Workspace;
  readonly options: AnswerOptions;
  readonly run: Run;
  readonly language: AnswerLanguage;
  readonly labels: Labels;
}
