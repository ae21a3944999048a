import { type OcrProblem, ocrProblemInEnglish } from "../../models/step-messages/ocr-problem.js";

/** Why OCR could not run or could not read an image, in short: how an adapter classifies it. */
export type OcrErrorReason = "engine_unavailable" | "unreadable_image" | "engine_failed";

const REASONS: Record<OcrProblem["code"], OcrErrorReason> = {
  engine_not_installed: "engine_unavailable",
  engine_failed: "engine_failed",
  image_unreadable: "unreadable_image",
};

/**
 * The one error the OCR module throws; adapters turn it into their own typed failure, carrying
 * `problem` (a code each answer language says) in their step message. The message is its English.
 */
export class OcrError extends Error {
  override readonly name = "OcrError";
  readonly reason: OcrErrorReason;
  constructor(
    readonly problem: OcrProblem,
    options?: { cause?: unknown },
  ) {
    super(ocrProblemInEnglish(problem), options?.cause === undefined ? undefined : { cause: options.cause });
    this.reason = REASONS[problem.code];
  }
}
