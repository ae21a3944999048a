import { describe, expect, it } from "vitest";
import { failed, goal, reflectionContext, table } from "../../test/support/reflector/fixtures.js";
import { broadenRule } from "./broaden-rule.js";

describe("broadenRule", () => {
  const month = goal({
    id: "g1",
    source: "sales_bi",
    dataset: "returns",
    params: {
      metric: "return_rate",
      filters: { product: "C", region: "West" },
      period: { grain: "month", from: "2024-02-01", to: "2024-02-29" },
    },
  });
  it("moves a month up to its quarter and discloses it", () => {
    const decision = broadenRule.decide(reflectionContext(month, failed("g1", "sales_bi", "no_results")));
    expect(decision?.action).toBe("broaden");
    if (decision?.action !== "broaden") return;
    expect(decision.goal.params.period).toEqual({ grain: "quarter", from: "2024-01-01", to: "2024-03-31" });
    expect(decision.broadening).toMatchObject({ goal: "g1", from: "2024-02", to: "2024-Q1" });
    expect(decision.reason).toBe("month→quarter");
  });
  it("moves the period bounds of the validation rule with it", () => {
    const validated = goal({
      ...month,
      validation: "rows >= 1 AND any(month >= '2024-02' AND month <= '2024-02')",
    });
    const decision = broadenRule.decide(reflectionContext(validated, failed("g1", "sales_bi", "no_results")));
    expect(decision?.action === "broaden" && decision.goal.validation).toBe(
      "rows >= 1 AND any(month >= '2024-01' AND month <= '2024-03')",
    );
  });
  it("treats a failed rows >= 1 on an empty table as no results", () => {
    const empty = failed("g1", "sales_bi", "validation_failed", { evidence: { ...table([], "sales_bi") } });
    expect(broadenRule.decide(reflectionContext(month, empty))?.action).toBe("broaden");
  });
  it("up to a year, takes the year before with it, to find where the data ends", () => {
    const quarter = goal({
      ...month,
      params: { ...month.params, period: { grain: "quarter", from: "2024-10-01", to: "2024-12-31" } },
    });
    const decision = broadenRule.decide(reflectionContext(quarter, failed("g1", "sales_bi", "no_results")));
    expect(decision?.action).toBe("broaden");
    if (decision?.action !== "broaden") return;
    expect(decision.goal.params.period).toEqual({ grain: "year", from: "2023-01-01", to: "2024-12-31" });
    expect(decision.goal.params.filters).toEqual(month.params.filters);
    expect(decision.broadening).toMatchObject({ from: "2024-Q4", to: "2023..2024" });
  });
  it("drops the least important filter at year grain, once the year before was looked at too", () => {
    const year = goal({
      ...month,
      params: { ...month.params, period: { grain: "year", from: "2023-01-01", to: "2024-12-31" } },
    });
    const decision = broadenRule.decide(reflectionContext(year, failed("g1", "sales_bi", "not_found")));
    expect(decision?.action).toBe("broaden");
    if (decision?.action !== "broaden") return;
    // filter_importance is [product, region, category]: region is dropped before product.
    expect(decision.goal.params.filters).toEqual({ product: "C" });
    expect(decision.broadening.reason).toContain("region");
  });
  it("is unresolved with nothing left to relax", () => {
    const bare = goal({
      id: "g1",
      source: "sales_bi",
      dataset: "returns",
      params: { metric: "return_rate" },
    });
    expect(broadenRule.decide(reflectionContext(bare, failed("g1", "sales_bi", "no_results")))?.action).toBe(
      "unresolved",
    );
  });
  it("does not broaden format errors", () => {
    expect(
      broadenRule.decide(reflectionContext(month, failed("g1", "sales_bi", "format_error"))),
    ).toBeUndefined();
  });
  it("drops a dropped filter's clauses from the rule with the filter", () => {
    const yearly = {
      ...month.params,
      period: { grain: "year", from: "2023-01-01", to: "2024-12-31" } as const,
    };
    const year = goal({ ...month, params: yearly, validation: "rows >= 1 AND all(region = 'West')" });
    const decision = broadenRule.decide(reflectionContext(year, failed("g1", "sales_bi", "no_results")));
    expect(decision?.action === "broaden" && decision.goal.validation).toBe("rows >= 1");
  });
});
