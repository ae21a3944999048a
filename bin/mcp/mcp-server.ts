import { readFile } from "node:fs/promises";
import path from "node:path";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { openKnowledgeBase, pickKnowledgeBaseSource } from "../../adapters/pdf-kb/open-knowledge-base.js";
import { AdapterPool } from "../../adapters/registry.js";
import { describeSources } from "../../config/describe-sources.js";
import type { Workspace } from "../../config/workspace.js";
import { checkPlanAgainstWorkspace, PlanError } from "../../executor/check-plan.js";
import { executePlan } from "../../executor/execute-plan.js";
import { findRun, listRuns, readRunFolder } from "../../executor/run-store.js";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import { loadJob } from "../../jobs/job-file.js";
import { runJob } from "../../jobs/job-runner.js";
import { planJsonSchema, safeParsePlan } from "../../models/plan.js";
import type { TraceEvent } from "../../models/trace-event.js";
import { askQuestion } from "../../planner/ask.js";
import { planQuestion, today } from "../../planner/plan-question.js";
import { testSource } from "../commands/sources-command.js";
import { toolError, toolOutput } from "./tool-output.js";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Options of the MCP server. */
export interface McpServerOptions {
  /** Registers `report_run`, the one tool that writes files outside the run folder (reports). */
  allowWrite?: boolean;
  /** The server's version, as the CLI reports it. */
  version?: string;
}

const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2024-06-30")
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "a real calendar date",
  );

// Output schemas name the stable top-level fields and let the rest through, so what the answer
// and plan models add later reaches clients without a change here.
const AnswerOutput = z.looseObject({
  status: z.string(),
  answer: z.looseObject({ status: z.string(), text: z.string() }),
  run_id: z.string().nullable(),
  exit_code: z.number(),
});
const PlanOutput = z.looseObject({
  route: z.string(),
  plan: z.unknown().nullable(),
  message: z.string().nullable(),
});
const RunPlanOutput = z.looseObject({
  status: z.string(),
  run_id: z.string().nullable(),
  results: z.array(z.unknown()),
});
const KbSearchOutput = z.looseObject({ source: z.string(), hits: z.array(z.unknown()) });
const SourcesListOutput = z.looseObject({ sources: z.array(z.unknown()) });
const SourcesTestOutput = z.looseObject({ reports: z.array(z.unknown()) });
const RunsListOutput = z.looseObject({ runs: z.array(z.unknown()) });
const RunShowOutput = z.looseObject({
  run_id: z.string(),
  summary: z.unknown(),
  steps: z.array(z.unknown()),
});
const ReportRunOutput = z.looseObject({ status: z.string(), run_id: z.string(), files: z.array(z.string()) });

/**
 * Sends trace events as MCP progress notifications while a long call runs, when the client asked
 * for progress (it sent a progressToken). Each event counts one step; the total is unknown.
 */
function progressReporter(extra: Extra): ((event: TraceEvent) => void) | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  let progress = 0;
  return (event) => {
    progress += 1;
    void extra
      .sendNotification({
        method: "notifications/progress",
        params: { progressToken: token, progress, message: event.line },
      })
      .catch(() => {
        // The client went away: the call's own signal ends the work.
      });
  };
}

/** Turns what a library call threw into a tool error; the server stays up. */
function failure(workspace: Workspace, error: unknown) {
  if (error instanceof PlanError) return toolError(workspace, "plan_error", error.message);
  const kind =
    error instanceof Error && "kind" in error && typeof error.kind === "string"
      ? error.kind
      : error instanceof Error
        ? error.name
        : "error";
  return toolError(workspace, kind, error instanceof Error ? error.message : String(error));
}

/**
 * The MCP server over one workspace: the CLI's commands as tools (ask, plan, run_plan, kb_search,
 * sources_list, sources_test, runs_list, run_show, and report_run with allowWrite) and the catalog,
 * the plan schema and each run's answer and trace as resources. Every input goes through the same
 * checks as the CLI's: a plan is checked against the workspace before anything is fetched, names
 * must be configured, and no tool takes a URL or a file path.
 */
export function createMcpServer(
  workspace: Workspace,
  options: McpServerOptions = {},
): { server: McpServer; close: () => Promise<void> } {
  const server = new McpServer(
    { name: "triangulate", version: options.version ?? "0.1.0" },
    { capabilities: { logging: {} } },
  );
  // One pool for the server's life: twenty asks share one browser instead of launching twenty.
  const adapters = new AdapterPool(workspace);

  server.registerTool(
    "ask",
    {
      title: "Ask a question",
      description:
        "Answer a cross-source analytics question from the workspace's sources. Returns the answer " +
        "(status answered|partial|unanswerable|direct, the text, items with citations, numbers with " +
        "their evidence, conflicts, gaps, broadenings) and the run id whose files hold the evidence.",
      inputSchema: {
        question: z.string().min(1).max(4000).describe("the question, in Chinese or English"),
        as_of: IsoDate.optional().describe("the date relative periods resolve against (default today)"),
        strategy: z.enum(["standard", "agentic", "auto"]).optional(),
      },
      outputSchema: AnswerOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input, extra) => {
      try {
        const onTrace = progressReporter(extra);
        const result = await askQuestion(input.question, workspace, {
          asOf: input.as_of ?? today(),
          ...(input.strategy ? { strategy: input.strategy } : {}),
          adapters,
          signal: extra.signal,
          ...(onTrace ? { onTrace } : {}),
        });
        return toolOutput(workspace, {
          status: result.answer.status,
          answer: result.answer,
          plan: result.plan ?? null,
          warnings: result.planning.warnings,
          run_id: result.runDirectory ? path.basename(result.runDirectory) : null,
          exit_code: result.exitCode,
        });
      } catch (error) {
        return failure(workspace, error);
      }
    },
  );

  server.registerTool(
    "plan",
    {
      title: "Plan a question",
      description:
        "Plan a question into sub-goals without fetching anything. Returns the route (direct or " +
        "retrieve), the plan, or the message and unknown terms when it cannot be planned.",
      inputSchema: {
        question: z.string().min(1).max(4000),
        as_of: IsoDate.optional(),
        strategy: z.enum(["standard", "agentic", "auto"]).optional(),
      },
      outputSchema: PlanOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input, extra) => {
      try {
        const outcome = await planQuestion(input.question, workspace, {
          asOf: input.as_of ?? today(),
          ...(input.strategy ? { strategy: input.strategy } : {}),
          signal: extra.signal,
        });
        const { route, plan, message, ...rest } = outcome;
        return toolOutput(workspace, {
          ...rest,
          route: route.route,
          routing: route,
          plan: plan ?? null,
          message: message ?? null,
        });
      } catch (error) {
        return failure(workspace, error);
      }
    },
  );

  server.registerTool(
    "run_plan",
    {
      title: "Run a plan",
      description:
        "Execute a plan (the JSON the plan tool returns, or one written by hand against the plan " +
        "schema resource) and return each sub-goal's result. The plan is checked against the " +
        "workspace first: it can only name configured sources, datasets, metrics and dimensions.",
      inputSchema: {
        plan: z.record(z.string(), z.unknown()).describe("an ExecutionPlan (see triangulate://schema/plan)"),
        as_of: IsoDate.optional(),
      },
      outputSchema: RunPlanOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input, extra) => {
      try {
        const value: Record<string, unknown> = { ...input.plan };
        if (input.as_of) value.as_of = input.as_of;
        const parsed = safeParsePlan(value);
        if (!parsed.success)
          throw new PlanError(
            "plan",
            parsed.issues.map((issue) => ({
              path: issue.path.join(".") || "(plan)",
              message: issue.message,
            })),
          );
        const issues = checkPlanAgainstWorkspace(parsed.value, workspace);
        if (issues.length > 0) throw new PlanError("plan", issues);
        const trace = new TraceRecorder();
        const onTrace = progressReporter(extra);
        if (onTrace) trace.onEvent(onTrace);
        const result = await executePlan(parsed.value, workspace, { adapters, signal: extra.signal, trace });
        return toolOutput(workspace, {
          status: result.status,
          run_id: result.directory ? path.basename(result.directory) : null,
          results: result.results,
          trace: result.trace.events,
        });
      } catch (error) {
        return failure(workspace, error);
      }
    },
  );

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
        const picked = pickKnowledgeBaseSource(workspace, input.source);
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
        return failure(workspace, error);
      }
    },
  );

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

  server.registerTool(
    "runs_list",
    {
      title: "List runs",
      description: "The workspace's recent runs, newest first: id, question, status, goals.",
      inputSchema: { limit: z.number().int().min(1).max(500).optional() },
      outputSchema: RunsListOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      const runs = await listRuns(workspace, input.limit ?? 20);
      return toolOutput(workspace, {
        runs: runs.map(({ directory, ...summary }) => ({ ...summary, run_id: path.basename(directory) })),
      });
    },
  );

  server.registerTool(
    "run_show",
    {
      title: "Show a run",
      description: "One run's summary, plan, steps (evidence, attempts, validation), trace and answer.",
      inputSchema: { id: z.string().min(1).max(200).describe("a run id, a unique prefix, or latest") },
      outputSchema: RunShowOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      const directory = await findRun(workspace, input.id);
      if (!directory) return toolError(workspace, "not_found", `no run matches ${input.id}; see runs_list`);
      const folder = await readRunFolder(directory);
      return toolOutput(workspace, {
        run_id: path.basename(directory),
        summary: folder.summary ?? null,
        plan: folder.plan ?? null,
        steps: folder.steps,
        trace: folder.trace,
        answer: folder.answer ?? null,
        answer_markdown: folder.answerMarkdown ?? null,
      });
    },
  );

  if (options.allowWrite) {
    server.registerTool(
      "report_run",
      {
        title: "Run a report job",
        description:
          "Run a report job of the workspace (jobs/<name>.yaml) and write its reports; registered only " +
          "when the server was started with --allow-write.",
        inputSchema: {
          job: z.string().regex(/^[\w.-]+$/, "a job name from jobs/"),
          as_of: IsoDate.optional(),
        },
        outputSchema: ReportRunOutput,
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
      async (input, extra) => {
        try {
          const job = loadJob(workspace, input.job);
          const result = await runJob(job, workspace, {
            ...(input.as_of ? { asOf: input.as_of } : {}),
            signal: extra.signal,
          });
          return toolOutput(workspace, {
            status: result.report.status,
            run_id: result.report.run_id,
            exit_code: result.exitCode,
            files: result.files.map((file) => path.relative(workspace.root, file)),
            questions: result.report.questions,
          });
        } catch (error) {
          return failure(workspace, error);
        }
      },
    );
  }

  server.registerResource(
    "catalog",
    "triangulate://catalog",
    {
      title: "Workspace catalog",
      description: "metrics, dimensions, events and topics",
      mimeType: "application/json",
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "application/json",
          text: JSON.stringify(workspace.redactor.value(workspace.config.catalog), null, 2),
        },
      ],
    }),
  );

  server.registerResource(
    "plan-schema",
    "triangulate://schema/plan",
    { title: "Plan JSON Schema", description: "what run_plan accepts", mimeType: "application/schema+json" },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "application/schema+json",
          text: JSON.stringify(planJsonSchema(), null, 2),
        },
      ],
    }),
  );

  const runFile = (name: "answer.md" | "trace.jsonl", mimeType: string) =>
    server.registerResource(
      name === "answer.md" ? "run-answer" : "run-trace",
      new ResourceTemplate(`triangulate://runs/{id}/${name}`, {
        list: async () => ({
          resources: (await listRuns(workspace, 50)).map((run) => ({
            uri: `triangulate://runs/${path.basename(run.directory)}/${name}`,
            name: `${path.basename(run.directory)} ${name}`,
            description: run.question,
            mimeType,
          })),
        }),
      }),
      { title: name === "answer.md" ? "A run's answer" : "A run's trace", mimeType },
      async (uri, variables) => {
        const id = String(variables.id);
        const directory = await findRun(workspace, id);
        if (!directory) throw new Error(`no run matches ${id}`);
        const text = await readFile(path.join(directory, name), "utf8").catch(() => {
          throw new Error(`run ${id} has no ${name}`);
        });
        return { contents: [{ uri: uri.href, mimeType, text: workspace.redactor.text(text) }] };
      },
    );
  runFile("answer.md", "text/markdown");
  runFile("trace.jsonl", "application/jsonl");

  return {
    server,
    close: async () => {
      await adapters.close();
      await server.close();
    },
  };
}
