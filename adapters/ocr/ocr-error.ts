/** Why OCR could not run or could not read an image. */
export type OcrErrorReason = "engine_unavailable" | "unreadable_image" | "engine_failed";

/** The one error the OCR module throws; adapters turn it into their own typed failure. */
export class OcrError extends Error {
  override readonly name = "OcrError";
  constructor(
    readonly reason: OcrErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
  }
}
