// Issue 25, "Clauses and asks": each observation of the issue as a test, with variants in our own
// wording on other catalogs (hearthwell, subscriptions, lanting), in English, Simplified and
// Traditional Chinese. Each failed on main before this change (a dropped clause, a quantifier asked
// back as an unknown word, a document search instead of change events, several asks in one search).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

const root = path.resolve(import.meta.dirname, "..");
const load = (folder: string) => loadWorkspace(path.join(root, folder), { environment: {} });
const demo = load("demo/workspace");
const hearthwell = load("test/held-out/hearthwell");
const subscriptions = load("test/workspaces/subscriptions");
const lanting = load("test/held-out/lanting/workspace");
const planner = new CatalogPlanner();
const plan = (workspace: Workspace, question: string) =>
  planner.planSync(question, { workspace, asOf: "2024-06-30", strategy: "auto" });
/** The filters of the event goals, one per goal. */
const eventFilters = (workspace: Workspace, question: string) =>
  (plan(workspace, question).plan?.sub_goals ?? [])
    .filter((goal) => goal.params.event)
    .map((goal) => goal.params.filters);
const searches = (workspace: Workspace, question: string) =>
  (plan(workspace, question).plan?.sub_goals ?? [])
    .filter((goal) => goal.expected_format === "text")
    .map((goal) => goal.params.query);

describe("a clause asking about a change is planned as the change events, never dropped", () => {
  it("两地物流商是否有更换 after two regions were named: the events of those two regions (zh-Hant, zh-Hans)", () => {
    for (const question of [
      "請比較2024年1月華東區A產品和華北區B產品的退貨率，並說明兩地物流商是否有更換",
      "请比较2024年1月华东区A产品和华北区B产品的退货率，并说明两地物流商是否有更换",
    ]) {
      const outcome = plan(demo, question);
      expect(outcome.clarification, question).toBeUndefined();
      expect(eventFilters(demo, question), question).toEqual([{ region: "East" }, { region: "North" }]);
      // The metric goals are still there: the clause is added, nothing is lost.
      expect(outcome.plan?.sub_goals.filter((goal) => goal.params.metric).length, question).toBe(4);
    }
  });

  it("the same on other catalogs: a supplier change of two zones, in three scripts", () => {
    for (const question of [
      "Compare the warranty claim rate of air conditioners in the Guangdong zone and water heaters in the YRD zone in March 2024, and did either zone switch its supplier?",
      "请比较2024年3月广东大区空调和江浙沪大区热水器的索赔率，并说明两个大区供应商是否有更换",
      "請比較2024年3月廣東大區空調和江浙滬大區熱水器的索賠率，並說明兩區是否有更換供應商",
    ]) {
      expect(plan(hearthwell, question).clarification, question).toBeUndefined();
      expect(eventFilters(hearthwell, question).length, question).toBe(2);
    }
  });

  it("a change asked with a question word inside (物流商是什么时候更换的) is the event", () => {
    expect(eventFilters(demo, "华东区2024年第一季度的退货率是多少，物流商是什么时候更换的？")).toEqual([
      { region: "East" },
    ]);
    expect(eventFilters(demo, "華東區2024年第一季度的退貨率是多少，物流商是什麼時候更換的？")).toEqual([
      { region: "East" },
    ]);
  });

  it("有沒有換貨運公司 is a change of carrier, not the exchange (換貨) policy", () => {
    const question = "2024年1月華東區和華北區的退貨率，兩區有沒有換貨運公司？";
    expect(searches(demo, question)).toEqual([]);
    expect(eventFilters(demo, question)).toEqual([{ region: "East" }, { region: "North" }]);
    expect(eventFilters(demo, "华东区2024年有没有换过货运公司？")).toEqual([{ region: "East" }]);
  });
});

describe("one sub-goal per measure, keys and period", () => {
  it("an event glossed in another language in brackets is counted once, over the asked period", () => {
    const qingtu = load("test/held-out/qingtu/workspace");
    for (const [workspace, question] of [
      [demo, "2024年上半年华东区一共发生了几次物流服务商变更（carrier change）？"],
      [demo, "2024年上半年華東區一共發生了幾次物流服務商變更（carrier change）？"],
      [demo, "How many carrier changes (物流服务商变更) did East China have in the first half of 2024?"],
      [qingtu, "2025年上半年市中心一共调价了几次（fare change）？"],
    ] as const) {
      const outcome = planner.planSync(question, { workspace, asOf: "2025-12-31", strategy: "auto" });
      const events = (outcome.plan?.sub_goals ?? []).filter((goal) => goal.params.event);
      expect(events, question).toHaveLength(1);
      expect(events[0].params.period?.to.endsWith("-06-30"), question).toBe(true);
      expect(outcome.defaults ?? [], question).toEqual([]);
    }
  });
});

describe("a quantifier or deictic phrase refers to the values the question named", () => {
  it("'either region' after East and North China: their carrier changes, nothing asked back", () => {
    const question =
      "Compare the return rate of product A in East China and product B in North China in January 2024, and did either region change its logistics carrier?";
    const outcome = plan(demo, question);
    expect(outcome.clarification).toBeUndefined();
    expect(outcome.unknownTerms).toEqual([]);
    expect(eventFilters(demo, question)).toEqual([{ region: "East" }, { region: "North" }]);
  });

  it("'either country' / 两国 on the subscriptions catalog", () => {
    for (const question of [
      "What was the churn rate of the Pro plan in Germany and Japan in Q1 2024, and did either country get a price change?",
      "2024年第一季度德国和日本专业版的流失率是多少？两国有没有调价？",
    ])
      expect(eventFilters(subscriptions, question), question).toEqual([
        { country: "Germany" },
        { country: "Japan" },
      ]);
  });

  it("with no values named it asks which ones, with the candidates", () => {
    for (const question of [
      "did either region change its logistics carrier in 2024?",
      "2024年两区有没有换物流？",
    ]) {
      const outcome = plan(demo, question);
      expect(outcome.plan, question).toBeUndefined();
      expect(outcome.clarification?.spans[0].candidates.length, question).toBe(4);
    }
  });
});

describe("every ask of a sentence is its own sub-question", () => {
  it("'…, how much …, and how long …' after a context clause: one search per ask, each with the context", () => {
    const english = searches(
      lanting,
      "For the cancellation policy, what is the free cancellation deadline, how much is the fee after it, and how long does the refund take?",
    );
    expect(english).toEqual([
      "For the cancellation policy, what is the free cancellation deadline?",
      "For the cancellation policy, how much is the fee after it?",
      "For the cancellation policy, how long does the refund take?",
    ]);
    expect(searches(lanting, "取消政策里，免费取消的截止时间是什么，之后收多少费用，退款多久到账？")).toEqual(
      [
        "取消政策里，免费取消的截止时间是什么？",
        "取消政策里，之后收多少费用？",
        "取消政策里，退款多久到账？",
      ],
    );
    expect(
      searches(lanting, "取消政策裡，免費取消的截止時間是什麼，之後收多少費用，退款多久到帳？"),
    ).toHaveLength(3);
  });

  it("on the demo: an exchange question with three asks in one English sentence", () => {
    expect(
      searches(
        demo,
        "For engraved items, can I get an exchange, who pays the return shipping, and how long until the replacement arrives?",
      ),
    ).toEqual([
      "For engraved items, can I get an exchange?",
      "For engraved items, who pays the return shipping?",
      "For engraved items, how long until the replacement arrives?",
    ]);
  });

  it("one ask with a request stays one question (请比较…，并说明…是否…)", () => {
    const outcome = plan(demo, "2024年1月华东和华北的退货率比较，两区有没有换物流");
    expect(outcome.subQuestions).toHaveLength(1);
  });
});

describe("a time word is never replaced by the default period", () => {
  it("last week / yesterday / 上周: refused naming the grain the monthly data lacks, or asked back; never the default month", () => {
    for (const question of [
      "What was product A's return rate in East China last week?",
      "What was product A's return rate in East China yesterday?",
      "华东区A产品上周的退货率是多少？",
      "What was product A's return rate in East China this winter?",
      // Vague spans no rule gives days to (our wordings): asked back, never the default month.
      "How has product A's return rate in East China looked lately?",
      "华东区A产品近期的退货率怎么样？",
      "假期期間華東區A產品的退貨率是多少？",
    ]) {
      const outcome = plan(demo, question);
      expect(outcome.plan, question).toBeUndefined();
      expect(outcome.message ?? "", question).not.toBe("");
      expect(outcome.defaults ?? [], question).toEqual([]);
      expect(outcome.warnings.join(" "), question).not.toContain("no period");
    }
  });

  it("年初至今 is read as the year to the as-of day, with no default period", () => {
    const outcome = plan(demo, "華東區A產品年初至今的退貨率");
    expect(outcome.plan?.sub_goals[0].params.period?.from, outcome.message).toBe("2024-01-01");
    expect(outcome.defaults ?? []).toEqual([]);
  });

  it("a question with no time at all still gets the default period, with its note", () => {
    const outcome = plan(demo, "What was product A's return rate in East China?");
    expect(outcome.plan?.sub_goals[0].params.period?.from).toBe("2024-05-01");
    expect(outcome.defaults?.length).toBe(1);
  });
});

describe("a later clause's word pointing back at an earlier clause's period takes that period", () => {
  const qingtu = load("test/held-out/qingtu/workspace");
  const periods = (workspace: Workspace, question: string) =>
    (plan(workspace, question).plan?.sub_goals ?? []).map((goal) => [
      goal.params.metric ?? goal.params.event,
      goal.params.period?.from,
      goal.params.period?.to,
    ]);
  it("当月 / 該月 after a dated clause is that month, on two catalogs; alone, 当月 is still this month", () => {
    expect(periods(demo, "2024年1月华东区A产品的退货率是多少？当月华东区有没有换物流商？")).toContainEqual([
      "logistics_provider_change",
      "2024-01-01",
      "2024-01-31",
    ]);
    expect(periods(qingtu, "2024年3月市中心的騎行次數是多少？該月市中心有沒有調價？")).toContainEqual([
      "fare_change",
      "2024-03-01",
      "2024-03-31",
    ]);
    expect(periods(demo, "当月华东区A产品的退货率是多少？")[0]).toEqual([
      "return_rate",
      "2024-06-01",
      "2024-06-30",
    ]);
  });
  it("这半年 / 這個月 after a dated period of the same unit is that period, with a note; after a relative one or alone it is as-of's", () => {
    const question = "2023年下半年华东区A产品的退货率是多少？这半年华东区有没有换物流商？";
    expect(periods(demo, question)).toContainEqual(["logistics_provider_change", "2023-07-01", "2023-12-31"]);
    expect(plan(demo, question).warnings.join(" ")).toMatch(/“这半年”：理解为问题前文所写的同一单位的期间/);
    expect(periods(qingtu, "2024年3月市中心的騎行次數是多少？這個月市中心有沒有調價？")).toContainEqual([
      "fare_change",
      "2024-03-01",
      "2024-03-31",
    ]);
    // 上个月 … 这个月呢: a contrast with the relative month, not a reference to it (the two touching
    // months are one read, May through June)
    expect(periods(demo, "上个月华东区A产品的退货率是多少？这个月呢？").map((goal) => goal[2])).toContain(
      "2024-06-30",
    );
    expect(periods(demo, "这半年华东区A产品的退货率是多少？")[0]).toEqual([
      "return_rate",
      "2024-01-01",
      "2024-06-30",
    ]);
  });
  it("a metric clause after an event clause takes its values and period ('both regions that quarter', 两区当季)", () => {
    const filters = (question: string) =>
      (plan(demo, question).plan?.sub_goals ?? [])
        .filter((goal) => goal.params.metric)
        .map((goal) => [goal.params.filters?.region, goal.params.period?.from, goal.params.period?.to]);
    expect(
      filters(
        "Did East China or North China change logistics provider in Q1 2024, and what was product A's return rate in both regions that quarter?",
      ),
    ).toContainEqual([["East", "North"], "2024-01-01", "2024-03-31"]);
    expect(
      filters("2024年第一季度华东区和华北区有没有换物流商？两区当季A产品的退货率是多少？"),
    ).toContainEqual([["East", "North"], "2024-01-01", "2024-03-31"]);
  });
  it("这段时间 / during that time (same-period words of each locale) take the earlier clause's period", () => {
    expect(
      periods(demo, "2024年1月华东区A产品的退货率是多少？这段时间华东区有没有换物流商？"),
    ).toContainEqual(["logistics_provider_change", "2024-01-01", "2024-01-31"]);
    expect(
      periods(
        demo,
        "What was product A's return rate in East China in Q1 2024, and did East China change its logistics provider during that time?",
      ),
    ).toContainEqual(["logistics_provider_change", "2024-01-01", "2024-03-31"]);
  });
  it("'the month / week before' after a named period is the one before it; alone, the one before as-of's", () => {
    expect(
      periods(
        demo,
        "What was product A's return rate in East China in March 2024, and in the month before?",
      )[0],
    ).toEqual(["return_rate", "2024-02-01", "2024-03-31"]);
    expect(periods(demo, "What was product A's return rate in East China in the month before?")[0]).toEqual([
      "return_rate",
      "2024-05-01",
      "2024-05-31",
    ]);
  });
  it("an event clause's own dates carry to a metric clause pointing back at them ('over the same half')", () => {
    expect(
      periods(
        demo,
        "Which CRM releases came out in H2 2023, and how many service complaints were logged over the same half?",
      ),
    ).toContainEqual(["complaints", "2023-07-01", "2023-12-31"]);
  });
});
