import type { Workspace } from "../../config/workspace.js";
import type { Broadening } from "../../models/answer.js";
import type { FailureKind } from "../../models/failure-kind.js";
import type { SubGoal } from "../../models/plan.js";
import type { SourceCapabilities } from "../../models/source-capabilities.js";
import type { StepMessage } from "../../models/step-message.js";
import type { StepResult } from "../../models/step-result.js";
import type { FailureConclusion } from "../messages/gap-message.js";

/** Hints handed to the executor for a re-run: the fallback endpoint, a longer timeout, … */
export interface RetryHints {
  useFallback?: boolean;
  timeoutMs?: number;
  [key: string]: unknown;
}

/** Everything a rule may look at to decide about one sub-goal after an execution round. */
export interface ReflectionContext {
  /** The goal as it was last run (it may already be broadened or switched). */
  goal: SubGoal;
  /** The goal as the plan had it. */
  originalGoal: SubGoal;
  result: StepResult;
  workspace: Workspace;
  capabilities: SourceCapabilities[];
  /** 1 for the first reflection round. */
  iteration: number;
  /** How many times this goal has been re-run so far, by action. */
  history: ReflectionHistory;
  /** Milliseconds left before the overall deadline. */
  remainingMs: number;
  /** The step timeout the executor used by default. */
  defaultTimeoutMs: number;
  /** The other goals of the plan (an alternative source another goal already asks is no alternative). */
  otherGoals?: SubGoal[];
  /** The latest result of every goal, by id (another source may already hold this goal's number). */
  otherResults?: ReadonlyMap<string, StepResult>;
  /** What the reflector did to every goal, by id (a source another goal left failing is no alternative). */
  otherHistories?: ReadonlyMap<string, ReflectionHistory>;
}

/** What the reflector already did to one goal. */
export interface ReflectionHistory {
  retries: number;
  broadenings: Broadening[];
  /** Sources already tried for this goal, the original first. */
  sourcesTried: string[];
  usedFallback: boolean;
  /** The sources this goal was switched away from, with their failure, for the answer to state. */
  failedSources?: FailedSource[];
}

/** A source a goal was switched away from, and how it failed. */
export interface FailedSource {
  source: string;
  dataset?: string;
  kind?: FailureKind;
  message?: string;
  /** What its adapter said, as a code the answer's language says (models/step-message.ts). */
  said?: StepMessage;
}

/** What to do with one sub-goal. */
export type RuleDecision =
  | { action: "accept"; reason: string }
  | { action: "retry"; goal: SubGoal; hints: RetryHints; delayMs: number; reason: string }
  | { action: "broaden"; goal: SubGoal; broadening: Broadening; reason: string }
  | { action: "switch_source"; goal: SubGoal; reason: string }
  | { action: "stop"; reason: string }
  | { action: "unresolved"; reason: string; conclusion?: FailureConclusion };

/** One reflection rule: the engine asks rules in priority order; the first decision wins. */
export interface ReflectionRule {
  /** Short name, shown in the trace: reflect:g3:<name>:… */
  readonly name: string;
  /** Lower runs first. */
  readonly priority: number;
  /** A decision, or undefined when the rule does not apply. */
  decide(context: ReflectionContext): RuleDecision | undefined;
}
