import { rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { AdapterPool } from "../adapters/registry.js";
import type { Workspace } from "../config/workspace.js";
import { writeFileAtomic } from "../executor/atomic-write.js";
import { raceAbort } from "../executor/race-abort.js";
import type { JobQuestion, ReportFormat } from "../models/job.js";
import { dateInTimezone, resolveAsOf } from "./as-of-rule.js";
import { type ChangesSinceLastRun, compareRuns } from "./changes-since-last-run.js";
import type { HistoryStore, QuestionRunStatus } from "./history-store.js";
import type { LoadedJob } from "./job-file.js";
import { JobLockedError } from "./job-lock.js";
import type { JobReport, JobStatus, QuestionReport } from "./job-report.js";
import { openHistory } from "./open-history.js";
import { defaultQuestionAnswerer, type QuestionAnswerer } from "./question-answerer.js";
import { chartForChanges, chartForConflicts, chartsForNumbers, type ReportChart } from "./report-charts.js";
import { renderHtmlReport } from "./report-html.js";
import { renderMarkdownReport } from "./report-markdown.js";
import { dimensionOrderOf, extractReportedNumbers, numberKey } from "./reported-numbers.js";
import { SlotAlreadyRunError } from "./slot-already-run-error.js";

/** Options of one job run. */
export interface RunJobOptions {
  /** Overrides the job's as-of rule (YYYY-MM-DD). */
  asOf?: string;
  /** The clock, for as-of rules and file names (tests pin it). */
  now?: Date;
  /** Answers each question; the default uses the planner and the reflector. */
  answerer?: QuestionAnswerer;
  /**
   * Adapters to answer with, kept open by the caller (a queue worker keeps one browser warm between
   * jobs); not closed here. Without it the run opens its own pool and closes it at the end.
   */
  adapters?: AdapterPool;
  /** Stops the run: the current question is cancelled and the run is recorded as interrupted. */
  signal?: AbortSignal;
  /**
   * The schedule slot this run is the run of (the cron time). The history keeps one run per job
   * and slot: when the slot's run is already recorded, the run throws SlotAlreadyRunError carrying
   * it instead of running the questions again. Without `asOf`, the as-of rule is resolved against
   * the slot.
   */
  slot?: Date;
  /**
   * When the job's lock is held, wait for it (checking every second, until `signal` aborts)
   * instead of throwing JobLockedError. A queue worker retrying a slot whose first worker was taken
   * for dead waits so: the holder may be that first worker, still running the slot.
   */
  waitForLock?: boolean;
  /** Called once when the run starts waiting for the job's lock (with who holds it). */
  onLockWait?: (held: JobLockedError) => void;
  /** Called as each question starts and ends (progress lines, scheduler logs). */
  onProgress?: (event: {
    kind: "question-start" | "question-end";
    id: string;
    index: number;
    total: number;
    status?: QuestionRunStatus;
    duration_ms?: number;
  }) => void;
}

/** What a job run produced. */
export interface JobRunResult {
  report: JobReport;
  exitCode: number;
  /** Absolute paths of the report files written. */
  files: string[];
}

/** How long an interrupted run waits for its sources to close before it returns. */
const INTERRUPTED_CLOSE_MS = 3000;

/** Exit codes of a job run, the CLI's contract: 0 all answered, 1 could not run, 2 partial. */
export const JobExitCode = { ok: 0, couldNotRun: 1, partial: 2 } as const;

const EXTENSIONS: Record<ReportFormat, string> = { markdown: "md", html: "html", json: "json" };

/** The report file name (without folder) for a format: returns-weekly-2024-02-01.md. */
export function reportFileName(
  pattern: string,
  values: { job: string; as_of: string; run_date: string },
  format: ReportFormat,
): string {
  return `${pattern.replaceAll("{job}", values.job).replaceAll("{as_of}", values.as_of).replaceAll("{run_date}", values.run_date)}.${EXTENSIONS[format]}`;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return (
    signal.aborted ||
    (error instanceof Error &&
      (error.name === "AbortError" || (error as { kind?: string }).kind === "aborted"))
  );
}

/** Exit code of a job status: 0 all answered, 2 partial or failed questions, 1 interrupted (did not complete). */
export function exitCodeOf(status: JobStatus): number {
  return status === "answered"
    ? JobExitCode.ok
    : status === "interrupted"
      ? JobExitCode.couldNotRun
      : JobExitCode.partial;
}

/**
 * Runs every question of a job with one shared AdapterPool (one browser, the sources' sessions),
 * records the run and its numbers in the history, compares them with the previous run, writes the
 * reports atomically and applies retention. Throws JobLockedError when the job is already running
 * (unless `waitForLock`), SlotAlreadyRunError when its `slot` already has its run.
 */
export async function runJob(
  job: LoadedJob,
  workspace: Workspace,
  options: RunJobOptions = {},
): Promise<JobRunResult> {
  const config = job.config;
  const now = options.now ?? new Date();
  // A slot's run reports the slot's period, whenever its scheduler got to it (late, or retried).
  const asOf = options.asOf ?? resolveAsOf(config.as_of, options.slot ?? now, config.timezone);
  const answerer = options.answerer ?? defaultQuestionAnswerer;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const history = await openHistory(workspace);
  const slot = options.slot?.toISOString();
  let release: () => Promise<void>;
  try {
    release = await lockJobRun(history, config.name, options);
  } catch (error) {
    await history.close();
    throw error;
  }
  const started = performance.now();
  let runId: number | undefined;
  const pool = options.adapters ?? new AdapterPool(workspace);
  const ownsPool = options.adapters === undefined;
  try {
    // Holding the job's lock means no other run of this job is alive, on any host.
    await history.recoverInterrupted(config.name, { anyHost: true });
    if (slot !== undefined) {
      const earlier = await history.slotRun(config.name, slot);
      if (earlier) throw new SlotAlreadyRunError(earlier);
    }
    runId = await history.startRun({
      job: config.name,
      asOf,
      startedAt: now,
      questionsTotal: config.questions.length,
      ...(slot !== undefined ? { slot } : {}),
    });
    const labels = Object.fromEntries(
      Object.entries(workspace.config.catalog.metrics ?? {}).map(([name, metric]) => [
        name,
        metric.label ?? name,
      ]),
    );
    const dimensionOrder = dimensionOrderOf(workspace);
    const questions: QuestionReport[] = [];
    for (const [index, question] of config.questions.entries()) {
      // Interrupted: the questions not yet started are not run (the run records as interrupted).
      if (controller.signal.aborted) break;
      options.onProgress?.({
        kind: "question-start",
        id: question.id,
        index,
        total: config.questions.length,
      });
      const report = await answerOne(question, {
        workspace,
        asOf,
        answerer,
        pool,
        signal: controller.signal,
        options: config.options,
        dimensionOrder,
      });
      questions.push(report);
      options.onProgress?.({
        kind: "question-end",
        id: question.id,
        index,
        total: config.questions.length,
        status: report.status,
        duration_ms: report.duration_ms,
      });
    }
    const interrupted = controller.signal.aborted;
    const status: JobStatus = interrupted
      ? "interrupted"
      : questions.every((question) => question.status === "answered" || question.status === "direct")
        ? "answered"
        : // Nothing established at all: a failed run, which is never the baseline for the next comparison.
          questions.every((question) => question.status === "failed" || question.status === "unanswerable")
          ? "failed"
          : "partial";
    const previous = await history.previousFinishedRun(config.name, runId);
    const current = dedupeByKey(questions.flatMap((question) => question.numbers));
    const changes: ChangesSinceLastRun = previous
      ? {
          previous_run: { id: previous.id, as_of: previous.as_of, started_at: previous.started_at },
          changes: compareRuns(dedupeByKey(await history.numbers(previous.id)), current, config.thresholds, {
            labels,
            dimensionOrder,
          }),
          highlighted: 0,
        }
      : { changes: [], highlighted: 0 };
    changes.highlighted = changes.changes.filter((change) => change.highlighted).length;
    const finished = new Date(now.getTime() + (performance.now() - started));
    const report: JobReport = {
      job: config.name,
      ...(config.description ? { description: config.description } : {}),
      run_id: runId,
      status,
      as_of: asOf,
      timezone: config.timezone,
      started_at: now.toISOString(),
      finished_at: finished.toISOString(),
      duration_ms: Math.round(performance.now() - started),
      questions,
      changes,
      files: [],
    };
    // An interrupted run writes no report: a half report with a current date would look complete.
    const files = interrupted
      ? []
      : await writeReports(report, job, workspace, {
          labels,
          dimensionOrder,
          runDate: dateInTimezone(now, config.timezone),
        });
    report.files = files.map((file) => path.relative(workspace.root, file));
    const exitCode = exitCodeOf(status);
    await history.finishRun(runId, {
      status,
      finishedAt: finished,
      durationMs: report.duration_ms,
      exitCode,
      reportFiles: report.files,
      ...(interrupted ? { error: `interrupted: ${String(controller.signal.reason ?? "signal")}` } : {}),
      questions: questions.map((question) => ({
        question_id: question.id,
        question: question.question,
        status: question.status,
        duration_ms: question.duration_ms,
        ...(question.run_directory ? { run_directory: question.run_directory } : {}),
        ...(question.error ? { error: question.error } : {}),
        numbers: question.numbers,
      })),
    });
    await applyRetention(history, job, workspace, now);
    return { report, exitCode, files };
  } catch (error) {
    if (runId !== undefined) {
      try {
        await history.finishRun(runId, {
          status: "failed",
          finishedAt: new Date(),
          durationMs: performance.now() - started,
          exitCode: JobExitCode.couldNotRun,
          reportFiles: [],
          error: workspace.redactor.text(String(error)),
          questions: [],
        });
      } catch {
        // The run stays `running` and is marked interrupted next time; the original error matters more.
      }
    }
    throw error;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    // The caller's adapters stay open for its next job.
    if (ownsPool && controller.signal.aborted) {
      // After Ctrl-C a browser still busy with a step can take that step's whole timeout to close;
      // the run is already recorded, and the process's exit kills what is left (the browser safety
      // net), so the wait is bounded.
      await Promise.race([
        pool.close(),
        new Promise((resolve) => setTimeout(resolve, INTERRUPTED_CLOSE_MS).unref()),
      ]);
    } else if (ownsPool) {
      await pool.close();
    }
    // The lock is released before the store closes: a PostgreSQL lock lives in the store's session.
    await release().catch(() => undefined);
    await history.close();
  }
}

/** How often a run waiting for its job's lock tries again. */
const LOCK_WAIT_POLL_MS = 1000;

/** Takes the job's lock; with `waitForLock`, waits while another holds it (until the signal aborts). */
async function lockJobRun(
  history: HistoryStore,
  job: string,
  options: RunJobOptions,
): Promise<() => Promise<void>> {
  for (let waiting = false; ; waiting = true) {
    try {
      return await history.lockJob(job);
    } catch (error) {
      if (!(error instanceof JobLockedError) || !options.waitForLock) throw error;
      if (!waiting) options.onLockWait?.(error);
      await delay(LOCK_WAIT_POLL_MS, undefined, options.signal ? { signal: options.signal } : {});
    }
  }
}

async function answerOne(
  question: JobQuestion,
  context: {
    workspace: Workspace;
    asOf: string;
    answerer: QuestionAnswerer;
    pool: AdapterPool;
    signal: AbortSignal;
    options: LoadedJob["config"]["options"];
    dimensionOrder: string[];
  },
): Promise<QuestionReport> {
  const text = "question" in question ? question.question : question.plan;
  const base = {
    id: question.id,
    title: question.title ?? shorten(text),
    question: text,
    ...("plan" in question ? { plan_file: question.plan } : {}),
  };
  if (context.signal.aborted)
    return { ...base, status: "interrupted", duration_ms: 0, evidence: [], numbers: [], trace: [] };
  const started = performance.now();
  try {
    // Raced against the signal so a stop is recorded promptly even if an answerer ignores it.
    const outcome = await raceAbort(
      context.answerer(question, {
        workspace: context.workspace,
        asOf: context.asOf,
        adapters: context.pool,
        signal: context.signal,
        options: context.options,
      }),
      context.signal,
    );
    const goals = new Map((outcome.plan?.sub_goals ?? []).map((goal) => [goal.id, goal]));
    const numbers = extractReportedNumbers(outcome, context.workspace).map((number) => ({
      ...number,
      key: numberKey(number.metric, number.keys, context.dimensionOrder),
    }));
    return {
      ...base,
      question: "plan" in question ? (outcome.plan?.question ?? text) : text,
      title: question.title ?? shorten("plan" in question ? (outcome.plan?.question ?? text) : text),
      status: context.signal.aborted ? "interrupted" : outcome.answer.status,
      duration_ms: Math.round(performance.now() - started),
      answer: outcome.answer,
      evidence: outcome.results.map((result) => ({
        goal: result.goal_id,
        source: result.source,
        status: result.status,
        ...(goals.get(result.goal_id)?.description
          ? { description: goals.get(result.goal_id)?.description }
          : {}),
        ...(result.evidence ? { evidence: result.evidence } : {}),
        ...(result.error_message
          ? {
              error: context.workspace.redactor.text(
                `${result.error_kind ?? "error"}: ${result.error_message}`,
              ),
            }
          : {}),
      })),
      numbers,
      trace: outcome.trace,
      ...(outcome.runDirectory
        ? { run_directory: shownRunDirectory(context.workspace, outcome.runDirectory) }
        : {}),
    };
  } catch (error) {
    const message = context.workspace.redactor.text(
      error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    );
    return {
      ...base,
      status: isAbort(error, context.signal) ? "interrupted" : "failed",
      duration_ms: Math.round(performance.now() - started),
      error: message,
      evidence: [],
      numbers: [],
      trace: [],
    };
  }
}

/** A heading-sized title from a question: its first 90 characters. */
function shorten(text: string): string {
  const characters = [...text.replace(/\s+/g, " ").trim()];
  return characters.length > 90 ? `${characters.slice(0, 89).join("")}…` : characters.join("");
}

function dedupeByKey<T extends { key: string }>(numbers: T[]): T[] {
  const seen = new Map<string, T>();
  for (const number of numbers) if (!seen.has(number.key)) seen.set(number.key, number);
  return [...seen.values()];
}

async function writeReports(
  report: JobReport,
  job: LoadedJob,
  workspace: Workspace,
  context: { labels: Record<string, string>; dimensionOrder: string[]; runDate: string },
): Promise<string[]> {
  const outputs = job.config.outputs;
  const directory = workspace.resolveInside(outputs.directory);
  const names = { job: report.job, as_of: report.as_of, run_date: context.runDate };
  const files = outputs.formats.map((format) =>
    path.join(directory, reportFileName(outputs.file_name, names, format)),
  );
  report.files = files.map((file) => path.relative(workspace.root, file));
  const contents: string[] = [];
  for (const format of outputs.formats) {
    if (format === "markdown") contents.push(renderMarkdownReport(report));
    if (format === "json") contents.push(`${JSON.stringify(workspace.redactor.value(report), null, 2)}\n`);
    if (format === "html") {
      const questionCharts: Record<string, ReportChart[]> = {};
      for (const question of report.questions) {
        const conflicts = await chartForConflicts(question.answer?.conflicts ?? [], context.labels);
        const numbers = await chartsForNumbers(question.numbers, context.labels, context.dimensionOrder);
        questionCharts[question.id] = [...(conflicts ? [conflicts] : []), ...numbers];
      }
      const changes = await chartForChanges(report.changes.changes);
      contents.push(renderHtmlReport(report, { questions: questionCharts, ...(changes ? { changes } : {}) }));
    }
  }
  // Render everything first, then write: a rendering failure leaves no new file behind.
  for (const [index, file] of files.entries())
    await writeFileAtomic(file, workspace.redactor.text(contents[index]));
  return files;
}

async function applyRetention(
  history: HistoryStore,
  job: LoadedJob,
  workspace: Workspace,
  now: Date,
): Promise<void> {
  const removed = await history.applyRetention(job.config.name, job.config.retention, now);
  const current = new Set(
    (await history.listRuns({ job: job.config.name, limit: 1_000_000 })).flatMap((run) => run.report_files),
  );
  for (const run of removed) {
    for (const relative of run.report_files) {
      // Only files this history wrote, still inside the workspace, and not re-used by a kept run (same as-of date).
      if (current.has(relative)) continue;
      try {
        rmSync(workspace.resolveInside(relative), { force: true });
      } catch {
        // A path now outside the workspace is left alone.
      }
    }
  }
}

/**
 * A run folder as the report and the history name it: relative to the workspace when inside it,
 * absolute when `history.runs_directory` is a shared folder outside (what every worker mounts).
 */
function shownRunDirectory(workspace: Workspace, directory: string): string {
  const relative = path.relative(workspace.root, directory);
  return relative.startsWith("..") || path.isAbsolute(relative) ? directory : relative;
}
