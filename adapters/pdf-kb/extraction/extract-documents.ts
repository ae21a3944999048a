import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { DocumentError, type DocumentErrorReason } from "./document-error.js";
import { extractDocument } from "./extract-document.js";
import type { ExtractedDocument, ExtractOptions } from "./extracted-document.js";
import type { WorkerJob, WorkerReply } from "./extraction-worker.js";

/** The outcome for one file of a batch. */
export type BatchResult =
  | { path: string; document: ExtractedDocument; error?: undefined }
  | { path: string; document?: undefined; error: Error };

/** Options of a batch: extraction options for every file, and how many worker threads to use. */
export interface BatchOptions extends Omit<ExtractOptions, "signal" | "documentId"> {
  /** Worker threads (default: CPU count - 1, at least 1; 1 extracts in this thread). */
  concurrency?: number;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const EXTENSION = path.extname(fileURLToPath(import.meta.url));

/**
 * Starts one worker. Compiled (.js) code runs the worker file directly; from TypeScript sources
 * (tsx) the worker first registers tsx's loader, which worker threads do not inherit.
 */
function startWorker(): Worker {
  const file = path.join(HERE, `extraction-worker${EXTENSION}`);
  if (EXTENSION === ".js") return new Worker(file);
  const loader = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(file).href)}); });`;
  return new Worker(code, { eval: true });
}

function workersPossible(): boolean {
  if (EXTENSION === ".js") return true;
  try {
    return (
      typeof import.meta.resolve === "function" && import.meta.resolve("tsx/esm/api").startsWith("file:")
    );
  } catch {
    return false;
  }
}

function reviveError(file: string, error: { name: string; message: string; reason?: string }): Error {
  if (error.name === "DocumentError" && error.reason)
    return new DocumentError(error.reason as DocumentErrorReason, file, error.message);
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

/**
 * Extracts many PDFs, several at a time on worker threads (pdf.js is single-threaded, so this is
 * how a batch uses more than one core). Results come in completion order; a failing file yields
 * its error and never stops the batch.
 */
export async function* extractDocuments(
  files: string[],
  options: BatchOptions = {},
): AsyncGenerator<BatchResult> {
  const { concurrency: requested, ...extractOptions } = options;
  const concurrency = Math.max(1, Math.min(files.length, requested ?? Math.max(1, os.cpus().length - 1)));
  if (concurrency === 1 || !workersPossible()) {
    for (const file of files) {
      try {
        yield { path: file, document: await extractDocument(file, extractOptions) };
      } catch (error) {
        yield { path: file, error: error as Error };
      }
    }
    return;
  }
  const workers = Array.from({ length: concurrency }, startWorker);
  const ready: BatchResult[] = [];
  let wake: (() => void) | undefined;
  let next = 0;
  let done = 0;
  let alive = workers.length;
  // Each worker holds one file at a time.
  const holding = new Map<Worker, number>();
  const give = (worker: Worker) => {
    if (next >= files.length) return;
    const id = next;
    next += 1;
    holding.set(worker, id);
    worker.postMessage({ id, path: files[id], options: extractOptions } satisfies WorkerJob);
  };
  for (const worker of workers) {
    worker.on("message", (reply: WorkerReply) => {
      const file = files[reply.id];
      holding.delete(worker);
      ready.push(
        reply.ok
          ? { path: file, document: reply.document }
          : { path: file, error: reviveError(file, reply.error) },
      );
      done += 1;
      give(worker);
      wake?.();
    });
    worker.on("error", (error) => {
      // A crashed worker fails the file it held; the others go on. With none left, the rest fail.
      const id = holding.get(worker);
      holding.delete(worker);
      if (id !== undefined) {
        ready.push({ path: files[id], error });
        done += 1;
      }
      alive -= 1;
      if (alive === 0) {
        while (next < files.length) {
          ready.push({ path: files[next], error });
          next += 1;
          done += 1;
        }
      }
      wake?.();
    });
    give(worker);
  }
  try {
    while (done < files.length) {
      if (ready.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      while (ready.length > 0) yield ready.shift()!;
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
