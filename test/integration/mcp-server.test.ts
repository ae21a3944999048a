import { execFileSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_AS_OF, type DemoEnvironment, FLAGSHIP_QUESTIONS, startDemo } from "../../demo/run-demo.js";

// The MCP server as a client sees it: the SDK's own client spawns `triangulate mcp` over stdio
// against the demo sources (the real BI portal in real Chromium, the Jira-format ticket server,
// the demo PDFs in LanceDB). Expected facts: demo/FACTS.md.
let demo: DemoEnvironment;
let client: Client;
let transport: StdioClientTransport;
let serverErrors = "";

function question(id: string): string {
  return FLAGSHIP_QUESTIONS.find((entry) => entry.id === id)!.question;
}

/** Every process below `root` (its children, theirs, …), read from ps. */
function descendants(root: number): { pid: number; command: string; rssKb: number }[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss=,comm="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4)
    .map(([pid, ppid, rss, ...command]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      rssKb: Number(rss),
      command: command.join(" "),
    }));
  const found: { pid: number; command: string; rssKb: number }[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const row of rows)
      if (row.ppid === parent) {
        found.push(row);
        queue.push(row.pid);
      }
  }
  return found;
}

function browserProcesses(): number {
  return descendants(transport.pid!).filter((row) => /chrom/i.test(row.command)).length;
}

function serverRssKb(): number {
  const row = execFileSync("ps", ["-o", "rss=", "-p", String(transport.pid)], { encoding: "utf8" });
  return Number(row.trim());
}

interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text?: string }[];
}

async function call(name: string, args: Record<string, unknown>, options: { signal?: AbortSignal } = {}) {
  return (await client.callTool({ name, arguments: args }, undefined, {
    timeout: 120_000,
    ...(options.signal ? { signal: options.signal } : {}),
  })) as ToolResult;
}

beforeAll(async () => {
  demo = await startDemo();
  transport = new StdioClientTransport({
    command: process.execPath,
    args: ["dist/bin/triangulate.js", "mcp", "--workspace", demo.directory],
    env: { ...(process.env as Record<string, string>), ...demo.environment },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    serverErrors += chunk.toString();
  });
  client = new Client({ name: "triangulate-test", version: "1.0.0" });
  await client.connect(transport);
}, 180_000);

afterAll(async () => {
  await client?.close();
  await demo?.close();
});

describe("triangulate mcp", () => {
  it("lists the tools with their schemas, and offers report_run only with --allow-write", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name).sort();
    expect(names).toEqual(
      [
        "ask",
        "kb_search",
        "plan",
        "run_plan",
        "run_show",
        "runs_list",
        "sources_list",
        "sources_test",
      ].sort(),
    );
    const ask = tools.find((tool) => tool.name === "ask")!;
    expect(ask.inputSchema.required).toEqual(["question"]);
    expect(Object.keys(ask.inputSchema.properties ?? {})).toEqual(["question", "as_of", "strategy"]);
    expect(ask.outputSchema?.properties).toHaveProperty("status");
  });

  it("offers report_run when started with --allow-write", async () => {
    const writer = new Client({ name: "triangulate-test-writer", version: "1.0.0" });
    await writer.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["dist/bin/triangulate.js", "mcp", "--workspace", demo.directory, "--allow-write"],
        env: { ...(process.env as Record<string, string>), ...demo.environment },
        stderr: "pipe",
      }),
    );
    try {
      const { tools } = await writer.listTools();
      expect(tools.map((tool) => tool.name)).toContain("report_run");
    } finally {
      await writer.close();
    }
  });

  it("asks the flagship question and returns the cited, audited numbers", async () => {
    const progress: string[] = [];
    const result = (await client.callTool(
      { name: "ask", arguments: { question: question("q1-en"), as_of: DEMO_AS_OF } },
      undefined,
      { timeout: 120_000, onprogress: (event) => progress.push(String(event.message ?? "")) },
    )) as ToolResult;
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent!;
    expect(output.status).toBe("answered");
    const answer = output.answer as {
      text: string;
      numbers: { value: number; origin: string }[];
      items: { citations: { source: string; label: string }[] }[];
      conflicts: { resolved: number; values: { source: string; value: number; weight: number }[] }[];
    };
    expect(answer.text).toContain("5.49%");
    expect(answer.text).toContain("3.1%");
    expect(answer.text).toContain("higher by 2.39 percentage points");
    expect(answer.conflicts[0]?.values).toEqual([
      { source: "sales_bi", value: 5.2, weight: 0.85 },
      { source: "support_bi", value: 5.9, weight: 0.6 },
    ]);
    const citations = answer.items.flatMap((item) => item.citations);
    expect(citations.some((citation) => citation.label.includes("LOG-101"))).toBe(true);
    expect(answer.numbers.map((number) => number.value)).toContain(5.49);
    expect(
      answer.numbers.every((number) => ["evidence", "computed", "question"].includes(number.origin)),
    ).toBe(true);
    expect(output.run_id).toMatch(/\S/);
    // Progress notifications carried the trace as it happened.
    expect(progress.some((line) => line.startsWith("fetch:"))).toBe(true);

    // The run it names is there to inspect, as a tool and as resources.
    const shown = await call("run_show", { id: String(output.run_id) });
    expect(shown.isError).toBeFalsy();
    expect((shown.structuredContent!.steps as unknown[]).length).toBeGreaterThanOrEqual(4);
    const markdown = await client.readResource({ uri: `triangulate://runs/${output.run_id}/answer.md` });
    const first = markdown.contents[0];
    expect(first && "text" in first ? first.text : "").toContain("5.49%");
    const listed = await client.listResources();
    expect(listed.resources.map((resource) => resource.uri)).toContain(
      `triangulate://runs/${output.run_id}/trace.jsonl`,
    );
  });

  it("plans without fetching, and answers a direct route", async () => {
    const planned = await call("plan", { question: question("q1-zh"), as_of: DEMO_AS_OF });
    expect(planned.structuredContent!.route).toBe("retrieve");
    const plan = planned.structuredContent!.plan as { sub_goals: { source: string }[] };
    expect(plan.sub_goals.length).toBeGreaterThanOrEqual(4);
    const greeting = await call("ask", { question: "你好" });
    expect(greeting.structuredContent!.status).toBe("direct");
  });

  it("runs a plan only after checking it against the workspace", async () => {
    const planned = await call("plan", { question: question("q6"), as_of: DEMO_AS_OF });
    const plan = planned.structuredContent!.plan as Record<string, unknown>;
    const ran = await call("run_plan", { plan });
    expect(ran.isError).toBeFalsy();
    expect(Array.isArray(ran.structuredContent!.results)).toBe(true);

    // A plan naming an address, or a source the workspace does not configure, is refused before
    // any request.
    const withAddress = structuredClone(plan) as { sub_goals: { source: string }[] };
    withAddress.sub_goals[0]!.source = "http://127.0.0.1:1/steal";
    const refusedAddress = await call("run_plan", { plan: withAddress });
    expect(refusedAddress.isError).toBe(true);
    expect(refusedAddress.content[0]?.text).toMatch(/plan_error[\s\S]*sub_goals\.0\.source/);
    const withUnknown = structuredClone(plan) as { sub_goals: { source: string }[] };
    withUnknown.sub_goals[0]!.source = "billing_db";
    const refusedUnknown = await call("run_plan", { plan: withUnknown });
    expect(refusedUnknown.isError).toBe(true);
    expect(refusedUnknown.content[0]?.text).toMatch(/unknown source `billing_db`/);
  });

  it("searches the knowledge base and lists the sources", async () => {
    const hits = await call("kb_search", { query: "刻錯名字 換貨", k: 3 });
    expect(hits.isError).toBeFalsy();
    expect((hits.structuredContent!.hits as unknown[]).length).toBeGreaterThan(0);
    const sources = await call("sources_list", {});
    const names = (sources.structuredContent!.sources as { name: string }[]).map((source) => source.name);
    expect(names).toEqual(expect.arrayContaining(["sales_bi", "support_bi", "tickets"]));
    const unknown = await call("sources_test", { source: "no_such_source" });
    expect(unknown.isError).toBe(true);
  });

  it("reports a malformed input as a tool error and stays up", async () => {
    let rejected = false;
    try {
      const result = await call("ask", { question: 42 });
      rejected = result.isError === true;
    } catch (error) {
      rejected = /invalid|question/i.test(String(error));
    }
    expect(rejected).toBe(true);
    const badDate = await call("ask", { question: "hi", as_of: "2024-13-45" }).catch((error) => ({
      isError: true,
      content: [{ type: "text", text: String(error) }],
    }));
    expect(badDate.isError).toBe(true);
    const alive = await call("sources_list", {});
    expect(alive.isError).toBeFalsy();
  });

  it("stops a cancelled call and keeps serving", async () => {
    const controller = new AbortController();
    const pending = call(
      "ask",
      { question: question("q3"), as_of: DEMO_AS_OF },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error("the user pressed stop")), 300);
    await expect(pending).rejects.toThrow();
    const after = await call("plan", { question: question("q6"), as_of: DEMO_AS_OF });
    expect(after.structuredContent!.route).toBe("retrieve");
  });

  it("answers 20 calls in a row with one browser and no growing memory", async () => {
    await call("ask", { question: question("q6"), as_of: DEMO_AS_OF });
    const browsersBefore = browserProcesses();
    const rssBefore = serverRssKb();
    for (let index = 0; index < 20; index += 1) {
      const result = await call("ask", { question: question(index % 2 ? "q6" : "q4"), as_of: DEMO_AS_OF });
      expect(result.isError, serverErrors).toBeFalsy();
    }
    const browsersAfter = browserProcesses();
    const rssAfter = serverRssKb();
    expect(browsersAfter).toBeLessThanOrEqual(Math.max(browsersBefore, 1) + 2);
    // Twenty answers may warm caches; a leak of a browser page or an index per call grows far more.
    expect(rssAfter - rssBefore).toBeLessThan(150 * 1024);
  }, 300_000);

  it("never prints anything but protocol messages on stdout", async () => {
    // A stray line on stdout would have broken every call above; the server logs to stderr.
    expect(serverErrors).toContain("serving");
  });
});
