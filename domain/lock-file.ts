import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";

/** Who holds a lock file: what `acquireLockFile` writes into it. */
export interface LockHolder {
  pid: number;
  host: string;
  started_at: string;
}

/** After this long, a lock held by a process on another host is taken over. */
export const FOREIGN_LOCK_STALE_MS = 6 * 3600_000;

/** True while a process with this pid runs on this host (EPERM: it runs, under another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether a lock left in a file may be taken over. Unreadable (a crash while it was written): yes.
 * On this host (or written without a host): when its process is gone. A lock of this very
 * process is held (another run inside it), never taken over. Another host's process cannot be
 * checked, so its lock counts as stale only after FOREIGN_LOCK_STALE_MS (a pod killed with
 * SIGKILL must not block forever).
 */
export function isStaleLock(holder: Partial<LockHolder> | undefined, now = Date.now()): boolean {
  if (!holder || !Number.isInteger(holder.pid)) return true;
  const pid = holder.pid as number;
  if (holder.host === undefined || holder.host === hostname())
    return pid !== process.pid && !isProcessAlive(pid);
  const age = now - Date.parse(holder.started_at ?? "");
  return !(age < FOREIGN_LOCK_STALE_MS);
}

function readHolder(file: string): Partial<LockHolder> | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
  } catch {
    return undefined;
  }
}

/**
 * An exclusive lock across processes: `file` created with O_EXCL, holding this process's pid,
 * host and start time. A stale lock (see isStaleLock) is taken over once; a live one makes
 * `held(holder)` the error thrown. Returns the release function, which is safe to call twice.
 */
export function acquireLockFile(
  file: string,
  held: (holder: Partial<LockHolder> | undefined) => Error,
): () => void {
  const holder: LockHolder = { pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const descriptor = openSync(file, "wx");
      try {
        writeSync(descriptor, JSON.stringify(holder));
      } finally {
        closeSync(descriptor);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const existing = readHolder(file);
      if (!isStaleLock(existing) || attempt > 0) throw held(existing);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot take the lock ${file}`);
}
