import { describe, expect, it } from "vitest";
import { failed, goal, reflectionContext } from "../../test/support/reflector/fixtures.js";
import { stopOnAuthRule } from "./stop-on-auth-rule.js";

describe("stopOnAuthRule", () => {
  const subGoal = goal({
    id: "g2",
    source: "tickets",
    dataset: "provider_changes",
    expected_format: "records",
  });
  it("stops on an auth error and names the source", () => {
    const decision = stopOnAuthRule.decide(reflectionContext(subGoal, failed("g2", "tickets", "auth_error")));
    expect(decision?.action).toBe("stop");
    expect(decision?.reason).toContain("tickets");
    // The demo YAML reads the token from ${JIRA_TOKEN:-demo-token}.
    expect(decision?.reason).toContain("JIRA_TOKEN");
    expect(decision?.reason).not.toContain("TRIANGULATE_TICKETS_URL");
  });
  it("stops on a config error", () => {
    expect(
      stopOnAuthRule.decide(reflectionContext(subGoal, failed("g2", "tickets", "config_error")))?.action,
    ).toBe("stop");
  });
  it("leaves retryable failures to other rules", () => {
    expect(
      stopOnAuthRule.decide(reflectionContext(subGoal, failed("g2", "tickets", "timeout"))),
    ).toBeUndefined();
  });
});
