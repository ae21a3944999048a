import type { ExtractedDocument, ExtractOptions } from "../extraction/extracted-document.js";

/** Turns one PDF into chunks and tables; throws a DocumentError (corrupt, encrypted, image_only) for unusable files. */
export type DocumentExtractor = (absolutePath: string, options: ExtractOptions) => Promise<ExtractedDocument>;

/** The PDF extraction of ../extraction/, loaded on first use so `kb search` never loads pdf.js. */
export async function loadDocumentExtractor(): Promise<DocumentExtractor> {
  return (await import("../extraction/index.js")).extractDocument;
}

/** Why a PDF could not be indexed. */
export type DocumentFailureReason = "corrupt" | "encrypted" | "image_only";

/** The reason of a typed extraction failure (DocumentError), or undefined for any other error. */
export function documentFailureReason(error: unknown): DocumentFailureReason | undefined {
  if (!(error instanceof Error) || error.name !== "DocumentError" || !("reason" in error)) return undefined;
  const reason = (error as { reason: unknown }).reason;
  return reason === "corrupt" || reason === "encrypted" || reason === "image_only" ? reason : undefined;
}
