import { describe, expect, it } from "vitest";
import { failed, goal, reflectionContext } from "../../test/support/reflector/fixtures.js";
import { retryTimeoutRule } from "./retry-timeout-rule.js";

describe("retryTimeoutRule", () => {
  const subGoal = goal({ id: "g1", source: "sales_bi", dataset: "returns" });
  it("doubles the timeout of the last attempt", () => {
    const attempt = {
      request_id: "r1",
      started_at: new Date().toISOString(),
      ended_at: new Date().toISOString(),
      duration_ms: 5000,
      timeout_ms: 5000,
    };
    const decision = retryTimeoutRule.decide(
      reflectionContext(subGoal, failed("g1", "sales_bi", "timeout", { attempts: [attempt] })),
    );
    expect(decision).toMatchObject({ action: "retry", hints: { timeoutMs: 10_000 } });
  });
  it("never asks for more time than the deadline leaves", () => {
    const decision = retryTimeoutRule.decide(
      reflectionContext(subGoal, failed("g1", "sales_bi", "timeout"), { remainingMs: 25_000 }),
    );
    expect(decision).toMatchObject({ action: "retry", hints: { timeoutMs: 25_000 } });
  });
  it("gives up when less than one timeout remains", () => {
    const decision = retryTimeoutRule.decide(
      reflectionContext(subGoal, failed("g1", "sales_bi", "timeout"), { remainingMs: 3000 }),
    );
    expect(decision?.action).toBe("unresolved");
  });
  it("ignores other failures", () => {
    expect(
      retryTimeoutRule.decide(reflectionContext(subGoal, failed("g1", "sales_bi", "server_error"))),
    ).toBeUndefined();
  });
});
