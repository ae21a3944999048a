import type { CellValue, ColumnType } from "../../../models/evidence.js";

/**
 * A box on one page in PDF points, origin at the page's top-left corner (as a viewer shows the
 * page and as tabula reports it): [left, top, right, bottom].
 */
export type BoundingBox = [number, number, number, number];

/** How tables are found: per the workspace's `tables.mode`. */
export type TableMode = "auto" | "lattice" | "stream" | "off";

/** One heading and the text under it, as a node of the document's section tree. */
export interface ExtractedSection {
  /** Stable id within the document: "s1", "s2", … in reading order. */
  id: string;
  /** The heading text as printed ("2.1 Custom items"). */
  title: string;
  /** 1 = top level; deeper numbers are nested. */
  level: number;
  /** Heading titles from the root to this section, e.g. ["2 Returns", "2.1 Custom items"]. */
  path: string[];
  /** The path joined with " > ", the form chunks and evidence carry. */
  pathText: string;
  /** Page the heading is on (1-based). */
  page: number;
  /** The heading's box on its page. */
  bbox: BoundingBox;
  /** Sub-sections in reading order. */
  children: ExtractedSection[];
}

/** A piece of one section's text under the size budget, the unit the index stores. */
export interface ExtractedChunk {
  /** `<documentId>#<n>`, stable for the same file and options. */
  id: string;
  text: string;
  /** Pages the chunk's lines are on (1-based, ascending). */
  pages: number[];
  /** Section path text ("2 Returns > 2.1 Custom items"); "" before the first heading. */
  section: string;
  /** Id of the section the chunk belongs to ("" before the first heading). */
  sectionId: string;
  /** Union of the chunk's line boxes on its first page. */
  bbox: BoundingBox;
  /** Set when the chunk's pages had no text layer and were read by OCR: the engine and the page confidence (0–1). */
  ocr?: { engine: string; confidence: number };
}

/** A typed column of an extracted table. */
export interface ExtractedColumn {
  name: string;
  type: ColumnType;
}

/** A table found by tabula-java, with its header rows recognised and its cells typed. */
export interface ExtractedTable {
  /** Table id within the document: "p<page>-t<n>" (n counts from 1 on each page). */
  id: string;
  page: number;
  bbox: BoundingBox;
  /** lattice = ruled cells (tabula's spreadsheet algorithm); stream = whitespace-aligned text. */
  method: "lattice" | "stream";
  /** How many of the top rows of `cells` form the header (0 when none was recognised). */
  headerRows: number;
  /** One column per grid column, named from the header (or "column_<n>"). */
  columns: ExtractedColumn[];
  /** The raw cell texts, row by row, header rows included. */
  cells: string[][];
  /** Body rows as records keyed by column name, values typed by the column's type. */
  rows: Record<string, CellValue>[];
  /** Section path the table sits in ("" when before any heading). */
  section: string;
  /** A plain-text rendering (caption line, header, one line per row) for full-text indexing. */
  text: string;
  /**
   * How the cell text was checked against pdf.js's text layer: verified (tabula's text is on
   * the page), corrected (cells re-read from the pdf.js glyphs inside tabula's rectangles), or
   * unverified (some cells are not on the page's text layer: the text may be wrong).
   */
  textCheck?: TableTextCheck;
  /**
   * What found the table: tabula-java (absent = tabula), or, on a page where tabula found
   * nothing, the pdf.js page itself: its ruling lines (`pdfjs-rulings`) or columns of aligned
   * text (`pdfjs-alignment`); those tables' cells are the text layer's own glyphs.
   */
  detector?: TableDetector;
  /**
   * For a table read by OCR: each cell's confidence (0–1, the lowest of the pieces it was read
   * from; null for an empty cell), row by row like `cells`.
   */
  cellConfidence?: (number | null)[][];
  /** For a table on a page without a text layer, read by OCR: the engine and how sure it was. */
  ocr?: TableOcr;
}

/**
 * What found the table; `ocr-alignment`: columns of aligned text on a page without a text layer,
 * its lines and cells read by OCR (the same alignment detector as `pdfjs-alignment`).
 */
export type TableDetector = "tabula" | "pdfjs-rulings" | "pdfjs-alignment" | "ocr-alignment";

/** How sure the OCR engine was of a table's cells. */
export interface TableOcr {
  engine: string;
  /** Mean confidence of the filled cells (0–1). */
  confidence: number;
  /** A cell below this confidence is marked doubtful (`lowConfidenceCells`). */
  threshold: number;
  /** The doubtful cells: row and column in `cells` (0-based, header rows included), text and confidence. */
  lowConfidenceCells: { row: number; column: number; text: string; confidence: number }[];
}

export interface TableTextCheck {
  /**
   * verified / corrected / unverified against the page's text layer; `ocr`: the page has no
   * text layer to check against, the cells were read by OCR (see the table's `ocr`).
   */
  status: "verified" | "corrected" | "unverified" | "ocr";
  /** Cells whose text was taken from the text layer instead of tabula. */
  replacedCells: number;
  /** Up to ten cells that could not be found in the page's text layer. */
  unverifiedCells: string[];
}

/** Everything extracted from one PDF. */
export interface ExtractedDocument {
  /** The absolute path that was read. */
  path: string;
  /** The id chunk ids are built from (the file's base name unless given). */
  documentId: string;
  pageCount: number;
  /** The PDF's Title metadata, else the first large heading on page 1. */
  title?: string;
  /** Top-level sections (each with its children). */
  sections: ExtractedSection[];
  chunks: ExtractedChunk[];
  tables: ExtractedTable[];
  /** Things that went wrong without stopping extraction (e.g. the JVM failed: no tables). */
  warnings: string[];
}

/** Options of extractDocument; chunking matches the pdf_kb source's `chunking` block. */
export interface ExtractOptions {
  /** Used in chunk ids; defaults to the file's base name. */
  documentId?: string;
  /** Chunk size budget in characters (default 1200). */
  maxChars?: number;
  /** Characters repeated from the end of the previous chunk of the same section (default 150). */
  overlapChars?: number;
  /** Table detection mode (default auto); "off" skips the JVM entirely. */
  tableMode?: TableMode;
  /** Upper bound on the tabula-java run for one document, in ms (default 120 000). */
  tableTimeoutMs?: number;
  /** Password for an encrypted PDF (none by default: encrypted files are reported). */
  password?: string;
  /** The java executable for tabula-java (default: $JAVA_HOME/bin/java, else java on PATH). */
  javaPath?: string;
  /** Aborts extraction (the JVM is killed). */
  signal?: AbortSignal;
  /** OCR of pages without a text layer (default: on, PaddleOCR). Off: a wholly image-only PDF is `image_only`. */
  ocr?: { enabled?: boolean; engine?: "paddleocr" | "tesseract" };
  /** Bounds checked before the readers start (none by default; ingest sets the source's `ingest` budget). */
  limits?: ExtractionLimits;
}

/**
 * Per-document bounds checked inside extraction; time and memory are bounded from outside, by
 * the process that runs it (bounded-extraction.ts).
 */
export interface ExtractionLimits {
  /** More pages than this: DocumentError("too_many_pages"). */
  maxPages?: number;
  /** Streams decoding to more bytes than this in all: DocumentError("too_large"), before any reader decodes them. */
  maxDecodedBytes?: number;
}
