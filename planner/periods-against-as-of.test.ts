import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";
import { planStatus } from "./plan-understanding.js";

const root = path.resolve(import.meta.dirname, "..");
const workspace = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const planner = new CatalogPlanner();
const plan = (question: string, asOf: string) =>
  planner.planSync(question, { workspace, asOf, strategy: "auto" });
const periodsOf = (question: string, asOf: string) =>
  (plan(question, asOf).plan?.sub_goals ?? []).map((goal) => {
    const period = goal.params.period;
    return `${goal.params.metric ?? goal.params.event} ${period?.grain} ${period?.from}..${period?.to}`;
  });

describe("relative periods reach the plan", () => {
  it.each([
    [
      "What was product B's return rate in North China three months ago?",
      "2024-03-10",
      "2023-12-01..2023-12-31",
    ],
    ["华北区B产品上上个月的退货率是多少？", "2024-01-20", "2023-11-01..2023-11-30"],
    ["華北區B產品兩個月前的退貨率", "2024-01-20", "2023-11-01..2023-11-30"],
  ])("%s (as of %s) plans %s, not the default month", (question, asOf, expected) => {
    const periods = periodsOf(question, asOf);
    expect(periods.length).toBeGreaterThan(0);
    for (const period of periods) expect(period).toBe(`return_rate month ${expected}`);
    expect(plan(question, asOf).trace.join(" ")).not.toMatch(/period:default:/);
  });
});

describe("a period after the as-of date", () => {
  it.each([
    [
      "What will product A's return rate in East China be next month?",
      "en",
      /after the as-of date 2024-03-10.*recorded data, not forecasts/,
    ],
    ["华东区A产品下季度的退货率会是多少？", "zh-Hans", /在截止日期 2024-03-10 之后.*已记录的数据，没有预测/],
    ["華東區A產品明年的退貨率", "zh-Hant", /在截止日期 2024-03-10 之後.*已記錄的資料，沒有預測/],
    ["华东区A产品2024年5月的退货率", "zh-Hans", /“2024年5月”在截止日期/],
    ["Were there any logistics provider changes in East China in Q2 2024?", "en", /"q2 2024"|"Q2 2024"/],
  ])("%s is not planned: cannot_plan, in the question's language", (question, language, message) => {
    const outcome = plan(question, "2024-03-10");
    expect(outcome.plan).toBeUndefined();
    expect(outcome.clarification).toBeUndefined();
    expect(outcome.language).toBe(language);
    expect(outcome.message).toMatch(message);
    expect(planStatus(outcome)).toBe("cannot_plan");
    expect(outcome.trace.some((line) => line.startsWith("refuse:after_as_of:"))).toBe(true);
  });

  it("plans a period that holds the as-of date as asked, and says it runs past it", () => {
    const outcome = plan("What was product A's return rate in East China in 2024?", "2024-03-10");
    expect(periodsOf("What was product A's return rate in East China in 2024?", "2024-03-10")[0]).toBe(
      "return_rate month 2024-01-01..2024-12-31",
    );
    expect(outcome.warnings.join(" ")).toMatch(/runs past the as-of date 2024-03-10/);
    // A period that ends by as-of says nothing of the kind.
    expect(plan("华东区A产品2024年2月的退货率", "2024-03-10").warnings.join(" ")).not.toMatch(/runs past/);
  });

  it("asked on the last day of a period, the period is not after it", () => {
    expect(plan("华东区A产品2024年3月的退货率", "2024-03-31").plan).toBeDefined();
    expect(plan("华东区A产品2024年4月的退货率", "2024-03-31").plan).toBeUndefined();
  });
});

describe("event goals are searched at month grain", () => {
  it.each([
    ["Which CRM releases shipped in Q4 2023?", "2023-10-01..2023-12-31"],
    ["2023年一共发布了几个CRM版本？", "2023-01-01..2023-12-31"],
    ["2022年華東區換過物流服務商嗎？", "2022-01-01..2022-12-31"],
    ["Were there provider changes in East China last quarter?", "2024-01-01..2024-03-31"],
  ])("%s → every event goal month grain over %s", (question, range) => {
    const periods = periodsOf(question, "2024-06-15");
    expect(periods.length).toBeGreaterThan(0);
    for (const period of periods)
      expect(period).toMatch(new RegExp(`^\\w+ month ${range.replace(/\./g, "\\.")}$`));
  });
});
