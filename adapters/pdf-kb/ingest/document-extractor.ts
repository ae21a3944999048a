import type { ExtractionBudget } from "../extraction/bounded-extraction.js";
import {
  type DocumentBudget,
  type DocumentErrorReason,
  documentErrorReasons,
} from "../extraction/document-error.js";
import type { ExtractedDocument, ExtractOptions } from "../extraction/extracted-document.js";

/** Turns one PDF into chunks and tables; throws a DocumentError (corrupt, encrypted, image_only, a bound) for unusable files. */
export type DocumentExtractor = (absolutePath: string, options: ExtractOptions) => Promise<ExtractedDocument>;

/** An extractor the ingest ends when it is done. */
export interface ClosableExtractor {
  extract: DocumentExtractor;
  close(): Promise<void>;
}

/**
 * The PDF extraction of ../extraction/, in a child process held to the source's ingest budget,
 * loaded on first use so `kb search` never loads pdf.js.
 */
export async function startBoundedExtractor(budget: ExtractionBudget): Promise<ClosableExtractor> {
  const { BoundedExtraction } = await import("../extraction/bounded-extraction.js");
  const extraction = new BoundedExtraction(budget);
  return {
    extract: (absolutePath, options) => extraction.extract(absolutePath, options),
    close: () => extraction.close(),
  };
}

/** Why a PDF could not be indexed. */
export type DocumentFailureReason = DocumentErrorReason;

/** The reason of a typed extraction failure (DocumentError), or undefined for any other error. */
export function documentFailureReason(error: unknown): DocumentFailureReason | undefined {
  if (!(error instanceof Error) || error.name !== "DocumentError" || !("reason" in error)) return undefined;
  const reason = (error as { reason: unknown }).reason;
  return documentErrorReasons.find((known) => known === reason);
}

/** The bound a failed document went over, when its failure was one. */
export function documentFailureBudget(error: unknown): DocumentBudget | undefined {
  if (!(error instanceof Error) || !("budget" in error)) return undefined;
  const budget = (error as { budget: unknown }).budget as DocumentBudget | undefined;
  return budget && typeof budget.setting === "string" && typeof budget.limit === "number"
    ? budget
    : undefined;
}
