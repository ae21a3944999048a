import { mkdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Workspace } from "../config/workspace.js";
import { isProcessAlive } from "../domain/lock-file.js";
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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS job_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  job TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running','answered','partial','failed','interrupted')),
  as_of TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  duration_ms INTEGER,
  exit_code INTEGER,
  questions_total INTEGER NOT NULL,
  questions_answered INTEGER NOT NULL DEFAULT 0,
  report_files TEXT NOT NULL DEFAULT '[]',
  error TEXT,
  pid INTEGER NOT NULL,
  host TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS job_runs_by_job ON job_runs (job, id);
CREATE TABLE IF NOT EXISTS question_runs (
  run_id INTEGER NOT NULL REFERENCES job_runs (id) ON DELETE CASCADE,
  question_id TEXT NOT NULL,
  question TEXT NOT NULL,
  status TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  run_directory TEXT,
  error TEXT,
  PRIMARY KEY (run_id, question_id)
);
CREATE TABLE IF NOT EXISTS reported_numbers (
  run_id INTEGER NOT NULL REFERENCES job_runs (id) ON DELETE CASCADE,
  question_id TEXT NOT NULL,
  metric TEXT NOT NULL,
  key TEXT NOT NULL,
  keys_json TEXT NOT NULL,
  value REAL NOT NULL,
  unit TEXT,
  source TEXT NOT NULL,
  goal TEXT
);
CREATE INDEX IF NOT EXISTS reported_numbers_by_run ON reported_numbers (run_id);
`;

/** Path of a workspace's history database. */
export function historyFileOf(workspace: Workspace): string {
  return path.join(workspace.stateDirectory, "history.sqlite");
}

/**
 * The run history of a workspace's report jobs in SQLite (WAL). A run row is inserted as
 * `running` before any question runs, and finished with its questions and numbers in one
 * transaction, so a crash leaves either a finished run or a `running` row that the next open
 * marks `interrupted`.
 */
export class RunHistory {
  private readonly database: Database.Database;

  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.database = new Database(file);
    this.database.pragma("journal_mode = WAL");
    this.database.pragma("synchronous = NORMAL");
    this.database.pragma("foreign_keys = ON");
    this.database.pragma("busy_timeout = 5000");
    this.database.exec(SCHEMA);
  }

  /** Opens the history of a workspace (creating .triangulate/history.sqlite on first use). */
  static open(workspace: Workspace): RunHistory {
    return new RunHistory(historyFileOf(workspace));
  }

  /**
   * Marks `running` rows whose process is gone (crashed, killed) as interrupted. Rows of a process
   * on another host cannot be checked and are left alone, unless `anyHost` says the caller knows
   * no run of the job is live (it holds the job's lock).
   */
  recoverInterrupted(job?: string, options: { anyHost?: boolean } = {}): number {
    const rows = this.database
      .prepare<[string | null, string | null], { id: number; pid: number; host: string }>(
        "SELECT id, pid, host FROM job_runs WHERE status = 'running' AND (? IS NULL OR job = ?)",
      )
      .all(job ?? null, job ?? null);
    const host = hostname();
    const stale = rows.filter(
      (row) =>
        (options.anyHost && row.pid !== process.pid) ||
        (row.host === host && row.pid !== process.pid && !isProcessAlive(row.pid)),
    );
    const mark = this.database.prepare(
      "UPDATE job_runs SET status = 'interrupted', error = COALESCE(error, 'the process stopped before the run finished') WHERE id = ?",
    );
    this.database.transaction(() => {
      for (const row of stale) mark.run(row.id);
    })();
    return stale.length;
  }

  /** Inserts a run as `running` and returns its id. */
  startRun(input: { job: string; asOf: string; startedAt: Date; questionsTotal: number }): number {
    const result = this.database
      .prepare(
        "INSERT INTO job_runs (job, status, as_of, started_at, questions_total, pid, host) VALUES (?, 'running', ?, ?, ?, ?, ?)",
      )
      .run(
        input.job,
        input.asOf,
        input.startedAt.toISOString(),
        input.questionsTotal,
        process.pid,
        hostname(),
      );
    return Number(result.lastInsertRowid);
  }

  /** Finishes a run: its status, questions and numbers, all in one transaction. */
  finishRun(
    runId: number,
    input: {
      status: Exclude<JobRunStatus, "running">;
      finishedAt: Date;
      durationMs: number;
      exitCode: number;
      reportFiles: string[];
      error?: string;
      questions: QuestionRecordInput[];
    },
  ): void {
    const insertQuestion = this.database.prepare(
      "INSERT OR REPLACE INTO question_runs (run_id, question_id, question, status, duration_ms, run_directory, error) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    const insertNumber = this.database.prepare(
      "INSERT INTO reported_numbers (run_id, question_id, metric, key, keys_json, value, unit, source, goal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const update = this.database.prepare(
      "UPDATE job_runs SET status = ?, finished_at = ?, duration_ms = ?, exit_code = ?, report_files = ?, error = ?, questions_answered = ? WHERE id = ?",
    );
    this.database.transaction(() => {
      for (const question of input.questions) {
        insertQuestion.run(
          runId,
          question.question_id,
          question.question,
          question.status,
          Math.round(question.duration_ms),
          question.run_directory ?? null,
          question.error ?? null,
        );
        for (const number of question.numbers) {
          insertNumber.run(
            runId,
            question.question_id,
            number.metric,
            number.key,
            JSON.stringify(number.keys),
            number.value,
            number.unit ?? null,
            number.source,
            number.goal ?? null,
          );
        }
      }
      const answered = input.questions.filter(
        (question) => question.status === "answered" || question.status === "direct",
      ).length;
      update.run(
        input.status,
        input.finishedAt.toISOString(),
        Math.round(input.durationMs),
        input.exitCode,
        JSON.stringify(input.reportFiles),
        input.error ?? null,
        answered,
        runId,
      );
    })();
  }

  /** The newest finished (answered or partial) run of a job before `beforeRunId`, if any. */
  previousFinishedRun(job: string, beforeRunId?: number): JobRunRecord | undefined {
    const row = this.database
      .prepare<[string, number], RawRunRow>(
        "SELECT * FROM job_runs WHERE job = ? AND id < ? AND status IN ('answered','partial') ORDER BY id DESC LIMIT 1",
      )
      .get(job, beforeRunId ?? Number.MAX_SAFE_INTEGER);
    return row ? toRecord(row) : undefined;
  }

  /** One run by id. */
  run(runId: number): JobRunRecord | undefined {
    const row = this.database.prepare<[number], RawRunRow>("SELECT * FROM job_runs WHERE id = ?").get(runId);
    return row ? toRecord(row) : undefined;
  }

  /** Runs, newest first, of one job or all jobs. */
  listRuns(options: { job?: string; limit?: number } = {}): JobRunRecord[] {
    return this.database
      .prepare<[string | null, string | null, number], RawRunRow>(
        "SELECT * FROM job_runs WHERE (? IS NULL OR job = ?) ORDER BY id DESC LIMIT ?",
      )
      .all(options.job ?? null, options.job ?? null, options.limit ?? 20)
      .map(toRecord);
  }

  /** The questions of a run, in the order they were recorded. */
  questions(runId: number): QuestionRunRecord[] {
    return this.database
      .prepare<[number], QuestionRunRecord>("SELECT * FROM question_runs WHERE run_id = ? ORDER BY rowid")
      .all(runId);
  }

  /** The numbers a run reported. */
  numbers(runId: number): StoredNumber[] {
    return this.database
      .prepare<
        [number],
        {
          run_id: number;
          question_id: string;
          metric: string;
          key: string;
          keys_json: string;
          value: number;
          unit: string | null;
          source: string;
          goal: string | null;
        }
      >("SELECT * FROM reported_numbers WHERE run_id = ? ORDER BY rowid")
      .all(runId)
      .map((row) => ({
        run_id: row.run_id,
        question_id: row.question_id,
        metric: row.metric,
        key: row.key,
        keys: JSON.parse(row.keys_json) as Record<string, string>,
        value: row.value,
        source: row.source,
        ...(row.unit ? { unit: row.unit } : {}),
        ...(row.goal ? { goal: row.goal } : {}),
      }));
  }

  /**
   * Applies retention to one job: keeps the newest `runs` runs and runs started within `days`
   * days (both when both are set), never a running row. Returns the deleted runs so their report
   * files can be removed.
   */
  applyRetention(
    job: string,
    retention: { runs?: number; days?: number },
    now: Date = new Date(),
  ): JobRunRecord[] {
    if (retention.runs === undefined && retention.days === undefined) return [];
    const all = this.database
      .prepare<[string], RawRunRow>("SELECT * FROM job_runs WHERE job = ? ORDER BY id DESC")
      .all(job)
      .map(toRecord);
    const cutoff =
      retention.days === undefined
        ? undefined
        : new Date(now.getTime() - retention.days * 86_400_000).toISOString();
    const doomed = all.filter(
      (run, index) =>
        run.status !== "running" &&
        ((retention.runs !== undefined && index >= retention.runs) ||
          (cutoff !== undefined && run.started_at < cutoff)),
    );
    const remove = this.database.prepare("DELETE FROM job_runs WHERE id = ?");
    this.database.transaction(() => {
      for (const run of doomed) remove.run(run.id);
    })();
    return doomed;
  }

  /** Closes the database (checkpointing the WAL). */
  close(): void {
    if (this.database.open) this.database.close();
  }
}

interface RawRunRow extends Omit<JobRunRecord, "report_files"> {
  report_files: string;
}

function toRecord(row: RawRunRow): JobRunRecord {
  return { ...row, report_files: JSON.parse(row.report_files) as string[] };
}

/** The runs of one job (or all jobs), newest first: the query behind `triangulate runs list --job`. */
export function listJobRuns(
  workspace: Workspace,
  options: { job?: string; limit?: number } = {},
): (JobRunRecord & { questions: QuestionRunRecord[] })[] {
  const history = RunHistory.open(workspace);
  try {
    history.recoverInterrupted(options.job);
    return history.listRuns(options).map((run) => ({ ...run, questions: history.questions(run.id) }));
  } finally {
    history.close();
  }
}

/** A job run with its questions, as `runs list --job` shows it. */
export type JobRunListing = ReturnType<typeof listJobRuns>[number];
