import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { ExecutionPlan, type ExecutionPlanInput } from "../models/plan.js";
import { checkPlanAgainstWorkspace } from "./check-plan.js";

const workspace = loadWorkspace(path.resolve(import.meta.dirname, "../demo/workspace"), { environment: {} });
const goal = {
  id: "g1",
  description: "return rate",
  source: "sales_bi",
  dataset: "returns",
  params: {
    metric: "return_rate",
    filters: { product: "A", region: "East" },
    period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
  },
  expected_format: "table",
  validation: "rows >= 1",
} as const;
const plan = (overrides: Record<string, unknown>) =>
  ExecutionPlan.parse({
    question: "q",
    as_of: "2024-06-30",
    sub_goals: [{ ...goal, ...overrides }],
  } satisfies ExecutionPlanInput);
const messages = (overrides: Record<string, unknown>) =>
  checkPlanAgainstWorkspace(plan(overrides), workspace).map((issue) => `${issue.path}: ${issue.message}`);

describe("checkPlanAgainstWorkspace", () => {
  it("accepts a plan that names only what the workspace offers", () => {
    expect(messages({})).toEqual([]);
    expect(
      messages({
        source: "handbook",
        dataset: undefined,
        expected_format: "text",
        params: { filters: {}, query: "换货运费谁出？" },
      }),
    ).toEqual([]);
  });

  it("rejects unknown sources and datasets with a suggestion", () => {
    const issues = checkPlanAgainstWorkspace(plan({ source: "sales_bl" }), workspace);
    expect(issues[0]).toMatchObject({ path: "sub_goals.0(g1).source", suggestion: "sales_bi" });
    expect(messages({ dataset: "refunds" })[0]).toMatch(/no dataset `refunds`/);
  });

  it("rejects a metric, filter or value the dataset does not offer, and a wrong format", () => {
    expect(messages({ params: { ...goal.params, metric: "complaints" } })[0]).toMatch(
      /does not offer metric complaints/,
    );
    expect(messages({ params: { ...goal.params, filters: { category: "Service" } } })[0]).toMatch(
      /cannot filter by category/,
    );
    expect(messages({ params: { ...goal.params, filters: { product: "Z" } } })[0]).toMatch(
      /unknown product value `Z`/,
    );
    expect(messages({ expected_format: "records" })[0]).toMatch(/returns table, not records/);
    expect(messages({ params: { ...goal.params, query: "project = LOG OR 1=1" } })[0]).toMatch(
      /only for knowledge-base text searches/,
    );
  });

  it("rejects a text search on a source that cannot search text, and one without a query", () => {
    expect(
      messages({
        source: "tickets",
        dataset: undefined,
        expected_format: "text",
        params: { filters: {}, query: "x" },
      }).join("\n"),
    ).toMatch(/several datasets|offers nothing without a dataset/);
    expect(
      messages({
        source: "handbook",
        dataset: undefined,
        expected_format: "text",
        params: { filters: {} },
      })[0],
    ).toMatch(/needs params.query/);
  });
});
