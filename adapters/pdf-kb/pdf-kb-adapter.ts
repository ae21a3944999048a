import fs from "node:fs";
import path from "node:path";
import { describeSource } from "../../config/describe-sources.js";
import type { Workspace } from "../../config/workspace.js";
import type { Evidence, Passage, TextEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { PdfKnowledgeBaseSource } from "../../models/sources/pdf-kb-source.js";
import { codedStepError, StepError } from "../../models/step-error.js";
import type { AdapterFactory, RawResponse, SourceAdapter, StepContext } from "../adapter.js";
import { createEmbedder } from "./embedding/create-embedder.js";
import type { Embedder } from "./embedding/embedder.js";
import { goalFilters } from "./goal-filters.js";
import {
  KnowledgeBase,
  knowledgeBaseDirectory,
  type SearchHit,
  type StoredTable,
} from "./store/knowledge-base.js";
import { manifestFileName } from "./store/knowledge-base-manifest.js";
import { KnowledgeBaseMissingError } from "./store/knowledge-base-missing-error.js";
import type { KnowledgeBaseFilters } from "./store/search-filters.js";
import { datasetEvidence, datasetTables } from "./table-dataset.js";
import { tableStatements } from "./table-statements.js";

/** Raw snapshot of a passage search. */
interface SearchBody {
  kind: "passages";
  query: string;
  filters: KnowledgeBaseFilters;
  hits: SearchHit[];
  notes: string[];
  /** A table hit's statements by its id: its rows' cells with their headers (table-statements.ts). */
  statements?: Record<string, string[]>;
}

/** Raw snapshot of a table dataset: the matching tables as stored, before mapping and filtering. */
interface TablesBody {
  kind: "tables";
  dataset: string;
  tables: StoredTable[];
}

/** Each filter's value as written in a message: "doc_type=policy", "date=2024-01-01..2024-03-31". */
function filterTexts(filters: KnowledgeBaseFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).map(([key, value]) => [
      key,
      typeof value === "object" && !Array.isArray(value)
        ? `${value.from ?? ""}..${value.to ?? ""}`
        : Array.isArray(value)
          ? value.join("|")
          : String(value),
    ]),
  );
}

function describeFilters(filters: KnowledgeBaseFilters): string {
  const parts = Object.entries(filterTexts(filters)).map(([key, value]) => `${key}=${value}`);
  return parts.length ? parts.join(", ") : "no filters";
}

/** Answers sub-goals from a pdf_kb source's LanceDB index: passages for a query, typed rows for a table dataset. */
class PdfKnowledgeBaseAdapter implements SourceAdapter {
  readonly kind = "pdf_kb" as const;
  private readonly directory: string;
  private readonly embedder: Embedder;
  private opened: { knowledgeBase: KnowledgeBase; manifestTime: number } | undefined;

  constructor(
    readonly name: string,
    private readonly config: PdfKnowledgeBaseSource,
    private readonly workspace: Workspace,
  ) {
    this.directory = knowledgeBaseDirectory(workspace.stateDirectory, name);
    this.embedder = createEmbedder(config, workspace);
  }

  describe() {
    return describeSource(this.name, this.config);
  }

  /** The index, reopened when an ingest has switched the manifest since it was opened. */
  private async knowledgeBase(): Promise<KnowledgeBase> {
    let manifestTime = 0;
    try {
      manifestTime = fs.statSync(path.join(this.directory, manifestFileName)).mtimeMs;
    } catch {
      // No manifest: KnowledgeBase.open reports the missing index below.
    }
    if (this.opened && this.opened.manifestTime === manifestTime) return this.opened.knowledgeBase;
    this.opened?.knowledgeBase.close();
    this.opened = undefined;
    try {
      const knowledgeBase = await KnowledgeBase.open(this.name, this.directory, this.embedder);
      this.opened = { knowledgeBase, manifestTime };
      return knowledgeBase;
    } catch (error) {
      if (error instanceof KnowledgeBaseMissingError)
        throw codedStepError(
          "config_error",
          { code: "index_unusable", source: this.name, problem: error.problem },
          { locator: this.directory },
        );
      throw error;
    }
  }

  /** The statements of every table hit, read from the stored tables of the hits' documents. */
  private async tableStatementsOf(
    knowledgeBase: KnowledgeBase,
    hits: SearchHit[],
  ): Promise<Map<string, string[]>> {
    const statements = new Map<string, string[]>();
    const tableHits = hits.filter((hit) => hit.kind === "table" && hit.tableId !== undefined);
    for (const document of new Set(tableHits.map((hit) => hit.document))) {
      const tables = await knowledgeBase.listTables({ document });
      for (const hit of tableHits.filter((candidate) => candidate.document === document)) {
        const table = tables.find((stored) => stored.document === document && stored.tableId === hit.tableId);
        if (!table) continue;
        const rows = tableStatements(table, hit.id);
        if (rows.length > 0) statements.set(hit.id, rows);
      }
    }
    return statements;
  }

  async fetch(goal: SubGoal, context: StepContext): Promise<RawResponse> {
    context.signal.throwIfAborted();
    if (goal.dataset !== undefined) return this.fetchTables(goal, goal.dataset);
    const query = goal.params.query ?? goal.description;
    let selection: ReturnType<typeof goalFilters>;
    try {
      selection = goalFilters(goal, context.hints);
    } catch (error) {
      throw codedStepError(
        "config_error",
        { code: "document_filters_invalid", goal: goal.id, detail: (error as Error).message },
        { locator: "params.filters" },
      );
    }
    const knowledgeBase = await this.knowledgeBase();
    let hits: SearchHit[];
    try {
      hits = await knowledgeBase.search(query, {
        k: this.config.top_k,
        mode: "hybrid",
        filters: selection.filters,
        signal: context.signal,
      });
    } catch (error) {
      if (error instanceof StepError) throw error;
      if (context.signal.aborted)
        throw codedStepError(
          "timeout",
          { code: "search_cancelled", source: this.name },
          {},
          { cause: error },
        );
      throw codedStepError(
        "format_error",
        { code: "index_unsearchable", source: this.name, detail: (error as Error).message.split("\n")[0] },
        { locator: this.directory },
        { cause: error },
      );
    }
    context.trace("kb:search", `${this.name}:${hits.length} hits`, {
      filters: selection.filters,
      relaxed: selection.relaxed,
    });
    if (hits.length === 0) {
      throw codedStepError(
        "no_results",
        { code: "no_passage", source: this.name, query, filters: filterTexts(selection.filters) },
        {
          locator: describeFilters(selection.filters),
          filters: selection.filters,
        },
      );
    }
    const notes = [
      ...selection.ignored.map(
        (filter) => `filter ${filter} does not apply to a document search and was not used`,
      ),
      ...selection.relaxed.map((filter) => `the ${filter} filter was dropped to find passages`),
    ];
    const statements = await this.tableStatementsOf(knowledgeBase, hits);
    const body: SearchBody = {
      kind: "passages",
      query,
      filters: selection.filters,
      hits,
      notes,
      ...(statements.size > 0 ? { statements: Object.fromEntries(statements) } : {}),
    };
    return {
      request: `search ${this.name} "${query}" (hybrid, k=${this.config.top_k}, ${describeFilters(selection.filters)})`,
      body,
      contentType: "application/json",
      meta: { hits: hits.length, manifest: this.opened?.knowledgeBase.manifest.updated_at },
    };
  }

  private async fetchTables(_goal: SubGoal, datasetName: string): Promise<RawResponse> {
    const dataset = this.config.datasets[datasetName];
    if (!dataset) {
      throw codedStepError("config_error", {
        code: "dataset_unknown",
        source: this.name,
        section: "table_dataset",
        dataset: datasetName,
        available: Object.keys(this.config.datasets),
      });
    }
    const knowledgeBase = await this.knowledgeBase();
    const inDocuments = await knowledgeBase.listTables({ document: dataset.document });
    const tables = datasetTables(inDocuments, dataset);
    if (tables.length === 0) {
      throw codedStepError(
        "no_results",
        {
          code: "tables_not_found",
          source: this.name,
          dataset: datasetName,
          document: dataset.document,
          found: inDocuments.length,
          headers: dataset.match_headers,
        },
        { locator: dataset.document },
      );
    }
    const body: TablesBody = { kind: "tables", dataset: datasetName, tables };
    return {
      request: `tables of ${this.name} dataset ${datasetName} (${dataset.document} with ${dataset.match_headers.join(", ")})`,
      body,
      contentType: "application/json",
      meta: { tables: tables.length },
    };
  }

  normalize(raw: RawResponse, goal: SubGoal): Evidence {
    const body = raw.body as SearchBody | TablesBody;
    if (body.kind === "tables") {
      const dataset = this.config.datasets[body.dataset];
      const { evidence, unmatched } = datasetEvidence(
        this.name,
        dataset,
        body.tables,
        goal,
        this.workspace.config.catalog,
      );
      if (unmatched.length > 0) {
        throw codedStepError(
          "format_error",
          {
            code: "filter_column_missing",
            source: this.name,
            dataset: body.dataset,
            column: unmatched.join(", "),
            period: false,
            columns: evidence.columns.map((column) => column.name),
          },
          { locator: unmatched[0] },
        );
      }
      if (evidence.rows.length === 0) {
        throw codedStepError(
          "no_results",
          {
            code: "table_rows_unmatched",
            source: this.name,
            dataset: body.dataset,
            tables: body.tables.length,
          },
          { locator: dataset.document },
        );
      }
      return evidence;
    }
    const passages: Passage[] = body.hits.map((hit) => ({
      chunk_id: hit.id,
      document: hit.document,
      page: hit.page,
      ...(hit.pages.length > 1 ? { pages: hit.pages } : {}),
      section: hit.section,
      text: hit.text,
      ...(body.statements?.[hit.id]?.length ? { statements: body.statements[hit.id] } : {}),
      score: hit.score,
      ...(hit.bbox ? { bbox: hit.bbox } : {}),
      ...(hit.ocr ? { ocr: hit.ocr } : {}),
    }));
    return {
      kind: "text",
      source: this.name,
      query: body.query,
      passages,
      notes: body.notes,
    } satisfies TextEvidence;
  }

  async close(): Promise<void> {
    this.opened?.knowledgeBase.close();
    this.opened = undefined;
  }
}

/** Builds the adapter for a `kind: pdf_kb` source. */
export const createPdfKnowledgeBaseAdapter: AdapterFactory = (name, config, workspace) => {
  if (config.kind !== "pdf_kb") throw new Error(`source ${name} is ${config.kind}, not pdf_kb`);
  return new PdfKnowledgeBaseAdapter(name, config, workspace);
};
