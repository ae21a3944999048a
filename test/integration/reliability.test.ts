import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ingestKnowledgeBase } from "../../adapters/pdf-kb/ingest/ingest-knowledge-base.js";
import { AdapterPool } from "../../adapters/registry.js";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { Workspace } from "../../config/workspace.js";
import { DEMO_AS_OF, type DemoEnvironment, FLAGSHIP_QUESTIONS, startDemo } from "../../demo/run-demo.js";
import { ExecutionPlan, type SubGoalInput } from "../../models/plan.js";
import { askQuestion } from "../../planner/ask.js";
import { answerPlan } from "../../reflector/answer-loop.js";

// Faults on the real demo sources: each must end in a bounded, explained answer, never a crash or a hang.
let demo: DemoEnvironment;
const temporary: string[] = [];

const providerChanges: SubGoalInput = {
  id: "g1",
  description: "logistics provider changes in East China, January 2024",
  source: "tickets",
  dataset: "provider_changes",
  params: {
    event: "logistics_provider_change",
    filters: { region: "East" },
    period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
  },
  expected_format: "records",
  validation: "rows >= 1",
};

function plan(
  goals: SubGoalInput[],
  question = "provider changes in East China in January 2024",
): ExecutionPlan {
  return ExecutionPlan.parse({
    question,
    as_of: DEMO_AS_OF,
    planner: "manual",
    strategy: "standard",
    sub_goals: goals,
  });
}

/** A copy of the running demo's workspace with its YAML changed, sharing the demo's servers. */
function variantWorkspace(
  change: (yaml: string) => string,
  prepare?: (directory: string) => void,
  environment: Record<string, string> = {},
): Workspace {
  const directory = mkdtempSync(path.join(tmpdir(), "triangulate-variant-"));
  temporary.push(directory);
  cpSync(demo.directory, directory, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}.triangulate`),
  });
  const file = path.join(directory, "triangulate.yaml");
  writeFileSync(file, change(readFileSync(file, "utf8")));
  prepare?.(directory);
  return loadWorkspace(directory, { environment: { ...process.env, ...demo.environment, ...environment } });
}

beforeAll(async () => {
  demo = await startDemo();
}, 180_000);

afterEach(() => {
  demo?.tickets.setFaults({});
});

afterAll(async () => {
  await demo?.close();
  for (const directory of temporary) rmSync(directory, { recursive: true, force: true });
});

describe("ticket server faults", () => {
  it("429 twice: waits Retry-After and answers", async () => {
    demo.tickets.setFaults({ rateLimit: { retryAfter: "1", times: 2 } });
    const started = Date.now();
    const { answer, run } = await answerPlan(plan([providerChanges]), demo.workspace, {
      adapters: demo.adapters,
      record: false,
    });
    expect(answer.status).toBe("answered");
    expect(answer.text).toContain("LOG-101");
    expect(run.trace.lines()).toContain("reflect:g1:retry:rate limited, Retry-After 1s");
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("500 every time: backs off a bounded number of times, then explains the gap", async () => {
    demo.tickets.setFaults({ serverError: {} });
    const started = Date.now();
    const { answer, run } = await answerPlan(plan([providerChanges]), demo.workspace, {
      adapters: demo.adapters,
      record: false,
      maxIterations: 2,
    });
    expect(answer.status).toBe("unanswerable");
    expect(answer.gaps[0].missing).toContain("server_error");
    expect(run.results.get("g1")?.attempts.length).toBeLessThanOrEqual(3);
    expect(
      run.trace.lines().filter((line) => line.startsWith("reflect:g1:retry:server error, backoff")).length,
    ).toBe(2);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("a hanging server: times out, retries with the timeout doubled, then stops within the bound", async () => {
    demo.tickets.setFaults({ hang: {} });
    const started = Date.now();
    const { answer, run } = await answerPlan(plan([providerChanges]), demo.workspace, {
      adapters: demo.adapters,
      record: false,
      maxIterations: 1,
      stepTimeoutMs: 1000,
    });
    expect(answer.status).toBe("unanswerable");
    expect(run.trace.lines()).toContain("reflect:g1:retry:timeout 1000ms→2000ms");
    expect(answer.gaps[0].missing).toContain("timeout");
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("malformed JSON: a format error with no other source is an explained gap, and the other goals still answer", async () => {
    demo.tickets.setFaults({ malformedJson: {} });
    const returns: SubGoalInput = {
      id: "g2",
      description: "return rate of product A in East China, January 2024",
      source: "sales_exports",
      dataset: "returns",
      params: {
        metric: "return_rate",
        filters: { product: "A", region: "East" },
        period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
      },
      expected_format: "table",
      validation: "rows >= 1",
    };
    const { answer, run } = await answerPlan(plan([providerChanges, returns]), demo.workspace, {
      adapters: demo.adapters,
      record: false,
    });
    expect(answer.status).toBe("partial");
    expect(run.results.get("g1")?.error_kind).toBe("format_error");
    expect(
      run.trace
        .lines()
        .some((line) =>
          line.startsWith(
            "reflect:g1:switch:unreadable response; no other source offers logistics_provider_change",
          ),
        ),
    ).toBe(true);
    expect(answer.text).toContain("5.2%");
    expect(answer.gaps.map((gap) => gap.goal)).toEqual(["g1"]);
  });
});

describe("wrong credentials", () => {
  it("stop the goal at once and name the variable to fix", async () => {
    const workspace = variantWorkspace((yaml) => yaml, undefined, { JIRA_TOKEN: "not-the-token" });
    const adapters = new AdapterPool(workspace);
    try {
      const { answer, run } = await answerPlan(plan([providerChanges]), workspace, {
        adapters,
        record: false,
      });
      expect(answer.status).toBe("unanswerable");
      expect(run.results.get("g1")?.error_kind).toBe("auth_error");
      expect(run.results.get("g1")?.attempts).toHaveLength(1);
      expect(answer.gaps[0].missing).toContain("JIRA_TOKEN");
      expect(JSON.stringify(answer)).not.toContain("not-the-token");
    } finally {
      await adapters.close();
    }
  });
});

describe("a dashboard route that never answers", () => {
  it("times out within the bound, says which dashboard did not answer, and takes the number from another source", async () => {
    const workspace = variantWorkspace((yaml) =>
      yaml.replace("url: /support/returns?", "url: /dashboards/hang?"),
    );
    const adapters = new AdapterPool(workspace);
    try {
      const started = Date.now();
      const goal: SubGoalInput = {
        id: "g1",
        description: "return rate of product A in East China from the support dashboard",
        source: "support_bi",
        dataset: "returns",
        params: {
          metric: "return_rate",
          filters: { product: "A", region: "East" },
          period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
        },
        expected_format: "table",
        validation: "rows >= 1",
      };
      const { answer, run } = await answerPlan(plan([goal], "support return rate"), workspace, {
        adapters,
        record: false,
        maxIterations: 1,
        // The bound applies to the fallback's browser read too: 8 s leaves room for a read of the
        // other dashboard on a loaded 2-core CI machine (4 s made the fallback itself time out there).
        stepTimeoutMs: 8000,
      });
      // Issue 28 item 7: the timeout moves the goal at once to the most trusted other source
      // offering the return rate (sales_bi), and the answer states the failure beside its value.
      expect(answer.status, JSON.stringify(answer.gaps)).toBe("answered");
      expect(
        run.trace.lines().some((line) => /^reflect:g1:fallback:timeout .*support_bi→sales_bi$/.test(line)),
      ).toBe(true);
      expect(answer.text).toContain("5.2%");
      expect(answer.gaps[0].missing).toContain("support dashboard");
      expect(answer.gaps[0].missing).toMatch(
        /support_bi\/returns did not answer \(timeout: .*\); the value shown is from sales_bi\/returns/,
      );
      expect(Date.now() - started).toBeLessThan(40_000);
    } finally {
      await adapters.close();
    }
  });
});

describe("a corrupt PDF", () => {
  it("is left out of the index and the policy question ends in an explained partial answer", async () => {
    const workspace = variantWorkspace(
      (yaml) => yaml,
      (directory) =>
        writeFileSync(
          path.join(directory, "docs/return-exchange-policy-zh-Hant.pdf"),
          "%PDF-1.7\nthis is not a PDF body\n%%EOF",
        ),
    );
    const summary = await ingestKnowledgeBase(workspace, "handbook");
    expect(summary.failed.map((failure) => failure.document)).toEqual([
      expect.stringContaining("return-exchange-policy-zh-Hant.pdf"),
    ]);
    const adapters = new AdapterPool(workspace);
    try {
      const question = FLAGSHIP_QUESTIONS.find((entry) => entry.id === "q2")!.question;
      const result = await askQuestion(question, workspace, { adapters, asOf: DEMO_AS_OF, record: false });
      expect(["partial", "unanswerable"]).toContain(result.answer.status);
      expect(result.exitCode).toBe(2);
      expect(result.answer.gaps.length).toBeGreaterThanOrEqual(1);
    } finally {
      await adapters.close();
    }
  });
});
