import { describe, expect, it } from "vitest";
import { failed, goal, reflectionContext } from "../testing/fixtures.js";
import { alternativeSourceRule } from "./alternative-source-rule.js";

describe("alternativeSourceRule", () => {
  const subGoal = goal({
    id: "g1",
    source: "sales_bi",
    dataset: "returns",
    params: { metric: "return_rate", filters: { product: "A", region: "East" } },
  });
  it("switches to the most trusted other source offering the metric", () => {
    const decision = alternativeSourceRule.decide(
      reflectionContext(subGoal, failed("g1", "sales_bi", "format_error")),
    );
    expect(decision?.action).toBe("switch_source");
    // sales_exports (0.7) is trusted more than support_bi (0.6).
    if (decision?.action === "switch_source")
      expect(decision.goal).toMatchObject({ source: "sales_exports", dataset: "returns" });
  });
  it("skips a source another goal of the plan already asks", () => {
    const other = goal({ ...subGoal, id: "g2", source: "sales_exports" });
    const decision = alternativeSourceRule.decide(
      reflectionContext(subGoal, failed("g1", "sales_bi", "format_error"), { otherGoals: [subGoal, other] }),
    );
    if (decision?.action === "switch_source")
      expect(decision.goal).toMatchObject({ source: "support_bi", validation: "rows >= 1" });
    else expect.fail("expected a switch");
  });
  it("names the failing clause of a validation", () => {
    const decision = alternativeSourceRule.decide(
      reflectionContext(
        subGoal,
        failed("g1", "sales_bi", "validation_failed", {
          validation: {
            rule: "rows >= 1",
            passed: false,
            failed_clause: "null_rate(return_rate) = 0",
            failing_rows: [],
          },
        }),
      ),
    );
    expect(decision?.reason).toContain("null_rate(return_rate) = 0");
  });
  it("is unresolved when every source was tried", () => {
    const context = reflectionContext(subGoal, failed("g1", "sales_bi", "format_error"));
    context.history.sourcesTried = ["sales_bi", "sales_exports", "support_bi"];
    expect(alternativeSourceRule.decide(context)?.action).toBe("unresolved");
  });
});
