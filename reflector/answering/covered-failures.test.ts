import { describe, expect, it } from "vitest";
import type { Run } from "../../executor/execute-plan.js";
import { ExecutionPlan } from "../../models/plan.js";
import { demoWorkspace, failed, goal, result, table } from "../../test/support/reflector/fixtures.js";
import type { GoalOutcome } from "../synthesizer/goal-outcome.js";
import { Labels } from "../synthesizer/labels.js";
import type { ExecutedGoals } from "./answer-stages.js";
import { coverFailedGoals } from "./covered-failures.js";

const asked = {
  kind: "metric" as const,
  metric: "return_rate",
  keys: { product: "A", region: "East" },
  periods: [{ grain: "month" as const, from: "2024-02-01", to: "2024-02-29" }],
};
const params = {
  metric: "return_rate",
  filters: { product: "A", region: "East" },
  period: { grain: "month" as const, from: "2024-02-01", to: "2024-02-29" },
};
const onSalesBi = goal({ id: "g1", source: "sales_bi", dataset: "returns", params, asked });
const onSupportBi = goal({
  id: "g2",
  source: "support_bi",
  dataset: "returns",
  params,
  asked,
  required: false,
});

/** Covers g1 (sales_bi timed out) with g2 (support_bi) holding rows for the given months. */
function cover(months: string[]) {
  const workspace = demoWorkspace();
  const lines: string[] = [];
  const context = {
    plan: ExecutionPlan.parse({
      question: "What was product A's return rate in East China in February 2024?",
      as_of: "2024-06-30",
      planner: "manual",
      strategy: "standard",
      sub_goals: [onSalesBi, onSupportBi],
    }),
    workspace,
    options: {},
    run: { trace: { add: (_kind: string, line: string) => lines.push(line) } } as unknown as Run,
    language: "en" as const,
    labels: new Labels(workspace.config.catalog, "en"),
  };
  const evidence = table(
    months.map((month) => ({ product: "A", region: "East", month, return_rate: 4.6 })),
    "support_bi",
    { units: { return_rate: "percent" } },
  );
  const outcomes: GoalOutcome[] = [
    {
      goal: onSalesBi,
      planned: onSalesBi,
      status: "failed",
      result: failed("g1", "sales_bi", "timeout", { error_message: "no answer within 4000 ms" }),
      reason: "timeout",
    },
    {
      goal: onSupportBi,
      planned: onSupportBi,
      status: "answered",
      result: result("g2", "support_bi"),
      evidence,
    },
  ];
  const graded = {
    stage: "graded" as const,
    outcomes,
    gaps: [{ goal: "g1", missing: "timeout", check: "" }],
    broadenings: [],
  };
  const executed = { histories: new Map() } as unknown as ExecutedGoals;
  const covered = coverFailedGoals(context, executed, graded);
  return { outcomes: covered.outcomes, gaps: covered.gaps, lines };
}

describe("coverFailedGoals", () => {
  it("makes the source that holds the asked value the required one and states the failure", () => {
    const { outcomes, gaps, lines } = cover(["2024-02"]);
    expect(outcomes.map((outcome) => outcome.planned.required)).toEqual([false, true]);
    expect(gaps).toEqual([
      {
        goal: "g1",
        missing: expect.stringMatching(
          /sales_bi\/returns did not answer \(timeout: no answer within 4000 ms\); the value shown is from support_bi\/returns$/,
        ),
        check: expect.stringContaining("timeout"),
        code: "answered_by_other_source",
        params: {
          failed: [{ source: "sales_bi/returns", kind: "timeout", upstream: "no answer within 4000 ms" }],
          from: ["support_bi/returns"],
        },
      },
    ]);
    expect(lines).toEqual(["fallback:g1:sales_bi→support_bi"]);
  });

  it("does not call context from nearby months a cover: the gap and the required goal stay", () => {
    const { outcomes, gaps, lines } = cover(["2024-01", "2024-03"]);
    expect(outcomes.map((outcome) => outcome.planned.required)).toEqual([true, false]);
    expect(gaps).toEqual([{ goal: "g1", missing: "timeout", check: "" }]);
    expect(lines).toEqual([]);
  });
});
