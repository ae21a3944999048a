import type { TraceEvent } from "../../models/trace-event.js";
import type { askResultJson } from "../../planner/ask-result-json.js";
import type { planJson } from "../plan-json.js";

// What `triangulate serve` asks of whatever answers questions: this process (local-backend.ts) or,
// later, a queue client whose workers run elsewhere (`serve --queue <url>`). Kept minimal on
// purpose: a backend answers and plans; runs and jobs are read from the workspace by the server.

/** What a client may choose about one question (the JSON body of POST /ask and POST /plan). */
export interface QuestionOptions {
  /** YYYY-MM-DD that relative periods resolve against; default today. */
  as_of?: string;
  /** standard, agentic, or auto (default). */
  strategy?: "standard" | "agentic" | "auto";
  /** catalog or model; unset: the workspace decides. */
  planner?: "catalog" | "model";
  /** Reflection rounds (0–10); default the workspace's reflector.max_iterations. */
  max_iterations?: number;
}

/** How the caller follows and stops one request. */
export interface RequestControl {
  /** Each trace event as it happens (already redacted by the backend). */
  onProgress?: (event: TraceEvent) => void;
  /** Aborted when the client goes away: the backend stops the work (the run is recorded as interrupted). */
  signal?: AbortSignal;
}

/** The JSON of `ask --json` (planner/ask-result-json.ts). */
export type AskReply = ReturnType<typeof askResultJson>;
/** The JSON of `plan --json` (bin/plan-json.ts). */
export type PlanReply = ReturnType<typeof planJson>;

/**
 * Answers questions. Either resolves with the reply (an answer that is partial or unanswerable is
 * still a reply; `exit_code` says which) or rejects with an error that `errorObject`
 * (bin/error-object.ts) turns into the shape the server sends: a typed error (`kind`) for what the
 * client can act on, anything else an internal error.
 */
export interface AnswerBackend {
  ask(question: string, options: QuestionOptions, control: RequestControl): Promise<AskReply>;
  plan(question: string, options: QuestionOptions, control: RequestControl): Promise<PlanReply>;
  /** Lets go of what the backend holds (browsers, connections). */
  close(): Promise<void>;
}
