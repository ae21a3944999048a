import fs from "node:fs";
import path from "node:path";
import { rangeFit, situationQuantities } from "../../../domain/stated-range.js";
import type { CellValue, ColumnType } from "../../../models/evidence.js";
import type { Embedder } from "../embedding/embedder.js";
import type { TableDetector, TableOcr, TableTextCheck } from "../extraction/extracted-document.js";
import { type KnowledgeBaseManifest, readManifest, rowLayout } from "./knowledge-base-manifest.js";
import { KnowledgeBaseMissingError } from "./knowledge-base-missing-error.js";
import { passageColumns } from "./knowledge-base-schema.js";
import { lancedb } from "./lance-database.js";
import { defaultFusionWeights, type FusionWeights, reciprocalRankFusion } from "./reciprocal-rank-fusion.js";
import { type KnowledgeBaseFilters, whereClause } from "./search-filters.js";
import { searchableText } from "./text-folding.js";

/** How a search ranks: full-text (BM25), vector (cosine) or both fused by weighted reciprocal rank. */
export type SearchMode = "hybrid" | "fts" | "vector";

/** Options of one search. */
export interface SearchOptions {
  /** Hits to return (default 8). */
  k?: number;
  mode?: SearchMode;
  filters?: KnowledgeBaseFilters;
  signal?: AbortSignal;
  /** Weights of hybrid fusion; the tuned defaults when omitted. */
  fusion?: FusionWeights;
}

/** The rows each ranking found for a query, best first, before fusion (see KnowledgeBase.candidates). */
export interface SearchCandidates {
  fullText: Record<string, unknown>[];
  vector: Record<string, unknown>[];
}

/** How many candidates each ranking contributes for k hits. */
export function candidateCount(k: number): number {
  // Fusion needs more than k candidates from each list (an item ranked 12th by both can beat one
  // ranked 1st by one), and so does showing each table once among its row passages.
  return Math.max(k * 4, 40);
}

/** One passage found by a search. */
export interface SearchHit {
  id: string;
  document: string;
  kind: "text" | "table";
  /** The table's id when the passage is a table's text rendering. */
  tableId?: string;
  section: string;
  page: number;
  pages: number[];
  bbox?: [number, number, number, number];
  text: string;
  /** hybrid: the weighted RRF score; fts: BM25; vector: cosine similarity. Higher is better. */
  score: number;
  /** 1-based rank in each list that found it. */
  ranks: { fts?: number; vector?: number };
  date: string;
  tags: string[];
  /** Set when the passage was read by OCR from a page without a text layer. */
  ocr?: { engine: string; confidence: number };
}

/** A stored table with its typed cells. */
export interface StoredTable {
  document: string;
  tableId: string;
  section: string;
  page: number;
  bbox?: [number, number, number, number];
  method: string;
  headerRows: number;
  columns: { name: string; type: ColumnType }[];
  cells: string[][];
  rows: Record<string, CellValue>[];
  text: string;
  date: string;
  tags: string[];
  /** What found the table (absent when the index predates the record: reindex to see it). */
  detector?: TableDetector;
  /**
   * How its cell text was checked against the page's text layer; null when the index was
   * built before the check was stored (`textCheckNote` then says to reindex).
   */
  textCheck: TableTextCheck | null;
  textCheckNote?: string;
  /** For a table read by OCR from a page without a text layer: engine, confidence, doubtful cells. */
  ocr?: TableOcr;
  /** For a table read by OCR: each cell's confidence (null for an empty cell), row by row like `cells`. */
  cellConfidence?: (number | null)[][];
}

/** What `kb tables` says of a table stored before text checks were. */
export const REINDEX_FOR_TEXT_CHECKS = "reindex to see text checks (triangulate ingest --rebuild)";

interface StoredExtraction {
  detector?: TableDetector;
  textCheck?: TableTextCheck;
  ocr?: TableOcr;
  cellConfidence?: (number | null)[][];
}

function readExtraction(value: unknown): StoredExtraction {
  if (typeof value !== "string" || value === "") return {};
  try {
    return JSON.parse(value) as StoredExtraction;
  } catch {
    return {};
  }
}

function tableExtraction(
  row: Row,
): Pick<StoredTable, "detector" | "textCheck" | "textCheckNote" | "ocr" | "cellConfidence"> {
  // An index written before the column existed has no such field (or, once an ingest added the
  // column, an empty one for the old rows).
  const { detector, textCheck, ocr, cellConfidence } = readExtraction(row.extraction_json);
  return {
    ...(detector ? { detector } : {}),
    ...(ocr ? { ocr } : {}),
    ...(cellConfidence ? { cellConfidence } : {}),
    textCheck: textCheck ?? null,
    ...(textCheck ? {} : { textCheckNote: REINDEX_FOR_TEXT_CHECKS }),
  };
}

/** The folder that holds a source's knowledge base: <workspace>/.triangulate/kb/<source>. */
export function knowledgeBaseDirectory(stateDirectory: string, sourceName: string): string {
  return path.join(stateDirectory, "kb", sourceName);
}

/** The LanceDB database folder inside a knowledge base folder. */
export function lanceDirectory(directory: string): string {
  return path.join(directory, "lance");
}

type Row = Record<string, unknown>;

function parseBox(json: unknown): [number, number, number, number] | undefined {
  if (typeof json !== "string" || json === "") return undefined;
  const value = JSON.parse(json) as unknown;
  return Array.isArray(value) && value.length === 4 ? (value as [number, number, number, number]) : undefined;
}

function parseTags(value: unknown): string[] {
  return typeof value === "string" ? value.split("|").filter(Boolean) : [];
}

/**
 * A read-only view of a source's knowledge base, pinned to the table versions the manifest
 * names: what a finished ingest committed, never what a running or crashed one half-wrote.
 */
export class KnowledgeBase {
  private constructor(
    readonly source: string,
    readonly directory: string,
    readonly manifest: KnowledgeBaseManifest,
    private readonly connection: lancedb.Connection,
    private readonly passages: lancedb.Table,
    private readonly tables: lancedb.Table,
    private readonly embedder: Embedder,
  ) {}

  /** Opens the index of a source; throws KnowledgeBaseMissingError when `triangulate ingest` has not run. */
  static async open(source: string, directory: string, embedder: Embedder): Promise<KnowledgeBase> {
    const manifest = readManifest(directory);
    if (!manifest || !fs.existsSync(lanceDirectory(directory)))
      throw new KnowledgeBaseMissingError(source, directory);
    if (manifest.layout !== rowLayout)
      throw new KnowledgeBaseMissingError(source, directory, {
        reason: "old_layout",
        built: manifest.layout,
        current: rowLayout,
      });
    if (manifest.embedder !== embedder.id) {
      throw new KnowledgeBaseMissingError(source, directory, {
        reason: "other_embedder",
        built: manifest.embedder,
        configured: embedder.id,
      });
    }
    const connection = await lancedb.connect(lanceDirectory(directory));
    try {
      const passages = await connection.openTable(manifest.passages.name);
      await passages.checkout(manifest.passages.version);
      const tables = await connection.openTable(manifest.tables.name);
      await tables.checkout(manifest.tables.version);
      return new KnowledgeBase(source, directory, manifest, connection, passages, tables, embedder);
    } catch (error) {
      connection.close();
      throw new KnowledgeBaseMissingError(source, directory, {
        reason: "unopenable",
        detail: error instanceof Error ? error.message.split("\n")[0] : String(error),
      });
    }
  }

  /** Number of passages (text chunks and table renderings) in the index. */
  async countPassages(filters: KnowledgeBaseFilters = {}): Promise<number> {
    return this.passages.countRows(whereClause(filters));
  }

  /** Searches passages; hybrid fuses the full-text and vector rankings with weighted reciprocal rank fusion. */
  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const k = options.k ?? 8;
    return rankCandidates(await this.candidates(query, { ...options, k }), { ...options, k }, query);
  }

  /**
   * The rows the full-text and the vector search each find for a query (as many as a search
   * for `k` hits reads), unfused: `rankCandidates` turns them into hits. Split from `search` so a
   * benchmark can try fusion weights without searching again.
   */
  async candidates(query: string, options: SearchOptions = {}): Promise<SearchCandidates> {
    const mode = options.mode ?? "hybrid";
    const where = whereClause(options.filters ?? {});
    const limit = candidateCount(options.k ?? 8);
    const [fullText, vector] = await Promise.all([
      mode === "vector" ? [] : this.fullTextRows(query, where, limit),
      mode === "fts" ? [] : this.vectorRows(query, where, limit, options.signal),
    ]);
    return { fullText, vector };
  }

  private async fullTextRows(query: string, where: string | undefined, limit: number): Promise<Row[]> {
    const text = searchableText(query);
    if (text.trim() === "") return [];
    let builder = this.passages
      .query()
      .fullTextSearch(text, { columns: ["search_text"] })
      .select([...passageColumns, "_score"])
      .limit(limit);
    if (where) builder = builder.where(where);
    return (await builder.toArray()) as Row[];
  }

  private async vectorRows(
    query: string,
    where: string | undefined,
    limit: number,
    signal?: AbortSignal,
  ): Promise<Row[]> {
    const [vector] = await this.embedder.embed([query], signal);
    // With an IVF index (large knowledge bases): probe 20 partitions, re-rank 10× the candidates on full vectors.
    let builder = this.passages
      .vectorSearch(vector)
      .distanceType("cosine")
      .nprobes(20)
      .refineFactor(10)
      .select([...passageColumns, "_distance"])
      .limit(limit);
    if (where) builder = builder.where(where);
    return (await builder.toArray()) as Row[];
  }

  /** Lists stored tables, optionally of documents matching a path or glob. */
  async listTables(filters: Pick<KnowledgeBaseFilters, "document"> = {}): Promise<StoredTable[]> {
    const where = whereClause({ document: filters.document });
    let builder = this.tables.query();
    if (where) builder = builder.where(where);
    const rows = (await builder.toArray()) as Row[];
    return rows
      .map((row) => {
        const bbox = parseBox(row.bbox_json);
        return {
          document: String(row.document),
          tableId: String(row.table_id),
          section: String(row.section),
          page: Number(row.page),
          ...(bbox ? { bbox } : {}),
          method: String(row.method),
          headerRows: Number(row.header_rows),
          columns: JSON.parse(String(row.columns_json)) as StoredTable["columns"],
          cells: JSON.parse(String(row.cells_json)) as string[][],
          rows: JSON.parse(String(row.rows_json)) as Record<string, CellValue>[],
          text: String(row.text),
          date: String(row.date),
          tags: parseTags(row.tags),
          ...tableExtraction(row),
        } satisfies StoredTable;
      })
      .sort(
        (left, right) =>
          left.document.localeCompare(right.document) ||
          left.page - right.page ||
          left.tableId.localeCompare(right.tableId, undefined, { numeric: true }),
      );
  }

  /** Releases the tables and the connection. */
  close(): void {
    this.passages.close();
    this.tables.close();
    this.connection.close();
  }
}

/**
 * Turns the candidates of a search into its hits: one ranking alone (fts, vector) or both fused
 * (hybrid), each table shown once by its best-ranked passage, the first k kept. When the query
 * states a quantity ("five hours before the showtime", 身高1.1米) and a row of the table states a
 * range holding it, that row stands for the table, at the table's best rank: the rows of a
 * condition table share their headers, so the best-ranked one is often another case.
 */
export function rankCandidates(
  candidates: SearchCandidates,
  options: SearchOptions = {},
  query = "",
): SearchHit[] {
  const k = options.k ?? 8;
  const mode = options.mode ?? "hybrid";
  const ftsRows = mode === "vector" ? [] : candidates.fullText;
  const vectorRows = mode === "fts" ? [] : candidates.vector;
  const byId = new Map<string, Row>();
  for (const row of [...ftsRows, ...vectorRows]) byId.set(String(row.id), row);
  const ftsRanking = ftsRows.map((row) => String(row.id));
  const vectorRanking = vectorRows.map((row) => String(row.id));
  let scored: { id: string; score: number }[];
  if (mode === "fts") scored = ftsRows.map((row) => ({ id: String(row.id), score: Number(row._score) }));
  else if (mode === "vector")
    scored = vectorRows.map((row) => ({ id: String(row.id), score: 1 - Number(row._distance) }));
  else {
    const weights = options.fusion ?? defaultFusionWeights;
    const fused = reciprocalRankFusion(
      [ftsRanking, vectorRanking],
      [weights.fullText, weights.vector],
      weights.constant,
    );
    // Ties (same ranks in both lists) are broken by the full-text rank, then the id, so results are stable.
    scored = [...fused.entries()]
      .map(([id, score]) => ({ id, score }))
      .sort(
        (left, right) =>
          right.score - left.score ||
          rankOf(ftsRanking, left.id) - rankOf(ftsRanking, right.id) ||
          left.id.localeCompare(right.id),
      );
  }
  const tableKey = (row: Row) => `${row.document}\u0000${row.table_id}`;
  const fitting = new Map<string, { id: string; score: number }>();
  // Only a query that states a quantity can pick a row by its range.
  for (const entry of situationQuantities(query).length > 0 ? scored : []) {
    const row = byId.get(entry.id)!;
    if (row.kind !== "table" || fitting.has(tableKey(row))) continue;
    if (rangeFit(query, String(row.text)) === "inside") fitting.set(tableKey(row), entry);
  }
  const seenTables = new Set<string>();
  const distinct = scored.flatMap((entry) => {
    const row = byId.get(entry.id)!;
    if (row.kind !== "table") return [entry];
    const key = tableKey(row);
    if (seenTables.has(key)) return [];
    seenTables.add(key);
    const fit = fitting.get(key);
    return [fit ? { id: fit.id, score: entry.score } : entry];
  });
  return distinct.slice(0, k).map(({ id, score }) => {
    const row = byId.get(id)!;
    const ftsRank = ftsRanking.indexOf(id);
    const vectorRank = vectorRanking.indexOf(id);
    const pages = JSON.parse(String(row.pages_json)) as number[];
    const bbox = parseBox(row.bbox_json);
    return {
      id,
      document: String(row.document),
      kind: row.kind === "table" ? "table" : "text",
      ...(row.table_id ? { tableId: String(row.table_id) } : {}),
      section: String(row.section),
      page: Number(row.page),
      pages,
      ...(bbox ? { bbox } : {}),
      ...(row.ocr_json
        ? { ocr: JSON.parse(String(row.ocr_json)) as { engine: string; confidence: number } }
        : {}),
      text: String(row.text),
      score: Number(score.toFixed(6)),
      ranks: {
        ...(ftsRank >= 0 ? { fts: ftsRank + 1 } : {}),
        ...(vectorRank >= 0 ? { vector: vectorRank + 1 } : {}),
      },
      date: String(row.date),
      tags: parseTags(row.tags),
    } satisfies SearchHit;
  });
}

function rankOf(ranking: string[], id: string): number {
  const index = ranking.indexOf(id);
  return index < 0 ? Number.MAX_SAFE_INTEGER : index;
}
