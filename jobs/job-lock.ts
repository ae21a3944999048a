import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { Workspace } from "../config/workspace.js";

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

/** After this long, a lock held by a process on another host is taken over. */
export const FOREIGN_LOCK_STALE_MS = 6 * 3600_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * An exclusive lock per job across processes (the scheduler, cron, a person at a terminal):
 * .triangulate/locks/<job>.lock created with O_EXCL. A lock left by a dead process on this host,
 * or by another host more than six hours ago, is taken over. Returns a release function.
 */
export function acquireJobLock(workspace: Workspace, job: string): () => void {
  const directory = path.join(workspace.stateDirectory, "locks");
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${job}.lock`);
  const holder = { pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const descriptor = openSync(file, "wx");
      writeSync(descriptor, JSON.stringify(holder));
      closeSync(descriptor);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let existing: typeof holder | undefined;
      try {
        existing = JSON.parse(readFileSync(file, "utf8")) as typeof holder;
      } catch {
        existing = undefined;
      }
      // Another host's process cannot be checked: its lock counts as stale only after a long time
      // (a pod killed with SIGKILL must not block the job forever).
      const age = existing ? Date.now() - Date.parse(existing.started_at) : Number.POSITIVE_INFINITY;
      const stale =
        !existing ||
        (existing.host === holder.host
          ? existing.pid !== process.pid && !isAlive(existing.pid)
          : !(age < FOREIGN_LOCK_STALE_MS));
      if (!stale || attempt > 0)
        throw new JobLockedError(job, existing ?? { pid: 0, host: "unknown", started_at: "unknown" });
      rmSync(file, { force: true });
    }
  }
  throw new Error("unreachable");
}
