// Shared by the knowledge-base benchmarks: writes passages straight into a knowledge-base folder
// the way ingest does (same schema, same full-text index, same manifest), without PDFs, so
// retrieval and latency are measured on the real store and the real search code.
import fs from "node:fs";
import type { Embedder } from "../adapters/pdf-kb/embedding/embedder.js";
import { fullTextColumn, fullTextIndexOptions } from "../adapters/pdf-kb/store/full-text-index.js";
import { KnowledgeBase, lanceDirectory } from "../adapters/pdf-kb/store/knowledge-base.js";
import {
  type IndexedDocument,
  rowLayout,
  writeManifest,
} from "../adapters/pdf-kb/store/knowledge-base-manifest.js";
import {
  type PassageRow,
  passageSchema,
  tableSchema,
} from "../adapters/pdf-kb/store/knowledge-base-schema.js";
import { lancedb } from "../adapters/pdf-kb/store/lance-database.js";
import { maintainVectorIndex } from "../adapters/pdf-kb/store/vector-index.js";

/** Builds a knowledge base in `directory` from batches of passage rows and opens it for search. */
export async function writeBenchIndex(
  directory: string,
  embedder: Embedder & { dimensions: number },
  batches: AsyncIterable<PassageRow[]> | Iterable<PassageRow[]>,
): Promise<{ knowledgeBase: KnowledgeBase; rows: number }> {
  fs.rmSync(directory, { recursive: true, force: true });
  fs.mkdirSync(directory, { recursive: true });
  const connection = await lancedb.connect(lanceDirectory(directory));
  const passages = await connection.createEmptyTable("passages_g1", passageSchema(embedder.dimensions));
  const tables = await connection.createEmptyTable("tables_g1", tableSchema());
  const documents: Record<string, IndexedDocument> = {};
  let rows = 0;
  for await (const batch of batches) {
    await passages.add(batch as unknown as Record<string, unknown>[]);
    rows += batch.length;
    for (const row of batch) {
      documents[row.document] ??= {
        hash: "",
        size: 0,
        pages: 1,
        passages: 0,
        tables: 0,
        date: row.date,
        tags: [],
        warnings: [],
        ingested_at: new Date().toISOString(),
      };
      const entry = documents[row.document];
      entry.passages += 1;
    }
  }
  process.stderr.write(`  ${rows} rows written; full-text index…\n`);
  await passages.createIndex(fullTextColumn, {
    config: lancedb.Index.fts(fullTextIndexOptions),
    replace: true,
  });
  process.stderr.write("  vector index…\n");
  const indexStarted = performance.now();
  const indexed = await maintainVectorIndex(passages, embedder.dimensions);
  if (indexed)
    process.stderr.write(
      `  IVF-PQ index built in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s\n`,
    );
  process.stderr.write("  compacting…\n");
  await passages.optimize({ cleanupOlderThan: new Date() });
  writeManifest(directory, {
    format: 1,
    layout: rowLayout,
    source: "bench",
    embedder: embedder.id,
    dimensions: embedder.dimensions,
    generation: 1,
    passages: { name: "passages_g1", version: await passages.version() },
    tables: { name: "tables_g1", version: await tables.version() },
    documents,
    updated_at: new Date().toISOString(),
  });
  passages.close();
  tables.close();
  connection.close();
  return { knowledgeBase: await KnowledgeBase.open("bench", directory, embedder), rows };
}

/** The p-th percentile (0..100) of a list of numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
