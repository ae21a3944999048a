import type { Workspace } from "../config/workspace.js";
import type { Language } from "../domain/language.js";
import type { ExecutionPlan, PlannerKind, SpanUse, Strategy } from "../models/plan.js";
import type { Intent } from "./intents.js";
import type { RouteDecision } from "./router.js";
import type { SpanCorrection } from "./span-correction.js";
import type { UnknownTerm } from "./unknown-terms.js";

/** What every planner is given besides the question. */
export interface PlanContext {
  workspace: Workspace;
  /** The date relative expressions resolve against (上个月 / last month), YYYY-MM-DD. */
  asOf: string;
  /** standard | agentic | auto; under auto the router's complexity decides (complex → agentic). */
  strategy: Strategy;
  /** Cancels a model call; the catalog planner is synchronous and ignores it. */
  signal?: AbortSignal;
}

/**
 * The result of planning one question. A planner never throws for a question it cannot plan:
 * it returns no plan and a message (unknown terms, out of scope); it throws only for a broken
 * workspace or a programming error.
 */
export interface PlanOutcome {
  /** Direct (a reply, no fetch) or retrieve, with complexity and the reply text for direct. */
  route: RouteDecision;
  /** The plan to execute; absent for direct routes and for questions that could not be planned. */
  plan?: ExecutionPlan;
  /** Which planner produced the plan (model, catalog, or fallback when the model failed). */
  planner: PlannerKind;
  language: Language;
  /** The self-contained sub-questions the question was split into (one for a simple question). */
  subQuestions: string[];
  intents: Intent[];
  /** Terms that look like catalog entries but are not; never guessed. */
  unknownTerms: UnknownTerm[];
  /** Why there is no plan, in the question's language (absent when there is a plan or a reply). */
  message?: string;
  /** Assumptions the user should see: a default period, a filter a dataset cannot apply. */
  warnings: string[];
  /** Compact trace lines (DESIGN §3): router:retrieve:complex, plan:catalog:3, … */
  trace: string[];
  /** Wall-clock planning time. */
  elapsedMs: number;
  /** Spans rewritten to catalog terms (typos, homophones, run-together words, paraphrases). */
  corrections?: SpanCorrection[];
  /** Defaults the planner applied because the question left them out ("no period given: …"). */
  defaults?: string[];
  /** Every span of the question and what it became (coverage accounting, planner/span-coverage.ts). */
  spans?: SpanUse[];
  /**
   * Set when a span could mean several catalog terms or names a qualifier the catalog lacks:
   * there is no plan, and `message` asks the user to choose (CLI exit code 3).
   */
  clarification?: Clarification;
}

/** What the user must settle before the question can be planned. */
export interface Clarification {
  spans: { written: string; candidates: string[] }[];
}

/** Turns a question into a plan. Implementations: CatalogPlanner (deterministic) and ModelPlanner (Ollama). */
export interface Planner {
  /** catalog or model: which implementation this is. */
  readonly kind: "catalog" | "model";
  /** Plans one question; see PlanOutcome for what comes back when there is no plan. */
  plan(question: string, context: PlanContext): Promise<PlanOutcome>;
}
