import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AdapterPool } from "../../adapters/registry.js";
import type { Workspace } from "../../config/workspace.js";
import type { ServerAddress } from "../serve/http-ask-client.js";
import { registerAsk, registerPlan, registerRunPlan } from "./question-tools.js";
import { registerRunFile, registerSchemaResources } from "./resources.js";
import { registerReportRun, registerRunShow, registerRunsList } from "./run-tools.js";
import { registerKbSearch, registerSourcesList, registerSourcesTest } from "./source-tools.js";
import type { ToolContext } from "./tool-context.js";

/** Options of the MCP server. */
export interface McpServerOptions {
  /** Registers `report_run`, the one tool that writes files outside the run folder (reports). */
  allowWrite?: boolean;
  /** The server's version, as the CLI reports it. */
  version?: string;
  /** Send the `ask` tool's questions to this `triangulate serve` (docs/mcp.md). */
  answerServer?: ServerAddress;
}

/** The read-only tools, in the order clients list them. */
const READ_ONLY_TOOLS: ((context: ToolContext) => void)[] = [
  registerAsk,
  registerPlan,
  registerRunPlan,
  registerKbSearch,
  registerSourcesList,
  registerSourcesTest,
  registerRunsList,
  registerRunShow,
];

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
  const context: ToolContext = {
    server,
    workspace,
    adapters: new AdapterPool(workspace),
    ...(options.answerServer ? { answerServer: options.answerServer } : {}),
  };
  for (const register of READ_ONLY_TOOLS) register(context);
  if (options.allowWrite) registerReportRun(context);
  registerSchemaResources(server, workspace);
  registerRunFile(server, workspace, "answer.md", "text/markdown");
  registerRunFile(server, workspace, "trace.jsonl", "application/jsonl");
  return {
    server,
    close: async () => {
      await context.adapters.close();
      await server.close();
    },
  };
}
