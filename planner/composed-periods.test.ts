import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

// Issue 25's silent wrong periods on analytics wording, each in English, Simplified and
// Traditional Chinese and in wordings of our own: every one is planned as the period it says, or
// refused naming why, and never with the note "no period in the question".
const root = path.resolve(import.meta.dirname, "..");
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const teaHouse = loadWorkspace(path.join(root, "test/workspaces/tea-house"), { environment: {} });
const planner = new CatalogPlanner();
const AS_OF = "2024-06-30";
const plan = (question: string, workspace = demo) =>
  planner.planSync(question, { workspace, asOf: AS_OF, strategy: "auto" });
const metricPeriods = (question: string, workspace = demo) => {
  const outcome = plan(question, workspace);
  return [
    ...new Set(
      (outcome.plan?.sub_goals ?? [])
        .filter((goal) => goal.params.metric)
        .map((goal) => `${goal.params.period?.from}..${goal.params.period?.to}`),
    ),
  ].sort();
};

describe("composed periods reach the plan", () => {
  it.each([
    // ranges whose ends share the year one end leaves out
    ["华东区A产品去年1月到3月的退货率是多少？", "2023-01-01..2023-03-31"],
    ["去年1月到3月華東區A產品的退貨率是多少？", "2023-01-01..2023-03-31"],
    [
      "What was product A's return rate in East China from January to March last year?",
      "2023-01-01..2023-03-31",
    ],
    [
      "What was product A's return rate in East China for January through March of last year?",
      "2023-01-01..2023-03-31",
    ],
    [
      "What was product A's return rate in East China between November and February 2024?",
      "2023-11-01..2024-02-29",
    ],
    // <part> of <period>
    [
      "What was product A's return rate in East China the first quarter of last year?",
      "2023-01-01..2023-03-31",
    ],
    ["What was product A's return rate in East China in Q1 of last year?", "2023-01-01..2023-03-31"],
    ["What was product A's return rate in East China in the second half of 2023?", "2023-07-01..2023-12-31"],
    // quarter to quarter across years
    ["Product A's return rate in East China, Q4 2023 through Q2 2024, by quarter", "2023-10-01..2024-06-30"],
    ["2023年第四季度到2024年第二季度华东区A产品的退货率", "2023-10-01..2024-06-30"],
    // rolling windows ending at a stated point
    [
      "What was product A's return rate in East China in the three months ending March 2024?",
      "2024-01-01..2024-03-31",
    ],
    [
      "How did product A's return rate in East China move over the last 3 months ending in March 2024?",
      "2024-01-01..2024-03-31",
    ],
    ["截至2024年3月底的近三个月华东区A产品的退货率是多少？", "2024-01-01..2024-03-31"],
    ["截至2024年3月底的近三個月華東區A產品的退貨率是多少？", "2024-01-01..2024-03-31"],
    // to date: up to the as-of day (its month counts what was recorded by then)
    ["What is product A's return rate in East China year to date?", "2024-01-01..2024-06-30"],
    ["What is product A's return rate in East China YTD?", "2024-01-01..2024-06-30"],
    ["年初至今华东区A产品的退货率", "2024-01-01..2024-06-30"],
    ["年初至今華東區A產品的退貨率", "2024-01-01..2024-06-30"],
    ["本季度到目前为止华东区A产品的退货率", "2024-04-01..2024-06-30"],
    ["本季度到目前為止華東區A產品的退貨率", "2024-04-01..2024-06-30"],
    // 全年 and 上半年 without a year: the as-of year's
    ["全年华东区A产品的退货率", "2024-01-01..2024-12-31"],
    ["2023年全年華東區A產品的退貨率", "2023-01-01..2023-12-31"],
    ["上半年华东区A产品的退货率", "2024-01-01..2024-06-30"],
    ["上半年華東區A產品的退貨率", "2024-01-01..2024-06-30"],
  ])("%s → %s", (question, expected) => {
    expect(metricPeriods(question)).toEqual([expected]);
    expect(plan(question).trace.join(" ")).not.toMatch(/period:default:/);
  });
});

describe("a comparison that needs a base plans both periods and records the operation", () => {
  it.each([
    [
      "2024年5月华东区A产品的退货率环比变化",
      "period_over_period",
      "2024-04-01..2024-04-30",
      "2024-05-01..2024-05-31",
    ],
    [
      "2024年5月華東區A產品的退貨率環比變化",
      "period_over_period",
      "2024-04-01..2024-04-30",
      "2024-05-01..2024-05-31",
    ],
    [
      "What was product A's return rate in East China month over month in May 2024?",
      "period_over_period",
      "2024-04-01..2024-04-30",
      "2024-05-01..2024-05-31",
    ],
    [
      "What was product A's return rate in East China quarter over quarter in Q1 2024?",
      "period_over_period",
      "2023-10-01..2023-12-31",
      "2024-01-01..2024-03-31",
    ],
    [
      "华东区A产品2024年5月的退货率同比",
      "year_over_year",
      "2023-05-01..2023-05-31",
      "2024-05-01..2024-05-31",
    ],
    [
      "Product A's return rate in East China in May 2024, year over year",
      "year_over_year",
      "2023-05-01..2023-05-31",
      "2024-05-01..2024-05-31",
    ],
  ])("%s: %s, base %s, asked %s", (question, kind, base, asked) => {
    const goals = (plan(question).plan?.sub_goals ?? []).filter((goal) => goal.params.metric);
    const byRole = (role: string) => [
      ...new Set(
        goals
          .filter((goal) => goal.asked?.kind === "metric" && goal.asked.comparison?.role === role)
          .map((goal) => `${goal.params.period?.from}..${goal.params.period?.to}`),
      ),
    ];
    expect(byRole("base")).toEqual([base]);
    expect(byRole("period")).toEqual([asked]);
    for (const goal of goals) expect(goal.asked?.kind === "metric" && goal.asked.comparison?.kind).toBe(kind);
    // A base comparison compares two periods: routed complex, as "Q3 vs Q4" is.
    expect(plan(question).route?.complexity).toBe("complex");
  });
});

describe("weeks and days: planned where a dataset holds that grain, else refused naming it", () => {
  it.each([
    [
      "What was product A's return rate in East China last week?",
      /"last week" is a week, and return_rate is recorded by month only/,
    ],
    ["上周华东区A产品的退货率", /“上周”是按周计的期间，而return_rate只按月记录/],
    ["上週華東區A產品的退貨率", /「上週」是按週計的期間，而return_rate只按月記錄/],
    ["What was product A's return rate in East China yesterday?", /"yesterday" is a day/],
  ])("%s is refused on the monthly demo datasets", (question, message) => {
    const outcome = plan(question);
    expect(outcome.plan).toBeUndefined();
    expect(outcome.message).toMatch(message);
  });

  it.each([
    ["上周杭州店的退款有多少笔？", "2024-06-17..2024-06-23"],
    ["How many refunds did the Hangzhou store have last week?", "2024-06-17..2024-06-23"],
    ["昨天杭州店的退款有多少笔？", "2024-06-29..2024-06-29"],
    ["前两天杭州店的退款有多少笔？", "2024-06-28..2024-06-29"],
  ])("%s is planned on a daily dataset (tea-house) → %s", (question, expected) => {
    expect(metricPeriods(question, teaHouse)).toEqual([expected]);
  });
});

describe("time no rule reads is asked back, never replaced by the default period", () => {
  it.each([
    ["What was product A's return rate in East China this winter?", "en", "winter"],
    ["What was product A's return rate in East China on Sunday?", "en", "sunday"],
    ["今年冬天华东区A产品的退货率", "zh-Hans", "冬天"],
    ["星期天華東區A產品的退貨率", "zh-Hant", "星期天"],
  ])("%s", (question, language, written) => {
    const outcome = plan(question);
    expect(outcome.plan).toBeUndefined();
    expect(outcome.language).toBe(language);
    expect(outcome.clarification?.spans.map((span) => span.written.toLowerCase())).toContain(written);
    expect(outcome.defaults ?? []).toEqual([]);
  });

  it("still applies the default period, with its note, when the question has no time at all", () => {
    const outcome = plan("What is product A's return rate in East China?");
    expect(metricPeriods("What is product A's return rate in East China?")).toEqual([
      "2024-05-01..2024-05-31",
    ]);
    expect(outcome.defaults?.join(" ")).toMatch(/no period given/);
  });
});

describe("each convention applied is said in a note, in the question's language", () => {
  it.each([
    [
      "What was product A's return rate in East China early 2024?",
      /"early 2024": the beginning \(early\) of a year is read as its first quarter/,
    ],
    ["2023年底华东区A产品的退货率", /“2023年底”：年初理解为第一季度，年底（年末）理解为第四季度/],
    ["年初至今華東區A產品的退貨率", /「年初至今」：至今：從該期間開始到截止日期/],
    ["9月华东区A产品的退货率", /“9月”：未写年份/],
  ])("%s", (question, note) => {
    expect(plan(question).warnings.join(" | ")).toMatch(note);
  });
});

describe("to-date periods end on the as-of day, at the dataset's grain", () => {
  const midMonth = (question: string) =>
    planner.planSync(question, { workspace: demo, asOf: "2024-05-20", strategy: "auto" });
  const periodsOf = (question: string) =>
    [
      ...new Set(
        (midMonth(question).plan?.sub_goals ?? [])
          .filter((goal) => goal.params.metric)
          .map(
            (goal) => `${goal.params.period?.grain} ${goal.params.period?.from}..${goal.params.period?.to}`,
          ),
      ),
    ].sort();

  it.each([
    ["What is product A's return rate in East China year to date?", ["month 2024-01-01..2024-05-20"]],
    ["本季度到目前为止华东区A产品的退货率", ["month 2024-04-01..2024-05-20"]],
    ["年初至今華東區A產品的退貨率", ["month 2024-01-01..2024-05-20"]],
  ])("%s", (question, expected) => {
    expect(periodsOf(question)).toEqual(expected);
    expect(midMonth(question).warnings.join(" ")).toMatch(/up to the as-of date|到截止日期|到截止日期/);
  });

  it("plans the same span a year earlier as the base of a to-date comparison", () => {
    expect(
      periodsOf(
        "What is product A's return rate in East China year to date, and how does it compare with the same period last year?",
      ),
    ).toEqual(["month 2023-01-01..2023-05-20", "month 2024-01-01..2024-05-20"]);
  });
});
