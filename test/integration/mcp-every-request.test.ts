import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { CLI } from "../support/run-cli.js";
import { TemporaryFolders } from "../support/temporary-workspace.js";

// The built `triangulate mcp`, spoken to with raw lines on its stdin (issue 26.4): an over-long
// line, a line that is not JSON, JSON that is not JSON-RPC and a message nested 100,000 levels deep
// each get a JSON-RPC error, and the
// requests after them are still answered. kb_search on a workspace without a knowledge base
// answers a documented kind.
const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

const WORKSPACE = `
catalog:
  events:
    echo: { label: Echo }
sources:
  tickets:
    kind: tickets
    base_url: http://127.0.0.1:9
    searches:
      echo:
        endpoint: /search
        records: $.issues
        pagination: { type: none }
        event: echo
        fields:
          key: $.key
        offers: { events: [echo] }
`;

interface Response {
  id: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

/** The server's replies, read line by line from its stdout. */
class Replies {
  readonly received: Response[] = [];
  private buffered = "";
  private waiting: (() => void)[] = [];

  constructor(child: ChildProcessWithoutNullStreams) {
    child.stdout.on("data", (chunk: Buffer) => {
      this.buffered += chunk.toString("utf8");
      let newline = this.buffered.indexOf("\n");
      while (newline !== -1) {
        const line = this.buffered.slice(0, newline);
        this.buffered = this.buffered.slice(newline + 1);
        if (line.trim()) this.received.push(JSON.parse(line) as Response);
        newline = this.buffered.indexOf("\n");
      }
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  /** Waits until `count` replies have arrived. */
  async atLeast(count: number, timeoutMs = 60_000): Promise<Response[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`only ${this.received.length} replies: ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        setTimeout(resolve, 500);
      });
    }
    return this.received;
  }
}

function request(id: number, method: string, params: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`;
}

describe("triangulate mcp answers every line", () => {
  it("answers an over-long line, a non-JSON line and a non-JSON-RPC line with errors, and goes on", async () => {
    const folder = folders.withFiles({ "triangulate.yaml": WORKSPACE });
    const child = spawn(process.execPath, [CLI, "mcp", "--workspace", folder], {
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const replies = new Replies(child);
    child.stdin.write(
      request(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw-lines", version: "1" },
      }),
    );
    await replies.atLeast(1);
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    // A 20 MB tools/call: the SDK's own transport closed the connection on it and exited 0.
    const question = "x".repeat(20 * 1024 * 1024);
    child.stdin.write(request(2, "tools/call", { name: "ask", arguments: { question } }));
    child.stdin.write("this is not JSON\n");
    const deep = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
    child.stdin.write(
      `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"run_plan","arguments":{"plan":${deep}}}}\n`,
    );
    child.stdin.write('{"hello": "world"}\n');
    child.stdin.write(request(3, "tools/list"));
    child.stdin.write(request(4, "tools/call", { name: "kb_search", arguments: { query: "returns" } }));
    child.stdin.write(request(5, "tools/call", { name: "sources_list", arguments: {} }));
    const received = await replies.atLeast(7, 90_000);
    child.stdin.end();
    expect(await exited, stderr).toBe(0);

    const byId = (id: number) => received.find((reply) => reply.id === id);
    expect(byId(2)?.error?.code).toBe(-32600);
    expect(byId(2)?.error?.data).toMatchObject({ kind: "message_too_large", limit_bytes: 16 * 1024 * 1024 });
    expect(byId(6)?.error?.data).toMatchObject({ kind: "nested_too_deep", limit_levels: 512 });
    const anonymous = received.filter((reply) => reply.id === null).map((reply) => reply.error?.code);
    expect(anonymous).toEqual([-32700, -32600]);
    const tools = (byId(3)?.result?.tools ?? []) as { name: string }[];
    expect(tools.map((tool) => tool.name)).toContain("kb_search");
    const kbSearch = byId(4)?.result as { isError?: boolean; content: { text: string }[] };
    expect(kbSearch.isError).toBe(true);
    expect(JSON.parse(kbSearch.content[0].text).error.kind).toBe("not_found");
    expect(byId(5)?.result?.isError).toBeFalsy();
  }, 120_000);
});
