import { describe, expect, it } from "vitest";
import { foreignSentences } from "./foreign-sentences.js";

// The detector the answer-language test relies on: it must find the sentences the issue saw, and
// leave quotations, names, paths and codes alone.

const names = [
  "return_rate",
  "Return rate",
  "sales_bi",
  "returns",
  "Patient visits",
  "Pudong",
  "浦东",
  "kCNY",
];
const runs = (text: string, language: "en" | "zh-Hans" | "zh-Hant") =>
  foreignSentences(text, language, names).map((found) => found.run);

describe("foreignSentences", () => {
  it("finds the English check sentences seen in Chinese answers", () => {
    expect(
      runs("2024-02 的退货率：no value of return_rate for product=C, region=West for 2024-02", "zh-Hans"),
    ).toEqual([
      // Names and codes inside the sentence do not split it: the whole sentence is reported.
      "no value of return_rate for product=C, region=West for",
    ]);
    expect(
      runs(
        "无法确定（no data for market=HK,tier=Enterprise even at the broadest period; the filters name what was asked, so none is dropped）",
        "zh-Hant",
      ),
    ).toEqual([
      "no data for market=HK,tier=Enterprise even at the broadest period; the filters name what was asked, so none is dropped",
    ]);
  });

  it("finds a single English word in a Chinese sentence, and Chinese in an English one", () => {
    expect(runs("未裁决（策略 flag）", "zh-Hans")).toEqual(["flag"]);
    expect(runs("Patient visits: 浦东 · 2024-03: 430; 数据截至 2024-06", "en")).toEqual(["数据截至"]);
  });

  it("leaves quotations, names, paths, URLs and codes alone", () => {
    const chinese =
      "杭州 · 2020 的营业额（finance/revenue）：没有结果（来源原文：「no rows in data/revenue.json match store=Hangzhou」）；" +
      "见 https://jira.example.com/browse/LOG-101 与 policy.pdf 第 3 页；Return rate 为 3.4%，sales_bi 的 YoY 与 PDF 数值，单位 kCNY；“Service credit applies”";
    expect(runs(chinese, "zh-Hans")).toEqual([]);
    expect(
      runs(
        "Patient visits at Pudong: 430 [1]; the document says “会员积分自获得之日起12个月内有效” and 「退货」",
        "en",
      ),
    ).toEqual([]);
  });

  it("does not take a name inside a longer word as the name", () => {
    // "returns" is a dataset name; "returnsless" is not it.
    expect(runs("数据 returnsless here", "zh-Hans")).toEqual(["returnsless here"]);
  });
});
