import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { AdapterPool } from "../../adapters/registry.js";
import type { Workspace } from "../../config/workspace.js";
import { PlanError } from "../../executor/check-plan.js";
import { FailureKind } from "../../models/failure-kind.js";
import type { TraceEvent } from "../../models/trace-event.js";
import { errorObject } from "../error-object.js";
import type { ServerAddress } from "../serve/http-ask-client.js";
import { toolError } from "./tool-output.js";

/** What a tool's handler gets besides its input: the client's signal and progress token. */
export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What every tool registration shares: the server, its workspace and the adapter pool of the server's life. */
export interface ToolContext {
  server: McpServer;
  workspace: Workspace;
  adapters: AdapterPool;
  /**
   * `triangulate serve` to send the `ask` tool's questions to (`mcp --server`), so they are
   * answered warm where the deployment answers (its process or its queue's workers); unset: here.
   */
  answerServer?: ServerAddress;
}

/**
 * Sends trace events as MCP progress notifications while a long call runs, when the client asked
 * for progress (it sent a progressToken). Each event counts one step; the total is unknown. The
 * lines pass the workspace's redactor like every result.
 */
export function progressReporter(
  extra: Extra,
  workspace: Workspace,
): ((event: TraceEvent) => void) | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  let progress = 0;
  return (event) => {
    progress += 1;
    void extra
      .sendNotification({
        method: "notifications/progress",
        // A trace line may quote an upstream's error: it is output like any other.
        params: { progressToken: token, progress, message: workspace.redactor.text(event.line) },
      })
      .catch(() => {
        // The client went away: the call's own signal ends the work.
      });
  };
}

/**
 * The kinds a tool error may carry, as docs/mcp.md lists them: the CLI's error kinds and the
 * failure kinds of a step. A client can switch on them; a JavaScript class name is not one.
 */
export const TOOL_ERROR_KINDS: ReadonlySet<string> = new Set<string>([
  "plan_error",
  "usage",
  "not_found",
  "internal_error",
  // The run history's server (history: { store: postgres }) is down, or failed: not a defect.
  "history_unreachable",
  "history_error",
  ...FailureKind.options,
]);

/** Turns what a library call threw into a tool error with a documented kind; the server stays up. */
export function failure(workspace: Workspace, error: unknown) {
  if (error instanceof PlanError) return toolError(workspace, "plan_error", error.message);
  const reported = errorObject(error);
  const kind =
    reported.kind === "usage_error"
      ? "usage"
      : TOOL_ERROR_KINDS.has(reported.kind)
        ? reported.kind
        : "internal_error";
  return toolError(workspace, kind, reported.message);
}
