import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { AdapterPool } from "../adapters/registry.js";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import { resolveAsOf } from "../jobs/as-of-rule.js";
import { loadJob } from "../jobs/job-file.js";
import { JobLockedError } from "../jobs/job-lock.js";
import { runJob } from "../jobs/job-runner.js";
import { SlotAlreadyRunError } from "../jobs/slot-already-run-error.js";
import { askQuestion } from "../planner/ask.js";
import { type AskResultJson, askResultJson } from "../planner/ask-result-json.js";
import type { AskJobData, JobProgress, ReportJobData, ReportJobResult } from "./queue-jobs.js";

/** One loaded version of the workspace with the adapters opened for it. */
interface WarmState {
  workspace: Workspace;
  pool: AdapterPool;
  /** sha256 of triangulate.yaml as loaded. */
  hash: string;
  /** Jobs running on this state; a replaced state is closed when the last one ends. */
  users: number;
  retired: boolean;
}

/** What a job hands the runner besides its data. */
export interface RunContext {
  signal?: AbortSignal;
  onProgress?: (progress: JobProgress) => void;
  /**
   * An earlier attempt of this very job started on some worker (the queue took that worker for
   * dead): a report run then waits for the job's lock instead of skipping, since its holder may be
   * that earlier attempt, still running the slot.
   */
  retry?: boolean;
}

/**
 * One worker process's warm state: the workspace loaded once, and one AdapterPool kept open between
 * jobs, so the browser of the BI sources stays up, its sessions stay signed in, and the knowledge
 * bases' LanceDB tables stay open. Before each job triangulate.yaml is hashed; when it changed the
 * workspace is loaded again and new jobs use a new pool, while jobs already running finish on the
 * old one (closed after the last of them). A triangulate.yaml that no longer loads fails the jobs
 * with its ConfigError instead of answering from the old catalog.
 */
export class WarmRunner {
  private current?: WarmState;
  readonly worker = `${hostname()}:${process.pid}`;

  constructor(
    private readonly directory: string,
    private readonly environment: NodeJS.ProcessEnv = process.env,
  ) {}

  /** Loads the workspace now (a worker fails at start, not at its first job, on a broken file). */
  warm(): Workspace {
    const state = this.acquire();
    this.release(state);
    return state.workspace;
  }

  /** Answers a question; the result is what `ask --json` prints, with the workspace's secrets redacted. */
  async ask(data: AskJobData, context: RunContext = {}): Promise<AskResultJson> {
    const state = this.acquire();
    try {
      context.onProgress?.({ kind: "started", worker: this.worker });
      const result = await askQuestion(data.question, state.workspace, {
        strategy: data.strategy,
        ...(data.planner ? { planner: data.planner } : {}),
        asOf: data.as_of,
        ...(data.max_iterations !== undefined ? { maxIterations: data.max_iterations } : {}),
        adapters: state.pool,
        ...(context.signal ? { signal: context.signal } : {}),
        ...(context.onProgress && data.trace !== false
          ? { onTrace: (event) => context.onProgress?.({ kind: "trace", t: event.t, line: event.line }) }
          : {}),
      });
      return state.workspace.redactor.value(askResultJson(result));
    } finally {
      this.release(state);
    }
  }

  /**
   * Runs one scheduled run of a report job: the as-of date is resolved against the schedule slot
   * (so a run retried by another worker reports the same period), and the run is recorded in the
   * workspace's run history as a local run is.
   */
  async runReport(data: ReportJobData, context: RunContext = {}): Promise<ReportJobResult> {
    const state = this.acquire();
    try {
      context.onProgress?.({ kind: "started", worker: this.worker });
      const job = loadJob(state.workspace, data.job, { environment: this.environment });
      const slot = new Date(data.slot);
      let result: Awaited<ReturnType<typeof runJob>>;
      try {
        result = await runJob(job, state.workspace, {
          asOf: resolveAsOf(job.config.as_of, slot, job.config.timezone),
          adapters: state.pool,
          slot,
          waitForLock: context.retry === true,
          onLockWait: (held) => context.onProgress?.({ kind: "waiting", reason: held.message }),
          ...(context.signal ? { signal: context.signal } : {}),
          onProgress: (event) => context.onProgress?.(event),
        });
      } catch (error) {
        // The slot's run is in the history already: its outcome is this job's, and it is not run again.
        if (error instanceof SlotAlreadyRunError)
          return {
            job: data.job,
            slot: data.slot,
            run_id: error.run.id,
            status: error.run.status,
            // No exit code only while that run still runs: not done yet, as an interrupted run.
            exit_code: error.run.exit_code ?? 1,
            files: error.run.report_files,
            worker: `${error.run.host}:${error.run.pid}`,
            recorded_earlier: true,
          };
        // A first attempt finds the job run by someone else now (a person's `report run`, another
        // slot's run): as the local scheduler does, this run is skipped rather than run beside it.
        // (A retried attempt waited for the lock instead: its holder may be its own first attempt.)
        if (error instanceof JobLockedError)
          return {
            job: data.job,
            slot: data.slot,
            run_id: null,
            status: "skipped",
            reason: error.message,
            exit_code: 0,
            files: [],
            worker: this.worker,
          };
        throw error;
      }
      return {
        job: data.job,
        slot: data.slot,
        run_id: result.report.run_id,
        status: result.report.status,
        exit_code: result.exitCode,
        files: result.report.files,
        worker: this.worker,
      };
    } finally {
      this.release(state);
    }
  }

  /** Closes the adapters (the browser, the knowledge bases). */
  async close(): Promise<void> {
    const state = this.current;
    this.current = undefined;
    if (state) await state.pool.close();
  }

  private acquire(): WarmState {
    const file = this.current?.workspace.file;
    const hash = file ? hashOf(file) : undefined;
    if (!this.current || hash !== this.current.hash) {
      // Loading throws ConfigError with every problem: the job fails with it, the old state stays
      // for the jobs still running on it.
      const workspace = loadWorkspace(this.directory, { environment: this.environment });
      const previous = this.current;
      this.current = {
        workspace,
        pool: new AdapterPool(workspace),
        hash: hashOf(workspace.file),
        users: 0,
        retired: false,
      };
      if (previous) {
        previous.retired = true;
        if (previous.users === 0) void previous.pool.close();
      }
    }
    this.current.users += 1;
    return this.current;
  }

  private release(state: WarmState): void {
    state.users -= 1;
    if (state.retired && state.users === 0) void state.pool.close();
  }
}

function hashOf(file: string): string {
  try {
    return createHash("sha256").update(readFileSync(file)).digest("hex");
  } catch {
    // Gone or unreadable: a changed file, so the next load says what is wrong.
    return "unreadable";
  }
}
