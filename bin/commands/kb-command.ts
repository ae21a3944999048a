import type { Command } from "commander";
import { Option } from "commander";
import { openKnowledgeBase, pickKnowledgeBaseSource } from "../../adapters/pdf-kb/open-knowledge-base.js";
import {
  knowledgeBaseDirectory,
  REINDEX_FOR_TEXT_CHECKS,
  type SearchMode,
  type StoredTable,
} from "../../adapters/pdf-kb/store/knowledge-base.js";
import { readManifest } from "../../adapters/pdf-kb/store/knowledge-base-manifest.js";
import { KnowledgeBaseMissingError } from "../../adapters/pdf-kb/store/knowledge-base-missing-error.js";
import {
  type KnowledgeBaseFilters,
  parseFilterArguments,
} from "../../adapters/pdf-kb/store/search-filters.js";
import type { Workspace } from "../../config/workspace.js";
import { colors, ExitCode, formatTable, printJson, UsageError } from "../cli-output.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

function snippet(text: string, length = 220): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return [...flat].length > length ? `${[...flat].slice(0, length - 1).join("")}…` : flat;
}

async function open(workspace: Workspace, sourceName: string | undefined) {
  let picked: ReturnType<typeof pickKnowledgeBaseSource>;
  try {
    picked = pickKnowledgeBaseSource(workspace, sourceName);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  try {
    return await openKnowledgeBase(workspace, picked.name, picked.source);
  } catch (error) {
    if (error instanceof KnowledgeBaseMissingError) throw new UsageError(error.message);
    throw error;
  }
}

/** A table's text check in a few words: verified, cell text from pdf.js, or unverified and why. */
export function describeTextCheck(table: StoredTable): string {
  const check = table.textCheck;
  if (!check) return "not recorded";
  const found = table.detector && table.detector !== "tabula";
  if (check.status === "verified") return "verified against the text layer";
  if (check.status === "ocr") return describeOcr(table);
  if (check.status === "corrected")
    return found
      ? `cell text from pdf.js (found by ${table.detector === "pdfjs-rulings" ? "ruling lines" : "text alignment"})`
      : `cell text from pdf.js (${check.replacedCells} cell${check.replacedCells === 1 ? "" : "s"} differed from tabula)`;
  const shown = check.unverifiedCells
    .slice(0, 2)
    .map((cell) => JSON.stringify(cell))
    .join(", ");
  return `unverified: ${check.unverifiedCells.length}${check.unverifiedCells.length >= 10 ? "+" : ""} cell${check.unverifiedCells.length === 1 ? "" : "s"} not on the text layer (${shown})`;
}

/**
 * A scanned table's reading, short enough for the listing's column: the engine (its name without
 * the model details), the mean confidence, the region on the page in points, the doubtful cells.
 */
function describeOcr(table: StoredTable): string {
  const ocr = table.ocr;
  if (!ocr) return "read by OCR";
  const engine = ocr.engine.split(" (")[0];
  const region = table.bbox ? ` at ${table.bbox.map((value) => Math.round(value)).join(",")}` : "";
  const doubtful = ocr.lowConfidenceCells;
  const shown = doubtful
    .slice(0, 2)
    .map((cell) => `${JSON.stringify(cell.text)} ${cell.confidence.toFixed(2)}`)
    .join(", ");
  return `read by OCR (${engine} ${ocr.confidence.toFixed(2)})${region}${
    doubtful.length > 0 ? `; ${doubtful.length} below ${ocr.threshold}: ${shown}` : ""
  }`;
}

/** The plain `kb tables` listing, with each table's text check and a line when some were not recorded. */
export function formatTablesList(tables: StoredTable[]): string {
  const table = formatTable(
    ["document", "page", "table", "rows", "columns", "section", "text check"],
    tables.map((entry) => [
      entry.document,
      entry.page,
      entry.tableId,
      entry.rows.length,
      entry.columns.map((column) => `${column.name}:${column.type}`).join(", "),
      entry.section,
      describeTextCheck(entry),
    ]),
  );
  const unrecorded = tables.filter((entry) => !entry.textCheck).length;
  return unrecorded === 0
    ? table
    : `${table}\n${unrecorded} of ${tables.length} table${tables.length === 1 ? "" : "s"} stored before text checks were recorded: ${REINDEX_FOR_TEXT_CHECKS}`;
}

/** What `kb status` reports of one source's index: its documents and the documents the last ingest skipped. */
export interface KnowledgeBaseStatus {
  source: string;
  updated_at: string;
  embedder: string;
  index: { documents: number; pages: number; passages: number; tables: number };
  documents: { document: string; pages: number; passages: number; tables: number; ingested_at: string }[];
  skipped: {
    document: string;
    reason: string;
    message: string;
    budget?: { setting: string; limit: number };
  }[];
}

/** The status of a source's index from its manifest (LanceDB is not opened); a usage error before the first ingest. */
export function knowledgeBaseStatus(
  workspace: Workspace,
  sourceName: string | undefined,
): KnowledgeBaseStatus {
  let picked: ReturnType<typeof pickKnowledgeBaseSource>;
  try {
    picked = pickKnowledgeBaseSource(workspace, sourceName);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const manifest = readManifest(knowledgeBaseDirectory(workspace.stateDirectory, picked.name));
  if (!manifest)
    throw new UsageError(
      `${picked.name} has no index yet: run \`triangulate ingest --source ${picked.name}\``,
    );
  const documents = Object.entries(manifest.documents).map(([document, entry]) => ({
    document,
    pages: entry.pages,
    passages: entry.passages,
    tables: entry.tables,
    ingested_at: entry.ingested_at,
  }));
  const sum = (key: "pages" | "passages" | "tables") =>
    documents.reduce((total, entry) => total + entry[key], 0);
  return {
    source: picked.name,
    updated_at: manifest.updated_at,
    embedder: manifest.embedder,
    index: {
      documents: documents.length,
      pages: sum("pages"),
      passages: sum("passages"),
      tables: sum("tables"),
    },
    documents,
    skipped: Object.entries(manifest.skipped).map(([document, entry]) => ({
      document,
      reason: entry.reason,
      message: entry.message,
      ...(entry.budget ? { budget: entry.budget } : {}),
    })),
  };
}

function formatStatus(status: KnowledgeBaseStatus, c = colors()): string {
  const count = (value: number, word: string) => `${value} ${word}${value === 1 ? "" : "s"}`;
  const lines = [
    `${c.bold(status.source)}: ${count(status.index.documents, "document")}, ${count(status.index.pages, "page")}, ${count(status.index.passages, "passage")}, ${count(status.index.tables, "table")} (updated ${status.updated_at}, embedder ${status.embedder})`,
    `  skipped by the last ingest: ${status.skipped.length}`,
  ];
  for (const entry of status.skipped)
    lines.push(`  ${c.red("skipped")} ${entry.document}: ${entry.reason} (${entry.message})`);
  return lines.join("\n");
}

/** `triangulate kb search|tables|status`: look inside a pdf_kb source's index. */
export function registerKbCommand(program: Command): void {
  const kb = program
    .command("kb")
    .description("inspect the PDF knowledge base built by `triangulate ingest`");
  kb.command("search")
    .description(
      "search passages (hybrid full-text + vector by default) and print document, page, section and score",
    )
    .argument("<query>", "what to look for, in any language")
    .addOption(workspaceOption())
    .option("-s, --source <name>", "the pdf_kb source (needed when there are several)")
    .option("-k, --k <number>", "number of hits", "8")
    .addOption(
      new Option("-m, --mode <mode>", "ranking").choices(["hybrid", "fts", "vector"]).default("hybrid"),
    )
    .option(
      "-f, --filter <key=value>",
      "document=GLOB, section=TEXT, pages=2..5, date=2024-01-01..2024-12-31, tags=a,b, kind=text|table (repeatable)",
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option("--json", "print the hits as JSON")
    .action(
      async (
        query: string,
        options: {
          workspace: string;
          source?: string;
          k: string;
          mode: SearchMode;
          filter: string[];
          json?: boolean;
        },
      ) => {
        const k = Number(options.k);
        if (!Number.isInteger(k) || k < 1 || k > 100)
          throw new UsageError(`--k takes a whole number from 1 to 100, not ${options.k}`);
        let filters: KnowledgeBaseFilters;
        try {
          filters = parseFilterArguments(options.filter);
        } catch (error) {
          throw new UsageError((error as Error).message);
        }
        const workspace = workspaceFrom(options);
        const knowledgeBase = await open(workspace, options.source);
        try {
          const started = performance.now();
          const hits = await knowledgeBase.search(query, { k, mode: options.mode, filters });
          const milliseconds = Math.round(performance.now() - started);
          if (options.json) {
            printJson({
              source: knowledgeBase.source,
              query,
              mode: options.mode,
              filters,
              milliseconds,
              hits,
            });
          } else {
            const c = colors();
            if (hits.length === 0)
              process.stdout.write(
                `no passages match${Object.keys(filters).length ? " with these filters" : ""}\n`,
              );
            hits.forEach((hit, index) => {
              const pages =
                hit.pages.length > 1 ? `pp. ${hit.pages[0]}-${hit.pages.at(-1)}` : `p. ${hit.page}`;
              const what = hit.kind === "table" ? ` ${c.cyan(`table ${hit.tableId}`)}` : "";
              process.stdout.write(
                `${c.bold(String(index + 1).padStart(2))}  ${hit.score.toFixed(4)}  ${hit.document} ${pages}${what}  ${c.dim(hit.section || "(no section)")}\n`,
              );
              process.stdout.write(`    ${snippet(hit.text)}\n`);
            });
            process.stdout.write(c.dim(`${hits.length} hits, ${options.mode}, ${milliseconds} ms\n`));
          }
          process.exitCode = ExitCode.ok;
        } finally {
          knowledgeBase.close();
        }
      },
    );
  kb.command("status")
    .description("what the index holds, and the documents the last ingest skipped with why")
    .addOption(workspaceOption())
    .option("-s, --source <name>", "the pdf_kb source (needed when there are several)")
    .option("--json", "print the status as JSON")
    .action((options: { workspace: string; source?: string; json?: boolean }) => {
      const status = knowledgeBaseStatus(workspaceFrom(options), options.source);
      if (options.json) printJson(status);
      else process.stdout.write(`${formatStatus(status)}\n`);
      process.exitCode = ExitCode.ok;
    });
  kb.command("tables")
    .description("list the tables extracted from the documents")
    .addOption(workspaceOption())
    .option("-s, --source <name>", "the pdf_kb source (needed when there are several)")
    .option("-d, --document <glob>", "only tables of matching documents")
    .option("--json", "print the tables, cells included, as JSON")
    .action(async (options: { workspace: string; source?: string; document?: string; json?: boolean }) => {
      const workspace = workspaceFrom(options);
      const knowledgeBase = await open(workspace, options.source);
      try {
        const tables = await knowledgeBase.listTables({ document: options.document });
        if (options.json) printJson({ source: knowledgeBase.source, tables });
        else if (tables.length === 0)
          process.stdout.write(
            `no tables${options.document ? ` in documents matching ${options.document}` : ""}\n`,
          );
        else {
          process.stdout.write(`${formatTablesList(tables)}\n`);
        }
        process.exitCode = ExitCode.ok;
      } finally {
        knowledgeBase.close();
      }
    });
}
