import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../executor/trace-recorder.js";
import { failed, goal, reflectionContext, result } from "../test/support/reflector/fixtures.js";
import { applyRules } from "./rule-engine.js";
import { defaultRules } from "./rules/default-rules.js";
import type { ReflectionRule } from "./rules/rule.js";

describe("applyRules", () => {
  const subGoal = goal({
    id: "g3",
    source: "sales_bi",
    dataset: "returns",
    params: { metric: "return_rate", period: { grain: "month", from: "2024-02-01", to: "2024-02-29" } },
  });
  it("traces the firing rule in the compact form", () => {
    const trace = new TraceRecorder();
    const firing = applyRules(
      defaultRules,
      reflectionContext(subGoal, failed("g3", "sales_bi", "no_results")),
      trace,
    );
    expect(firing.decision.action).toBe("broaden");
    expect(trace.lines()).toEqual(["reflect:g3:broaden:month→quarter"]);
    expect(trace.events[0].goal).toBe("g3");
  });
  it("asks rules in priority order whatever the list order", () => {
    const early: ReflectionRule = {
      name: "early",
      priority: -1,
      decide: () => ({ action: "stop", reason: "first" }),
    };
    const firing = applyRules([...defaultRules, early], reflectionContext(subGoal, result("g3", "sales_bi")));
    expect(firing.rule).toBe("early");
  });
  it("accepts a succeeded step", () => {
    expect(
      applyRules(defaultRules, reflectionContext(subGoal, result("g3", "sales_bi"))).decision.action,
    ).toBe("accept");
  });
  it("leaves an unknown failure unresolved with its message", () => {
    const firing = applyRules(
      defaultRules,
      reflectionContext(subGoal, { ...result("g3", "sales_bi"), status: "unresolved", error_message: "odd" }),
    );
    expect(firing.decision).toMatchObject({ action: "unresolved" });
    expect(firing.decision.action === "unresolved" && firing.decision.reason).toContain("odd");
  });
});
