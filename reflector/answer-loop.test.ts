import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { ExecutionPlan } from "../models/plan.js";
import { goal } from "../test/support/reflector/fixtures.js";
import { answerPlan } from "./answer-loop.js";
import { withBeforeWindow } from "./answering/before-window.js";

// The answer loop on the demo's CSV exports (the real file adapter), so it needs no server.
const folder = mkdtempSync(path.join(tmpdir(), "triangulate-answer-loop-"));
cpSync("demo/workspace", folder, { recursive: true, filter: (source) => !source.includes(".triangulate") });
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("answerPlan", () => {
  it("answers the demo plan, broadens the empty month to its quarter and records the run", async () => {
    const workspace = loadWorkspace(folder, { environment: {} });
    const plan = ExecutionPlan.parse(
      JSON.parse(readFileSync(path.join(folder, "plans/returns-east-vs-north.json"), "utf8")),
    );
    const { answer, run, markdown } = await answerPlan(plan, workspace);
    expect(answer.status).toBe("answered");
    expect(answer.broadened).toEqual([
      expect.objectContaining({ goal: "g4", from: "2024-02", to: "2024-Q1" }),
    ]);
    expect(run.trace.lines()).toContain("reflect:g4:broaden:month→quarter");
    expect(answer.text).toContain("5.2%");
    expect(answer.text).toContain("higher by 2.1 percentage points");
    expect(markdown).toContain("## Sources");
    expect(existsSync(path.join(run.directory!, "answer.json"))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(run.directory!, "answer.json"), "utf8")).status).toBe(
      "answered",
    );
  });

  it("stops after max_iterations with an explained gap", async () => {
    const workspace = loadWorkspace(folder, { environment: {} });
    const plan = ExecutionPlan.parse({
      question: "return rate of C in West, February 2024",
      as_of: "2024-06-30",
      sub_goals: [
        {
          id: "g1",
          description: "return rate of C in West, February 2024",
          source: "sales_exports",
          dataset: "returns",
          params: {
            metric: "return_rate",
            filters: { product: "C", region: "West" },
            period: { grain: "month", from: "2024-02-01", to: "2024-02-29" },
          },
          expected_format: "table",
          validation: "rows >= 1",
        },
      ],
    });
    const { answer, run } = await answerPlan(plan, workspace, { maxIterations: 0, record: false });
    expect(answer.status).toBe("unanswerable");
    expect(answer.gaps[0].missing).toContain("still failing after 0 reflection rounds");
    expect(run.trace.lines().some((line) => line.startsWith("reflect:g1:broaden"))).toBe(false);
  });

  it("answers a saved plan in the language the planner would have chosen: the workspace's when the script is shared", async () => {
    const workspace = loadWorkspace(folder, { environment: {} });
    workspace.config.language = "zh-Hant";
    // Every character of this question is written alike in both scripts; the workspace decides.
    const plan = ExecutionPlan.parse({
      question: "2024年2月C在西方的比率",
      as_of: "2024-06-30",
      sub_goals: [
        {
          id: "g1",
          description: "2024年2月C在西方的比率",
          source: "sales_exports",
          dataset: "returns",
          params: {
            metric: "return_rate",
            filters: { product: "C", region: "West" },
            period: { grain: "month", from: "2024-02-01", to: "2024-02-29" },
          },
          expected_format: "table",
          validation: "rows >= 1",
        },
      ],
    });
    const { answer } = await answerPlan(plan, workspace, { maxIterations: 0, record: false });
    expect(answer.language).toBe("zh-Hant");
    expect(answer.text).toContain("無法");
  });
});

describe("withBeforeWindow", () => {
  it("adds the period before a metric's period and moves the rule's lower bound", () => {
    const subGoal = goal({
      id: "g1",
      source: "sales_bi",
      params: { metric: "return_rate", period: { grain: "month", from: "2024-01-01", to: "2024-01-31" } },
      validation: "rows >= 1 AND any(month >= '2024-01' AND month <= '2024-01')",
    });
    const widened = withBeforeWindow(subGoal);
    expect(widened?.params.period).toEqual({ grain: "month", from: "2023-12-01", to: "2024-01-31" });
    expect(widened?.validation).toBe("rows >= 1 AND any(month >= '2023-12' AND month <= '2024-01')");
  });
  it("leaves a period of several units as it is", () => {
    expect(
      withBeforeWindow(
        goal({
          id: "g1",
          source: "sales_bi",
          params: {
            metric: "complaints",
            period: { grain: "quarter", from: "2023-07-01", to: "2023-12-31" },
          },
        }),
      ),
    ).toBeUndefined();
  });
  it("leaves goals whose rule counts rows exactly", () => {
    expect(
      withBeforeWindow(
        goal({
          id: "g1",
          source: "sales_bi",
          params: { metric: "return_rate", period: { grain: "month", from: "2024-01-01", to: "2024-01-31" } },
          validation: "rows = 1",
        }),
      ),
    ).toBeUndefined();
  });
});
