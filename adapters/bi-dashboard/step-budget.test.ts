import { describe, expect, it } from "vitest";
import { stepBudget } from "./step-budget.js";

describe("stepBudget", () => {
  it("keeps a first attempt within timeout_seconds and the executor's timeout minus the margin", () => {
    expect(stepBudget({ timeoutMs: 60_000 }, 20)).toEqual({ budgetMs: 20_000, extended: false });
    expect(stepBudget({ timeoutMs: 15_000 }, 20)).toEqual({ budgetMs: 14_000, extended: false });
    expect(stepBudget({ timeoutMs: 60_000, hints: { useFallback: true } }, 20)).toEqual({
      budgetMs: 20_000,
      extended: false,
    });
  });

  it("lets a retry with a longer timeout (hints.timeoutMs) use the executor's timeout beyond timeout_seconds", () => {
    expect(stepBudget({ timeoutMs: 60_000, hints: { timeoutMs: 60_000 } }, 20)).toEqual({
      budgetMs: 59_000,
      extended: true,
    });
    // The executor may have cut the hinted timeout to the run's remaining time: context.timeoutMs rules.
    expect(stepBudget({ timeoutMs: 30_000, hints: { timeoutMs: 60_000 } }, 20)).toEqual({
      budgetMs: 29_000,
      extended: true,
    });
  });

  it("never plans with less than a second and ignores a malformed hint", () => {
    expect(stepBudget({ timeoutMs: 500 }, 20).budgetMs).toBe(1000);
    expect(stepBudget({ timeoutMs: 500, hints: { timeoutMs: 1000 } }, 20).budgetMs).toBe(1000);
    expect(stepBudget({ timeoutMs: 60_000, hints: { timeoutMs: "long" } }, 20)).toEqual({
      budgetMs: 20_000,
      extended: false,
    });
  });
});
