import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Workspace } from "../../config/workspace.js";

/**
 * A tool's result as MCP carries it: the structured value (checked by the client against the
 * tool's output schema) and the same JSON as text for clients that only read text. Everything
 * passes through the workspace's redactor first: a tool result is output like any other.
 */
export function toolOutput(workspace: Workspace, value: Record<string, unknown>): CallToolResult {
  const redacted = workspace.redactor.value(value);
  return {
    content: [{ type: "text", text: JSON.stringify(redacted, null, 2) }],
    structuredContent: redacted,
  };
}

/**
 * A tool error the client shows to its user: the call failed, the server stays up. The message
 * is redacted like every other output.
 */
export function toolError(workspace: Workspace, kind: string, message: string): CallToolResult {
  const text = workspace.redactor.text(message);
  return {
    isError: true,
    content: [{ type: "text", text: JSON.stringify({ error: { kind, message: text } }, null, 2) }],
  };
}
