import type { Command } from "commander";
import { UsageError } from "../cli-output.js";
import { BoundedStdioTransport } from "../mcp/bounded-stdio-transport.js";
import { createMcpServer } from "../mcp/mcp-server.js";
import { type ServerAddress, serverUrl, TOKEN_VARIABLE } from "../serve/http-ask-client.js";
import { readTokenFile } from "../serve/request-auth.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

interface McpOptions {
  workspace: string;
  allowWrite?: boolean;
  server?: string;
  tokenFile?: string;
}

/** The server's address checked now (a usage error before the protocol starts), its token from the file or $TRIANGULATE_TOKEN. */
function serverAddress(url: string, tokenFile: string | undefined): ServerAddress {
  serverUrl(url);
  const token = tokenFile ? readTokenFile(tokenFile) : process.env[TOKEN_VARIABLE] || undefined;
  return { url, ...(token ? { token } : {}) };
}

/**
 * `triangulate mcp`: serves the workspace over the Model Context Protocol on stdin/stdout until
 * the client closes the connection (or SIGINT/SIGTERM). stdout carries protocol messages only, so
 * anything else the process would print goes to stderr.
 */
export function registerMcpCommand(program: Command): void {
  program
    .command("mcp")
    .description("serve ask, plan, run_plan, kb_search, sources and runs as MCP tools over stdio")
    .addOption(workspaceOption())
    .option("--allow-write", "also offer report_run, which writes report files")
    .option(
      "--server <url>",
      "send the ask tool's questions to triangulate serve at this URL (answered warm there or on its queue's workers)",
    )
    .option(
      "--token-file <file>",
      "with --server: file whose first line is the server's bearer token (default $TRIANGULATE_TOKEN)",
    )
    .action(async (options: McpOptions) => {
      if (options.tokenFile && !options.server)
        throw new UsageError("--token-file is the bearer token of --server; give --server <url> too");
      const answerServer = options.server ? serverAddress(options.server, options.tokenFile) : undefined;
      // A stray console.log from any library would corrupt the protocol stream.
      console.log = (...values: unknown[]) => console.error(...values);
      console.info = console.log;
      const workspace = workspaceFrom(options);
      const { server, close } = createMcpServer(workspace, {
        allowWrite: options.allowWrite === true,
        ...(answerServer ? { answerServer } : {}),
      });
      // Answers every line, an over-long or malformed one with a JSON-RPC error (docs/mcp.md).
      const transport = new BoundedStdioTransport();
      let closing: Promise<void> | undefined;
      const shutdown = () => {
        closing ??= close().catch((error: unknown) => {
          process.stderr.write(`triangulate mcp: closing failed: ${String(error)}\n`);
        });
        return closing;
      };
      const stopped = new Promise<void>((resolve) => {
        transport.onclose = () => void shutdown().then(resolve);
        process.stdin.once("end", () => void shutdown().then(resolve));
        for (const signal of ["SIGINT", "SIGTERM"] as const)
          process.once(signal, () => void shutdown().then(resolve));
      });
      await server.connect(transport);
      process.stderr.write(`triangulate mcp: serving ${workspace.root} on stdio\n`);
      await stopped;
    });
}
