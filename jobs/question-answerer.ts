import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AdapterPool } from "../adapters/registry.js";
import type { Workspace } from "../config/workspace.js";
import { readPlanFile } from "../executor/read-plan-file.js";
import { Answer } from "../models/answer.js";
import type { JobAnswerOptions, JobQuestion } from "../models/job.js";
import type { ExecutionPlan } from "../models/plan.js";
import { StepResult } from "../models/step-result.js";
import type { TraceEvent } from "../models/trace-event.js";
import { askQuestion } from "../planner/ask.js";
import { answerPlan } from "../reflector/answer-loop.js";

/** What answering one question of a job gives back. */
export interface QuestionOutcome {
  answer: Answer;
  plan?: ExecutionPlan;
  trace: TraceEvent[];
  /** The latest result of every sub-goal, with its evidence. */
  results: StepResult[];
  runDirectory?: string;
}

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

/** The shapes askQuestion() and answerPlan() return: the answer, and the run either flat or as `run`. */
interface AskLikeResult {
  answer: unknown;
  plan?: unknown;
  trace?: unknown;
  results?: unknown;
  runDirectory?: string;
  directory?: string;
  run?: { trace?: unknown; results?: unknown; directory?: string; plan?: unknown };
}

/** The default answerer: askQuestion() for free text, answerPlan() for a saved plan, both with the job's shared AdapterPool. */
export const defaultQuestionAnswerer: QuestionAnswerer = async (question, context) => {
  if ("plan" in question) {
    const plan = await readPlanFile(context.workspace.resolveInside(question.plan), context.workspace, {
      asOf: context.asOf,
    });
    const result = await answerPlan(plan, context.workspace, {
      adapters: context.adapters,
      signal: context.signal,
      ...(context.options.strategy ? { strategy: context.options.strategy } : {}),
      ...(context.options.max_iterations !== undefined
        ? { maxIterations: context.options.max_iterations }
        : {}),
    });
    return toOutcome(
      {
        answer: result.answer,
        run: { trace: result.run.trace, results: result.run.results, directory: result.run.directory },
      },
      plan,
    );
  }
  const result = await askQuestion(question.question, context.workspace, {
    planner: context.options.planner ?? "catalog",
    strategy: context.options.strategy ?? "auto",
    asOf: context.asOf,
    ...(context.options.max_iterations !== undefined
      ? { maxIterations: context.options.max_iterations }
      : {}),
    adapters: context.adapters,
    signal: context.signal,
  });
  return toOutcome(result);
};

function traceEventsOf(trace: unknown): TraceEvent[] {
  if (Array.isArray(trace)) return trace as TraceEvent[];
  if (trace && typeof trace === "object" && Array.isArray((trace as { events?: unknown }).events))
    return (trace as { events: TraceEvent[] }).events;
  return [];
}

/** Turns an AskResult-like value into an outcome, reading step results from the run directory when they are not in memory. */
export function toOutcome(result: AskLikeResult, plan?: ExecutionPlan): QuestionOutcome {
  const answer = parseAnswer(result.answer);
  const resolvedPlan =
    (result.plan as ExecutionPlan | undefined) ?? (result.run?.plan as ExecutionPlan | undefined) ?? plan;
  const runDirectory = result.runDirectory ?? result.directory ?? result.run?.directory;
  const inMemory = result.results ?? result.run?.results;
  let results: StepResult[] = [];
  if (Array.isArray(inMemory)) results = (inMemory as unknown[]).flatMap((value) => parseStep(value));
  else if (inMemory instanceof Map)
    results = [...(inMemory as Map<string, unknown>).values()].flatMap((value) => parseStep(value));
  else if (runDirectory) results = readStepResults(runDirectory);
  return {
    answer,
    ...(resolvedPlan ? { plan: resolvedPlan } : {}),
    trace: traceEventsOf(result.trace ?? result.run?.trace),
    results,
    ...(runDirectory ? { runDirectory } : {}),
  };
}

/**
 * Validates the answer. A number reference without a finite value is dropped rather than losing
 * the whole answer (the report cannot show or compare it anyway); anything else wrong is an error
 * with one readable line.
 */
export function parseAnswer(value: unknown): Answer {
  const parsed = Answer.safeParse(value);
  if (parsed.success) return parsed.data;
  if (value && typeof value === "object" && Array.isArray((value as { numbers?: unknown }).numbers)) {
    const numbers = ((value as { numbers: { value?: unknown }[] }).numbers ?? []).filter(
      (number) => typeof number?.value === "number" && Number.isFinite(number.value),
    );
    const retried = Answer.safeParse({ ...(value as object), numbers });
    if (retried.success) return retried.data;
  }
  const issue = parsed.error.issues[0];
  throw new Error(
    `the answer is not valid: ${issue.path.join(".")}: ${issue.message}${parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : ""}`,
  );
}

function parseStep(value: unknown): StepResult[] {
  const parsed = StepResult.safeParse(value);
  if (parsed.success) return [parsed.data];
  // A step file may wrap the result ({ result: … }) next to request summaries.
  const inner = value && typeof value === "object" ? (value as { result?: unknown }).result : undefined;
  const wrapped = inner ? StepResult.safeParse(inner) : undefined;
  return wrapped?.success ? [wrapped.data] : [];
}

/** The step-<goal>.json files of a run directory, parsed as step results (the last file per goal wins). */
export function readStepResults(runDirectory: string): StepResult[] {
  if (!existsSync(runDirectory)) return [];
  const byGoal = new Map<string, StepResult>();
  for (const entry of readdirSync(runDirectory)
    .filter((name) => /^step-.*\.json$/.test(name))
    .sort()) {
    try {
      for (const step of parseStep(JSON.parse(readFileSync(path.join(runDirectory, entry), "utf8"))))
        byGoal.set(step.goal_id, step);
    } catch {
      // A step file that cannot be read only costs the report that step's evidence table.
    }
  }
  return [...byGoal.values()];
}
