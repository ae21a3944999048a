import { z } from "zod";
import { ConfigError, type ConfigIssue } from "../config/config-error.js";
import type { ExportedRun, HistoryStore } from "./history-store.js";

/**
 * Moving a run history from one store to another (SQLite on one machine → the PostgreSQL of many
 * workers, or back): `triangulate history export` writes every run as one line of JSON, oldest
 * first; `history import` checks the whole file, then adds the runs in that order, so each run's
 * "previous run" stays the one it was. Ids are the target's own.
 */

const RunStatus = z.enum(["running", "answered", "partial", "failed", "interrupted"]);
const QuestionStatus = z.enum(["answered", "partial", "unanswerable", "direct", "failed", "interrupted"]);

const ExportedRunLine = z
  .object({
    run: z
      .object({
        id: z.number().int(),
        job: z.string().min(1),
        status: RunStatus,
        as_of: z.string(),
        started_at: z.string(),
        finished_at: z.string().nullable(),
        duration_ms: z.number().int().nullable(),
        exit_code: z.number().int().nullable(),
        questions_total: z.number().int().min(0),
        questions_answered: z.number().int().min(0),
        report_files: z.array(z.string()),
        error: z.string().nullable(),
        pid: z.number().int(),
        host: z.string(),
        // Absent in exports written before runs recorded their schedule slot.
        slot: z.string().nullable().default(null),
      })
      .strict(),
    questions: z.array(
      z
        .object({
          run_id: z.number().int(),
          question_id: z.string().min(1),
          question: z.string(),
          status: QuestionStatus,
          duration_ms: z.number().int(),
          run_directory: z.string().nullable(),
          error: z.string().nullable(),
        })
        .strict(),
    ),
    numbers: z.array(
      z
        .object({
          run_id: z.number().int(),
          question_id: z.string().min(1),
          metric: z.string().min(1),
          key: z.string().min(1),
          keys: z.record(z.string(), z.string()),
          value: z.number(),
          unit: z.string().optional(),
          source: z.string(),
          goal: z.string().optional(),
        })
        .strict(),
    ),
  })
  .strict();

/** Every run of the history (of one job, when given), oldest first, as export lines. */
export async function* exportRuns(
  history: HistoryStore,
  options: { job?: string } = {},
): AsyncGenerator<string> {
  const newestFirst = await history.listRuns({ ...options, limit: Number.MAX_SAFE_INTEGER });
  for (const run of newestFirst.reverse()) {
    const exported: ExportedRun = {
      run,
      questions: await history.questions(run.id),
      numbers: await history.numbers(run.id),
    };
    yield `${JSON.stringify(exported)}\n`;
  }
}

/**
 * Reads an export file: every line checked before anything is written. Throws ConfigError naming
 * the file, line and field of each problem.
 */
export function parseExport(file: string, text: string): ExportedRun[] {
  const issues: ConfigIssue[] = [];
  const runs: ExportedRun[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      issues.push({
        file,
        line: index + 1,
        column: 1,
        path: "",
        message: `not JSON (${error instanceof Error ? error.message : String(error)}); each line of a history export is one run written by \`triangulate history export\``,
      });
      continue;
    }
    const parsed = ExportedRunLine.safeParse(value);
    if (parsed.success) runs.push(parsed.data as ExportedRun);
    else
      for (const issue of parsed.error.issues)
        issues.push({ file, line: index + 1, column: 1, path: issue.path.join("."), message: issue.message });
  }
  if (issues.length > 0) throw new ConfigError(issues.slice(0, 20));
  return runs;
}

/**
 * Adds exported runs to a history, oldest first. Refuses (ConfigError) when the history already
 * has runs of a job in the file: importing twice would count every run twice.
 */
export async function importRuns(
  history: HistoryStore,
  file: string,
  runs: ExportedRun[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ imported: number; jobs: string[] }> {
  const jobs = [...new Set(runs.map((exported) => exported.run.job))];
  const present: string[] = [];
  for (const job of jobs) if ((await history.listRuns({ job, limit: 1 })).length > 0) present.push(job);
  if (present.length > 0)
    throw new ConfigError([
      {
        file,
        path: "",
        message: `the history at ${history.location} already has runs of ${present.join(", ")}; import into a history without them (a second import would count every run twice)`,
      },
    ]);
  const ordered = [...runs].sort((left, right) => left.run.id - right.run.id);
  for (const [index, exported] of ordered.entries()) {
    await history.importRun(exported);
    onProgress?.(index + 1, ordered.length);
  }
  return { imported: ordered.length, jobs };
}
