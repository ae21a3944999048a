import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Asked } from "../models/plan.js";
import { CatalogPlanner } from "./catalog-planner.js";

// Breakdowns and rankings as the plan records them (asked.breakdown), on three workspaces whose
// catalogs differ: the demo (complaints by category and sub-type), the tea house (refunds and
// revenue by store, no reason column) and qingtu (breakdowns by zone and bike type; faults unmapped).
const root = path.resolve(import.meta.dirname, "..");
const load = (folder: string) => loadWorkspace(path.join(root, folder), { environment: {} });
const demo = load("demo/workspace");
const teaHouse = load("test/workspaces/tea-house");
const qingtu = load("test/held-out/qingtu/workspace");
const planner = new CatalogPlanner();

function metricAsks(workspace: typeof demo, question: string, asOf = "2024-06-30") {
  const outcome = planner.planSync(question, { workspace, asOf, strategy: "auto" });
  return {
    outcome,
    asked: (outcome.plan?.sub_goals ?? [])
      .map((goal) => goal.asked)
      .filter((asked): asked is Extract<Asked, { kind: "metric" }> => asked?.kind === "metric"),
  };
}

describe("breakdowns in the plan", () => {
  it("ranks the demo's frequent service problems by the sub-type its sources hold (the story question)", () => {
    const { outcome, asked } = metricAsks(
      demo,
      "对比2023年Q3与Q4客户投诉中高频出现的服务类问题，并分析其与新上线的CRM模块版本号的关联性",
    );
    expect(asked.length).toBeGreaterThan(0);
    for (const each of asked) {
      expect(each.keys).toEqual({ category: "Service" });
      expect(each.breakdown).toEqual({ dimension: "sub_type", order: "descending" });
      expect(each.periods.map((period) => period.from)).toEqual(["2023-07-01", "2023-10-01"]);
    }
    // 高频 and 问题 are read; 号 of 版本号 is no date to ask about.
    expect(outcome.clarification).toBeUndefined();
    expect(outcome.warnings.join(" ")).not.toMatch(/“(频|问题)”/);
  });

  it("reads a count of ranks and an ascending order in either language", () => {
    expect(metricAsks(demo, "What were the top 2 complaint types in Q3 2023?").asked[0].breakdown).toEqual({
      dimension: "sub_type",
      top: 2,
      order: "descending",
    });
    expect(metricAsks(demo, "2023年第三季度投诉最少的前三个问题类型").asked[0].breakdown).toEqual({
      dimension: "sub_type",
      top: 3,
      order: "ascending",
    });
    // 前三季度 is a time span (the first three quarters), never a top three.
    expect(metricAsks(demo, "2023年前三季度服务类投诉").asked[0].breakdown).toBeUndefined();
  });

  // Clearbrook held-out g10 (seen): "最多的三个原因" was asked back as an unknown reason "三个原因".
  it("reads a count written before the kinds' noun as the count of ranks, never a date's number", () => {
    for (const [question, top, order] of [
      ["2023年第三季度投诉最多的三个问题类型是什么？", 3, "descending"],
      ["2023年第三季度投訴最少的兩個問題類型", 2, "ascending"],
      ["What were the three most common complaint types in Q3 2023?", 3, "descending"],
    ] as const) {
      const { outcome, asked } = metricAsks(demo, question);
      expect(outcome.clarification, question).toBeUndefined();
      expect(asked[0]?.breakdown, question).toEqual({ dimension: "sub_type", top, order });
    }
    // The 3 of 2023年3月 is a month, not a count of ranks.
    expect(metricAsks(demo, "2023年3月投诉最多的问题类型").asked[0]?.breakdown?.top).toBeUndefined();
  });

  it("takes the dimension the question names, and records none when the workspace maps none", () => {
    expect(metricAsks(teaHouse, "2019年哪家门店退款最多？").asked[0].breakdown).toEqual({
      dimension: "store",
      order: "descending",
    });
    // The tea house keeps no reason for a refund: the breakdown is asked, with nothing to break down by.
    expect(metricAsks(teaHouse, "2019年退款的主要原因是什么？").asked[0].breakdown).toEqual({
      wanted: "原因",
      order: "descending",
    });
    expect(
      metricAsks(qingtu, "Which zone had the most breakdowns in March 2025?", "2025-06-30").asked[0]
        .breakdown,
    ).toEqual({ dimension: "zone", order: "descending" });
    // The repair log's faults are a column the catalog does not map: reasons are not zone nor bike type.
    expect(
      metricAsks(qingtu, "What were the main reasons for breakdowns in March 2025?", "2025-06-30").asked[0]
        .breakdown,
    ).toEqual({ wanted: "reasons", order: "descending" });
  });

  it("asks for no breakdown without its words, nor for a superlative with no dimension", () => {
    expect(
      metricAsks(demo, "Service-category complaints in Q3 vs Q4 2023").asked[0].breakdown,
    ).toBeUndefined();
    // A superlative with no dimension named may ask for a maximum over time: no ranking is made of it.
    const highest = metricAsks(demo, "What was the highest return rate of product A in 2024?").asked;
    expect(highest.some((asked) => asked.breakdown)).toBe(false);
  });
});
