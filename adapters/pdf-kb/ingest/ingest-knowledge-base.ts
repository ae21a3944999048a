import fs from "node:fs";
import type { Workspace } from "../../../config/workspace.js";
import type { PdfKnowledgeBaseSource } from "../../../models/sources/pdf-kb-source.js";
import { createEmbedder } from "../embedding/create-embedder.js";
import type { Embedder } from "../embedding/embedder.js";
import type { DocumentBudget } from "../extraction/document-error.js";
import { fullTextColumn, fullTextIndexOptions } from "../store/full-text-index.js";
import { knowledgeBaseDirectory, lanceDirectory } from "../store/knowledge-base.js";
import {
  type IndexedDocument,
  type KnowledgeBaseManifest,
  readManifest,
  rowLayout,
  writeManifest,
} from "../store/knowledge-base-manifest.js";
import {
  type PassageRow,
  passageSchema,
  type TableRow,
  tableExtractionColumn,
  tableSchema,
} from "../store/knowledge-base-schema.js";
import { lancedb } from "../store/lance-database.js";
import { maintainVectorIndex } from "../store/vector-index.js";
import {
  type ClosableExtractor,
  type DocumentExtractor,
  type DocumentFailureReason,
  documentFailureBudget,
  documentFailureReason,
  startBoundedExtractor,
} from "./document-extractor.js";
import { type DocumentFile, hashFile, listDocumentFiles } from "./document-files.js";
import { type DocumentMetadata, documentRows } from "./document-rows.js";
import { matchesGlob } from "./glob-pattern.js";
import { acquireIngestLock } from "./ingest-lock.js";

/** A step of an ingest, for a progress bar. */
export interface IngestProgress {
  phase: "scan" | "extract" | "index" | "done";
  /** Documents handled so far in this phase. */
  done: number;
  total: number;
  document?: string;
}

/** Options of one ingest run. */
export interface IngestOptions {
  /** Re-extract every document into fresh tables (the old index stays current until the new one is complete). */
  rebuild?: boolean;
  /** Ctrl-C: stops between documents; the previous index stays current. */
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void;
  /** The PDF extraction; by default the real one from ../extraction, in a child process held to the source's `ingest` budget. */
  extractor?: DocumentExtractor;
  /** The embedder; the source's configured one by default. */
  embedder?: Embedder;
  /** Rows buffered before a write to LanceDB (default 2000); small values make more, smaller versions. */
  batchRows?: number;
}

/** A document that could not be indexed, with why. */
export interface FailedDocument {
  document: string;
  /**
   * corrupt, encrypted, image_only from extraction; too_large, too_many_pages, timeout,
   * out_of_memory for a document over the source's `ingest` budget; error for anything else.
   */
  reason: DocumentFailureReason | "outside_workspace" | "error";
  message: string;
  /** For a bound's reasons: the setting it went over and the setting's value. */
  budget?: DocumentBudget;
  /**
   * Set when the document went over the same bound in an earlier ingest and neither the file nor
   * the bound has changed since: it was not extracted again (a time bomb would cost its whole
   * `max_seconds` at every ingest). `--rebuild` tries it again.
   */
  notRetriedSince?: string;
}

/** The reasons that name a bound of the source's `ingest` budget. */
const budgetReasons = new Set<string>(["too_large", "too_many_pages", "timeout", "out_of_memory"]);

/** The current value of an `ingest.*` setting of the source. */
function budgetLimit(source: PdfKnowledgeBaseSource, setting: string): number | undefined {
  const key = setting.replace(/^ingest\./, "");
  return Object.hasOwn(source.ingest, key) ? source.ingest[key as keyof typeof source.ingest] : undefined;
}

/** What an ingest did. */
export interface IngestSummary {
  source: string;
  /** Whether every document was re-extracted into fresh tables, and why. */
  rebuilt: boolean;
  rebuildReason?: string;
  /** Documents extracted and indexed in this run (new or changed). */
  documents: number;
  added: number;
  changed: number;
  removed: number;
  /** Unchanged documents (same content hash) that were not extracted again. */
  skipped: number;
  failed: FailedDocument[];
  /** Pages, passages and tables of the documents indexed in this run. */
  pages: number;
  passages: number;
  tables: number;
  warnings: { document: string; message: string }[];
  /** What the index holds after the run. */
  index: { documents: number; pages: number; passages: number; tables: number };
  seconds: number;
}

// Rows are written in batches: fewer LanceDB versions and fragments than one write per document.
const flushRows = 2000;

function metadataFor(source: PdfKnowledgeBaseSource, file: DocumentFile): DocumentMetadata {
  let date = file.modified.toISOString().slice(0, 10);
  const tags = new Set<string>();
  for (const entry of source.metadata) {
    if (!matchesGlob(file.relativePath, entry.match)) continue;
    if (entry.date) date = entry.date;
    for (const tag of entry.tags) tags.add(tag);
  }
  return { date, tags: [...tags] };
}

function sqlList(values: string[]): string {
  return values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw signal.reason instanceof Error
      ? signal.reason
      : new DOMException("ingest interrupted", "AbortError");
}

/** Makes a table's latest version the pinned one again, undoing writes an interrupted ingest left behind. */
async function rollBackTo(table: lancedb.Table, version: number): Promise<void> {
  if ((await table.version()) === version) return;
  await table.checkout(version);
  await table.restore();
}

/**
 * Brings a pdf_kb source's index in line with its files: new files added, changed files (by
 * content hash) replaced, removed files deleted, unchanged files skipped. All writes go to new
 * LanceDB versions (or, for a rebuild, to new tables) that readers do not see until the manifest
 * naming them is replaced atomically at the end, so an interrupted ingest leaves the previous
 * index current and consistent. A PDF that cannot be read is reported and the batch goes on.
 */
export async function ingestKnowledgeBase(
  workspace: Workspace,
  sourceName: string,
  options: IngestOptions = {},
): Promise<IngestSummary> {
  const started = performance.now();
  const source = workspace.config.sources[sourceName];
  if (source?.kind !== "pdf_kb") throw new Error(`no pdf_kb source named ${sourceName} in ${workspace.file}`);
  workspace.requireVariablesOf(sourceName);
  const directory = knowledgeBaseDirectory(workspace.stateDirectory, sourceName);
  fs.mkdirSync(directory, { recursive: true });
  const release = acquireIngestLock(directory);
  try {
    return await ingestLocked(workspace, sourceName, source, directory, options, started);
  } finally {
    release();
  }
}

async function ingestLocked(
  workspace: Workspace,
  sourceName: string,
  source: PdfKnowledgeBaseSource,
  directory: string,
  options: IngestOptions,
  started: number,
): Promise<IngestSummary> {
  const { signal, onProgress } = options;
  const embedder = options.embedder ?? createEmbedder(source, workspace);
  let previous: KnowledgeBaseManifest | undefined;
  let rebuildReason: string | undefined = options.rebuild ? "--rebuild" : undefined;
  try {
    previous = readManifest(directory);
  } catch (error) {
    if (!options.rebuild) throw error;
  }
  if (!previous) rebuildReason ??= "first ingest";
  else if (previous.embedder !== embedder.id)
    rebuildReason ??= `embedder changed from ${previous.embedder} to ${embedder.id}`;
  else if (previous.layout !== rowLayout)
    rebuildReason ??= `index layout ${previous.layout} is older than ${rowLayout}`;
  const rebuild = rebuildReason !== undefined;

  const { files, outside } = await listDocumentFiles(workspace, source.paths);
  const failed: FailedDocument[] = outside.map((document) => ({
    document,
    reason: "outside_workspace",
    message: "a link to a file outside the workspace; not read",
  }));
  onProgress?.({ phase: "scan", done: 0, total: files.length });
  const hashes = new Map<string, string>();
  for (const [index, file] of files.entries()) {
    throwIfAborted(signal);
    hashes.set(file.relativePath, await hashFile(file.absolutePath));
    onProgress?.({ phase: "scan", done: index + 1, total: files.length, document: file.relativePath });
  }
  const known = rebuild ? {} : (previous?.documents ?? {});
  const pending = files.filter((file) => known[file.relativePath]?.hash !== hashes.get(file.relativePath));
  const present = new Set(files.map((file) => file.relativePath));
  // A glob that matches nothing is more often a typo or a moved folder than deleted documents:
  // nothing is removed from the index in that run, and the summary says why.
  const emptyGlobs = await globsMatchingNothing(workspace, source.paths);
  const missing = Object.keys(known).filter((document) => !present.has(document));
  const removed = emptyGlobs.length > 0 ? [] : missing;
  const changed = pending
    .filter((file) => known[file.relativePath] !== undefined)
    .map((file) => file.relativePath);
  const summary: IngestSummary = {
    source: sourceName,
    rebuilt: rebuild,
    ...(rebuildReason ? { rebuildReason } : {}),
    documents: 0,
    added: 0,
    changed: 0,
    removed: removed.length,
    skipped: files.length - pending.length,
    failed,
    pages: 0,
    passages: 0,
    tables: 0,
    warnings: emptyGlobs.map((glob) => ({
      document: glob,
      message: `paths glob "${glob}" matches no file${missing.length > 0 ? `; the ${missing.length} indexed document${missing.length > 1 ? "s" : ""} no longer found stay in the index until every glob matches (fix the glob, or remove it from paths)` : ""}`,
    })),
    index: { documents: 0, pages: 0, passages: 0, tables: 0 },
    seconds: 0,
  };
  const finish = (documents: Record<string, IndexedDocument>) => {
    const indexed = Object.values(documents);
    summary.index = {
      documents: indexed.length,
      pages: indexed.reduce((sum, entry) => sum + entry.pages, 0),
      passages: indexed.reduce((sum, entry) => sum + entry.passages, 0),
      tables: indexed.reduce((sum, entry) => sum + entry.tables, 0),
    };
    summary.seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    onProgress?.({ phase: "done", done: pending.length, total: pending.length });
    return summary;
  };
  const skippedBefore = Object.keys(previous?.skipped ?? {}).length + failed.length;
  if (!rebuild && pending.length === 0 && removed.length === 0 && skippedBefore === 0)
    return finish(previous!.documents);

  let bounded: ClosableExtractor | undefined;
  if (pending.length > 0 && !options.extractor)
    bounded = await startBoundedExtractor({
      maxSeconds: source.ingest.max_seconds,
      maxMemoryMegabytes: source.ingest.max_memory_megabytes,
      limits: {
        maxPages: source.ingest.max_pages,
        maxDecodedBytes: source.ingest.max_decoded_megabytes * 1024 * 1024,
      },
    });
  const extractor = options.extractor ?? bounded?.extract;
  const connection = await lancedb.connect(lanceDirectory(directory));
  try {
    const generation = rebuild ? (previous?.generation ?? 0) + 1 : previous!.generation;
    const names = { passages: `passages_g${generation}`, tables: `tables_g${generation}` };
    // Tables the manifest does not name were left by an interrupted rebuild: nobody reads them.
    const keep = new Set(previous ? [previous.passages.name, previous.tables.name] : []);
    for (const name of await connection.tableNames()) if (!keep.has(name)) await connection.dropTable(name);

    let dimensions = embedder.dimensions;
    if (rebuild && dimensions === undefined)
      dimensions = (await embedder.embed(["dimension probe"], signal))[0].length;
    let passagesTable: lancedb.Table;
    let tablesTable: lancedb.Table;
    if (rebuild) {
      passagesTable = await connection.createEmptyTable(names.passages, passageSchema(dimensions!), {
        mode: "overwrite",
      });
      tablesTable = await connection.createEmptyTable(names.tables, tableSchema(), { mode: "overwrite" });
    } else {
      passagesTable = await connection.openTable(previous!.passages.name);
      tablesTable = await connection.openTable(previous!.tables.name);
      await rollBackTo(passagesTable, previous!.passages.version);
      await rollBackTo(tablesTable, previous!.tables.version);
      const stale = [...removed, ...changed];
      if (stale.length > 0) {
        await passagesTable.delete(`document IN (${sqlList(stale)})`);
        await tablesTable.delete(`document IN (${sqlList(stale)})`);
      }
    }

    const documents: Record<string, IndexedDocument> = { ...known };
    for (const document of [...removed, ...changed]) delete documents[document];
    let passageBuffer: PassageRow[] = [];
    let tableBuffer: TableRow[] = [];
    // A tables table written before extraction_json existed gets the column (empty for its
    // rows: "reindex to see text checks") before the first new row goes in; a new LanceDB
    // version like any other write, invisible until the manifest switches.
    let tablesHaveExtraction = rebuild;
    const flush = async () => {
      if (passageBuffer.length > 0)
        await passagesTable.add(passageBuffer as unknown as Record<string, unknown>[]);
      if (tableBuffer.length > 0 && !tablesHaveExtraction) {
        const schema = await tablesTable.schema();
        if (!schema.fields.some((field) => field.name === tableExtractionColumn))
          await tablesTable.addColumns([{ name: tableExtractionColumn, valueSql: "''" }]);
        tablesHaveExtraction = true;
      }
      if (tableBuffer.length > 0) await tablesTable.add(tableBuffer as unknown as Record<string, unknown>[]);
      passageBuffer = [];
      tableBuffer = [];
    };
    const filesByPath = new Map(files.map((file) => [file.relativePath, file]));
    for (const [index, file] of pending.entries()) {
      throwIfAborted(signal);
      onProgress?.({ phase: "extract", done: index, total: pending.length, document: file.relativePath });
      const metadata = metadataFor(source, filesByPath.get(file.relativePath)!);
      const before = rebuild ? undefined : previous?.skipped[file.relativePath];
      if (
        before?.budget &&
        budgetReasons.has(before.reason) &&
        before.hash === hashes.get(file.relativePath) &&
        budgetLimit(source, before.budget.setting) === before.budget.limit
      ) {
        failed.push({
          document: file.relativePath,
          reason: before.reason as DocumentFailureReason,
          message: before.message,
          budget: before.budget,
          notRetriedSince: before.failed_at,
        });
        continue;
      }
      try {
        const extracted = await extractor!(file.absolutePath, {
          documentId: file.relativePath,
          maxChars: source.chunking.max_chars,
          overlapChars: source.chunking.overlap_chars,
          tableMode: source.tables.mode,
          ...(signal ? { signal } : {}),
        });
        const rows = await documentRows(file.relativePath, extracted, metadata, embedder, signal);
        passageBuffer.push(...rows.passages);
        tableBuffer.push(...rows.tables);
        documents[file.relativePath] = {
          hash: hashes.get(file.relativePath)!,
          size: file.size,
          pages: extracted.pageCount,
          passages: rows.passages.length,
          tables: rows.tables.length,
          date: metadata.date,
          tags: metadata.tags,
          warnings: extracted.warnings,
          ingested_at: new Date().toISOString(),
        };
        summary.documents += 1;
        if (known[file.relativePath]) summary.changed += 1;
        else summary.added += 1;
        summary.pages += extracted.pageCount;
        summary.passages += rows.passages.length;
        summary.tables += rows.tables.length;
        for (const message of extracted.warnings)
          summary.warnings.push({ document: file.relativePath, message });
      } catch (error) {
        throwIfAborted(signal);
        const reason = documentFailureReason(error);
        // Only a typed extraction failure is the document's fault; an embedder or disk failure stops the ingest.
        if (reason === undefined && isInfrastructureError(error)) throw error;
        const budget = documentFailureBudget(error);
        failed.push({
          document: file.relativePath,
          reason: reason ?? "error",
          message: error instanceof Error ? error.message : String(error),
          ...(budget ? { budget } : {}),
        });
      }
      if (passageBuffer.length >= (options.batchRows ?? flushRows)) await flush();
    }
    await flush();
    throwIfAborted(signal);
    onProgress?.({ phase: "index", done: pending.length, total: pending.length });
    await passagesTable.createIndex(fullTextColumn, {
      config: lancedb.Index.fts(fullTextIndexOptions),
      replace: true,
    });
    await maintainVectorIndex(passagesTable, dimensions ?? previous!.dimensions);

    const manifest: KnowledgeBaseManifest = {
      format: 1,
      layout: rowLayout,
      source: sourceName,
      embedder: embedder.id,
      dimensions: dimensions ?? previous!.dimensions,
      generation,
      passages: { name: names.passages, version: await passagesTable.version() },
      tables: { name: names.tables, version: await tablesTable.version() },
      documents,
      skipped: Object.fromEntries(
        failed.map((failure) => [
          failure.document,
          {
            hash: hashes.get(failure.document) ?? "",
            reason: failure.reason,
            message: failure.message,
            ...(failure.budget ? { budget: failure.budget } : {}),
            failed_at: failure.notRetriedSince ?? new Date().toISOString(),
          },
        ]),
      ),
      updated_at: new Date().toISOString(),
    };
    throwIfAborted(signal);
    writeManifest(directory, manifest);
    await tidy(connection, directory, manifest, previous, passagesTable, tablesTable);
    return finish(documents);
  } finally {
    await bounded?.close();
    connection.close();
  }
}

/** Errors that are not about one document (the embedder is unreachable, the disk is full): they stop the ingest. */
function isInfrastructureError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "StepError" ||
    ["ENOSPC", "EACCES", "EROFS"].includes((error as NodeJS.ErrnoException).code ?? "")
  );
}

/**
 * After the switch: drops the previous generation's tables, compacts small fragments and
 * removes versions older than the current one, then pins the compacted version. Compaction does
 * not change content, so a crash in here leaves a manifest that still names a version that exists.
 */
async function tidy(
  connection: lancedb.Connection,
  directory: string,
  manifest: KnowledgeBaseManifest,
  previous: KnowledgeBaseManifest | undefined,
  passagesTable: lancedb.Table,
  tablesTable: lancedb.Table,
): Promise<void> {
  if (previous && previous.generation !== manifest.generation) {
    for (const name of [previous.passages.name, previous.tables.name])
      if ((await connection.tableNames()).includes(name)) await connection.dropTable(name);
  }
  const compacted = { ...manifest };
  for (const [key, table] of [
    ["passages", passagesTable],
    ["tables", tablesTable],
  ] as const) {
    const pinned = manifest[key].version;
    const pinnedVersion = (await table.listVersions()).find((entry) => entry.version === pinned);
    if (!pinnedVersion) continue;
    // Versions strictly older than the pinned one go; the pinned one stays until the manifest moves on.
    await table.optimize({ cleanupOlderThan: new Date(pinnedVersion.timestamp.getTime() - 1) });
    compacted[key] = { name: manifest[key].name, version: await table.version() };
  }
  if (
    compacted.passages.version !== manifest.passages.version ||
    compacted.tables.version !== manifest.tables.version
  )
    writeManifest(directory, compacted);
}

/** The source's globs that match no file (each glob on its own, as listDocumentFiles reads them). */
async function globsMatchingNothing(workspace: Workspace, globs: string[]): Promise<string[]> {
  const empty: string[] = [];
  for (const glob of globs) {
    const { files } = await listDocumentFiles(workspace, [glob]);
    if (files.length === 0) empty.push(glob);
  }
  return empty;
}
