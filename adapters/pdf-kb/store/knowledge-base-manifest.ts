import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** What the index knows about one ingested document. */
export const IndexedDocument = z.object({
  /** SHA-256 of the file's bytes: unchanged files are skipped. */
  hash: z.string(),
  size: z.number().int(),
  pages: z.number().int(),
  passages: z.number().int(),
  tables: z.number().int(),
  date: z.string(),
  tags: z.array(z.string()),
  warnings: z.array(z.string()).default([]),
  ingested_at: z.string(),
});
export type IndexedDocument = z.infer<typeof IndexedDocument>;

/** A document the last ingest could not index, with why (what `kb status` shows). */
export const SkippedDocument = z.object({
  /** SHA-256 of the file's bytes when it failed ("" when it was not read). */
  hash: z.string(),
  /** The stable reason code: corrupt, encrypted, image_only, too_large, too_many_pages, timeout, out_of_memory, outside_workspace, error. */
  reason: z.string(),
  message: z.string(),
  /** For a bound's reasons: the setting and its value. */
  budget: z.object({ setting: z.string(), limit: z.number() }).optional(),
  failed_at: z.string(),
});
export type SkippedDocument = z.infer<typeof SkippedDocument>;

const PinnedTable = z.object({ name: z.string(), version: z.number().int().min(1) });

/**
 * The one file that says which index is current: table names and the LanceDB versions that
 * form a consistent whole. Readers open exactly these versions, so writes that an interrupted
 * ingest left behind are never seen; the file is replaced atomically (temp file + rename).
 */
export const KnowledgeBaseManifest = z.object({
  format: z.literal(1),
  /** Version of how documents become rows (chunks, table rows, indexed text); a change forces a rebuild. */
  layout: z.number().int().default(1),
  source: z.string(),
  embedder: z.string(),
  dimensions: z.number().int().min(1),
  generation: z.number().int().min(1),
  passages: PinnedTable,
  tables: PinnedTable,
  documents: z.record(z.string(), IndexedDocument),
  /** Documents the last ingest skipped (not in the index), by path; tried again by the next ingest. */
  skipped: z.record(z.string(), SkippedDocument).default({}),
  updated_at: z.string(),
});
export type KnowledgeBaseManifest = z.infer<typeof KnowledgeBaseManifest>;

/**
 * The current row layout: 2 added a passage per table row; 3 indexes word pairs and numbers
 * as single tokens, and a "<row label> <column header>" line per table cell; 4 re-reads table
 * cells from pdf.js where tabula's text disagrees (an index built before holds tabula's text,
 * garbled for some CJK fonts, so it is rebuilt) and marks passages read by OCR (ocr_json).
 */
export const rowLayout = 4;

/** Name of the manifest file inside a knowledge base folder. */
export const manifestFileName = "manifest.json";

/** Reads the manifest, or undefined when no ingest has finished yet. Throws on a damaged file. */
export function readManifest(directory: string): KnowledgeBaseManifest | undefined {
  const file = path.join(directory, manifestFileName);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = KnowledgeBaseManifest.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(
      `${file} is damaged (${parsed.error.issues[0]?.message}); run \`triangulate ingest --rebuild\``,
    );
  return parsed.data;
}

/** Replaces the manifest atomically: write a temp file, fsync it, rename over the old one, fsync the folder. */
export function writeManifest(directory: string, manifest: z.input<typeof KnowledgeBaseManifest>): void {
  const file = path.join(directory, manifestFileName);
  const temporary = path.join(directory, `.${manifestFileName}.${randomUUID()}.tmp`);
  const handle = fs.openSync(temporary, "w");
  try {
    fs.writeSync(handle, `${JSON.stringify(manifest, null, 2)}\n`);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
  const folder = fs.openSync(directory, "r");
  try {
    fs.fsyncSync(folder);
  } finally {
    fs.closeSync(folder);
  }
}
