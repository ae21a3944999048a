import { describe, expect, it } from "vitest";
import { Workspace } from "../../config/workspace.js";
import { WorkspaceConfig } from "../../models/workspace.js";
import { demoWorkspace, failed, goal, reflectionContext } from "../../test/support/reflector/fixtures.js";
import { serverErrorRule } from "./server-error-rule.js";

describe("serverErrorRule", () => {
  const subGoal = goal({
    id: "g2",
    source: "tickets",
    dataset: "provider_changes",
    expected_format: "records",
  });
  const withFallback = () => {
    const base = demoWorkspace();
    const config = WorkspaceConfig.parse({
      ...base.config,
      sources: {
        ...base.config.sources,
        tickets: { ...base.config.sources.tickets, fallback_base_url: "http://127.0.0.1:9/" },
      },
    });
    return new Workspace(base.root, base.file, config);
  };
  it("uses the fallback endpoint when the source has one", () => {
    const decision = serverErrorRule.decide(
      reflectionContext(subGoal, failed("g2", "tickets", "server_error"), { workspace: withFallback() }),
    );
    expect(decision).toMatchObject({ action: "retry", hints: { useFallback: true }, delayMs: 0 });
  });
  it("backs off once the fallback was used", () => {
    const context = reflectionContext(subGoal, failed("g2", "tickets", "server_error"), {
      workspace: withFallback(),
    });
    context.history.usedFallback = true;
    const decision = serverErrorRule.decide(context);
    expect(decision?.action).toBe("retry");
    expect(decision?.action === "retry" && decision.delayMs).toBeGreaterThan(0);
  });
  it("backs off without a fallback", () => {
    const decision = serverErrorRule.decide(
      reflectionContext(subGoal, failed("g2", "tickets", "server_error")),
    );
    expect(decision).toMatchObject({ action: "retry", hints: {} });
  });
});
