import { mkdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Workspace } from "../config/workspace.js";
import { isProcessAlive } from "../domain/lock-file.js";
import { answeredCount, runsPastRetention } from "./history-rules.js";
import type {
  ExportedRun,
  FinishRunInput,
  HistoryStore,
  JobRunRecord,
  QuestionRunRecord,
  StoredNumber,
} from "./history-store.js";
import { acquireJobLockIn } from "./job-lock.js";
import { SlotAlreadyRunError } from "./slot-already-run-error.js";

/**
 * The schema's migrations, in order; `PRAGMA user_version` is the number applied. Version 1 is the
 * schema every history written before versioning already has (its statements create only what is
 * missing), so an existing history.sqlite is adopted as it is.
 */
const MIGRATIONS: string[] = [
  `
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
`,
  // The schedule slot of a run, and at most one run per job and slot that was not interrupted: the
  // key that keeps a slot from running twice whichever scheduler or worker starts it.
  `
ALTER TABLE job_runs ADD COLUMN slot TEXT;
CREATE UNIQUE INDEX job_runs_one_per_slot ON job_runs (job, slot) WHERE slot IS NOT NULL AND status <> 'interrupted';
`,
];

/** How long a statement waits for another process's write lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Puts the database in WAL mode. Switching a new file to WAL needs it to itself, and SQLite answers
 * SQLITE_BUSY at once, without its busy wait, while another process is opening the same new file
 * (workers starting their first report runs together): tried again until the busy timeout. A file
 * already in WAL mode answers at once.
 */
function enableWriteAheadLog(database: Database.Database): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      database.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
      // A synchronous pause (the store opens synchronously): 20 ms without spinning the CPU.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

/** Path of a workspace's history database. */
export function historyFileOf(workspace: Workspace): string {
  return path.join(workspace.stateDirectory, "history.sqlite");
}

/**
 * The run history in SQLite (WAL), in the workspace's .triangulate/history.sqlite: the one-machine
 * default. Processes on this machine share it (WAL, a busy timeout); a process's liveness is known
 * only on its own host. better-sqlite3 answers synchronously; the methods are async to satisfy the
 * HistoryStore interface the PostgreSQL store shares.
 */
export class SqliteHistoryStore implements HistoryStore {
  private readonly database: Database.Database;

  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.database = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    enableWriteAheadLog(this.database);
    this.database.pragma("synchronous = NORMAL");
    this.database.pragma("foreign_keys = ON");
    this.migrate();
  }

  get location(): string {
    return this.file;
  }

  /** Opens the history of a workspace (creating .triangulate/history.sqlite on first use). */
  static open(workspace: Workspace): SqliteHistoryStore {
    return new SqliteHistoryStore(historyFileOf(workspace));
  }

  private migrate(): void {
    const applied = Number(this.database.pragma("user_version", { simple: true }));
    if (applied >= MIGRATIONS.length) return;
    // IMMEDIATE takes the write lock first, so two processes opening a new file migrate one after the other.
    this.database
      .transaction(() => {
        const current = Number(this.database.pragma("user_version", { simple: true }));
        for (let version = current; version < MIGRATIONS.length; version += 1) {
          this.database.exec(MIGRATIONS[version]);
          this.database.pragma(`user_version = ${version + 1}`);
        }
      })
      .immediate();
  }

  /** The job's lock file beside this database (.triangulate/locks/<job>.lock): one machine's processes. */
  async lockJob(job: string): Promise<() => Promise<void>> {
    const release = acquireJobLockIn(path.join(path.dirname(this.file), "locks"), job);
    return async () => release();
  }

  async recoverInterrupted(job?: string, options: { anyHost?: boolean } = {}): Promise<number> {
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

  async startRun(input: {
    job: string;
    asOf: string;
    startedAt: Date;
    questionsTotal: number;
    slot?: string;
  }): Promise<number> {
    try {
      const result = this.database
        .prepare(
          "INSERT INTO job_runs (job, status, as_of, started_at, questions_total, pid, host, slot) VALUES (?, 'running', ?, ?, ?, ?, ?, ?)",
        )
        .run(
          input.job,
          input.asOf,
          input.startedAt.toISOString(),
          input.questionsTotal,
          process.pid,
          hostname(),
          input.slot ?? null,
        );
      return Number(result.lastInsertRowid);
    } catch (error) {
      const earlier =
        input.slot !== undefined && (error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE"
          ? await this.slotRun(input.job, input.slot)
          : undefined;
      if (earlier) throw new SlotAlreadyRunError(earlier);
      throw error;
    }
  }

  async slotRun(job: string, slot: string): Promise<JobRunRecord | undefined> {
    const row = this.database
      .prepare<[string, string], RawRunRow>(
        "SELECT * FROM job_runs WHERE job = ? AND slot = ? AND status <> 'interrupted' ORDER BY id DESC LIMIT 1",
      )
      .get(job, slot);
    return row ? toRecord(row) : undefined;
  }

  async finishRun(runId: number, input: FinishRunInput): Promise<void> {
    const update = this.database.prepare(
      "UPDATE job_runs SET status = ?, finished_at = ?, duration_ms = ?, exit_code = ?, report_files = ?, error = ?, questions_answered = ? WHERE id = ?",
    );
    this.database.transaction(() => {
      for (const question of input.questions) {
        this.insertQuestion(runId, {
          ...question,
          duration_ms: Math.round(question.duration_ms),
          run_directory: question.run_directory ?? null,
          error: question.error ?? null,
        });
        for (const number of question.numbers)
          this.insertNumber({ ...number, run_id: runId, question_id: question.question_id });
      }
      update.run(
        input.status,
        input.finishedAt.toISOString(),
        Math.round(input.durationMs),
        input.exitCode,
        JSON.stringify(input.reportFiles),
        input.error ?? null,
        answeredCount(input.questions),
        runId,
      );
    })();
  }

  private insertQuestion(runId: number, question: Omit<QuestionRunRecord, "run_id">): void {
    this.database
      .prepare(
        "INSERT OR REPLACE INTO question_runs (run_id, question_id, question, status, duration_ms, run_directory, error) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        runId,
        question.question_id,
        question.question,
        question.status,
        question.duration_ms,
        question.run_directory,
        question.error,
      );
  }

  private insertNumber(number: StoredNumber): void {
    this.database
      .prepare(
        "INSERT INTO reported_numbers (run_id, question_id, metric, key, keys_json, value, unit, source, goal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        number.run_id,
        number.question_id,
        number.metric,
        number.key,
        JSON.stringify(number.keys),
        number.value,
        number.unit ?? null,
        number.source,
        number.goal ?? null,
      );
  }

  async previousFinishedRun(job: string, beforeRunId?: number): Promise<JobRunRecord | undefined> {
    const row = this.database
      .prepare<[string, number], RawRunRow>(
        "SELECT * FROM job_runs WHERE job = ? AND id < ? AND status IN ('answered','partial') ORDER BY id DESC LIMIT 1",
      )
      .get(job, beforeRunId ?? Number.MAX_SAFE_INTEGER);
    return row ? toRecord(row) : undefined;
  }

  async run(runId: number): Promise<JobRunRecord | undefined> {
    const row = this.database.prepare<[number], RawRunRow>("SELECT * FROM job_runs WHERE id = ?").get(runId);
    return row ? toRecord(row) : undefined;
  }

  async listRuns(options: { job?: string; limit?: number } = {}): Promise<JobRunRecord[]> {
    return this.database
      .prepare<[string | null, string | null, number], RawRunRow>(
        "SELECT * FROM job_runs WHERE (? IS NULL OR job = ?) ORDER BY id DESC LIMIT ?",
      )
      .all(options.job ?? null, options.job ?? null, options.limit ?? 20)
      .map(toRecord);
  }

  async questions(runId: number): Promise<QuestionRunRecord[]> {
    return this.database
      .prepare<[number], QuestionRunRecord>("SELECT * FROM question_runs WHERE run_id = ? ORDER BY rowid")
      .all(runId);
  }

  async numbers(runId: number): Promise<StoredNumber[]> {
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

  async applyRetention(
    job: string,
    retention: { runs?: number; days?: number },
    now: Date = new Date(),
  ): Promise<JobRunRecord[]> {
    if (retention.runs === undefined && retention.days === undefined) return [];
    const all = this.database
      .prepare<[string], RawRunRow>("SELECT * FROM job_runs WHERE job = ? ORDER BY id DESC")
      .all(job)
      .map(toRecord);
    const doomed = runsPastRetention(all, retention, now);
    const remove = this.database.prepare("DELETE FROM job_runs WHERE id = ?");
    this.database.transaction(() => {
      for (const run of doomed) remove.run(run.id);
    })();
    return doomed;
  }

  async importRun(exported: ExportedRun): Promise<number> {
    const { run } = exported;
    return this.database.transaction(() => {
      const result = this.database
        .prepare(
          "INSERT INTO job_runs (job, status, as_of, started_at, finished_at, duration_ms, exit_code, questions_total, questions_answered, report_files, error, pid, host, slot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .run(
          run.job,
          run.status,
          run.as_of,
          run.started_at,
          run.finished_at,
          run.duration_ms,
          run.exit_code,
          run.questions_total,
          run.questions_answered,
          JSON.stringify(run.report_files),
          run.error,
          run.pid,
          run.host,
          run.slot ?? null,
        );
      const runId = Number(result.lastInsertRowid);
      for (const question of exported.questions) this.insertQuestion(runId, question);
      for (const number of exported.numbers) this.insertNumber({ ...number, run_id: runId });
      return runId;
    })();
  }

  async close(): Promise<void> {
    if (this.database.open) this.database.close();
  }
}

interface RawRunRow extends Omit<JobRunRecord, "report_files"> {
  report_files: string;
}

function toRecord(row: RawRunRow): JobRunRecord {
  return { ...row, report_files: JSON.parse(row.report_files) as string[] };
}
