import type { AdapterPool } from "../adapters/registry.js";
import type { Workspace } from "../config/workspace.js";
import { TraceRecorder } from "../executor/trace-recorder.js";
import { Answer } from "../models/answer.js";
import { type AnswerRun, exitCodeOf } from "../models/answer-run.js";
import type { Strategy } from "../models/plan.js";
import type { TraceEvent } from "../models/trace-event.js";
import { answerPlan } from "../reflector/answer-loop.js";
import { catalogAdvice } from "../reflector/gap-advice.js";
import { planQuestion } from "./plan-question.js";
import type { PlanOutcome } from "./planner.js";

/** Options of askQuestion; every one has a default. */
export interface AskOptions {
  /** catalog (default without a planner model) or model. */
  planner?: "catalog" | "model";
  strategy?: Strategy;
  /** YYYY-MM-DD that relative periods resolve against; default today. */
  asOf?: string;
  /** Reflection rounds; default reflector.max_iterations. */
  maxIterations?: number;
  /** Shared adapters (report jobs answer several questions with one browser); not closed here. */
  adapters?: AdapterPool;
  /** Ctrl-C. */
  signal?: AbortSignal;
  /** One step at a time (benchmarks). */
  sequential?: boolean;
  /** Write the run directory (default true). */
  record?: boolean;
  /** Per-step timeout in milliseconds; default executor.step_timeout_seconds. */
  stepTimeoutMs?: number;
  /** Overall deadline in milliseconds; default reflector.deadline_seconds. */
  deadlineMs?: number;
  /** Called with every trace event as it happens (--show-trace streaming, progress). */
  onTrace?: (event: TraceEvent) => void;
}

/** What asking a question produced: the pipeline's result and the planner's outcome (route, sub-questions, warnings). */
export interface AskResult extends AnswerRun {
  planning: PlanOutcome;
}

export { exitCodeOf };

/**
 * Answers a question end to end: the router (a direct reply needs no fetch), the planner, then
 * the answer loop (execute, reflect, compare, grade, synthesize). A question that cannot be planned
 * (unknown terms) comes back unanswerable with the planner's message.
 */
export async function askQuestion(
  question: string,
  workspace: Workspace,
  options: AskOptions = {},
): Promise<AskResult> {
  const trace = new TraceRecorder();
  if (options.onTrace) trace.onEvent(options.onTrace);
  const planning = await planQuestion(question, workspace, {
    ...(options.planner ? { planner: options.planner } : {}),
    ...(options.asOf ? { asOf: options.asOf } : {}),
    ...(options.strategy ? { strategy: options.strategy } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  for (const line of planning.trace) trace.add(line.split(":")[0] ?? "plan", line);
  if (planning.route.route === "direct") {
    const answer = Answer.parse({
      question,
      status: "direct",
      language: planning.language,
      text: planning.route.reply ?? "",
    });
    return { answer, planning, results: [], trace: trace.events, exitCode: 0 };
  }
  if (!planning.plan) {
    const message = planning.message ?? "the question could not be planned from the workspace's catalog";
    const answer = Answer.parse({
      question,
      status: "unanswerable",
      language: planning.language,
      text: message,
      gaps: [
        {
          missing: message,
          check: catalogAdvice(planning.language),
        },
      ],
    });
    return { answer, planning, results: [], trace: trace.events, exitCode: 2 };
  }
  const result = await answerPlan(planning.plan, workspace, {
    trace,
    complexity: planning.route.complexity,
    language: planning.language,
    ...(options.strategy ? { strategy: options.strategy } : {}),
    ...(options.maxIterations !== undefined ? { maxIterations: options.maxIterations } : {}),
    ...(options.adapters ? { adapters: options.adapters } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.sequential ? { sequential: true } : {}),
    ...(options.record === false ? { record: false } : {}),
    ...(options.stepTimeoutMs !== undefined ? { stepTimeoutMs: options.stepTimeoutMs } : {}),
    ...(options.deadlineMs !== undefined ? { deadlineMs: options.deadlineMs } : {}),
  });
  // The pipeline's result as it is, without the live run and the synthesis that answerPlan adds.
  const { answer, markdown, plan, results, trace: events, runDirectory, exitCode } = result;
  return {
    answer,
    markdown,
    plan,
    results,
    trace: events,
    ...(runDirectory ? { runDirectory } : {}),
    exitCode,
    planning,
  };
}
