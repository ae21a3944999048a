// Issue 15, third round: every span of a question accounted for, no silent wrong plan. Examples
// of our own wording, with negative cases showing each mechanism does not over-fire.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

const root = path.resolve(import.meta.dirname, "..");
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const planner = new CatalogPlanner();
const plan = (question: string, workspace = demo) =>
  planner.planSync(question, { workspace, asOf: "2024-06-30", strategy: "auto" });
const filtersOf = (question: string, key: "metric" | "event") =>
  (plan(question).plan?.sub_goals ?? [])
    .filter((goal) => goal.params[key])
    .map((goal) => goal.params.filters);

describe("a quantifier that counts the values the question named", () => {
  it("means those values: 两区 / 這兩款產品 / the two products after two were named", () => {
    const outcome = plan("2024年1月华东和华北的退货率比较，两区有没有换物流");
    expect(outcome.clarification).toBeUndefined();
    expect(filtersOf("2024年1月华东和华北的退货率比较，两区有没有换物流", "event")).toEqual([
      { region: "East" },
      { region: "North" },
    ]);
    const english = plan("Return rate of A and B in January 2024: which of the two products is higher?");
    expect(english.clarification).toBeUndefined();
    expect(english.plan?.sub_goals[0].params.filters).toEqual({ product: ["A", "B"] });
    expect(
      plan("2024年1月A產品和B產品的退貨率，這兩款產品哪個高？").plan?.sub_goals[0].params.filters,
    ).toEqual({
      product: ["A", "B"],
    });
  });

  it("still asks when the question names none of them, or a different number", () => {
    for (const question of [
      "2024年1月两区的退货率",
      "2024年1月华东的退货率，两区有没有更换物流服务商",
      "Return rate of A, B and C in January 2024: which of the two products is higher?",
    ]) {
      const outcome = plan(question);
      expect(outcome.plan, question).toBeUndefined();
      expect(outcome.clarification?.spans.length, question).toBe(1);
    }
  });
});

describe("an unknown qualifier of a metric is corrected with a note or asked back, never dropped", () => {
  const candidatesOf = (question: string) =>
    plan(question).clarification?.spans.map((span) => span.candidates);
  it("a word with a classifier before the metric is asked back with the dimension's values", () => {
    for (const question of [
      "包装类投诉2024年1月有多少？",
      "包裝類的投訴2024年1月有幾件？",
      "刻字类投诉2024年1月有多少",
    ]) {
      const outcome = plan(question);
      expect(outcome.plan, question).toBeUndefined();
      expect(outcome.clarification?.spans[0].candidates, question).toHaveLength(3);
    }
    expect(candidatesOf("安装方面的投诉2024年1月")).toEqual([["服务类", "配送", "产品质量"]]);
  });
  it("an English qualifier before or after the metric asks with the one dimension its datasets filter by", () => {
    expect(candidatesOf("billing complaints in March 2024")).toEqual([
      ["customer service", "Delivery", "product quality"],
    ]);
    const after = plan("how many complaints regarding rude couriers in March 2024?");
    expect(after.plan).toBeUndefined();
    expect(after.clarification?.spans[0].written).toBe("rude couriers");
  });
  it("a value written without its dimension's noun is read as that value, with a note", () => {
    const outcome = plan("2024年1月物流投诉有多少？");
    expect(outcome.plan?.sub_goals.map((goal) => goal.params.filters)).toEqual([
      { category: "Delivery" },
      { category: "Delivery" },
    ]);
    expect(outcome.warnings.join(" ")).toContain("物流类");
  });
  it("does not fire on a question word before the classifier, a known value or a quantifier", () => {
    expect(plan("哪类投诉2024年1月最多？").plan?.sub_goals[0].params.filters).toEqual({});
    expect(plan("服务类投诉2024年1月有多少").plan?.sub_goals[0].params.filters).toEqual({
      category: "Service",
    });
    expect(plan("各类投诉2024年1月有多少").plan?.sub_goals[0].params.filters).toEqual({
      category: ["Service", "Delivery", "Product"],
    });
    expect(
      plan("how many complaints about the service in March 2024?").plan?.sub_goals[0].params.filters,
    ).toEqual({ category: "Service" });
  });
  it("guesses no dimension when the metric's datasets filter by several the question leaves open", () => {
    const outcome = plan("台中的退货率2024年1月");
    expect(outcome.plan).toBeUndefined();
    expect(outcome.clarification).toBeUndefined();
    expect(outcome.unknownTerms.map((term) => term.text)).toEqual(["台中"]);
  });
});

describe("a measure head outranks a topic word", () => {
  it("a topic word qualifying a measure head the catalog lacks is out of scope when alone", () => {
    for (const question of [
      "what is the engraving rate?",
      "瑕疵率是多少？",
      "刻字的占比是多少？",
      "今天美元兌歐元的匯率是多少？",
    ]) {
      const outcome = plan(question);
      expect(outcome.route, question).toMatchObject({ route: "direct", reason: "out_of_scope" });
      expect(outcome.plan, question).toBeUndefined();
    }
  });
  it("beside a catalog metric it is reported as an unknown measure, and no passage search is planned", () => {
    const outcome = plan("What is the replacement ratio in January 2024, and the return rate?");
    expect(outcome.unknownTerms).toEqual([{ text: "replacement ratio", kind: "metric" }]);
    expect(outcome.plan?.sub_goals.map((goal) => goal.params.metric ?? "text")).toEqual([
      "return_rate",
      "return_rate",
    ]);
  });
  it("a policy question with the topic word and no measure head still searches the handbook", () => {
    for (const question of [
      "Is a replacement possible for a defective kettle?",
      "刻字的杯子可以换货吗？",
      "what is the exchange policy?",
    ])
      expect(plan(question).plan?.sub_goals[0].source, question).toBe("handbook");
  });
  it("a topic phrase of its own before a measure head stays the policy question", () => {
    // "return shipping" and "shipping cost" are the demo topic's own phrases: what they cost is policy.
    for (const question of ["what are the return shipping rates?", "What are the shipping cost rates?"])
      expect(plan(question).plan?.sub_goals[0]?.source, question).toBe("handbook");
    expect(plan("What's the exchange rate of USD to EUR today?").route).toMatchObject({
      reason: "out_of_scope",
    });
  });
});

describe("a modal with a topic's one-character verb is a policy question", () => {
  const queries = (question: string) =>
    (plan(question).plan?.sub_goals ?? [])
      .filter((goal) => goal.source === "handbook")
      .map((goal) => goal.params.query);
  it("能退吗 / 可以換嗎 / can I return it search the handbook, each sentence its own search", () => {
    for (const question of [
      "杯子摔裂了，还能退吗？",
      "收到的顏色不對，可以換嗎？",
      "能不能退？",
      "Can I return it if the box is opened?",
    ])
      expect(queries(question), question).toEqual([question]);
    expect(queries("杯子刻字刻歪了可以退吗？运费谁出？退款多久到账？")).toContain("杯子刻字刻歪了可以退吗？");
  });
  it("with no data asked, a follow-up sentence is searched too, with its context", () => {
    expect(queries("马克杯收到时把手断了，能换吗？邮费谁付？")).toEqual([
      "马克杯收到时把手断了，能换吗？",
      "马克杯收到时把手断了，邮费谁付？",
    ]);
  });
  it("does not fire on another verb of the same character or a verb with its own object", () => {
    for (const question of [
      "可以退出登录吗？",
      "能换个颜色看报表吗？",
      "Can I return to the dashboard later?",
    ])
      expect(plan(question).plan, question).toBeUndefined();
  });
});

describe("a word the segmenter splits before a classifier", () => {
  it("asks about 售后方面的投诉 instead of planning all complaints (售|后, 后 alone a stop word)", () => {
    const outcome = plan("2024年第一季度售后方面的投诉有多少");
    expect(outcome.plan).toBeUndefined();
    expect(outcome.clarification?.spans[0]?.written).toBe("售后方面");
  });
  it("still plans a question word before the classifier and a known kind", () => {
    expect(plan("2024年第一季度哪方面的投诉最多").plan).toBeDefined();
    expect(plan("2023年第四季度服务类投诉有多少").plan?.sub_goals[0]?.params.filters).toEqual({
      category: "Service",
    });
  });
});
