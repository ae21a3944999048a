/** Why a PDF could not be read at all. */
export type DocumentErrorReason = "corrupt" | "encrypted" | "image_only";

const DEFAULT_MESSAGES: Record<DocumentErrorReason, string> = {
  corrupt: "not a readable PDF (corrupt or truncated)",
  encrypted: "encrypted PDF, needs a password",
  image_only: "no text layer, needs OCR",
};

/** A document that cannot be extracted; `reason` is the stable code ingest reports per file. */
export class DocumentError extends Error {
  override readonly name = "DocumentError";
  readonly reason: DocumentErrorReason;
  /** The file that failed. */
  readonly path: string;

  constructor(reason: DocumentErrorReason, path: string, message?: string, options?: { cause?: unknown }) {
    super(
      message ?? DEFAULT_MESSAGES[reason],
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.reason = reason;
    this.path = path;
  }

  /** The short human text for the reason ("no text layer, needs OCR"). */
  static describe(reason: DocumentErrorReason): string {
    return DEFAULT_MESSAGES[reason];
  }

  /** True for a DocumentError, also across module copies. */
  static isDocumentError(value: unknown): value is DocumentError {
    return value instanceof Error && value.name === "DocumentError" && "reason" in value;
  }
}
