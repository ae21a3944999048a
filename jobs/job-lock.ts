import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Workspace } from "../config/workspace.js";
import { acquireLockFile } from "../domain/lock-file.js";

/** Another process (or another run in this one) is running the same job. */
export class JobLockedError extends Error {
  override readonly name = "JobLockedError";
  constructor(
    readonly job: string,
    readonly holder: { pid: number; host: string; started_at: string },
  ) {
    super(
      `job ${job} is already running (pid ${holder.pid} on ${holder.host}, since ${holder.started_at}); not starting a second, overlapping run`,
    );
  }
}

/**
 * An exclusive lock per job across processes (the scheduler, cron, a person at a terminal):
 * .triangulate/locks/<job>.lock (domain/lock-file.ts). A lock left by a dead process on this host,
 * or by another host more than six hours ago, is taken over. Returns a release function.
 */
export function acquireJobLock(workspace: Workspace, job: string): () => void {
  return acquireJobLockIn(path.join(workspace.stateDirectory, "locks"), job);
}

/** The job's lock file in a given folder (the SQLite history's `locks/` beside it). */
export function acquireJobLockIn(directory: string, job: string): () => void {
  mkdirSync(directory, { recursive: true });
  return acquireLockFile(
    path.join(directory, `${job}.lock`),
    (holder) =>
      new JobLockedError(job, {
        pid: holder?.pid ?? 0,
        host: holder?.host ?? "unknown",
        started_at: holder?.started_at ?? "unknown",
      }),
  );
}
