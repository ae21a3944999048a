// Worker-thread entry: extracts the documents the pool sends, one at a time, and posts back
// the result or the error's reason (errors do not cross thread boundaries as classes).
import { parentPort } from "node:worker_threads";
import { DocumentError } from "./document-error.js";
import { extractDocument } from "./extract-document.js";
import type { ExtractOptions } from "./extracted-document.js";

/** A job the pool sends. */
export interface WorkerJob {
  id: number;
  path: string;
  options: Omit<ExtractOptions, "signal">;
}

/** What the worker posts back for a job. */
export type WorkerReply =
  | { id: number; ok: true; document: Awaited<ReturnType<typeof extractDocument>> }
  | { id: number; ok: false; error: { name: string; message: string; reason?: string } };

parentPort?.on("message", async (job: WorkerJob) => {
  try {
    const document = await extractDocument(job.path, job.options);
    parentPort?.postMessage({ id: job.id, ok: true, document } satisfies WorkerReply);
  } catch (error) {
    const reason = DocumentError.isDocumentError(error)
      ? error.reason
      : (error as { reason?: string })?.reason;
    parentPort?.postMessage({
      id: job.id,
      ok: false,
      error: {
        name: (error as Error)?.name ?? "Error",
        message: (error as Error)?.message ?? String(error),
        reason,
      },
    } satisfies WorkerReply);
  }
});
