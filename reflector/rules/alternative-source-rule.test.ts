import { describe, expect, it } from "vitest";
import { failed, goal, reflectionContext, result } from "../../test/support/reflector/fixtures.js";
import { alternativeSourceRule, fallbackSourceRule } from "./alternative-source-rule.js";
import { serverErrorRule } from "./server-error-rule.js";

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

describe("fallbackSourceRule", () => {
  const asked = {
    kind: "metric" as const,
    metric: "return_rate",
    keys: { product: "A", region: "East" },
    periods: [{ grain: "month" as const, from: "2024-01-01", to: "2024-01-31" }],
  };
  const onSalesBi = goal({
    id: "g1",
    source: "sales_bi",
    dataset: "returns",
    params: { metric: "return_rate", filters: { product: "A", region: "East" } },
    asked,
  });
  const onSupportBi = goal({ ...onSalesBi, id: "g2", source: "support_bi", required: false });

  it("moves a timed-out goal at once to the most trusted source no goal asks (the export), not retrying twice as long", () => {
    const decision = fallbackSourceRule.decide(
      reflectionContext(onSalesBi, failed("g1", "sales_bi", "timeout"), {
        otherGoals: [onSalesBi, onSupportBi],
        otherResults: new Map([["g2", failed("g2", "support_bi", "timeout")]]),
      }),
    );
    expect(decision).toMatchObject({ action: "switch_source", goal: { source: "sales_exports" } });
    expect(decision?.reason).toContain("sales_bi→sales_exports");
  });

  it("moves at once on refused credentials, before the stop rule", () => {
    const decision = fallbackSourceRule.decide(
      reflectionContext(onSalesBi, failed("g1", "sales_bi", "auth_error"), { otherGoals: [onSalesBi] }),
    );
    expect(decision).toMatchObject({ action: "switch_source", goal: { source: "sales_exports" } });
    expect(fallbackSourceRule.priority).toBeLessThan(10);
  });

  it("lets a server error be retried once before moving", () => {
    const context = reflectionContext(onSalesBi, failed("g1", "sales_bi", "server_error"), {
      otherGoals: [onSalesBi],
    });
    expect(fallbackSourceRule.decide(context)).toBeUndefined();
    context.history.retries = 1;
    expect(fallbackSourceRule.decide(context)).toMatchObject({ action: "switch_source" });
  });

  it("does not wait again for a source whose number another goal already holds from a source as trusted", () => {
    const onExport = goal({ ...onSalesBi, id: "g3", source: "sales_exports" });
    const decision = fallbackSourceRule.decide(
      reflectionContext(onSupportBi, failed("g2", "support_bi", "timeout"), {
        otherGoals: [onSalesBi, onSupportBi, onExport],
        otherResults: new Map([
          ["g1", failed("g1", "sales_bi", "timeout")],
          ["g3", result("g3", "sales_exports")],
        ]),
        otherHistories: new Map([
          ["g1", { retries: 0, broadenings: [], sourcesTried: ["sales_bi"], usedFallback: false }],
        ]),
      }),
    );
    expect(decision?.action).toBe("unresolved");
    expect(decision?.reason).toContain("sales_exports holds the same number");
  });

  it("retries a server error once even when another goal holds the number, then no more", () => {
    // A connection reset by a busy server: giving up at once would drop support_bi's cross-check,
    // and the answer would differ from the same question asked a moment later.
    const context = reflectionContext(onSupportBi, failed("g2", "support_bi", "server_error"), {
      otherGoals: [onSalesBi, onSupportBi],
      otherResults: new Map([["g1", result("g1", "sales_bi")]]),
    });
    expect(fallbackSourceRule.decide(context)).toBeUndefined();
    expect(serverErrorRule.decide(context)).toMatchObject({ action: "retry" });
    context.history.retries = 1;
    expect(fallbackSourceRule.decide(context)).toMatchObject({
      action: "unresolved",
      reason: expect.stringContaining("sales_bi holds the same number"),
    });
  });

  it("does not wait for a rate-limited source whose number another goal holds", () => {
    const context = reflectionContext(onSupportBi, failed("g2", "support_bi", "rate_limited"), {
      otherGoals: [onSalesBi, onSupportBi],
      otherResults: new Map([["g1", result("g1", "sales_bi")]]),
    });
    expect(fallbackSourceRule.decide(context)?.action).toBe("unresolved");
  });

  it("never moves to a source another goal left failing, nor to one the metric's sources exclude", () => {
    const context = reflectionContext(onSupportBi, failed("g2", "support_bi", "auth_error"), {
      otherGoals: [goal({ ...onSalesBi, source: "sales_exports" }), onSupportBi],
      otherHistories: new Map([
        [
          "g1",
          { retries: 0, broadenings: [], sourcesTried: ["sales_bi", "sales_exports"], usedFallback: false },
        ],
      ]),
    });
    expect(fallbackSourceRule.decide(context)).toBeUndefined();
    const limited = reflectionContext(onSalesBi, failed("g1", "sales_bi", "auth_error"), {
      otherGoals: [onSalesBi],
    });
    const metrics = limited.workspace.config.catalog.metrics;
    metrics.return_rate = { ...metrics.return_rate, sources: ["sales_bi", "support_bi"] };
    expect(fallbackSourceRule.decide(limited)).toMatchObject({ goal: { source: "support_bi" } });
  });

  it("leaves event searches and data failures to the other rules", () => {
    const events = goal({ id: "g4", source: "tickets", params: { event: "logistics_provider_change" } });
    expect(
      fallbackSourceRule.decide(reflectionContext(events, failed("g4", "tickets", "timeout"))),
    ).toBeUndefined();
    expect(
      fallbackSourceRule.decide(reflectionContext(onSalesBi, failed("g1", "sales_bi", "format_error"))),
    ).toBeUndefined();
  });
});
