import { z } from "zod";

// What a knowledge base says (adapters/pdf-kb/): its index, its searches, its table datasets, and
// the embedding model it asks through Ollama.

/** Why a knowledge base's index cannot be used. */
export const IndexProblem = z.discriminatedUnion("reason", [
  z.object({ reason: z.literal("not_built") }),
  z.object({ reason: z.literal("old_layout"), built: z.number(), current: z.number() }),
  z.object({ reason: z.literal("other_embedder"), built: z.string(), configured: z.string() }),
  z.object({ reason: z.literal("unopenable"), detail: z.string() }),
]);
export type IndexProblem = z.infer<typeof IndexProblem>;

/** A knowledge base's messages. */
export const KNOWLEDGE_BASE_MESSAGES = [
  /** The index is missing or cannot be used: `triangulate ingest` builds it. */
  z.object({ code: z.literal("index_unusable"), source: z.string(), problem: IndexProblem }),
  /** Searching the index failed (its own words). */
  z.object({ code: z.literal("index_unsearchable"), source: z.string(), detail: z.string() }),
  /** The search was cancelled. */
  z.object({ code: z.literal("search_cancelled"), source: z.string() }),
  /** No passage matches the query. */
  z.object({
    code: z.literal("no_passage"),
    source: z.string(),
    query: z.string(),
    filters: z.record(z.string(), z.string()),
  }),
  /** The sub-goal's filters cannot be used on documents (their own words). */
  z.object({ code: z.literal("document_filters_invalid"), goal: z.string(), detail: z.string() }),
  /** No stored table of the dataset's documents has its headers. */
  z.object({
    code: z.literal("tables_not_found"),
    source: z.string(),
    dataset: z.string(),
    document: z.string(),
    found: z.number(),
    headers: z.array(z.string()),
  }),
  /** The tables were found; no row matches the filters and period. */
  z.object({
    code: z.literal("table_rows_unmatched"),
    source: z.string(),
    dataset: z.string(),
    tables: z.number(),
  }),
  /** The embedding model gave another number of vectors than texts sent. */
  z.object({
    code: z.literal("embedding_count_wrong"),
    model: z.string(),
    got: z.number(),
    sent: z.number(),
  }),
  /** The embedding model gave a vector of the wrong size. */
  z.object({
    code: z.literal("embedding_size_wrong"),
    model: z.string(),
    got: z.number(),
    expected: z.number(),
  }),
  /** Embedding was cancelled or timed out. */
  z.object({ code: z.literal("embedding_cancelled"), model: z.string() }),
  /** Ollama has no such model. */
  z.object({ code: z.literal("embedding_model_missing"), model: z.string(), detail: z.string() }),
  /** Ollama is busy (429). */
  z.object({ code: z.literal("embedding_busy"), detail: z.string() }),
  /** Ollama failed (5xx). */
  z.object({ code: z.literal("embedding_server_failed"), model: z.string(), detail: z.string() }),
  /** Ollama refused the request (4xx). */
  z.object({ code: z.literal("embedding_refused"), status: z.number(), detail: z.string() }),
  /** Ollama's reply cannot be used. */
  z.object({ code: z.literal("embedding_unusable"), model: z.string(), detail: z.string() }),
  /** Ollama cannot be reached. */
  z.object({
    code: z.literal("embedding_unreachable"),
    host: z.string(),
    model: z.string(),
    detail: z.string(),
  }),
] as const;
