import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";
import { normalizeForMatching } from "./normalize-text.js";
import { readTime } from "./time-expressions.js";
import { findUnknownTerms } from "./unknown-terms.js";
import { Vocabulary } from "./vocabulary.js";

// Issue 25, the families the round-8 held-out set missed, each in wordings of our own and in both
// languages (Traditional through the same folding): a same period moved into a year the question
// names, "a year earlier" after a dated clause, a grain phrase after a range, an event clause's
// "that month", and weeks counted back on a dataset recorded by week.
const root = path.resolve(import.meta.dirname, "..");
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const planner = new CatalogPlanner();
const AS_OF = "2024-07-10";
const plan = (question: string, workspace: Workspace = demo, asOf = AS_OF) =>
  planner.planSync(question, { workspace, asOf, strategy: "auto" });
const periodsOf = (question: string, kind: "metric" | "event", workspace: Workspace = demo, asOf = AS_OF) =>
  [
    ...new Set(
      (plan(question, workspace, asOf).plan?.sub_goals ?? [])
        .filter((goal) => (kind === "metric" ? goal.params.metric : goal.params.event))
        .map((goal) => `${goal.params.period?.grain} ${goal.params.period?.from}..${goal.params.period?.to}`),
    ),
  ].sort();

describe("a same period in the year the question names", () => {
  it.each([
    [
      "What was A's return rate in East China from February to April last year, and over the same months this year?",
      ["month 2023-02-01..2023-04-30", "month 2024-02-01..2024-04-30"],
    ],
    [
      "去年2月到4月华东区A产品的退货率是多少？今年同期呢？",
      ["month 2023-02-01..2023-04-30", "month 2024-02-01..2024-04-30"],
    ],
    [
      "去年2月到4月華東區A產品的退貨率是多少？今年同期呢？",
      ["month 2023-02-01..2023-04-30", "month 2024-02-01..2024-04-30"],
    ],
    [
      "华东区A产品2024年1月到2月的退货率，与2022年同期相比",
      ["month 2022-01-01..2022-02-28", "month 2024-01-01..2024-02-29"],
    ],
    [
      "A's return rate in East China from January to February 2024, and the same months in 2022?",
      ["month 2022-01-01..2022-02-28", "month 2024-01-01..2024-02-29"],
    ],
  ])("%s → %j", (question, expected) => {
    expect(periodsOf(question, "metric")).toEqual(expected);
  });

  it("says the convention in a note in the question's language", () => {
    const outcome = plan("去年2月到4月華東區A產品的退貨率是多少？今年同期呢？");
    expect(outcome.warnings.join("\n")).toContain("「今年同期」");
  });

  it("keeps 去年同期 a year before the clause's own period, not the as-of year's", () => {
    expect(periodsOf("2023年5月华东区A产品的退货率和去年同期相比", "metric")).toEqual([
      "month 2022-05-01..2022-05-31",
      "month 2023-05-01..2023-05-31",
    ]);
  });
});

describe("the same month a year earlier, after a dated month", () => {
  it.each([
    "What was A's return rate in East China in April 2024, and how did it compare with the same month a year earlier?",
    "Compare A's return rate in East China in April 2024 with a year before.",
    "What was A's return rate in East China in April 2024 and in the same quarter last year?",
    "华东区A产品2024年4月的退货率是多少？上年同月呢？",
    "華東區A產品2024年4月的退貨率與上年同月相比如何？",
  ])("%s → April 2023 and April 2024, not the whole of 2023", (question) => {
    expect(periodsOf(question, "metric")).toEqual([
      "month 2023-04-01..2023-04-30",
      "month 2024-04-01..2024-04-30",
    ]);
  });

  it("a year ago alone is still the whole year before as-of's", () => {
    expect(readTime("a's return rate a year ago", AS_OF).mentions.map((mention) => mention.periods)).toEqual([
      [{ grain: "year", from: "2023-01-01", to: "2023-12-31" }],
    ]);
  });
});

describe("a grain phrase after a range says how to break it down", () => {
  it.each([
    "How did A's return rate in East China change from Q3 2023 to Q1 2024, quarter by quarter?",
    "A's return rate in East China from Q3 2023 through Q1 2024, by quarter",
    "从2023年第三季度到2024年第一季度，按季度看华东区A产品的退货率",
    "從2023年第三季度到2024年第一季度，按季度看華東區A產品的退貨率",
  ])("%s → one span 2023-07-01..2024-03-31", (question) => {
    expect(periodsOf(question, "metric")).toEqual(["month 2023-07-01..2024-03-31"]);
    expect(plan(question).warnings.join("\n")).not.toMatch(/not used|未被使用/u);
  });

  it("the range's mention carries the quarter grain the phrase asked for", () => {
    const [mention] = readTime("from q3 2023 to q1 2024, quarter by quarter", AS_OF).mentions;
    expect(mention).toMatchObject({ grain: "quarter", periods: [{ from: "2023-07-01", to: "2024-03-31" }] });
    expect(mention.text).toBe("q3 2023 to q1 2024, quarter by quarter");
  });
});

describe("an event clause's that month is its antecedent's month, not the comparison's span", () => {
  it.each([
    "Compare A's return rate in East China in February 2024 with a year earlier; did East China change its logistics provider that month?",
    "对比华东区A产品2024年2月和去年同期的退货率，当月华东区有没有更换物流服务商？",
    "華東區A產品2024年2月的退貨率與上年同月相比如何？那個月華東區有沒有更換物流服務商？",
  ])("%s → the event in February 2024 only", (question) => {
    expect(periodsOf(question, "event")).toEqual(["month 2024-02-01..2024-02-29"]);
    expect(periodsOf(question, "metric")).toEqual([
      "month 2023-02-01..2023-02-28",
      "month 2024-02-01..2024-02-29",
    ]);
  });

  it.each([
    "A's return rate in East China, month over month, for April 2024 — did East China switch carriers that month?",
    "环比看华东区A产品2024年4月的退货率，华东区当月有没有更换物流服务商？",
  ])(
    "%s → the metric with its base month, the event in April only (a comparison never dates the event)",
    (question) => {
      expect(periodsOf(question, "metric")).toEqual([
        "month 2024-03-01..2024-03-31",
        "month 2024-04-01..2024-04-30",
      ]);
      expect(periodsOf(question, "event")).toEqual(["month 2024-04-01..2024-04-30"]);
    },
  );

  it.each(["What was A's return rate in East China that quarter?", "那个季度华东区A产品的退货率"])(
    "%s: that quarter with nothing before it is asked back",
    (question) => {
      const outcome = plan(question);
      expect(outcome.plan).toBeUndefined();
      expect(outcome.message).toMatch(/that quarter|那个季度/u);
    },
  );
});

describe("weeks counted back on a dataset recorded by week", () => {
  // The tea house's refunds, recorded by week instead of by day.
  const weekly = loadWorkspace(path.join(root, "test/workspaces/tea-house"), { environment: {} });
  const refunds = weekly.config.sources.pos;
  if (refunds.kind !== "file") throw new Error("tea-house's pos source is a file export");
  const dataset = refunds.datasets.refunds;
  if (!dataset.offers) throw new Error("the refunds dataset offers refunds");
  dataset.offers.grain = "week";

  it.each([
    ["How many refunds did the Hangzhou store have three weeks ago?", "week 2024-06-17..2024-06-23"],
    ["杭州店三周前的退款笔数是多少？", "week 2024-06-17..2024-06-23"],
    ["杭州店三週前的退款筆數是多少？", "week 2024-06-17..2024-06-23"],
    ["How many refunds did the Hangzhou store have the week before last?", "week 2024-06-24..2024-06-30"],
    ["杭州店上上周的退款笔数", "week 2024-06-24..2024-06-30"],
  ])("%s → %s", (question, expected) => {
    expect(periodsOf(question, "metric", weekly)).toEqual([expected]);
  });

  it("says the week is the one holding the day counted back", () => {
    expect(plan("杭州店三週前的退款筆數是多少？", weekly).warnings.join("\n")).toContain(
      "包含這一天的那一週",
    );
  });

  it("a dataset recorded by month refuses a week, naming the grain", () => {
    const outcome = plan("What was A's return rate in East China two weeks ago?");
    expect(outcome.plan).toBeUndefined();
    expect(outcome.message).toContain("recorded by month");
  });
});

describe("a back-reference before a value is no part of the value's name", () => {
  // A catalog whose values end in their dimension's noun (天气原因, 机组原因): a name before that noun
  // is an unknown value, but 当月 before it is the month, and 因 ("because of") is no name.
  const catalog = structuredClone(demo.config.catalog);
  catalog.dimensions.category.values = { Weather: ["天气原因"], Crew: ["机组原因"], Technical: ["机务原因"] };
  const vocabulary = new Vocabulary(catalog);
  const unknown = (question: string) => {
    const text = normalizeForMatching(question);
    const times = readTime(text, AS_OF).mentions;
    return findUnknownTerms(question, text, vocabulary.find(text), vocabulary, times).map(
      (term) => term.text,
    );
  };

  it.each([
    "2023年11月的投诉有多少？当月因天气原因的投诉呢？",
    "2023年11月的投訴有多少？當月因天氣原因的投訴呢？",
  ])("%s: nothing unknown", (question) => expect(unknown(question)).toEqual([]));

  it("a real unknown name after the month is still found", () => {
    expect(unknown("2023年11月的投诉有多少？当月价格原因的投诉呢？")).toContain("价格原因");
  });

  it("因 before a value is read as 'because of', and the plan goes ahead (demo)", () => {
    expect(periodsOf("2023年11月的服务类投诉有多少？当月因物流类的投诉呢？", "metric")).toEqual([
      "quarter 2023-10-01..2023-12-31",
    ]);
  });
});

describe("a subset clause (其中, of those) narrows only itself", () => {
  it.each([
    "2023年10月和12月的投诉分别有多少？其中服务类的有几起？",
    "2023年10月和12月的投訴分別有多少？其中服務類的有幾起？",
    "How many complaints were there in October and December 2023, and of those, how many were service complaints?",
  ])("%s → the totals and the Service subset", (question) => {
    const goals = (plan(question).plan?.sub_goals ?? []).filter(
      (goal) => goal.params.metric === "complaints",
    );
    const filters = [...new Set(goals.map((goal) => JSON.stringify(goal.params.filters)))].sort();
    expect(filters).toEqual(['{"category":"Service"}', "{}"]);
  });

  it("without a subset word a later clause's value still carries back (A and B … in East China)", () => {
    expect(periodsOf("What was A's return rate in January 2024? And B's in East China?", "metric")).toEqual([
      "month 2024-01-01..2024-01-31",
    ]);
  });
});
