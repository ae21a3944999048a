import path from "node:path";
import { acquireLockFile } from "../../../domain/lock-file.js";

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

/**
 * Takes the knowledge base's write lock (domain/lock-file.ts). A lock left by a process that no
 * longer runs (killed mid-ingest) is taken over. Returns the release function.
 */
export function acquireIngestLock(directory: string): () => void {
  const lockFile = path.join(directory, "ingest.lock");
  return acquireLockFile(lockFile, (holder) => new IngestLockedError(lockFile, holder?.pid ?? 0));
}
