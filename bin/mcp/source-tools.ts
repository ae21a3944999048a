import { z } from "zod";
import {
  knowledgeBaseSourceNames,
  openKnowledgeBase,
  pickKnowledgeBaseSource,
} from "../../adapters/pdf-kb/open-knowledge-base.js";
import { KnowledgeBaseMissingError } from "../../adapters/pdf-kb/store/knowledge-base-missing-error.js";
import { describeSources } from "../../config/describe-sources.js";
import { testSource } from "../commands/sources-command.js";
import { IsoDate } from "../iso-date.js";
import { failure, type ToolContext } from "./tool-context.js";
import { toolError, toolOutput } from "./tool-output.js";

const KbSearchOutput = z.looseObject({ source: z.string(), hits: z.array(z.unknown()) });
const SourcesListOutput = z.looseObject({ sources: z.array(z.unknown()) });
const SourcesTestOutput = z.looseObject({ reports: z.array(z.unknown()) });

/** `kb_search`: hybrid search over an ingested pdf_kb source. */
export function registerKbSearch({ server, workspace }: ToolContext): void {
  server.registerTool(
    "kb_search",
    {
      title: "Search the knowledge base",
      description:
        "Hybrid search over an ingested pdf_kb source: passages with document, page, section and score.",
      inputSchema: {
        query: z.string().min(1).max(2000),
        source: z.string().optional().describe("the pdf_kb source (default: the only one)"),
        k: z.number().int().min(1).max(100).optional(),
        document: z.string().optional().describe("only passages of this document (file name or glob)"),
        section: z.string().optional().describe("text the section path must contain"),
        tags: z.array(z.string()).optional().describe("the document must carry one of these tags"),
      },
      outputSchema: KbSearchOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      try {
        if (knowledgeBaseSourceNames(workspace).length === 0)
          return toolError(
            workspace,
            "not_found",
            "the workspace has no pdf_kb source: there is no knowledge base to search",
          );
        let picked: ReturnType<typeof pickKnowledgeBaseSource>;
        try {
          picked = pickKnowledgeBaseSource(workspace, input.source);
        } catch (error) {
          // A source that is not a knowledge base, or several to choose from: the caller must name one.
          if (error instanceof RangeError) return toolError(workspace, "usage", error.message);
          throw error;
        }
        const knowledgeBase = await openKnowledgeBase(workspace, picked.name, picked.source);
        try {
          const filters = {
            ...(input.document ? { document: input.document } : {}),
            ...(input.section ? { section: input.section } : {}),
            ...(input.tags ? { tags: input.tags } : {}),
          };
          const hits = await knowledgeBase.search(input.query, { k: input.k ?? 5, filters });
          return toolOutput(workspace, { source: picked.name, query: input.query, hits });
        } finally {
          knowledgeBase.close();
        }
      } catch (error) {
        if (error instanceof KnowledgeBaseMissingError)
          return toolError(workspace, "not_found", error.message);
        return failure(workspace, error);
      }
    },
  );
}

/** `sources_list`: the configured sources and what they offer. */
export function registerSourcesList({ server, workspace }: ToolContext): void {
  server.registerTool(
    "sources_list",
    {
      title: "List sources",
      description:
        "Each configured source with its kind, trust and the datasets, metrics, events and dimensions it offers.",
      inputSchema: {},
      outputSchema: SourcesListOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => toolOutput(workspace, { sources: describeSources(workspace.config) }),
  );
}

/** `sources_test`: one dataset or search fetched live through its mapping. */
export function registerSourcesTest({ server, workspace }: ToolContext): void {
  server.registerTool(
    "sources_test",
    {
      title: "Test a source's mapping",
      description:
        "Fetch one configured dataset or search live and show what its mapping extracts (columns, " +
        "rows, fields that matched nothing). Read-only; saved samples are for the CLI.",
      inputSchema: {
        source: z.string(),
        dataset: z.string().optional(),
        as_of: IsoDate.optional(),
        from: IsoDate.optional(),
        to: IsoDate.optional(),
        filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
      },
      outputSchema: SourcesTestOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      try {
        if (!Object.hasOwn(workspace.config.sources, input.source))
          return toolError(
            workspace,
            "usage",
            `no source named ${input.source}; configured: ${Object.keys(workspace.config.sources).join(", ")}`,
          );
        const reports = await testSource(workspace, input.source, {
          ...(input.dataset ? { dataset: input.dataset } : {}),
          ...(input.as_of ? { asOf: input.as_of } : {}),
          ...(input.from ? { from: input.from } : {}),
          ...(input.to ? { to: input.to } : {}),
          ...(input.filters ? { filters: input.filters } : {}),
        });
        return toolOutput(workspace, { reports });
      } catch (error) {
        return failure(workspace, error);
      }
    },
  );
}
