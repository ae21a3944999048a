import { z } from "zod";
import { ColumnType } from "../evidence.js";
import { nameRecord } from "../name-record.js";
import { Name } from "../plan.js";
import { type SourceKindDescriptor, tableSections } from "../source-kind.js";
import { ColumnMapping, Offers, sourceCommonShape, Unpivot } from "./common.js";

/** A table in the knowledge base exposed as a dataset (found by document and header text). */
export const KnowledgeBaseTable = z
  .object({
    /** Glob or file name of the document holding the table. */
    document: z.string(),
    /** Header cells the table must have (any order); picks the table among the document's. */
    match_headers: z.array(z.string()).min(1),
    columns: ColumnMapping.default({}),
    /** Force a (mapped) column's type instead of detecting it, e.g. { code: string }. */
    types: nameRecord(Name, ColumnType).prefault({}),
    /**
     * The (mapped) column holding each row's period; two columns for a span (start, end);
     * "none" when no column is a period (a "Since" date is not the row's period). Without it the
     * row's date columns are used, and the evidence says which.
     */
    period_column: z.union([z.literal("none"), Name, z.tuple([Name, Name])]).optional(),
    /** Melt a wide table (a column per period or per category) into one row per cell, before `columns` maps the kept ones. */
    unpivot: Unpivot.optional(),
    offers: Offers.default({ metrics: [], dimensions: [], events: [], topics: [] }),
  })
  .strict();
export type KnowledgeBaseTable = z.infer<typeof KnowledgeBaseTable>;

/** Date and tags of the documents a glob matches, for the knowledge base's metadata filters. */
export const KnowledgeBaseDocumentMetadata = z
  .object({
    /** Glob relative to the workspace (or a file name glob when it has no "/"). */
    match: z.string().min(1),
    /** The document's date (ISO); without one the file's modification date is used. */
    date: z.iso.date().optional(),
    tags: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type KnowledgeBaseDocumentMetadata = z.infer<typeof KnowledgeBaseDocumentMetadata>;

/**
 * What `triangulate ingest` spends on one document at most; a document over a bound is skipped
 * with the bound as its reason and the rest of the ingest goes on.
 */
export const KnowledgeBaseIngestBudget = z
  .object({
    /** Wall time of one document's extraction (text, tables, OCR), in seconds. */
    max_seconds: z.number().positive().max(86_400).default(300),
    /** Pages of one document. */
    max_pages: z.number().int().min(1).max(1_000_000).default(2000),
    /** Bytes one document's streams decode to, all together (images by their declared size), in MB. */
    max_decoded_megabytes: z.number().positive().max(65_536).default(256),
    /** Resident memory of the processes extracting one document (pdf.js's, tabula's JVM, OCR), in MB. */
    max_memory_megabytes: z.number().int().min(128).max(65_536).default(1024),
  })
  .strict();
export type KnowledgeBaseIngestBudget = z.infer<typeof KnowledgeBaseIngestBudget>;

export const PdfKnowledgeBaseSource = z
  .object({
    kind: z.literal("pdf_kb"),
    ...sourceCommonShape,
    /** Globs relative to the workspace. */
    paths: z.array(z.string()).min(1),
    tables: z
      .object({ mode: z.enum(["auto", "lattice", "stream", "off"]).default("auto") })
      .strict()
      .default({ mode: "auto" }),
    chunking: z
      .object({
        max_chars: z.number().int().min(200).max(20_000).default(1200),
        overlap_chars: z.number().int().min(0).max(2000).default(150),
      })
      .strict()
      .default({ max_chars: 1200, overlap_chars: 150 }),
    embedding: z
      .object({
        provider: z.enum(["hashed", "ollama"]).default("hashed"),
        model: z.string().default("nomic-embed-text"),
        dimensions: z.number().int().min(16).max(4096).default(384),
      })
      .strict()
      .default({ provider: "hashed", model: "nomic-embed-text", dimensions: 384 }),
    /** Per-document bounds of `triangulate ingest`. */
    ingest: KnowledgeBaseIngestBudget.prefault({}),
    /** Number of passages a search returns. */
    top_k: z.number().int().min(1).max(100).default(8),
    datasets: nameRecord(Name, KnowledgeBaseTable).prefault({}),
    /** Per-document date and tags; every entry whose glob matches applies (tags add up, the last date wins). */
    metadata: z.array(KnowledgeBaseDocumentMetadata).default([]),
    offers: Offers.default({ metrics: [], dimensions: [], events: [], topics: [] }),
  })
  .strict();
export type PdfKnowledgeBaseSource = z.infer<typeof PdfKnowledgeBaseSource>;

/**
 * PDF knowledge bases: passages answer the source-level `offers` by free-text search; tables found
 * in the documents are datasets, read as published (a document's table is not cut to a period).
 */
export const pdfKnowledgeBaseKind: SourceKindDescriptor<PdfKnowledgeBaseSource> = {
  sections: (config) => tableSections(config.datasets),
  textSearch: (config) => config.offers,
  periodFiltered: false,
  live: true,
  fallbackEndpoint: () => undefined,
};
