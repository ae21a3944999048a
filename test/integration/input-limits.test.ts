import { truncateSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { TemporaryFolders } from "../support/temporary-workspace.js";

// Inputs past the size and depth limits (issue 26.6): each ends with a typed error naming the
// limit, quickly, instead of exhausting the heap or the stack.
const folders = new TemporaryFolders();
let server: Server;
let baseUrl = "";
const DEPTH = 100_000;

beforeAll(async () => {
  // A ticket system whose search answers one issue nested 100,000 objects deep.
  server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(`{"issues":[{"key":"T-1","fields":${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}}]}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  folders.cleanup();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const WORKSPACE = `
catalog:
  events:
    deep: { label: Deep }
sources:
  deep_tickets:
    kind: tickets
    base_url: \${DEEP_URL}
    searches:
      deep:
        endpoint: /search
        records: $.issues
        pagination: { type: none }
        event: deep
        fields:
          key: $.key
          a: $.fields.a
        offers: { events: [deep] }
`;

describe("input limits", () => {
  it("refuses a 200 MB triangulate.yaml by its size, before reading it", async () => {
    const folder = folders.make();
    const file = path.join(folder, "triangulate.yaml");
    writeFileSync(file, "catalog: {}\n");
    truncateSync(file, 200 * 1024 * 1024);
    const started = Date.now();
    const result = await runCli(["config", "check", "--json", "-w", folder], { timeoutMs: 60_000 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.issues[0].message).toMatch(/the file is 200 MB; files over 8 MB are not read/);
  }, 90_000);

  it("answers a ticket response nested 100,000 deep with a format_error naming the limit", async () => {
    const folder = folders.withFiles({
      "triangulate.yaml": WORKSPACE,
      "plan.json": JSON.stringify({
        question: "deep",
        as_of: "2024-06-30",
        sub_goals: [
          {
            id: "g1",
            description: "deep",
            source: "deep_tickets",
            dataset: "deep",
            params: { event: "deep" },
            expected_format: "records",
          },
        ],
      }),
    });
    const env = { DEEP_URL: baseUrl };
    const tested = await runCli(["sources", "test", "deep_tickets", "--json", "-w", folder], { env });
    expect(tested.stdout + tested.stderr).not.toMatch(/RangeError|call stack/);
    expect(tested.stdout).toMatch(/nested more than 512 levels deep/);
    expect(tested.stdout).toMatch(/"kind": "format_error"/);
    const run = await runCli(["run", "plan.json", "--json", "-w", folder], { env, cwd: folder });
    expect(run.stdout + run.stderr).not.toMatch(/RangeError|call stack|unexpected error/);
    const output = JSON.parse(run.stdout) as { results: { error_kind?: string; error?: string }[] };
    expect(output.results[0].error_kind).toBe("format_error");
    expect(JSON.stringify(output.results[0])).toMatch(/512 levels/);
  }, 90_000);
});
