import { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } from "apache-arrow";

/** A row of the passages table: a text chunk, or the text rendering of a table so a search finds it. */
export interface PassageRow {
  /** Unique in the index: "<document>#<chunk id>". */
  id: string;
  /** Workspace-relative path with forward slashes. */
  document: string;
  kind: "text" | "table";
  /** The table's id for kind "table", else "". */
  table_id: string;
  section: string;
  /** Section folded (lower case, Simplified) so section filters ignore script and case. */
  section_folded: string;
  page: number;
  page_end: number;
  /** JSON array of every page the chunk spans. */
  pages_json: string;
  /** JSON [x0, y0, x1, y1] or "". */
  bbox_json: string;
  text: string;
  /** Folded text with CJK bigrams: what the full-text index indexes. */
  search_text: string;
  /** ISO date of the document (YAML metadata, else the file's modification date). */
  date: string;
  /** Tags as "|tag1|tag2|" so a LIKE finds one. */
  tags: string;
  /** JSON {engine, confidence} when the text was read by OCR (a page without a text layer), else "". */
  ocr_json: string;
  vector: Float32Array | number[];
}

/** A row of the tables table: one extracted table with its cells. */
export interface TableRow {
  /** "<document>#<table id>". */
  id: string;
  document: string;
  table_id: string;
  section: string;
  page: number;
  bbox_json: string;
  /** lattice or stream. */
  method: string;
  /** How many of the top rows of the cells are header rows. */
  header_rows: number;
  /** JSON [{name, type}] of the typed columns. */
  columns_json: string;
  /** JSON string[][] of every cell as extracted, header rows included. */
  cells_json: string;
  /** JSON of the body rows as records keyed by column name, values typed. */
  rows_json: string;
  /** The text rendering that is also indexed as a passage. */
  text: string;
  date: string;
  tags: string;
  /**
   * JSON {detector, textCheck} (what found the table; its cell text checked against the
   * page's text layer). An index written before this column has none (the reader says to
   * reindex); ingest adds it, empty, to such a table before writing rows into it.
   */
  extraction_json: string;
}

/** Arrow schema of the passages table for vectors of the given dimension. */
export function passageSchema(dimensions: number): Schema {
  const text = (name: string) => new Field(name, new Utf8(), false);
  return new Schema([
    text("id"),
    text("document"),
    text("kind"),
    text("table_id"),
    text("section"),
    text("section_folded"),
    new Field("page", new Int32(), false),
    new Field("page_end", new Int32(), false),
    text("pages_json"),
    text("bbox_json"),
    text("text"),
    text("search_text"),
    text("date"),
    text("tags"),
    text("ocr_json"),
    new Field("vector", new FixedSizeList(dimensions, new Field("item", new Float32(), true)), false),
  ]);
}

/** Arrow schema of the tables table. */
export function tableSchema(): Schema {
  const text = (name: string) => new Field(name, new Utf8(), false);
  return new Schema([
    text("id"),
    text("document"),
    text("table_id"),
    text("section"),
    new Field("page", new Int32(), false),
    text("bbox_json"),
    text("method"),
    new Field("header_rows", new Int32(), false),
    text("columns_json"),
    text("cells_json"),
    text("rows_json"),
    text("text"),
    text("date"),
    text("tags"),
    text("extraction_json"),
  ]);
}

/** The tables table's column added after the first indexes were written (schema evolution). */
export const tableExtractionColumn = "extraction_json";

/** Columns a search reads back (everything but the vector and the indexed text). */
export const passageColumns = [
  "id",
  "document",
  "kind",
  "table_id",
  "section",
  "page",
  "page_end",
  "pages_json",
  "bbox_json",
  "text",
  "date",
  "tags",
  "ocr_json",
];
