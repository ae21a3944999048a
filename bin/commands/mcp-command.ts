import type { Command } from "commander";
import { BoundedStdioTransport } from "../mcp/bounded-stdio-transport.js";
import { createMcpServer } from "../mcp/mcp-server.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

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
    .action(async (options: { workspace: string; allowWrite?: boolean }) => {
      // A stray console.log from any library would corrupt the protocol stream.
      console.log = (...values: unknown[]) => console.error(...values);
      console.info = console.log;
      const workspace = workspaceFrom(options);
      const { server, close } = createMcpServer(workspace, { allowWrite: options.allowWrite === true });
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
