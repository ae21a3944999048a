import type { Workspace } from "../config/workspace.js";
import type { HistoryStore, JobRunRecord, QuestionRunRecord } from "./history-store.js";
import { SqliteHistoryStore } from "./sqlite-history-store.js";

/**
 * Opens the workspace's run history as its `history:` says: PostgreSQL (`store: postgres`, `url`),
 * connected and migrated, or the SQLite file in .triangulate/ (the default). The PostgreSQL driver
 * is loaded only when it is configured. Throws HistoryStoreError when the server cannot be used.
 */
export async function openHistory(workspace: Workspace): Promise<HistoryStore> {
  const settings = workspace.config.history;
  if (settings?.store === "postgres" && settings.url !== undefined) {
    const { PostgresHistoryStore } = await import("./postgres-history-store.js");
    return PostgresHistoryStore.connect(settings.url);
  }
  return SqliteHistoryStore.open(workspace);
}

/** Opens the history, gives it to `body`, and closes it whatever happens. */
export async function withHistory<T>(
  workspace: Workspace,
  body: (history: HistoryStore) => Promise<T>,
): Promise<T> {
  const history = await openHistory(workspace);
  try {
    return await body(history);
  } finally {
    await history.close();
  }
}

/** A job run with its questions, as `runs list --job` shows it. */
export type JobRunListing = JobRunRecord & { questions: QuestionRunRecord[] };

/** The runs of one job (or all jobs), newest first: the query behind `triangulate runs list --job`. */
export async function listJobRuns(
  workspace: Workspace,
  options: { job?: string; limit?: number } = {},
): Promise<JobRunListing[]> {
  return withHistory(workspace, async (history) => {
    await history.recoverInterrupted(options.job);
    const runs = await history.listRuns(options);
    return Promise.all(runs.map(async (run) => ({ ...run, questions: await history.questions(run.id) })));
  });
}
