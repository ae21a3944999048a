/** Why tabula-java produced no tables for a document. */
export type TableExtractionErrorReason =
  | "java_missing"
  | "jar_missing"
  | "jvm_failed"
  | "timeout"
  | "aborted"
  | "bad_output";

/** The table extractor (the JVM) failed; the document's text is still usable. */
export class TableExtractionError extends Error {
  override readonly name = "TableExtractionError";
  readonly reason: TableExtractionErrorReason;

  constructor(reason: TableExtractionErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.reason = reason;
  }
}
