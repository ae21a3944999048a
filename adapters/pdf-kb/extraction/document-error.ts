/**
 * Why a PDF could not be read at all: unreadable (corrupt, encrypted, image_only), or over one
 * of the ingest's per-document bounds (too_large: its streams decode past the limit;
 * too_many_pages; timeout; out_of_memory), which a hostile or runaway file reaches.
 */
export type DocumentErrorReason =
  | "corrupt"
  | "encrypted"
  | "image_only"
  | "too_large"
  | "too_many_pages"
  | "timeout"
  | "out_of_memory";

/** Every reason, for checks of values that crossed a process boundary. */
export const documentErrorReasons: readonly DocumentErrorReason[] = [
  "corrupt",
  "encrypted",
  "image_only",
  "too_large",
  "too_many_pages",
  "timeout",
  "out_of_memory",
];

/** The bound a document went over: the workspace setting that sets it and its value. */
export interface DocumentBudget {
  /** The source's YAML setting, e.g. "ingest.max_pages". */
  setting: string;
  /** Its value (in the setting's unit: pages, seconds, megabytes). */
  limit: number;
}

const DEFAULT_MESSAGES: Record<DocumentErrorReason, string> = {
  corrupt: "not a readable PDF (corrupt or truncated)",
  encrypted: "encrypted PDF, needs a password",
  image_only: "no text layer, needs OCR",
  too_large: "its streams decode to more bytes than the ingest allows",
  too_many_pages: "more pages than the ingest allows",
  timeout: "extraction took longer than the ingest allows",
  out_of_memory: "extraction needed more memory than the ingest allows",
};

/** A document that cannot be extracted; `reason` is the stable code ingest reports per file. */
export class DocumentError extends Error {
  override readonly name = "DocumentError";
  readonly reason: DocumentErrorReason;
  /** The file that failed. */
  readonly path: string;
  /** For a bound's reasons: which bound. */
  readonly budget?: DocumentBudget;

  constructor(
    reason: DocumentErrorReason,
    path: string,
    message?: string,
    options?: { cause?: unknown; budget?: DocumentBudget },
  ) {
    super(
      message ?? DEFAULT_MESSAGES[reason],
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.reason = reason;
    this.path = path;
    if (options?.budget) this.budget = options.budget;
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
