import fs from "node:fs";
import path from "node:path";

/** Another ingest of the same knowledge base is running. */
export class IngestLockedError extends Error {
  override readonly name = "IngestLockedError";
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `another ingest (process ${pid}) is writing this knowledge base; wait for it to finish (lock ${lockFile})`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the knowledge base's write lock (a file created exclusively, holding our pid). A lock
 * left by a process that no longer runs (killed mid-ingest) is taken over. Returns the release function.
 */
export function acquireIngestLock(directory: string): () => void {
  const lockFile = path.join(directory, "ingest.lock");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify({ pid: process.pid, started: new Date().toISOString() }), {
        flag: "wx",
      });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let pid = Number.NaN;
      try {
        pid = Number((JSON.parse(fs.readFileSync(lockFile, "utf8")) as { pid: unknown }).pid);
      } catch {
        // An unreadable lock was cut short by a crash while it was written: stale.
      }
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid))
        throw new IngestLockedError(lockFile, pid);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`cannot take the ingest lock ${lockFile}`);
}
