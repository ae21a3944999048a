import { z } from "zod";
import { Anchor } from "./sources/bi-dashboard-source.js";

/** Type of a table column, used for typed comparison in validation rules. */
export const ColumnType = z.enum(["string", "number", "percent", "date", "boolean"]);
export type ColumnType = z.infer<typeof ColumnType>;

/** A cell value after normalisation: percents are stored as numbers in percent units (5.2 means 5.2 %). */
export const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof CellValue>;

export const Column = z.object({
  name: z.string(),
  type: ColumnType,
  unit: z.string().optional(),
  label: z.string().optional(),
});
export type Column = z.infer<typeof Column>;

/** Where one row came from: a page locator, an issue key, a file line, a PDF page and box. */
export const Provenance = z.object({
  source: z.string(),
  url: z.string().optional(),
  locator: z.string().optional(),
  issue_key: z.string().optional(),
  file: z.string().optional(),
  line: z.number().int().optional(),
  document: z.string().optional(),
  page: z.number().int().optional(),
  table_id: z.string().optional(),
  /**
   * Where a dashboard row was read, as data each answer language names: the anchor from the YAML,
   * a table or a region read by OCR (what the region is), and the rows on the page (1-based).
   */
  place: z
    .object({
      anchor: Anchor,
      read: z.enum(["table", "ocr"]),
      region: z.string().optional(),
      rows: z.array(z.number().int()),
    })
    .optional(),
  /** The header of a wide table's column the row's value was read from ("Q4 2019"); each answer language names it. */
  column: z.string().optional(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  /** Present when the row was read by OCR from pixels (a canvas, an image, a scanned page). */
  ocr: z
    .object({
      engine: z.string(),
      /** The image that was read, relative to the run folder (or the knowledge base). */
      image: z.string().optional(),
      /** Confidence (0–1) per column of this row: the lowest character probability of the cell. */
      confidence: z.record(z.string(), z.number()),
      /** Below this a number is shown with a caveat. */
      threshold: z.number(),
    })
    .optional(),
});
export type Provenance = z.infer<typeof Provenance>;

/** A filter value the source does not store as sent: what was asked, what was sent, what the records hold. */
export const FilterMismatch = z.object({
  source: z.string(),
  dimension: z.string(),
  wanted: z.array(z.string()),
  sent: z.array(z.string()),
  stored: z.array(z.string()),
});
export type FilterMismatch = z.infer<typeof FilterMismatch>;

/** A typed table: rows are records keyed by column name, each with its provenance. */
export const TableEvidence = z.object({
  kind: z.literal("table"),
  columns: z.array(Column),
  rows: z.array(z.record(z.string(), CellValue)),
  provenance: z.array(Provenance),
  /** What was relaxed to get these rows (filled by the reflector when it broadens). */
  notes: z.array(z.string()).default([]),
  /**
   * Per row, the dimension values as the source wrote them, where they differ from the catalog key
   * now in the row (华南 → South): what a citation quotes.
   */
  original_values: z.array(z.record(z.string(), z.string())).optional(),
  /**
   * Server-side filters that found nothing while the records read without them hold the value:
   * the source stores another value than the one sent (the rows were filtered after reading).
   * The answer tells the reader, in the question's language.
   */
  filter_mismatches: z.array(FilterMismatch).optional(),
});
export type TableEvidence = z.infer<typeof TableEvidence>;

/** A retrieved passage of text from a knowledge base. */
export const Passage = z.object({
  chunk_id: z.string(),
  document: z.string(),
  page: z.number().int(),
  pages: z.array(z.number().int()).optional(),
  section: z.string(),
  text: z.string(),
  /**
   * What the passage states, one statement each, when its text alone does not say it: a table
   * row's cells with their column headers ("Plan: Premier; First response target: 1 hour"). The
   * grader reads these instead of the text's sentences.
   */
  statements: z.array(z.string()).optional(),
  score: z.number(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  /** Present when the passage's page had no text layer and was read by OCR. */
  ocr: z.object({ engine: z.string(), confidence: z.number() }).optional(),
});
export type Passage = z.infer<typeof Passage>;

export const TextEvidence = z.object({
  kind: z.literal("text"),
  source: z.string(),
  query: z.string().optional(),
  passages: z.array(Passage),
  notes: z.array(z.string()).default([]),
});
export type TextEvidence = z.infer<typeof TextEvidence>;

/** Normalised evidence of one step: a typed table or text passages. */
export const Evidence = z.discriminatedUnion("kind", [TableEvidence, TextEvidence]);
export type Evidence = z.infer<typeof Evidence>;
