import { describe, expect, it } from "vitest";
import { failed, goal, reflectionContext } from "../../test/support/reflector/fixtures.js";
import { backoffDelayMs } from "./backoff.js";
import { MAX_RETRY_AFTER_MS, rateLimitedRule } from "./rate-limited-rule.js";

describe("rateLimitedRule", () => {
  const subGoal = goal({
    id: "g2",
    source: "tickets",
    dataset: "provider_changes",
    expected_format: "records",
  });
  const attempt = (retryAfter?: number) => ({
    request_id: "r1",
    started_at: new Date().toISOString(),
    ended_at: new Date().toISOString(),
    duration_ms: 10,
    ...(retryAfter === undefined ? {} : { retry_after_seconds: retryAfter }),
  });
  it("waits what Retry-After asks", () => {
    const decision = rateLimitedRule.decide(
      reflectionContext(subGoal, failed("g2", "tickets", "rate_limited", { attempts: [attempt(2)] })),
    );
    expect(decision).toMatchObject({ action: "retry", delayMs: 2000 });
  });
  it("caps a long Retry-After", () => {
    const decision = rateLimitedRule.decide(
      reflectionContext(subGoal, failed("g2", "tickets", "rate_limited", { attempts: [attempt(3600)] })),
    );
    expect(decision).toMatchObject({ action: "retry", delayMs: MAX_RETRY_AFTER_MS });
    expect(decision?.reason).toContain("capped");
  });
  it("backs off with jitter when there is no Retry-After", () => {
    const decision = rateLimitedRule.decide(
      reflectionContext(subGoal, failed("g2", "tickets", "rate_limited", { attempts: [attempt()] })),
    );
    expect(decision?.action).toBe("retry");
    const delay = decision?.action === "retry" ? decision.delayMs : -1;
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThanOrEqual(5000);
  });
  it("grows the backoff with the retries and stays capped", () => {
    const samples = Array.from({ length: 20 }, () => backoffDelayMs(6));
    expect(Math.max(...samples)).toBeLessThanOrEqual(5000);
    expect(Math.max(...samples)).toBeGreaterThan(
      Math.max(...Array.from({ length: 20 }, () => backoffDelayMs(1))),
    );
  });
  it("does not wait past the deadline", () => {
    const decision = rateLimitedRule.decide(
      reflectionContext(subGoal, failed("g2", "tickets", "rate_limited", { attempts: [attempt(5)] }), {
        remainingMs: 1000,
      }),
    );
    expect(decision?.action).toBe("unresolved");
  });
});
