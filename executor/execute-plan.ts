import { randomBytes } from "node:crypto";
import pLimit, { type LimitFunction } from "p-limit";
import type { RawResponse, StepContext } from "../adapters/adapter.js";
import { AdapterPool } from "../adapters/registry.js";
import { type SharedRead, sharedReadKey } from "../adapters/shared-reads.js";
import type { Workspace } from "../config/workspace.js";
import { canonicalEvidence } from "../domain/canonical-values.js";
import type { Answer } from "../models/answer.js";
import type { Evidence } from "../models/evidence.js";
import type { ExecutionPlan, SubGoal } from "../models/plan.js";
import { codedStepError, type StepError } from "../models/step-error.js";
import type { Attempt, StepResult } from "../models/step-result.js";
import type { ValidationOutcome } from "../models/validation-outcome.js";
import { RuleSyntaxError } from "../models/validation-rule/index.js";
import { AttemptTimer } from "./attempt-timer.js";
import { checkPlanAgainstWorkspace, PlanError } from "./check-plan.js";
import { classifyError } from "./classify-error.js";
import { raceAbort } from "./race-abort.js";
import { evaluateRule, RuleEvaluationError } from "./rules/index.js";
import { RunStore, type RunSummary } from "./run-store.js";
import { TraceRecorder } from "./trace-recorder.js";

/** Hints the reflector gives for one goal's next attempt. */
export interface StepHints {
  /** Use the source's fallback endpoint. */
  useFallback?: boolean;
  /** Timeout for this attempt, e.g. doubled after a timeout. */
  timeoutMs?: number;
  [key: string]: unknown;
}

export interface ExecuteOptions {
  /** Share adapters (browsers, sessions) across runs; a passed pool is not closed by the run. */
  adapters?: AdapterPool;
  /** Write the run directory (default true). */
  record?: boolean;
  /** Per-step timeout; default executor.step_timeout_seconds. */
  stepTimeoutMs?: number;
  /** Overall deadline from the run's start; default executor.deadline_seconds. */
  deadlineMs?: number;
  /** One step at a time (benchmarks, debugging). */
  sequential?: boolean;
  /** Cancels everything (Ctrl-C). */
  signal?: AbortSignal;
  /** A recorder that already holds earlier events (router, plan). */
  trace?: TraceRecorder;
}

export interface ExecutionResult {
  plan: ExecutionPlan;
  results: StepResult[];
  trace: TraceRecorder;
  directory?: string;
  status: "succeeded" | "partial";
}

function describeEvidence(evidence: Evidence): string {
  return evidence.kind === "table" ? `${evidence.rows.length} rows` : `${evidence.passages.length} passages`;
}

/**
 * Runs a goal's validation rule. A rule that cannot be evaluated on this evidence (unknown column,
 * incomparable types) fails validation with the reason, so the reflector can switch source; a rule
 * that does not parse is the plan's fault, not the data's.
 */
function validate(goal: SubGoal, evidence: Evidence, asOf: string, deadline: number): ValidationOutcome {
  try {
    // The rule runs inside the step's time: it stops at the step's deadline, not after it.
    return evaluateRule(goal.validation ?? "", evidence, { asOf, deadline });
  } catch (error) {
    if (error instanceof RuleEvaluationError) return error.outcome;
    if (error instanceof RuleSyntaxError) {
      throw codedStepError(
        "config_error",
        { code: "rule_unparsable", goal: goal.id, display: error.display },
        { locator: goal.validation },
      );
    }
    throw error;
  }
}

/** The read an attempt takes part in: one it leads (it holds the source's turn) or follows. */
interface ReadPart {
  read: SharedRead;
  leads: boolean;
  /** Set once the attempt started (leader) or joined (follower) the read. */
  begun?: boolean;
}

/** One attempt at a goal as it goes: what it is, its clock, and what the fetch has returned so far. */
interface AttemptStep {
  goal: SubGoal;
  part: ReadPart;
  hints: StepHints;
  number: number;
  previous: Attempt[];
  requestId: string;
  timer: AttemptTimer;
  /** Filled as the fetch gets them; a failure later in the attempt still records them. */
  fetched: { request?: string; httpStatus?: number; rawReference?: string };
}

/**
 * One execution of a plan: the run directory, the adapters, the trace, and the latest result of
 * every goal. The reflector calls execute() again for goals it retries, broadens or moves.
 */
export class Run {
  readonly trace: TraceRecorder;
  readonly results = new Map<string, StepResult>();
  private readonly evidenceByGoal = new Map<string, Evidence>();
  private readonly attemptsByGoal = new Map<string, number>();
  private readonly globalLimit: LimitFunction;
  private readonly startedAt = Date.now();
  private readonly startedIso = new Date().toISOString();
  private readonly deadlineAt: number;
  private closed = false;

  constructor(
    readonly plan: ExecutionPlan,
    readonly workspace: Workspace,
    private readonly store: RunStore | undefined,
    private readonly adapters: AdapterPool,
    private readonly ownsAdapters: boolean,
    private readonly options: ExecuteOptions,
  ) {
    this.trace = options.trace ?? new TraceRecorder();
    const settings = workspace.config.executor;
    this.globalLimit = pLimit(options.sequential ? 1 : settings.concurrency);
    this.deadlineAt = this.startedAt + (options.deadlineMs ?? settings.deadline_seconds * 1000);
  }

  /** The run's folder, when it is recorded. */
  get directory(): string | undefined {
    return this.store?.directory;
  }

  /** Id of the run (also the folder name). */
  get id(): string {
    return this.store?.id ?? "unrecorded";
  }

  /** Normalised evidence of a goal's latest successful attempt. */
  evidence(goalId: string): Evidence | undefined {
    return this.evidenceByGoal.get(goalId);
  }

  /** Milliseconds left before the overall deadline. */
  remainingMs(): number {
    return this.deadlineAt - Date.now();
  }

  // A source's limit belongs to the adapter pool: runs sharing one (a warm worker's jobs) share it.
  // Sequential runs are already one step at a time through the global limit.
  private limitFor(source: string): LimitFunction {
    return this.adapters.sourceLimit(source);
  }

  /**
   * Runs goals (independent ones concurrently, depends_on respected) and returns their results in
   * the order given. A goal whose dependency failed is unresolved without being fetched.
   */
  async execute(
    goals: SubGoal[],
    options: { hints?: Record<string, StepHints> } = {},
  ): Promise<StepResult[]> {
    const pending = new Map<string, Promise<StepResult>>();
    const byId = new Map(goals.map((goal) => [goal.id, goal]));
    const schedule = (goal: SubGoal, chain: Set<string>): Promise<StepResult> => {
      const existing = pending.get(goal.id);
      if (existing) return existing;
      const promise = (async () => {
        const dependencies = await Promise.all(
          (goal.depends_on ?? []).map((id) => {
            const inBatch = byId.get(id);
            if (inBatch && !chain.has(id)) return schedule(inBatch, new Set([...chain, goal.id]));
            return Promise.resolve(this.results.get(id));
          }),
        );
        const failed = (goal.depends_on ?? []).filter(
          (_, index) => dependencies[index]?.status !== "succeeded",
        );
        if (failed.length > 0)
          return this.unresolved(goal, `depends on ${failed.join(", ")}, which did not succeed`);
        return this.globalLimit(() => this.takePart(goal, options.hints?.[goal.id] ?? {}));
      })();
      pending.set(goal.id, promise);
      return promise;
    };
    return Promise.all(goals.map((goal) => schedule(goal, new Set())));
  }

  private async unresolved(goal: SubGoal, message: string): Promise<StepResult> {
    const result: StepResult = {
      goal_id: goal.id,
      source: goal.source,
      status: "unresolved",
      attempts: this.results.get(goal.id)?.attempts ?? [],
      error_message: message,
      duration_ms: 0,
    };
    this.results.set(goal.id, result);
    this.trace.add("fetch", `fetch:${goal.id}:${goal.source}:skipped:${message}`, { message }, goal.id);
    await this.store?.writeJson(`step-${goal.id}.json`, { goal, result });
    return result;
  }

  /**
   * One attempt at a goal, as part of a read (adapters/shared-reads.ts): when a step needing the
   * same read is already waiting for its turn or running on this pool (another question's, on a
   * warm worker), this one follows it: it takes no turn of its own, its clock starts when that read
   * starts, and it gets the read's response or error. Otherwise it leads a new read: it takes the
   * source's turn, then fetches. The turn is taken before the attempt's clock starts, so waiting
   * for one never eats a step's timeout.
   */
  private async takePart(goal: SubGoal, hints: StepHints): Promise<StepResult> {
    for (;;) {
      const key = sharedReadKey(goal, { asOf: this.plan.as_of, attempt: this.nextAttempt(goal), hints });
      const { read, leads } = this.adapters.reads.enter(key);
      if (leads) return this.limitFor(goal.source)(() => this.attempt(goal, hints, { read, leads }));
      if (await read.started) return this.attempt(goal, hints, { read, leads });
      // Its leader gave up before fetching (its run ended): enter again, maybe as the leader.
    }
  }

  private nextAttempt(goal: SubGoal): number {
    return (this.attemptsByGoal.get(goal.id) ?? 0) + 1;
  }

  /** One attempt at a goal: fetch, normalise, validate, within the step's timeout; the result is recorded. */
  private async attempt(goal: SubGoal, hints: StepHints, part: ReadPart): Promise<StepResult> {
    const number = this.nextAttempt(goal);
    this.attemptsByGoal.set(goal.id, number);
    const previous = this.results.get(goal.id)?.attempts ?? [];
    const step: AttemptStep = {
      goal,
      part,
      hints,
      number,
      previous,
      requestId: `${this.id}-${goal.id}-${number}-${randomBytes(2).toString("hex")}`,
      timer: new AttemptTimer(goal.id, this.attemptTimeoutMs(hints), this.options.signal),
      fetched: {},
    };
    this.results.set(goal.id, {
      goal_id: goal.id,
      source: goal.source,
      status: "running",
      attempts: previous,
      duration_ms: 0,
    });
    let result: StepResult;
    try {
      result = await this.fetchAndValidate(step);
    } catch (error) {
      result = this.failedAttempt(step, error);
    } finally {
      step.timer.stop();
      // An attempt that ended before it started or joined its read (the run's deadline, a source
      // not configured) lets the read go: a follower leaves it, a leader hands it on.
      if (!part.begun) {
        if (part.leads) part.read.abandon();
        else part.read.leave();
      }
    }
    this.results.set(goal.id, result);
    await this.store?.writeJson(`step-${goal.id}.json`, { goal, request: step.fetched.request, result });
    return result;
  }

  /**
   * The latest result of every goal the run executed (the plan's and those the reflector added),
   * in the order of their step files, `step-<goal>.json` sorted by name: what the run folder holds.
   */
  latestResults(): StepResult[] {
    const file = (result: StepResult) => `step-${result.goal_id}.json`;
    return [...this.results.values()].sort((a, b) => (file(a) < file(b) ? -1 : file(a) > file(b) ? 1 : 0));
  }

  /** The attempt's timeout: the hint's or the configured one, never past the run's deadline. */
  private attemptTimeoutMs(hints: StepHints): number {
    const configuredTimeout =
      this.options.stepTimeoutMs ?? this.workspace.config.executor.step_timeout_seconds * 1000;
    return Math.max(1, Math.min(hints.timeoutMs ?? configuredTimeout, this.remainingMs()));
  }

  /** Fetches through the adapter, keeps the raw snapshot, normalises and validates: the attempt that got data. */
  private async fetchAndValidate(step: AttemptStep): Promise<StepResult> {
    const { goal, timer, fetched } = step;
    if (this.remainingMs() <= 0) throw new DOMException("the run's deadline has passed", "TimeoutError");
    if (!this.workspace.config.sources[goal.source]) {
      throw codedStepError("config_error", {
        code: "source_not_configured",
        source: goal.source,
        file: this.workspace.file,
      });
    }
    const context: StepContext = {
      signal: timer.signal,
      timeoutMs: timer.timeoutMs,
      asOf: this.plan.as_of,
      attempt: step.number,
      requestId: step.requestId,
      ...(this.directory ? { runDirectory: this.directory } : {}),
      trace: (kind, line, detail) => {
        this.trace.add(kind, line, detail ?? {}, goal.id);
      },
      hints: step.hints,
    };
    const raw = await raceAbort(this.read(step, context), timer.signal);
    const adapter = await this.adapters.get(goal.source);
    fetched.request = raw.request;
    fetched.httpStatus = raw.httpStatus;
    if (this.store)
      fetched.rawReference = await this.store.writeRaw(`raw/${goal.id}-${step.number}.json`, raw);
    // Dimension values become catalog keys here, at the adapter boundary, for every kind of source.
    const evidence = canonicalEvidence(adapter.normalize(raw, goal), this.workspace.config.catalog);
    timer.signal.throwIfAborted();
    const validation = validate(goal, evidence, this.plan.as_of, timer.deadline);
    return this.validatedAttempt(step, evidence, validation);
  }

  /** Starts the attempt's read (its leader) or joins it (a follower, which the trace says). */
  private read(step: AttemptStep, context: StepContext): Promise<RawResponse> {
    const { goal, part } = step;
    part.begun = true;
    if (part.leads)
      return part.read.run(context, async (shared) =>
        (await this.adapters.get(goal.source)).fetch(goal, shared),
      );
    this.trace.add(
      "fetch",
      `fetch:${goal.id}:${goal.source}:shared:the same read of another question, already under way`,
      { attempt: step.number },
      goal.id,
    );
    return part.read.join(context);
  }

  /** The result of an attempt that got evidence: succeeded, or failed validation. */
  private validatedAttempt(step: AttemptStep, evidence: Evidence, validation: ValidationOutcome): StepResult {
    const { goal, fetched } = step;
    const times = step.timer.times();
    const failedValidation = validation.passed
      ? {}
      : { error_kind: "validation_failed" as const, error_message: validation.message };
    const attempt: Attempt = {
      request_id: step.requestId,
      ...times,
      ...(fetched.request ? { request: this.workspace.redactor.text(fetched.request) } : {}),
      ...(fetched.httpStatus !== undefined ? { http_status: fetched.httpStatus } : {}),
      ...failedValidation,
    };
    this.trace.add(
      "fetch",
      `fetch:${goal.id}:${goal.source}:ok:${describeEvidence(evidence)}:${times.duration_ms}ms`,
      { attempt: step.number, duration_ms: times.duration_ms },
      goal.id,
    );
    this.trace.add(
      "validate",
      validation.passed
        ? `validate:${goal.id}:pass`
        : `validate:${goal.id}:fail:${validation.failed_clause ?? validation.message ?? ""}`,
      { ...validation },
      goal.id,
    );
    this.evidenceByGoal.set(goal.id, evidence);
    return {
      goal_id: goal.id,
      source: goal.source,
      status: validation.passed ? "succeeded" : "failed",
      attempts: [...step.previous, attempt],
      ...(fetched.rawReference ? { raw_snapshot: fetched.rawReference } : {}),
      evidence,
      validation,
      ...(validation.passed
        ? {}
        : {
            error_kind: "validation_failed" as const,
            error_message: validation.message ?? `rule failed: ${validation.failed_clause}`,
          }),
      duration_ms: times.duration_ms,
    };
  }

  /** The result of an attempt that threw: the error classified, redacted and recorded. */
  private failedAttempt(step: AttemptStep, error: unknown): StepResult {
    const { goal, fetched, timer } = step;
    const failure: StepError = classifyError(error, {
      timedOut: timer.timedOut,
      timeoutMs: timer.timeoutMs,
      cancelled: timer.signal.aborted,
      interrupted: this.options.signal?.aborted === true,
    });
    const times = timer.times();
    const message = this.workspace.redactor.text(failure.message);
    const details = this.workspace.redactor.value({ ...failure.details });
    const status = failure.details.status ?? fetched.httpStatus;
    const attempt: Attempt = {
      request_id: step.requestId,
      ...times,
      ...(fetched.request ? { request: this.workspace.redactor.text(fetched.request) } : {}),
      ...(status !== undefined ? { http_status: status } : {}),
      error_kind: failure.kind,
      error_message: message,
      ...(failure.details.retryAfterSeconds !== undefined
        ? { retry_after_seconds: failure.details.retryAfterSeconds }
        : {}),
    };
    this.trace.add(
      "fetch",
      `fetch:${goal.id}:${goal.source}:${failure.kind}:${times.duration_ms}ms`,
      { attempt: step.number, message, ...details },
      goal.id,
    );
    this.evidenceByGoal.delete(goal.id);
    return {
      goal_id: goal.id,
      source: goal.source,
      status: "failed",
      attempts: [...step.previous, attempt],
      ...(fetched.rawReference ? { raw_snapshot: fetched.rawReference } : {}),
      error_kind: failure.kind,
      error_message: message,
      error_details: { ...details, retryable: failure.retryable },
      duration_ms: times.duration_ms,
    };
  }

  /** Status of the run so far: succeeded when every required goal succeeded. */
  status(): "succeeded" | "partial" {
    const required = this.plan.sub_goals.filter((goal) => goal.required !== false);
    return required.every((goal) => this.results.get(goal.id)?.status === "succeeded")
      ? "succeeded"
      : "partial";
  }

  /** Writes trace.jsonl, run.json and, when given, answer.json and answer.md. */
  async finish(
    output: { answer?: Answer; answerMarkdown?: string; status?: RunSummary["status"] } = {},
  ): Promise<void> {
    if (!this.store) return;
    const summary: RunSummary = {
      id: this.id,
      question: this.plan.question,
      started_at: this.startedIso,
      finished_at: new Date().toISOString(),
      // Cancelled by its caller (not its own deadline): what it holds is not the answer asked for.
      status: this.options.signal?.aborted
        ? "interrupted"
        : (output.status ?? output.answer?.status ?? this.status()),
      goals: [...this.results.values()].map((result) => ({
        id: result.goal_id,
        source: result.source,
        status: result.status,
        ...(result.error_kind ? { error_kind: result.error_kind } : {}),
      })),
    };
    if (output.answer) await this.store.writeJson("answer.json", output.answer);
    if (output.answerMarkdown !== undefined) await this.store.writeText("answer.md", output.answerMarkdown);
    await this.store.writeText(
      "trace.jsonl",
      this.trace.events.map((event) => JSON.stringify(this.workspace.redactor.value(event))).join("\n") +
        "\n",
    );
    await this.store.writeJson("run.json", summary);
  }

  /** Closes the adapters this run created (not a shared pool). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ownsAdapters) await this.adapters.close();
  }
}

/**
 * Creates a run: its folder (with plan.json) and its adapters; nothing is fetched yet. The plan
 * passes the one plan check first, whichever entry point made it: a PlanError, before any folder
 * or request, when it cannot run.
 */
export async function startRun(
  plan: ExecutionPlan,
  workspace: Workspace,
  options: ExecuteOptions = {},
): Promise<Run> {
  const issues = checkPlanAgainstWorkspace(plan, workspace);
  if (issues.length > 0) throw new PlanError("plan", issues);
  const store = options.record === false ? undefined : await RunStore.create(workspace);
  await store?.writeJson("plan.json", plan);
  const adapters = options.adapters ?? new AdapterPool(workspace);
  return new Run(plan, workspace, store, adapters, options.adapters === undefined, options);
}

/** Runs every sub-goal of a plan once and records the run. */
export async function executePlan(
  plan: ExecutionPlan,
  workspace: Workspace,
  options: ExecuteOptions = {},
): Promise<ExecutionResult> {
  const run = await startRun(plan, workspace, options);
  try {
    const results = await run.execute(plan.sub_goals);
    const status = run.status();
    await run.finish({ status });
    return {
      plan,
      results,
      trace: run.trace,
      ...(run.directory ? { directory: run.directory } : {}),
      status,
    };
  } finally {
    await run.close();
  }
}
