import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { DocumentError } from "./document-error.js";
import { removeOverprintedRuns } from "./overprinted-text.js";
import type { PositionedText } from "./positioned-text.js";

export type { PositionedText } from "./positioned-text.js";

/** One page's text runs and its size. */
export interface PageText {
  page: number;
  width: number;
  height: number;
  items: PositionedText[];
}

/** A straight horizontal or vertical stroke on a page: from (x1, y1) to (x2, y2), x1 <= x2, y1 <= y2. */
export interface Ruling {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The pages of a document and its metadata title. */
export interface PdfText {
  pageCount: number;
  title?: string;
  pages: PageText[];
  /** Looks up the real font names (and bold flag) of a page's fonts; loads the page's operator list. */
  fontDetails(page: number): Promise<Map<string, { name: string; bold: boolean }>>;
  /**
   * The straight horizontal and vertical strokes of a page (ruling lines, rectangle edges, thin
   * filled bars), in points with the origin at the top-left; loads the page's operator list.
   */
  rulings(page: number): Promise<Ruling[]>;
  /** Frees pdf.js's resources. */
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
// Resolved from the installed package so font data never comes from the network.
const PDFJS_ROOT = path.dirname(require.resolve("pdfjs-dist/package.json"));
const STANDARD_FONTS = `${path.join(PDFJS_ROOT, "standard_fonts")}${path.sep}`;
const CMAPS = `${path.join(PDFJS_ROOT, "cmaps")}${path.sep}`;

// Standard font programs and CMaps are the same files for every document: read once per process
// (pdf.js would read them again for each document). Only files inside pdfjs-dist are served.
const packageFiles = new Map<string, Promise<Uint8Array>>();

function readPackageFile(file: string): Promise<Uint8Array> {
  const resolved = path.resolve(file);
  if (!resolved.startsWith(STANDARD_FONTS) && !resolved.startsWith(CMAPS))
    return Promise.reject(new Error(`not a pdf.js data file: ${file}`));
  let bytes = packageFiles.get(resolved);
  if (!bytes) {
    bytes = readFile(resolved).then((buffer) => new Uint8Array(buffer));
    packageFiles.set(resolved, bytes);
    bytes.catch(() => packageFiles.delete(resolved));
  }
  // A copy: pdf.js may transfer what it is given, which would empty the cached bytes.
  return bytes.then((cached) => cached.slice());
}

// The standard font programs pdf.js substitutes for the 14 base fonts a PDF may use without
// embedding them only draw glyphs: the text comes from the encoding, the widths from the file's
// /Widths or pdf.js's built-in metrics. Parsing and converting them was about a fifth of the
// extraction time. Symbol's and ZapfDingbats' are still served, as pdf.js itself does when it
// may use system fonts, since their built-in encodings are their own. (One visible difference:
// a character code the encoding leaves undefined reads as a space instead of a control character.)
const TEXT_STANDARD_FONTS = new Set(["FoxitSymbol.pfb", "FoxitDingbats.pfb"]);

/**
 * pdf.js's StandardFontDataFactory contract: the two symbol fonts from the per-process cache;
 * for the others a refusal, after which pdf.js reads the text with the font's encoding alone.
 */
class TextStandardFontDataFactory {
  constructor(private readonly options: { baseUrl: string | null }) {}

  fetch({ filename }: { filename: string }): Promise<Uint8Array> {
    if (!TEXT_STANDARD_FONTS.has(filename))
      return Promise.reject(new Error(`${filename}: glyph shapes are not needed for text`));
    return readPackageFile(`${this.options.baseUrl ?? STANDARD_FONTS}${filename}`);
  }
}

/** pdf.js's CMapReaderFactory contract (binary CMaps), served from the per-process cache. */
class CachedCMapReaderFactory {
  constructor(private readonly options: { baseUrl: string | null; isCompressed?: boolean }) {}

  async fetch({ name }: { name: string }): Promise<{ cMapData: Uint8Array; isCompressed: boolean }> {
    const isCompressed = this.options.isCompressed !== false;
    const file = `${this.options.baseUrl ?? CMAPS}${name}${isCompressed ? ".bcmap" : ""}`;
    return { cMapData: await readPackageFile(file), isCompressed };
  }
}

// pdf.js's worker bundle, loaded in this thread (the package ships no types for it).
const WORKER_MODULE: string = "pdfjs-dist/legacy/build/pdf.worker.mjs";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjsPromise: Promise<PdfJs> | undefined;

/**
 * Loads pdf.js once (the legacy build runs in Node 20 and uses its in-process "fake" worker).
 * The worker module is imported here too (pdf.js finds it on globalThis.pdfjsWorker) so that
 * both bundles have run their core-js polyfills before the native Array.prototype.push is put
 * back: core-js replaces push process-wide because V8 does not throw on a zero-argument push to
 * an array with a read-only length, a corner case pdf.js never meets, and its JavaScript push
 * made every push in the process (pdf.js's own hot loops included) about three times slower.
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    const nativePush = Array.prototype.push;
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    await import(WORKER_MODULE);
    if (Array.prototype.push !== nativePush)
      Object.defineProperty(Array.prototype, "push", {
        value: nativePush,
        writable: true,
        enumerable: false,
        configurable: true,
      });
    return pdfjs;
  })();
  return pdfjsPromise;
}

/** Options of readPdfText. */
export interface ReadPdfOptions {
  password?: string;
  signal?: AbortSignal;
  /** The file's bytes when the caller has read them already. */
  data?: Buffer;
  /** More pages than this: DocumentError("too_many_pages") before any page is read. */
  maxPages?: number;
}

/**
 * Reads every page's text runs with pdf.js. Throws DocumentError("encrypted") for a password
 * protected file, DocumentError("corrupt") for anything pdf.js cannot open and
 * DocumentError("too_many_pages") over `maxPages`.
 */
export async function readPdfText(absolutePath: string, options: ReadPdfOptions = {}): Promise<PdfText> {
  const pdfjs = await loadPdfJs();
  let data: Uint8Array;
  try {
    // Read in one blocking call: pdf.js then works on this thread anyway, and the thread pool's
    // open/stat/read/close round trips cost more than the read. A view, not a copy: pdf.js takes
    // a Uint8Array spanning its whole buffer as it is (it copies a Buffer, or a pooled slice).
    const buffer = options.data ?? readFileSync(absolutePath);
    data = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
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
    StandardFontDataFactory: TextStandardFontDataFactory,
    cMapUrl: CMAPS,
    cMapPacked: true,
    CMapReaderFactory: CachedCMapReaderFactory,
    // Operator lists are read for font names only: images are not decoded (text never needs them).
    maxImageSize: 0,
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
  if (options.maxPages !== undefined && document.numPages > options.maxPages) {
    await document.destroy().catch(() => {});
    throw new DocumentError(
      "too_many_pages",
      absolutePath,
      `${document.numPages} pages, more than the ${options.maxPages} the ingest allows; raise ingest.max_pages if the document is genuine`,
      { budget: { setting: "ingest.max_pages", limit: options.maxPages } },
    );
  }
  const pages: PageText[] = [];
  try {
    for (let number = 1; number <= document.numPages; number += 1) {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error("aborted");
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const [va, vb, vc, vd, ve, vf] = viewport.transform;
      const content = await page.getTextContent();
      const items: PositionedText[] = [];
      for (const item of content.items) {
        if (!("str" in item)) continue;
        if (item.str === "" && !item.hasEOL) continue;
        // Into viewport space (viewport transform × item transform, as pdf.js's Util.transform
        // computes it, without its array per item): top-left origin, rotation applied, y down.
        const [ia, ib, ic, id, ie, iff] = item.transform as number[];
        const a = va * ia + vc * ib;
        const b = vb * ia + vd * ib;
        const c = va * ic + vc * id;
        const d = vb * ic + vd * id;
        const e = va * ie + vc * iff + ve;
        const f = vb * ie + vd * iff + vf;
        const fontSize = Math.hypot(c, d) || Math.hypot(a, b);
        const horizontal = Math.abs(b) < 1e-3 * Math.max(1, Math.abs(a));
        items.push({
          text: item.str,
          page: number,
          x: e,
          baseline: f,
          width: horizontal ? item.width * (Math.hypot(a, b) / (Math.hypot(ia, ib) || 1)) : item.width,
          fontSize,
          fontId: item.fontName,
          endOfLine: item.hasEOL,
        });
      }
      pages.push({
        page: number,
        width: viewport.width,
        height: viewport.height,
        items: removeOverprintedRuns(items),
      });
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
  // Fonts an operator list has looked for (found or not), and pdf.js's document-wide objects.
  const inspected = new Set<string>();
  let commonObjs: { has(id: string): boolean; get(id: string): unknown } | undefined;
  return {
    pageCount: document.numPages,
    title,
    pages,
    async fontDetails(pageNumber) {
      const fontIds = new Set(pages[pageNumber - 1]?.items.map((item) => item.fontId));
      // pdf.js names a font once per document and keeps it in the document-wide commonObjs, so
      // a page whose fonts an earlier operator list already loaded needs no operator list.
      if ([...fontIds].some((id) => !inspected.has(id) && !commonObjs?.has(id))) {
        const page = await document.getPage(pageNumber);
        commonObjs ??= page.commonObjs;
        // Annotations' appearance streams carry no text of the text layer: not evaluated.
        await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
        page.cleanup();
        for (const id of fontIds) inspected.add(id);
      }
      const result = new Map<string, { name: string; bold: boolean }>();
      for (const id of fontIds) {
        if (!commonObjs?.has(id)) continue;
        const font = commonObjs.get(id) as { name?: string; bold?: boolean; black?: boolean };
        const name = font?.name ?? id;
        result.set(id, {
          name,
          bold: Boolean(font?.bold || font?.black) || /bold|black|heavy|semibold|demi|W[6-9]\b/i.test(name),
        });
      }
      return result;
    },
    async rulings(pageNumber) {
      const page = await document.getPage(pageNumber);
      try {
        const viewport = page.getViewport({ scale: 1 });
        const list = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
        return rulingsOf(list, viewport.transform as number[], pdfjs.OPS);
      } finally {
        page.cleanup();
      }
    },
    async close() {
      await document.destroy();
    },
  };
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: number[]): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/**
 * Straight strokes from an operator list (pdf.js 5: constructPath carries the painting operator
 * and a flat path of DrawOPS: 0 moveTo x y, 1 lineTo x y, 2 curveTo 6 numbers, 3 quadratic 4
 * numbers, 4 closePath; coordinates in user space under the current transform). Stroked lines
 * and rectangle edges count; a filled path counts when it is a thin bar (under 3 pt across).
 */
function rulingsOf(
  list: { fnArray: number[]; argsArray: unknown[] },
  viewport: number[],
  OPS: Record<string, number>,
): Ruling[] {
  const rulings: Ruling[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const strokes = new Set([
    OPS.stroke,
    OPS.closeStroke,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
  ]);
  const fills = new Set([OPS.fill, OPS.eoFill]);
  const push = (ax: number, ay: number, bx: number, by: number) => {
    if (Math.abs(ay - by) < 0.6 && Math.abs(ax - bx) > 2)
      rulings.push({ x1: Math.min(ax, bx), y1: (ay + by) / 2, x2: Math.max(ax, bx), y2: (ay + by) / 2 });
    else if (Math.abs(ax - bx) < 0.6 && Math.abs(ay - by) > 2)
      rulings.push({ x1: (ax + bx) / 2, y1: Math.min(ay, by), x2: (ax + bx) / 2, y2: Math.max(ay, by) });
  };
  for (let index = 0; index < list.fnArray.length; index += 1) {
    const fn = list.fnArray[index];
    const args = list.argsArray[index] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args?.[0] as number[] | null;
      if (matrix && matrix.length === 6) ctm = multiply(ctm, Array.from(matrix));
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.constructPath) {
      const paint = args?.[0] as number;
      const data = (args?.[1] as (Float32Array | null)[] | undefined)?.[0];
      if (!data || (!strokes.has(paint) && !fills.has(paint))) continue;
      const full = multiply(viewport as Matrix, ctm);
      const point = (x: number, y: number): [number, number] => [
        full[0] * x + full[2] * y + full[4],
        full[1] * x + full[3] * y + full[5],
      ];
      // The path's points, subpath by subpath (curves break a subpath's straight run).
      const subpaths: [number, number][][] = [];
      let current: [number, number][] = [];
      for (let i = 0; i < data.length; ) {
        const op = data[i];
        if (op === 0) {
          if (current.length > 0) subpaths.push(current);
          current = [point(data[i + 1], data[i + 2])];
          i += 3;
        } else if (op === 1) {
          current.push(point(data[i + 1], data[i + 2]));
          i += 3;
        } else if (op === 2) {
          if (current.length > 0) subpaths.push(current);
          current = [point(data[i + 5], data[i + 6])];
          i += 7;
        } else if (op === 3) {
          if (current.length > 0) subpaths.push(current);
          current = [point(data[i + 3], data[i + 4])];
          i += 5;
        } else {
          if (current.length > 1) current.push(current[0]);
          i += 1;
        }
      }
      if (current.length > 0) subpaths.push(current);
      for (const points of subpaths) {
        if (strokes.has(paint)) {
          for (let i = 1; i < points.length; i += 1)
            push(points[i - 1][0], points[i - 1][1], points[i][0], points[i][1]);
          continue;
        }
        // A filled thin bar stands for a rule: its long axis through its middle.
        const xs = points.map((p) => p[0]);
        const ys = points.map((p) => p[1]);
        const [left, right, top, bottom] = [
          Math.min(...xs),
          Math.max(...xs),
          Math.min(...ys),
          Math.max(...ys),
        ];
        if (bottom - top < 3 && right - left > 2) push(left, (top + bottom) / 2, right, (top + bottom) / 2);
        else if (right - left < 3 && bottom - top > 2)
          push((left + right) / 2, top, (left + right) / 2, bottom);
      }
    }
  }
  return rulings;
}
