import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { DocumentError } from "./document-error.js";

/** One run of text as pdf.js reports it, placed on its page (points, origin top-left). */
export interface PositionedText {
  text: string;
  page: number;
  /** Left edge. */
  x: number;
  /** Baseline, measured down from the page's top. */
  baseline: number;
  width: number;
  /** Font size in points (the text matrix's vertical scale). */
  fontSize: number;
  /** pdf.js's id for the loaded font; runs in the same font share it. */
  fontId: string;
  /** True when pdf.js reported an end of line after this run. */
  endOfLine: boolean;
}

/** One page's text runs and its size. */
export interface PageText {
  page: number;
  width: number;
  height: number;
  items: PositionedText[];
}

/** The pages of a document and its metadata title. */
export interface PdfText {
  pageCount: number;
  title?: string;
  pages: PageText[];
  /** Looks up the real font names (and bold flag) of a page's fonts; loads the page's operator list. */
  fontDetails(page: number): Promise<Map<string, { name: string; bold: boolean }>>;
  /** Frees pdf.js's resources. */
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
// Resolved from the installed package so font data never comes from the network.
const PDFJS_ROOT = path.dirname(require.resolve("pdfjs-dist/package.json"));
const STANDARD_FONTS = `${path.join(PDFJS_ROOT, "standard_fonts")}${path.sep}`;
const CMAPS = `${path.join(PDFJS_ROOT, "cmaps")}${path.sep}`;

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjsPromise: Promise<PdfJs> | undefined;

/** Loads pdf.js once (the legacy build runs in Node 20 and uses its in-process "fake" worker). */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsPromise;
}

/**
 * Reads every page's text runs with pdf.js. Throws DocumentError("encrypted") for a password
 * protected file and DocumentError("corrupt") for anything pdf.js cannot open.
 */
export async function readPdfText(
  absolutePath: string,
  options: { password?: string; signal?: AbortSignal } = {},
): Promise<PdfText> {
  const pdfjs = await loadPdfJs();
  let data: Uint8Array;
  try {
    data = new Uint8Array(await readFile(absolutePath));
  } catch (error) {
    throw new DocumentError(
      "corrupt",
      absolutePath,
      `cannot read ${absolutePath}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const task = pdfjs.getDocument({
    data,
    password: options.password,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    verbosity: 0,
    stopAtErrors: false,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    const name = (error as Error)?.name;
    if (name === "PasswordException")
      throw new DocumentError("encrypted", absolutePath, undefined, { cause: error });
    throw new DocumentError(
      "corrupt",
      absolutePath,
      `not a readable PDF: ${(error as Error)?.message ?? String(error)}`,
      { cause: error },
    );
  }
  const pages: PageText[] = [];
  try {
    for (let number = 1; number <= document.numPages; number += 1) {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error("aborted");
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: PositionedText[] = [];
      for (const item of content.items) {
        if (!("str" in item)) continue;
        if (item.str === "" && !item.hasEOL) continue;
        // Into viewport space: top-left origin, rotation applied, y growing downwards.
        const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform);
        const fontSize = Math.hypot(c, d) || Math.hypot(a, b);
        const horizontal = Math.abs(b) < 1e-3 * Math.max(1, Math.abs(a));
        items.push({
          text: item.str,
          page: number,
          x: e,
          baseline: f,
          width: horizontal
            ? item.width * (Math.hypot(a, b) / (Math.hypot(item.transform[0], item.transform[1]) || 1))
            : item.width,
          fontSize,
          fontId: item.fontName,
          endOfLine: item.hasEOL,
        });
      }
      pages.push({ page: number, width: viewport.width, height: viewport.height, items });
      page.cleanup();
    }
  } catch (error) {
    await document.destroy().catch(() => {});
    if (DocumentError.isDocumentError(error)) throw error;
    if (options.signal?.aborted) throw error;
    throw new DocumentError(
      "corrupt",
      absolutePath,
      `damaged page content: ${(error as Error)?.message ?? String(error)}`,
      { cause: error },
    );
  }
  let title: string | undefined;
  try {
    const metadata = await document.getMetadata();
    const info = metadata.info as { Title?: unknown };
    if (typeof info?.Title === "string" && info.Title.trim() !== "") title = info.Title.trim();
  } catch {
    // Metadata is optional; a broken Info dictionary must not lose the text.
  }
  return {
    pageCount: document.numPages,
    title,
    pages,
    async fontDetails(pageNumber) {
      const page = await document.getPage(pageNumber);
      await page.getOperatorList();
      const result = new Map<string, { name: string; bold: boolean }>();
      const fontIds = new Set(pages[pageNumber - 1]?.items.map((item) => item.fontId));
      for (const id of fontIds) {
        if (!page.commonObjs.has(id)) continue;
        const font = page.commonObjs.get(id) as { name?: string; bold?: boolean; black?: boolean };
        const name = font?.name ?? id;
        result.set(id, {
          name,
          bold: Boolean(font?.bold || font?.black) || /bold|black|heavy|semibold|demi|W[6-9]\b/i.test(name),
        });
      }
      page.cleanup();
      return result;
    },
    async close() {
      await document.destroy();
    },
  };
}
