import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

// Issue 29 item 6: the plan records how a period the question did not name outright was read, so
// the answer can say it ("last quarter" → 2025-Q4, the default month, a month widened to a quarter).
const root = path.resolve(import.meta.dirname, "..");
const planner = new CatalogPlanner();

function outcomeOf(folder: string, question: string, asOf: string) {
  const workspace = loadWorkspace(path.join(root, folder), { environment: {} });
  return planner.planSync(question, { workspace, asOf, strategy: "standard" });
}

function readingOf(folder: string, question: string, asOf: string) {
  const asked = outcomeOf(folder, question, asOf).plan?.sub_goals[0].asked;
  return asked?.kind === "metric" || asked?.kind === "event" ? asked.period_reading : undefined;
}

describe("the period reading of a metric goal", () => {
  it("a relative period keeps the question's words and the period at the question's grain", () => {
    expect(
      readingOf("test/held-out/qingtu/workspace", "What was revenue at Downtown last quarter?", "2026-01-15"),
    ).toEqual({
      how: "relative",
      period: { grain: "quarter", from: "2025-10-01", to: "2025-12-31" },
      written: "last quarter",
    });
    expect(readingOf("test/held-out/qingtu/workspace", "上个月滨江的车辆使用率", "2025-11-15")).toMatchObject(
      {
        how: "relative",
        period: { from: "2025-10-01", to: "2025-10-31" },
      },
    );
  });

  it("no period named: the default", () => {
    expect(readingOf("test/held-out/qingtu/workspace", "Revenue at Downtown", "2026-01-15")).toEqual({
      how: "default",
      period: { grain: "month", from: "2025-12-01", to: "2025-12-31" },
    });
  });

  it("a month of a quarterly source: widened to its quarter", () => {
    expect(
      readingOf("test/workspaces/tea-house", "Revenue of the Hangzhou store in May 2024", "2024-12-31"),
    ).toMatchObject({
      how: "widened",
      period: { grain: "quarter", from: "2024-04-01", to: "2024-06-30" },
    });
  });

  it("a period named outright: nothing to say", () => {
    expect(
      readingOf("test/held-out/qingtu/workspace", "Revenue at Downtown in October 2025", "2026-01-15"),
    ).toBeUndefined();
  });
});

describe("the period reading of an event search", () => {
  // Events asked without a date are searched over the last 12 complete months: the answer says so,
  // as it says a metric's default period; a relative window ("last year") is said too.
  it.each([
    [
      "test/held-out/round9/polar/workspace",
      "有没有更换过冷藏承运商？",
      "2024-10-15",
      "2023-10-01",
      "2024-09-30",
    ],
    ["test/workspaces/harbor-clinics", "Any staff changes?", "2024-09-30", "2023-09-01", "2024-08-31"],
  ])("%s: %s → the default window", (folder, question, asOf, from, to) => {
    expect(readingOf(folder, question, asOf)).toEqual({
      how: "default",
      period: { grain: "month", from, to },
    });
  });
  it("a relative window keeps the question's words", () => {
    expect(
      readingOf("test/workspaces/harbor-clinics", "Were there any staff changes last year?", "2024-09-30"),
    ).toMatchObject({
      how: "relative",
      written: "last year",
      period: { from: "2023-01-01", to: "2023-12-31" },
    });
  });
});

describe("a catalog term is no time word", () => {
  // 天津仓 (a depot) holds 天 (a day): the planner asked which period "天" meant instead of
  // applying the default period, said in the question's language.
  it("plans the default period for 天津仓 and says it in Chinese", () => {
    const outcome = outcomeOf("test/held-out/round9/polar/workspace", "天津仓的货损率是多少？", "2024-10-15");
    expect(outcome.clarification).toBeUndefined();
    expect(outcome.plan?.sub_goals[0].params.period).toMatchObject({ from: "2024-09-01", to: "2024-09-30" });
    expect(outcome.warnings.join(" ")).toContain("问题未指明期间");
    expect(outcome.warnings.join(" ")).not.toMatch(/no period|by month|relative to/);
  });
});
