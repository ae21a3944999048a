import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { leakedForms, secretEncodings } from "../support/secret-encodings.js";
import { TemporaryFolders } from "../support/temporary-workspace.js";

// A loopback ticket system that echoes the caller's token back in every encoding of
// test/support/secret-encodings.ts (plain, base64 at three alignments, hex, percent-encoded
// every way, JSON and HTML escapes, a Basic pair, split by line breaks and spaces): in record
// fields, in a response header, in a 400 error message, and in a long 500 error body whose excerpt
// is cut right inside the token. No form of the token may reach stdout, stderr, any file of the
// run folder, a report job's outputs or an MCP result.
const TOKEN = "tok-9f3K+2/xQ7 zP!8wL";
const folders = new TemporaryFolders();
let server: Server;
let baseUrl = "";

function encodings(secret: string): Record<string, string> {
  return secretEncodings(secret);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    response.setHeader("x-echoed-authorization", encodeURIComponent(request.headers.authorization ?? ""));
    if (request.url?.startsWith("/rejected")) {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ errorMessages: Object.values(encodings(token)).map((form) => `bad ${form}`) }),
      );
      return;
    }
    if (request.url?.startsWith("/broken")) {
      // The excerpt limit (300 characters of the server's message) falls inside the token.
      const message = `${"x".repeat(290)} token ${token} rejected`;
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ errorMessages: [message] }));
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({ issues: [{ key: "T-1", fields: { created: "2024-01-10", ...encodings(token) } }] }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  folders.cleanup();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function workspace(): string {
  const fields = Object.keys(encodings(TOKEN))
    .map((name) => `          ${name}: $.fields.${name}`)
    .join("\n");
  const folder = folders.withFiles({
    "triangulate.yaml": `
catalog:
  events:
    echo: { label: Echo }
sources:
  echoing:
    kind: tickets
    base_url: \${ECHO_URL}
    auth: { type: bearer, token: "\${ECHO_TOKEN}" }
    max_pages: 1
    searches:
      echo:
        endpoint: /search
        records: $.issues
        pagination: { type: none }
        event: echo
        fields:
          key: $.key
          created: { path: $.fields.created, type: date }
${fields}
        offers: { events: [echo] }
      broken:
        endpoint: /broken
        records: $.issues
        pagination: { type: none }
        event: echo
        fields:
          key: $.key
        offers: { events: [echo] }
      rejected:
        endpoint: /rejected
        records: $.issues
        pagination: { type: none }
        event: echo
        fields:
          key: $.key
        offers: { events: [echo] }
`,
    "jobs/echo-report.yaml": `
name: echo-report
questions:
  - id: echo
    title: Echo
    plan: plan.json
outputs:
  directory: reports
  formats: [markdown, html, json]
  file_name: "{job}-{as_of}"
`,
    "plan.json": JSON.stringify({
      question: "echo",
      as_of: "2024-06-30",
      sub_goals: ["echo", "broken", "rejected"].map((search, index) => ({
        id: `g${index + 1}`,
        description: search,
        source: "echoing",
        dataset: search,
        params: { event: "echo" },
        expected_format: "records",
        required: true,
      })),
    }),
  });
  return folder;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).isFile());
}

/** The forms of the token found in a text (see test/support/secret-encodings.ts). */
function leaks(text: string): string[] {
  return leakedForms(text, TOKEN);
}

describe("secrets echoed by an upstream", () => {
  it("appear in no stream and no file of run --json, run and sources test", async () => {
    const folder = workspace();
    const env = { ECHO_URL: baseUrl, ECHO_TOKEN: TOKEN };
    const outputs: string[] = [];
    for (const args of [
      ["run", "plan.json", "--json", "--show-trace", "-w", folder],
      ["run", "plan.json", "-w", folder],
      ["sources", "test", "echoing", "-w", folder],
      ["sources", "test", "echoing", "--json", "-w", folder],
      ["ask", "Echo events in 2024", "--as-of", "2024-06-30", "--json", "-w", folder],
      ["report", "run", "echo-report", "--as-of", "2024-06-30", "-w", folder],
    ]) {
      const result = await runCli(args, { cwd: folder, env, timeoutMs: 60_000 });
      outputs.push(`${args.join(" ")}\n${result.stdout}\n${result.stderr}`);
    }
    const runJson = outputs[0];
    expect(runJson).toContain("***");
    expect(runJson).toMatch(/"status": "partial"/);
    for (const output of outputs) expect(leaks(output), output.slice(0, 400)).toEqual([]);
    const files = filesUnder(path.join(folder, ".triangulate")).filter((file) => !file.endsWith(".sqlite"));
    expect(files.some((file) => file.endsWith("answer.json"))).toBe(true);
    expect(files.some((file) => /raw\/.*\.json$/.test(file))).toBe(true);
    const reports = filesUnder(path.join(folder, "reports"));
    expect(reports.map((file) => path.extname(file)).sort()).toEqual([".html", ".json", ".md"]);
    for (const file of [...files, ...reports]) expect(leaks(readFileSync(file, "utf8")), file).toEqual([]);
  }, 240_000);

  it("appear in no result of the MCP server's sources_test and run_plan, nor in its progress notifications", async () => {
    const folder = workspace();
    const client = new Client({ name: "redaction-test", version: "1.0.0" });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["dist/bin/triangulate.js", "mcp", "--workspace", folder],
      env: { ...(process.env as Record<string, string>), ECHO_URL: baseUrl, ECHO_TOKEN: TOKEN },
      stderr: "pipe",
    });
    let serverErrors = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      serverErrors += chunk.toString();
    });
    await client.connect(transport);
    try {
      const results = [];
      for (const dataset of ["echo", "broken", "rejected"])
        results.push(
          await client.callTool({ name: "sources_test", arguments: { source: "echoing", dataset } }),
        );
      // run_plan with progress: each trace line reaches the client as a progress notification.
      const progress: string[] = [];
      const plan = JSON.parse(readFileSync(path.join(folder, "plan.json"), "utf8"));
      results.push(
        await client.callTool({ name: "run_plan", arguments: { plan } }, undefined, {
          timeout: 60_000,
          onprogress: (event) => progress.push(String(event.message ?? "")),
        }),
      );
      expect(progress.length).toBeGreaterThan(2);
      expect(leaks(progress.join("\n")), progress.join("\n")).toEqual([]);
      const text = JSON.stringify(results);
      expect(text).toContain("***");
      expect(leaks(text)).toEqual([]);
    } finally {
      await client.close();
    }
    expect(leaks(serverErrors)).toEqual([]);
  }, 120_000);
});
