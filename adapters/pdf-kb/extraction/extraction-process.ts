// Child-process entry of bounded extraction (bounded-extraction.ts): extracts the documents its
// parent sends over IPC, one at a time, and sends back the result or the error's reason.
import { DocumentError } from "./document-error.js";
import { extractDocument } from "./extract-document.js";
import type { ExtractedDocument, ExtractOptions } from "./extracted-document.js";
import { loadPdfJs } from "./pdf-text-reader.js";

/** A document the parent sends. */
export interface ExtractionJob {
  id: number;
  path: string;
  options: Omit<ExtractOptions, "signal">;
}

/** What the child sends back for a job. */
export type ExtractionReply =
  | { id: number; ok: true; document: ExtractedDocument }
  | {
      id: number;
      ok: false;
      error: { name: string; message: string; reason?: string; budget?: DocumentError["budget"] };
    };

// The parent gone (killed, or it ended without closing us): this process and what it started
// (tabula's JVM, pdftoppm, tesseract; they share its process group) end with it.
process.on("disconnect", () => {
  try {
    process.kill(-process.pid, "SIGKILL");
  } catch {
    process.exit(1);
  }
});

process.on("message", async (job: ExtractionJob) => {
  let reply: ExtractionReply;
  try {
    reply = { id: job.id, ok: true, document: await extractDocument(job.path, job.options) };
  } catch (error) {
    const typed = DocumentError.isDocumentError(error) ? error : undefined;
    reply = {
      id: job.id,
      ok: false,
      error: {
        name: (error as Error)?.name ?? "Error",
        message: (error as Error)?.message ?? String(error),
        ...(typed ? { reason: typed.reason } : {}),
        ...(typed?.budget ? { budget: typed.budget } : {}),
      },
    };
  }
  process.send?.(reply);
});

// Ready once pdf.js is loaded: the parent starts a document's clock only then, so the start-up
// of this process is not charged to the first document.
await loadPdfJs();
process.send?.({ ready: true });
