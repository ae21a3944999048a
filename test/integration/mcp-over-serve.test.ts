/**
 * `triangulate mcp --server <url>` (issue 27 item 4): the MCP server's `ask` tool sends the
 * question to a running `triangulate serve` (real HTTP on loopback, a bearer token) instead of
 * answering in its own process, with the same output and the trace as MCP progress. The demo BI
 * portal in real Chromium and the demo ticket server answer; the SDK's own client speaks to the
 * built CLI over stdio.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import { DEMO_AS_OF } from "../../demo/run-demo.js";
import { type RunningTicketServer, startTicketServer } from "../../demo/ticket-server/ticket-server.js";
import { CLI, runCli } from "../support/run-cli.js";

const QUESTION = "Return rate of product C in West China in February 2024";
const TOKEN = "mcp-over-serve-test-token-0123456789";

interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text?: string }[];
}

describe("the MCP server's ask tool through `triangulate serve`", () => {
  let portal: BiPortal;
  let tickets: RunningTicketServer;
  let root: string;
  let environment: Record<string, string>;
  let serve: ChildProcess;
  let serveLog = "";
  let client: Client;
  let tokenFile: string;

  beforeAll(async () => {
    portal = await startBiPortal({ port: 0 });
    tickets = await startTicketServer({ port: 0 });
    root = mkdtempSync(path.join(tmpdir(), "triangulate-mcp-serve-"));
    for (const entry of ["triangulate.yaml", "data"])
      cpSync(path.resolve("demo/workspace", entry), path.join(root, entry), { recursive: true });
    tokenFile = path.join(root, "token");
    writeFileSync(tokenFile, `${TOKEN}\n`);
    environment = { TRIANGULATE_BI_URL: portal.url, TRIANGULATE_TICKETS_URL: tickets.url };
    serve = spawn(
      process.execPath,
      [CLI, "serve", "--workspace", root, "--port", "0", "--token-file", tokenFile, "--json"],
      { env: { ...process.env, NO_COLOR: "1", ...environment }, stdio: ["ignore", "pipe", "pipe"] },
    );
    serve.stderr?.on("data", (chunk: Buffer) => {
      serveLog += chunk.toString();
    });
    const url = await new Promise<string>((resolve, reject) => {
      let text = "";
      serve.stdout?.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        const match = /"url":\s*"([^"]+)"/.exec(text);
        if (match) resolve(match[1]);
      });
      serve.once("close", (code) => reject(new Error(`serve ended (exit ${code}): ${serveLog}`)));
    });
    // The MCP server has no source variables: nothing it answers itself would reach the sources.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "--workspace", root, "--server", url],
      env: { ...(process.env as Record<string, string>), TRIANGULATE_TOKEN: TOKEN },
      stderr: "pipe",
    });
    client = new Client({ name: "triangulate-test", version: "1.0.0" });
    await client.connect(transport);
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    if (serve && serve.exitCode === null) {
      const closed = new Promise((resolve) => serve.once("close", resolve));
      serve.kill("SIGTERM");
      await closed;
    }
    await portal?.close();
    await tickets?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("answers as a local ask does, the server's trace arriving as MCP progress", async () => {
    const local = await runCli(["ask", QUESTION, "--workspace", root, "--as-of", DEMO_AS_OF, "--json"], {
      env: environment,
      timeoutMs: 180_000,
    });
    const expected = JSON.parse(local.stdout) as {
      answer: { status: string; text: string };
      exit_code: number;
    };
    const progress: string[] = [];
    const result = (await client.callTool(
      { name: "ask", arguments: { question: QUESTION, as_of: DEMO_AS_OF } },
      undefined,
      { timeout: 180_000, onprogress: (event) => progress.push(String(event.message ?? "")) },
    )) as ToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const output = result.structuredContent as {
      status: string;
      answer: { status: string; text: string };
      exit_code: number;
      run_id: string | null;
    };
    expect(output.status).toBe(expected.answer.status);
    expect(output.answer.text).toBe(expected.answer.text);
    expect(output.exit_code).toBe(expected.exit_code);
    expect(output.run_id).toMatch(/\S/);
    // Answered by the server: its request line, and its trace as progress.
    expect(serveLog).toMatch(/POST \/ask 200 \d+ ms/);
    expect(progress.some((line) => line.startsWith("plan:"))).toBe(true);
  }, 400_000);

  it("refuses --token-file without --server before starting", async () => {
    const refused = await runCli(["mcp", "--workspace", root, "--token-file", tokenFile], {
      timeoutMs: 60_000,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("--token-file is the bearer token of --server");
  }, 120_000);
});
