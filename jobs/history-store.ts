import type { ReportedNumber } from "./reported-numbers.js";

/** Status of a job run: running until finished; interrupted when it stopped before finishing. */
export type JobRunStatus = "running" | "answered" | "partial" | "failed" | "interrupted";

/** Status of one question of a run (an Answer status, or failed when it threw, or interrupted). */
export type QuestionRunStatus = "answered" | "partial" | "unanswerable" | "direct" | "failed" | "interrupted";

/** One row of job_runs. */
export interface JobRunRecord {
  id: number;
  job: string;
  status: JobRunStatus;
  as_of: string;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  exit_code: number | null;
  questions_total: number;
  questions_answered: number;
  report_files: string[];
  error: string | null;
  pid: number;
  host: string;
  /**
   * The schedule slot this run is the run of (ISO 8601, the cron time), when a scheduler or a queue
   * worker started it; null for a run started by hand. A store keeps at most one run per job and
   * slot that was not interrupted.
   */
  slot: string | null;
}

/** One row of question_runs. */
export interface QuestionRunRecord {
  run_id: number;
  question_id: string;
  question: string;
  status: QuestionRunStatus;
  duration_ms: number;
  run_directory: string | null;
  error: string | null;
}

/** A number as stored: its metric, keys and value, for one question of one run. */
export interface StoredNumber extends ReportedNumber {
  run_id: number;
  question_id: string;
  key: string;
}

/** What a finished question contributes to the history. */
export interface QuestionRecordInput {
  question_id: string;
  question: string;
  status: QuestionRunStatus;
  duration_ms: number;
  run_directory?: string;
  error?: string;
  numbers: (ReportedNumber & { key: string })[];
}

/** What finishing a run records. */
export interface FinishRunInput {
  status: Exclude<JobRunStatus, "running">;
  finishedAt: Date;
  durationMs: number;
  exitCode: number;
  reportFiles: string[];
  error?: string;
  questions: QuestionRecordInput[];
}

/**
 * One run as `triangulate history export` writes it (a line of JSON) and `history import` reads
 * it: the run's row, its questions and its numbers. The id is the exporting store's; an import
 * gives the run a new one.
 */
export interface ExportedRun {
  run: JobRunRecord;
  questions: QuestionRunRecord[];
  numbers: StoredNumber[];
}

/**
 * The run history of a workspace's report jobs, whichever engine keeps it: SQLite in the workspace
 * (`jobs/sqlite-history-store.ts`, the one-machine default) or a PostgreSQL every worker reaches
 * (`jobs/postgres-history-store.ts`), chosen by `history:` in triangulate.yaml
 * (`jobs/open-history.ts`). A run row is inserted as `running` before any question runs, and
 * finished with its questions and numbers in one transaction, so a crash leaves either a finished
 * run or a `running` row that a later open marks `interrupted`. Asynchronous because a server
 * answers over the network; the SQLite store answers at once.
 */
export interface HistoryStore {
  /** Where the history is kept, safe to print: a file, or the server's URL without its password. */
  readonly location: string;

  /**
   * An exclusive lock on one job across every process that shares this history (the scheduler,
   * workers, a person at a terminal). Throws JobLockedError when another holds it; the returned
   * function releases it.
   */
  lockJob(job: string): Promise<() => Promise<void>>;

  /**
   * Marks `running` rows whose process is gone (crashed, killed) as interrupted and returns how
   * many. A store that cannot tell whether a process on another host is alive leaves such rows
   * alone unless `anyHost` says the caller holds the job's lock (so no run of it is live).
   */
  recoverInterrupted(job?: string, options?: { anyHost?: boolean }): Promise<number>;

  /**
   * Inserts a run as `running` and returns its id. With a `slot`, throws SlotAlreadyRunError when a
   * run of that job and slot is already recorded and was not interrupted (running or finished):
   * the store's unique key, whatever the callers did before.
   */
  startRun(input: {
    job: string;
    asOf: string;
    startedAt: Date;
    questionsTotal: number;
    slot?: string;
  }): Promise<number>;

  /** The run of a job for a schedule slot that was not interrupted (running or finished), if any. */
  slotRun(job: string, slot: string): Promise<JobRunRecord | undefined>;

  /** Finishes a run: its status, questions and numbers, all in one transaction. */
  finishRun(runId: number, input: FinishRunInput): Promise<void>;

  /** The newest finished (answered or partial) run of a job before `beforeRunId`, if any. */
  previousFinishedRun(job: string, beforeRunId?: number): Promise<JobRunRecord | undefined>;

  /** One run by id. */
  run(runId: number): Promise<JobRunRecord | undefined>;

  /** Runs, newest first, of one job or all jobs (20 unless `limit` says otherwise). */
  listRuns(options?: { job?: string; limit?: number }): Promise<JobRunRecord[]>;

  /** The questions of a run, in the order they were recorded. */
  questions(runId: number): Promise<QuestionRunRecord[]>;

  /** The numbers a run reported, in the order they were recorded. */
  numbers(runId: number): Promise<StoredNumber[]>;

  /**
   * Applies retention to one job: keeps the newest `runs` runs and runs started within `days`
   * days (both when both are set), never a running row. Returns the deleted runs so their report
   * files can be removed.
   */
  applyRetention(
    job: string,
    retention: { runs?: number; days?: number },
    now?: Date,
  ): Promise<JobRunRecord[]>;

  /** Adds an exported run (from this or another store) with a new id, in one transaction; returns the id. */
  importRun(exported: ExportedRun): Promise<number>;

  /** Closes the store (checkpoints SQLite's WAL; ends the server session). */
  close(): Promise<void>;
}

/**
 * The history store could not be used: the server is down or unreachable, refused the credentials,
 * or the database is missing. The message names the store by its safe location, never a password.
 */
export class HistoryStoreError extends Error {
  override readonly name = "HistoryStoreError";
  constructor(
    readonly kind: "history_unreachable" | "auth_error" | "config_error" | "history_error",
    message: string,
    /** The server's SQLSTATE when it gave one (23505: a unique key refused the row). */
    readonly code?: string,
  ) {
    super(message);
  }
}
