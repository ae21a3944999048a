import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

// Issue 29 item 6: the plan records how a period the question did not name outright was read, so
// the answer can say it ("last quarter" → 2025-Q4, the default month, a month widened to a quarter).
const root = path.resolve(import.meta.dirname, "..");
const planner = new CatalogPlanner();

function readingOf(folder: string, question: string, asOf: string) {
  const workspace = loadWorkspace(path.join(root, folder), { environment: {} });
  const plan = planner.planSync(question, { workspace, asOf, strategy: "standard" }).plan;
  const asked = plan?.sub_goals[0].asked;
  return asked?.kind === "metric" ? asked.period_reading : undefined;
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
