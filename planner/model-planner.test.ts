import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { Workspace } from "../config/workspace.js";
import { planJsonSchema } from "../models/plan.js";
import { WorkspaceConfig } from "../models/workspace.js";
import { ModelPlanner } from "./model-planner.js";

// This loopback server stands in for the model: it speaks Ollama's HTTP API (/api/tags, /api/chat,
// non-streaming JSON) and answers /api/chat with scripted replies, recording every request body.
type Scripted = { content: string } | { hang: true } | { endless: true } | { status: number; error: string };
let server: Server;
let host: string;
let script: Scripted[] = [];
let chatBodies: Record<string, unknown>[] = [];
let installed = ["triangulate-planner:latest", "qwen2.5:7b-instruct"];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => resolve(body));
  });
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  if (request.method === "GET" && request.url === "/api/tags") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        models: installed.map((name) => ({
          name,
          model: name,
          modified_at: "2026-01-01T00:00:00Z",
          size: 1,
          digest: "0",
          details: {},
        })),
      }),
    );
    return;
  }
  if (request.method === "POST" && request.url === "/api/chat") {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    chatBodies.push(parsed);
    const next = script.shift() ?? { content: "" };
    if ("hang" in next) return; // never answers: the client's timeout must fire
    if ("endless" in next) {
      // A reply that never ends (a 200 MB reply used to be buffered whole until the heap ran out).
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"model":"x","message":{"role":"assistant","content":"');
      const chunk = "a".repeat(64 * 1024);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on("drain", pump);
      pump();
      return;
    }
    if ("status" in next) {
      response.writeHead(next.status, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: next.error }));
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        model: parsed.model,
        created_at: new Date().toISOString(),
        message: { role: "assistant", content: next.content },
        done: true,
        done_reason: "stop",
        total_duration: 1,
        eval_count: 1,
      }),
    );
    return;
  }
  response.writeHead(404).end();
}

const demo = loadWorkspace(path.resolve(import.meta.dirname, "../demo/workspace"), { environment: {} });
function workspaceWithModel(timeoutSeconds = 5): Workspace {
  const config = WorkspaceConfig.parse({
    ...demo.config,
    model: {
      provider: "ollama",
      host,
      planner: "triangulate-planner",
      temperature: 0.7,
      timeout_seconds: timeoutSeconds,
    },
  });
  return new Workspace(demo.root, demo.file, config);
}

const QUESTION = "What was product C's return rate in West China in February 2024?";
const goodPlan = {
  question: "ignored: pinned to the user's question",
  as_of: "1999-01-01",
  strategy: "standard",
  planner: "model",
  sub_goals: [
    {
      id: "g1",
      description: "return rate of C in West, Feb 2024",
      source: "sales_bi",
      dataset: "returns",
      params: {
        metric: "return_rate",
        filters: { product: "C", region: "West" },
        period: { grain: "month", from: "2024-02-01", to: "2024-02-29" },
      },
      expected_format: "table",
      validation: "has_columns: [product, region, month, return_rate] AND rows >= 1",
      required: true,
    },
  ],
};

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  script = [];
  chatBodies = [];
  installed = ["triangulate-planner:latest", "qwen2.5:7b-instruct"];
});

const run = (workspace = workspaceWithModel()) =>
  new ModelPlanner().plan(QUESTION, { workspace, asOf: "2024-06-30", strategy: "auto" });

describe("model planner over Ollama's HTTP API", () => {
  it("sends the plan's JSON Schema as format, a low temperature and the catalog prompt; accepts a valid plan", async () => {
    script = [{ content: JSON.stringify(goodPlan) }];
    const outcome = await run();
    expect(outcome.planner).toBe("model");
    expect(outcome.plan).toMatchObject({
      planner: "model",
      question: QUESTION,
      as_of: "2024-06-30",
      sub_goals: [{ source: "sales_bi", params: { filters: { product: "C" } } }],
    });
    expect(chatBodies).toHaveLength(1);
    const body = chatBodies[0] as {
      model: string;
      stream: boolean;
      format: unknown;
      options: { temperature: number };
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe("triangulate-planner");
    expect(body.stream).toBe(false);
    expect(body.format).toEqual(JSON.parse(JSON.stringify(planJsonSchema())));
    expect(body.options.temperature).toBeLessThanOrEqual(0.2);
    expect(body.messages[0].role).toBe("system");
    expect(body.messages[0].content).toContain("sales_bi / returns");
    expect(body.messages[0].content).toContain("East = 华东");
    expect(body.messages[1]).toEqual({ role: "user", content: `as_of: 2024-06-30\nQuestion: ${QUESTION}` });
    expect(outcome.trace).toContain("plan:model:1");
  });

  it("repairs almost-JSON (code fence, single quotes, trailing comma, missing brace)", async () => {
    const broken = `\`\`\`json\n${JSON.stringify(goodPlan)
      .replace(/"required":true/, "'required':true,")
      .replace(/\}\]\}$/, "}]")}\n\`\`\``;
    script = [{ content: broken }];
    const outcome = await run();
    expect(outcome.planner).toBe("model");
    expect(outcome.plan?.sub_goals[0].required).toBe(true);
    expect(chatBodies).toHaveLength(1);
  });

  it("re-prompts once with the zod issues, then accepts the corrected plan", async () => {
    script = [
      { content: JSON.stringify({ ...goodPlan, sub_goals: [{ ...goodPlan.sub_goals[0], id: "first" }] }) },
      { content: JSON.stringify(goodPlan) },
    ];
    const outcome = await run();
    expect(outcome.planner).toBe("model");
    expect(chatBodies).toHaveLength(2);
    const second = chatBodies[1].messages as { role: string; content: string }[];
    expect(second.at(-1)?.content).toMatch(/rejected[\s\S]*sub_goals\.0\.id/);
    expect(outcome.trace.some((line) => line.startsWith("plan:model:1:after-reprompt"))).toBe(true);
  });

  it("falls back to the catalog planner on garbage, recording planner: fallback", async () => {
    script = [
      { content: "Sure! Here is what I think about return rates." },
      { content: "I cannot produce JSON." },
    ];
    const outcome = await run();
    expect(chatBodies).toHaveLength(2);
    expect(outcome.planner).toBe("fallback");
    expect(outcome.plan?.planner).toBe("fallback");
    expect(outcome.plan?.sub_goals.map((goal) => goal.source)).toEqual(["sales_bi", "support_bi"]);
    expect(outcome.trace).toContain("planner:fallback:the model's plan was rejected twice");
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "falls back when the model names source %s (a prototype name), instead of crashing",
    async (name) => {
      const hostile = JSON.stringify({
        ...goodPlan,
        sub_goals: [{ ...goodPlan.sub_goals[0], source: "SOURCE" }],
      });
      script = [{ content: hostile.replace("SOURCE", name) }, { content: hostile.replace("SOURCE", name) }];
      const outcome = await run();
      expect(chatBodies).toHaveLength(2);
      expect(outcome.planner).toBe("fallback");
      expect(outcome.plan?.sub_goals.map((goal) => goal.source)).toEqual(["sales_bi", "support_bi"]);
    },
  );

  it("rejects a plan naming an unknown source or a metric its dataset lacks, before execution", async () => {
    const hostile = { ...goodPlan, sub_goals: [{ ...goodPlan.sub_goals[0], source: "warehouse_db" }] };
    const wrongMetric = {
      ...goodPlan,
      sub_goals: [
        { ...goodPlan.sub_goals[0], params: { ...goodPlan.sub_goals[0].params, metric: "complaints" } },
      ],
    };
    script = [{ content: JSON.stringify(hostile) }, { content: JSON.stringify(wrongMetric) }];
    const outcome = await run();
    expect(outcome.planner).toBe("fallback");
    const reprompt = (chatBodies[1].messages as { content: string }[]).at(-1)?.content ?? "";
    expect(reprompt).toContain("unknown source `warehouse_db`");
    expect(
      outcome.trace.some(
        (line) => line.startsWith("model:rejected:2") && line.includes("does not offer metric complaints"),
      ),
    ).toBe(true);
    expect(outcome.plan?.sub_goals.every((goal) => goal.source !== "warehouse_db")).toBe(true);
  });

  it("falls back when the model does not answer in time", async () => {
    script = [{ hang: true }];
    const started = Date.now();
    const outcome = await run(workspaceWithModel(0.3));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outcome.planner).toBe("fallback");
    expect(outcome.trace).toContain("planner:fallback:timeout after 0.3s");
    expect(outcome.plan?.planner).toBe("fallback");
  });

  it("falls back when the reply is endless, reading no more than the reply limit", async () => {
    script = [{ endless: true }];
    const heapBefore = process.memoryUsage().heapUsed;
    const outcome = await run();
    expect(outcome.planner).toBe("fallback");
    expect(outcome.trace.join("\n")).toMatch(
      /planner:fallback:model call failed: the model's reply is over 4 MB/,
    );
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("falls back with a clear reason when the model is not installed or the server errors", async () => {
    installed = ["llama3:8b"];
    const missing = await run();
    expect(missing.planner).toBe("fallback");
    expect(missing.trace.find((line) => line.startsWith("planner:fallback"))).toMatch(
      /triangulate-planner is not available.*ollama create/,
    );
    expect(chatBodies).toHaveLength(0);
    installed = ["triangulate-planner"];
    script = [{ status: 500, error: "out of memory" }];
    const failed = await run();
    expect(failed.planner).toBe("fallback");
    expect(failed.trace.find((line) => line.startsWith("planner:fallback"))).toMatch(/out of memory/);
  });

  it("asks the model about a leftover qualifier with the leftovers named, and rejects a plan that drops it", async () => {
    const workspace = workspaceWithModel();
    const question = "东北区A产品2024年1月的退货率";
    const broader = {
      ...goodPlan,
      sub_goals: [
        { ...goodPlan.sub_goals[0], params: { ...goodPlan.sub_goals[0].params, filters: { product: "A" } } },
      ],
    };
    script = [{ content: JSON.stringify(broader) }, { content: JSON.stringify(broader) }];
    const dropped = await new ModelPlanner().plan(question, {
      workspace,
      asOf: "2024-06-30",
      strategy: "auto",
    });
    expect(chatBodies).toHaveLength(2);
    const firstUser = (chatBodies[0].messages as { role: string; content: string }[])[1].content;
    expect(firstUser).toContain('Not in the catalog: "东北区"');
    const reprompt = (chatBodies[1].messages as { role: string; content: string }[]).at(-1)?.content ?? "";
    expect(reprompt).toContain('the span "东北区" is not accounted for');
    // Both replies ignored the span: the question back stands, no plan.
    expect(dropped.plan).toBeUndefined();
    expect(dropped.clarification?.spans[0].written).toBe("东北区");

    chatBodies = [];
    const mapped = {
      ...goodPlan,
      sub_goals: [
        {
          ...goodPlan.sub_goals[0],
          params: { ...goodPlan.sub_goals[0].params, filters: { product: "A", region: "North" } },
        },
      ],
    };
    script = [{ content: JSON.stringify(mapped) }];
    const accepted = await new ModelPlanner().plan(question, {
      workspace,
      asOf: "2024-06-30",
      strategy: "auto",
    });
    expect(accepted.planner).toBe("model");
    expect(accepted.plan?.sub_goals[0].params.filters).toEqual({ product: "A", region: "North" });
    expect(accepted.clarification).toBeUndefined();
    // Not silent: the user is told the model resolved a span the catalog does not know.
    expect(accepted.warnings.join(" ")).toContain("东北区");
    // …in the question's language (issue 29 item 8).
    expect(accepted.warnings.join(" ")).toContain("由模型规划器解读");
    expect(accepted.warnings.join(" ")).not.toMatch(/model planner|check the plan/);
  });

  it("never asks the model about greetings, nor about unknown terms it could not be checked on", async () => {
    const workspace = workspaceWithModel();
    const greeting = await new ModelPlanner().plan("您好呀", {
      workspace,
      asOf: "2024-06-30",
      strategy: "auto",
    });
    const unknown = await new ModelPlanner().plan("2023年的毛利率是多少？", {
      workspace,
      asOf: "2024-06-30",
      strategy: "auto",
    });
    expect(greeting.route.route).toBe("direct");
    expect(unknown.plan).toBeUndefined();
    expect(chatBodies).toHaveLength(0);
  });
});

describe("the model planner's prompt", () => {
  const promptFor = (root: string) =>
    new ModelPlanner().prompt({
      workspace: loadWorkspace(path.resolve(import.meta.dirname, root), { environment: {} }),
      asOf: "2024-06-30",
      strategy: "auto",
    });

  it("takes its filter and validation examples from the workspace's catalog and datasets", () => {
    const prompt = promptFor("../demo/workspace");
    expect(prompt).toContain('canonical value (e.g. "A", not "A产品")');
    expect(prompt).toMatch(
      /- validation is a rule such as: has_columns: \[[^\]]*return_rate[^\]]*\] AND rows >= 1/,
    );
  });

  it("holds no word of the demo's catalog when it plans for another workspace", () => {
    const prompt = promptFor("../test/workspaces/harbor-clinics");
    for (const word of ["East", "华东", "return_rate", "region"]) expect(prompt).not.toContain(word);
    const rules = prompt.split("\nCatalog:")[0];
    expect(rules).toMatch(/validation is a rule such as: \S/);
  });
});
