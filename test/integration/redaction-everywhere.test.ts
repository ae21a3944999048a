import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { TemporaryFolders } from "../support/temporary-workspace.js";

// A loopback ticket system that echoes the caller's token back: in record fields (plain,
// URL-encoded, form-encoded, base64 after 0, 1 and 2 other bytes) and in a long 500 error body
// whose excerpt is cut right inside the token. No form of the token may reach stdout, stderr or
// any file the tool writes.
const TOKEN = "tok-9f3K+2/xQ7 zP!8wL";
const folders = new TemporaryFolders();
let server: Server;
let baseUrl = "";

function encodings(secret: string): Record<string, string> {
  return {
    plain: secret,
    url: encodeURIComponent(secret),
    form: new URLSearchParams({ t: secret }).toString().slice(2),
    base64_0: Buffer.from(secret).toString("base64"),
    base64_1: Buffer.from(`:${secret}`).toString("base64"),
    base64_2: Buffer.from(`u:${secret}`).toString("base64"),
    basic: Buffer.from(`analyst:${secret}`).toString("base64"),
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
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
`,
    "plan.json": JSON.stringify({
      question: "echo",
      as_of: "2024-06-30",
      sub_goals: ["echo", "broken"].map((search, index) => ({
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

/** Every form of the token that must never appear: each encoding, and any 8-character run of the plain token. */
function leaks(text: string): string[] {
  const found: string[] = [];
  for (const [name, form] of Object.entries(encodings(TOKEN))) {
    if (text.includes(form)) found.push(name);
  }
  // A base64 form's middle survives any alignment: its first 8 characters after the boundary group.
  for (const [name, form] of Object.entries(encodings(TOKEN))) {
    if (name.startsWith("base64") || name === "basic") {
      const middle = form.slice(4, 16);
      if (text.includes(middle)) found.push(`${name} (middle)`);
    }
  }
  for (let start = 0; start + 8 <= TOKEN.length; start += 1)
    if (text.includes(TOKEN.slice(start, start + 8)))
      found.push(`plain fragment ${TOKEN.slice(start, start + 8)}`);
  return found;
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
    ]) {
      const result = await runCli(args, { cwd: folder, env, timeoutMs: 60_000 });
      outputs.push(`${args.join(" ")}\n${result.stdout}\n${result.stderr}`);
    }
    const runJson = outputs[0];
    expect(runJson).toContain("***");
    expect(runJson).toMatch(/"status": "partial"/);
    for (const output of outputs) expect(leaks(output), output.slice(0, 400)).toEqual([]);
    const files = filesUnder(path.join(folder, ".triangulate"));
    expect(files.length).toBeGreaterThan(4);
    for (const file of files) expect(leaks(readFileSync(file, "utf8")), file).toEqual([]);
  }, 120_000);
});
