import { z } from "zod";

// Why OCR could not run or could not read an image, as a code with parameters: the OCR module
// (adapters/ocr/) throws it, the adapters carry it in their step message (`ocr_failed`), and each
// answer language says it. A library's or a program's own words stay in `detail`, quoted.

/** Why an image cannot be decoded. */
export const UnreadableImage = z.enum([
  "not_png",
  "unsupported_png",
  "no_image_data",
  "corrupt",
  "truncated",
  "unknown_filter",
]);

/** Why OCR could not run or could not read an image. */
export const OcrProblem = z.discriminatedUnion("code", [
  /** The engine is not installed or cannot be loaded; `install` is what installs it. */
  z.object({
    code: z.literal("engine_not_installed"),
    engine: z.string(),
    install: z.string(),
    detail: z.string().optional(),
  }),
  /** The engine ran and failed (its own words). */
  z.object({ code: z.literal("engine_failed"), engine: z.string(), detail: z.string() }),
  /** The image cannot be decoded: not a PNG, a PNG of a kind not read, no or broken image data. */
  z.object({
    code: z.literal("image_unreadable"),
    why: UnreadableImage,
    /** The PNG's own figures when it is of a kind not read ("bit depth 16, colour type 3, interlace 1"). */
    format: z.object({ depth: z.number(), colourType: z.number(), interlace: z.number() }).optional(),
    row: z.number().optional(),
  }),
]);
export type OcrProblem = z.infer<typeof OcrProblem>;

/** An OCR problem in English: the OCR error's message, the trace's and the step file's words. */
export function ocrProblemInEnglish(problem: OcrProblem): string {
  switch (problem.code) {
    case "engine_not_installed":
      return `${problem.engine} is not installed (${problem.install})${problem.detail ? `: ${problem.detail}` : ""}`;
    case "engine_failed":
      return `${problem.engine} failed: ${problem.detail}`;
    case "image_unreadable":
      switch (problem.why) {
        case "not_png":
          return "not a PNG image (bad signature)";
        case "unsupported_png":
          return `unsupported PNG (bit depth ${problem.format?.depth}, colour type ${problem.format?.colourType}, interlace ${problem.format?.interlace}); expected 8-bit grey/RGB/RGBA, not interlaced`;
        case "no_image_data":
          return "PNG without image data";
        case "corrupt":
          return "PNG image data is corrupt";
        case "truncated":
          return "PNG image data is truncated";
        case "unknown_filter":
          return `PNG row ${problem.row} has an unknown filter`;
      }
  }
}
