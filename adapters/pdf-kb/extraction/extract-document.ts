import { readFileSync } from "node:fs";
import path from "node:path";
import { chunkSections, type SectionBody } from "./chunker.js";
import { checkDecodedStreams } from "./decoded-stream-budget.js";
import { DocumentError } from "./document-error.js";
import type {
  BoundingBox,
  ExtractedDocument,
  ExtractedSection,
  ExtractedTable,
  ExtractOptions,
} from "./extracted-document.js";
import { bodyFontSize, detectHeadings, type HeadingLine, headingText } from "./heading-detector.js";
import { ocrTables } from "./ocr-tables.js";
import { buildPageLines, type TextLine } from "./page-lines.js";
import { type OcrPage, ocrPages } from "./page-ocr.js";
import { tablesTabulaMissed } from "./page-table-detector.js";
import { readPdfText } from "./pdf-text-reader.js";
import { removeRunningLines } from "./running-lines.js";
import { buildSectionTree } from "./section-tree.js";
import { tablesWithCheckedText } from "./table-extractor.js";
import { runTabula, type TabulaPage } from "./tabula-runner.js";

/** Default chunk budget, the same as the pdf_kb source's `chunking` defaults. */
export const DEFAULT_CHUNKING = { maxChars: 1200, overlapChars: 150 } as const;

function inside(line: TextLine, box: BoundingBox): boolean {
  const x = (line.bbox[0] + line.bbox[2]) / 2;
  const y = (line.bbox[1] + line.bbox[3]) / 2;
  return x >= box[0] - 1 && x <= box[2] + 1 && y >= box[1] - 1 && y <= box[3] + 1;
}

/**
 * Extracts one PDF: lines in reading order, headings and the section tree, chunks per section
 * under the size budget, and tables (tabula-java, one JVM call for the whole document, run
 * while pdf.js reads the text). Throws DocumentError for corrupt, encrypted and image-only
 * files; a table-extractor failure is a warning, not an error.
 */
export async function extractDocument(
  absolutePath: string,
  options: ExtractOptions = {},
): Promise<ExtractedDocument> {
  const documentId = options.documentId ?? path.basename(absolutePath);
  const tableMode = options.tableMode ?? "auto";
  const warnings: string[] = [];
  const bytes = readDocumentBytes(absolutePath);
  // Before any reader: pdf.js, tabula-java's PDFBox and poppler would each decode the streams whole.
  if (options.limits?.maxDecodedBytes !== undefined)
    await checkDecodedStreams(absolutePath, bytes, {
      maxDecodedBytes: options.limits.maxDecodedBytes,
      setting: "ingest.max_decoded_megabytes",
    });
  // The JVM is stopped when the text fails (a corrupt file, or one over the page bound), not awaited.
  const tablesAbort = new AbortController();
  const stopTables = () => tablesAbort.abort(options.signal?.reason);
  if (options.signal?.aborted) stopTables();
  options.signal?.addEventListener("abort", stopTables, { once: true });
  // The JVM starts at once so its start-up overlaps pdf.js's work.
  const tablesPromise =
    tableMode === "off"
      ? Promise.resolve<TabulaPage[]>([])
      : runTabula(absolutePath, {
          mode: tableMode,
          timeoutMs: options.tableTimeoutMs,
          password: options.password,
          signal: tablesAbort.signal,
          javaPath: options.javaPath,
        });
  // Observed now so an early text failure does not leave an unhandled rejection behind.
  const tablesSettled = tablesPromise.then(
    (pages) => ({ ok: true as const, pages }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  let pdf: Awaited<ReturnType<typeof readPdfText>>;
  try {
    pdf = await readPdfText(absolutePath, {
      password: options.password,
      signal: options.signal,
      data: bytes,
      maxPages: options.limits?.maxPages,
    });
  } catch (error) {
    tablesAbort.abort(error);
    await tablesSettled;
    options.signal?.removeEventListener("abort", stopTables);
    throw error;
  }
  try {
    // Page by page: a page without a text layer (a scan inside an otherwise digital PDF, or a
    // wholly scanned file) is rendered and read by OCR, unless OCR is switched off.
    const imagePages = pdf.pages
      .filter((page) => page.items.every((item) => item.text.trim().length === 0))
      .map((page) => page.page);
    if (imagePages.length === pdf.pages.length && options.ocr?.enabled === false) {
      await tablesSettled;
      throw new DocumentError("image_only", absolutePath);
    }
    let ocr: OcrPage[] = [];
    if (imagePages.length > 0 && options.ocr?.enabled !== false) {
      try {
        ocr = await ocrPages(absolutePath, imagePages, {
          engine: options.ocr?.engine,
          signal: options.signal,
        });
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        if (imagePages.length === pdf.pages.length) {
          await tablesSettled;
          throw new DocumentError(
            "image_only",
            absolutePath,
            `no text layer, and OCR failed: ${cause instanceof Error ? cause.message : String(cause)}`,
            { cause },
          );
        }
        warnings.push(
          `pages ${imagePages.join(", ")} have no text layer and OCR failed: ${cause instanceof Error ? cause.message : String(cause)}`,
        );
      }
    }
    for (const page of ocr)
      warnings.push(
        `page ${page.page}: no text layer, read by OCR (${page.engine}, confidence ${page.confidence.toFixed(2)})`,
      );
    const ocrLines = new Map(ocr.map((page) => [page.page, page.lines]));
    if (ocr.every((page) => page.lines.length === 0) && imagePages.length === pdf.pages.length) {
      await tablesSettled;
      throw new DocumentError("image_only", absolutePath, "no text layer, and OCR found no text on any page");
    }
    const pageHeights = new Map(pdf.pages.map((page) => [page.page, page.height]));
    const allLines = removeRunningLines(
      pdf.pages.flatMap((page) => ocrLines.get(page.page) ?? buildPageLines(page)),
      pageHeights,
      pdf.pageCount,
    );
    const settled = await tablesSettled;
    let tables: ExtractedTable[] = [];
    if (settled.ok) {
      const checked = tablesWithCheckedText(settled.pages, pdf.pages);
      // Pages where tabula found nothing are read from pdf.js alone: ruled grids, and (not in
      // lattice mode, which reads ruled tables only) columns of aligned text.
      const missed =
        tableMode === "off"
          ? []
          : await tablesTabulaMissed(pdf, checked.tables, {
              signal: options.signal,
              alignment: tableMode !== "lattice",
            });
      tables = [...checked.tables, ...missed];
      warnings.push(...checked.warnings);
    } else
      warnings.push(`tables not extracted: ${(settled.error as Error)?.message ?? String(settled.error)}`);
    // Scanned pages' tables come from their OCR lines, whether or not tabula ran: aligned text
    // only, so not in lattice mode (which reads ruled tables from ruling lines a scan lacks).
    if (tableMode === "auto" || tableMode === "stream") tables.push(...ocrTables(ocr));
    tables.sort((a, b) => a.page - b.page || a.bbox[1] - b.bbox[1]);

    // Table text is indexed through the table's own rendering, not repeated in the passages; the
    // page's own text under a table whose text could not be verified stays in the passages.
    const lines = allLines.filter(
      (line) =>
        !tables.some(
          (table) =>
            table.textCheck?.status !== "unverified" && table.page === line.page && inside(line, table.bbox),
        ),
    );
    const bodySize = bodyFontSize(lines.length > 0 ? lines : allLines);
    const boldFonts = await boldFontLookup(pdf, lines, bodySize);
    let headings = detectHeadings(
      lines,
      (line) => ({ bold: boldFonts.get(`${line.page}:${line.fontId}`) ?? false }),
      bodySize,
    );

    // A single largest heading at the top of page 1 is the document's title, not a section.
    let title = pdf.title;
    const first = headings[0];
    if (
      first &&
      first.line.page === 1 &&
      first.numberDepth === 0 &&
      headings.every((other) => other === first || other.line.fontSize < first.line.fontSize - 0.5)
    ) {
      title ??= headingText(first);
      headings = headings.slice(1);
      for (const line of [first.line, ...first.continuation]) lines.splice(lines.indexOf(line), 1);
    }
    const outline = buildSectionTree(headings);
    const headingLines = new Set<TextLine>(
      headings.flatMap((heading: HeadingLine) => [heading.line, ...heading.continuation]),
    );
    const bodies: SectionBody[] = [{ section: undefined, lines: [] }];
    for (const line of lines) {
      const section = outline.sectionByHeading.get(line);
      if (section) bodies.push({ section, lines: [] });
      else if (!headingLines.has(line)) bodies[bodies.length - 1].lines.push(line);
    }
    const chunks = chunkSections(
      bodies.filter((body) => body.lines.length > 0),
      {
        maxChars: options.maxChars ?? DEFAULT_CHUNKING.maxChars,
        overlapChars: options.overlapChars ?? DEFAULT_CHUNKING.overlapChars,
      },
      documentId,
    );
    // Chunks from OCR'd pages say so, with the lowest page confidence among their pages.
    const ocrByPage = new Map(ocr.map((page) => [page.page, page]));
    for (const chunk of chunks) {
      const pages = chunk.pages.map((page) => ocrByPage.get(page)).filter((page) => page !== undefined);
      if (pages.length > 0)
        chunk.ocr = {
          engine: pages[0].engine,
          confidence: Math.min(...pages.map((page) => page.confidence)),
        };
    }
    // Each table is placed in the section whose heading precedes it.
    for (const table of tables) table.section = sectionAt(outline.roots, table.page, table.bbox[1]);
    return {
      path: absolutePath,
      documentId,
      pageCount: pdf.pageCount,
      title,
      sections: outline.roots,
      chunks,
      tables,
      warnings,
    };
  } finally {
    options.signal?.removeEventListener("abort", stopTables);
    await pdf.close().catch(() => {});
  }
}

/** The file's bytes, read once for the stream check and pdf.js; an unreadable file is `corrupt`. */
function readDocumentBytes(absolutePath: string): Buffer {
  try {
    return readFileSync(absolutePath);
  } catch (error) {
    throw new DocumentError(
      "corrupt",
      absolutePath,
      `cannot read ${absolutePath}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** The path of the last section whose heading lies before (page, top) in reading order. */
function sectionAt(roots: ExtractedSection[], page: number, top: number): string {
  let found = "";
  const visit = (sections: ExtractedSection[]) => {
    for (const section of sections) {
      if (section.page < page || (section.page === page && section.bbox[1] <= top)) found = section.pathText;
      visit(section.children);
    }
  };
  visit(roots);
  return found;
}

/**
 * Real font names are only known after pdf.js builds a page's operator list (costly), so it is
 * done only on pages with a heading candidate in a font other than the body font: a short line
 * at body size whose font differs from the page's dominant font.
 */
async function boldFontLookup(
  pdf: Awaited<ReturnType<typeof readPdfText>>,
  lines: TextLine[],
  bodySize: number,
): Promise<Map<string, boolean>> {
  const byPage = new Map<number, TextLine[]>();
  for (const line of lines) {
    const pageLines = byPage.get(line.page);
    if (pageLines) pageLines.push(line);
    else byPage.set(line.page, [line]);
  }
  const result = new Map<string, boolean>();
  for (const [page, pageLines] of byPage) {
    const weights = new Map<string, number>();
    for (const line of pageLines)
      weights.set(line.fontId, (weights.get(line.fontId) ?? 0) + line.text.length);
    const bodyFont = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const candidate = pageLines.some(
      (line) =>
        line.fontId !== bodyFont &&
        line.text.length <= 80 &&
        Math.abs(line.fontSize - bodySize) < bodySize * 0.15,
    );
    if (!candidate) continue;
    const details = await pdf.fontDetails(page);
    for (const [fontId, font] of details) result.set(`${page}:${fontId}`, font.bold);
  }
  return result;
}
