import { describe, expect, it } from "vitest";
import { normalizeForMatching } from "./normalize-text.js";
import { findTimeExpressions, monthPeriod, relativeUnitPeriod } from "./time-expressions.js";

/** Every period the question's time expressions denote, as from..to. */
const spans = (text: string, asOf: string) =>
  findTimeExpressions(normalizeForMatching(text), asOf).flatMap((mention) =>
    mention.periods.map((period) => `${period.from}..${period.to}`),
  );

describe("relative periods: anchor + offset + unit against as-of", () => {
  it.each([
    // offsets greater than one, across a year boundary
    ["revenue four months ago", "2024-02-10", "2023-10-01..2023-10-31"],
    ["return rate two quarters ago", "2024-02-10", "2023-07-01..2023-09-30"],
    ["churn three years ago", "2024-02-10", "2021-01-01..2021-12-31"],
    ["a month ago", "2024-01-05", "2023-12-01..2023-12-31"],
    ["the quarter before last", "2024-05-20", "2023-10-01..2023-12-31"],
    ["the year before last", "2024-05-20", "2022-01-01..2022-12-31"],
    ["the month before last", "2024-02-29", "2023-12-01..2023-12-31"],
    ["上上上个月的投诉", "2024-02-10", "2023-11-01..2023-11-30"],
    ["上上個季度的退貨率", "2024-02-10", "2023-07-01..2023-09-30"],
    ["上上一季度", "2024-11-30", "2024-04-01..2024-06-30"],
    ["五个月前", "2024-03-01", "2023-10-01..2023-10-31"],
    ["十二個月之前", "2024-03-01", "2023-03-01..2023-03-31"],
    ["4个季度以前", "2024-03-01", "2023-01-01..2023-03-31"],
    ["三年前", "2024-03-01", "2021-01-01..2021-12-31"],
    ["大前年", "2024-03-01", "2021-01-01..2021-12-31"],
    ["大大前年", "2024-03-01", "2020-01-01..2020-12-31"],
    ["前年的投诉", "2024-03-01", "2022-01-01..2022-12-31"],
    // a part of a stepped unit: 上季度末 was 季度末 (this quarter's end, after as-of) with 上 left over
    ["上季度末的退货率", "2024-08-14", "2024-06-01..2024-06-30"],
    ["上季度底", "2024-08-14", "2024-06-01..2024-06-30"],
    ["上個季度初", "2024-08-14", "2024-04-01..2024-04-30"],
    // the current unit and the future ones
    ["this quarter", "2024-11-30", "2024-10-01..2024-12-31"],
    ["这个季度", "2024-11-30", "2024-10-01..2024-12-31"],
    ["the coming quarter", "2024-11-30", "2025-01-01..2025-03-31"],
    ["next month", "2024-12-31", "2025-01-01..2025-01-31"],
    ["next year", "2024-12-31", "2025-01-01..2025-12-31"],
    ["the month after next", "2024-11-02", "2025-01-01..2025-01-31"],
    ["下下个月", "2024-11-02", "2025-01-01..2025-01-31"],
    ["下個季度", "2024-11-02", "2025-01-01..2025-03-31"],
    ["下一年", "2024-11-02", "2025-01-01..2025-12-31"],
    ["后年", "2024-11-02", "2026-01-01..2026-12-31"],
    ["明年", "2024-11-02", "2025-01-01..2025-12-31"],
  ])("%s (as of %s) → %s", (text, asOf, expected) => {
    expect(spans(text, asOf)).toEqual([expected]);
  });

  it("N months ago is the last complete month shifted back by N-1, for every N and as-of month", () => {
    for (let asOfMonth = 1; asOfMonth <= 12; asOfMonth += 1) {
      const asOf = `2023-${String(asOfMonth).padStart(2, "0")}-17`;
      const lastMonth = spans("last month", asOf)[0];
      for (let count = 1; count <= 11; count += 1) {
        const date = new Date(Date.UTC(2023, asOfMonth - 1 - count, 1));
        const shifted = monthPeriod(date.getUTCFullYear(), date.getUTCMonth() + 1);
        const expected = `${shifted.from}..${shifted.to}`;
        expect(spans(`${count} months ago`, asOf), `${count} months ago, as of ${asOf}`).toEqual([expected]);
        expect(spans(`${count}个月前`, asOf)).toEqual([expected]);
        if (count === 1) expect(expected).toBe(lastMonth);
      }
    }
  });

  it("each 上 is one unit further back and each 下 one further ahead", () => {
    const asOf = "2024-05-09";
    const asOfDate = new Date(`${asOf}T00:00:00Z`);
    for (const [unit, word] of [
      ["month", "个月"],
      ["quarter", "季度"],
    ] as const) {
      for (let steps = 1; steps <= 3; steps += 1) {
        const back = relativeUnitPeriod(asOfDate, unit, -steps);
        const ahead = relativeUnitPeriod(asOfDate, unit, steps);
        expect(spans(`${"上".repeat(steps)}${word}`, asOf)).toEqual([`${back.from}..${back.to}`]);
        expect(spans(`${"下".repeat(steps)}${word}`, asOf)).toEqual([`${ahead.from}..${ahead.to}`]);
      }
    }
  });

  it("words and digits count alike: two = 2 = 两 = 兩", () => {
    const asOf = "2024-08-20";
    const expected = ["2024-01-01..2024-03-31"];
    for (const text of ["two quarters ago", "2 quarters ago", "两个季度前", "兩個季度前", "2个季度前"])
      expect(spans(text, asOf), text).toEqual(expected);
  });

  it("keeps the words that mean something else", () => {
    // 前年同期 is the same period two years back, not the whole year
    const [mention] = findTimeExpressions(normalizeForMatching("前年同期"), "2024-06-30");
    expect(mention).toMatchObject({ kind: "same_period", shiftYears: -2 });
    // 以前年度 (earlier years) names no period; 0 months ago is none either
    expect(spans("以前年度的数据", "2024-06-30")).toEqual([]);
    expect(spans("0 months ago", "2024-06-30")).toEqual([]);
    // 前两个月 is still the rolling window, 2023年前三季度 still the year's first three quarters
    expect(spans("前两个月", "2024-06-30")).toEqual(["2024-04-01..2024-05-31"]);
    expect(spans("2023年前三季度", "2024-06-30")).toEqual(["2023-01-01..2023-09-30"]);
  });

  it("reads 前三季度 alone as three whole quarters, as 前三个季度, never as the third quarter", () => {
    // Blind round 13 lh39 (as of 2024-11-08): it was planned as Q3 2024 alone, with no note.
    for (const text of ["前三季度", "前三個季度", "前三个季度"])
      expect(spans(text, "2024-11-08"), text).toEqual(["2024-01-01..2024-09-30"]);
    expect(spans("前两季度", "2024-06-30")).toEqual(["2023-10-01..2024-03-31"]);
    expect(spans("前三季度", "2024-06-30")).toEqual(["2023-07-01..2024-03-31"]);
    // 第三季度 and 三季度 stay the third quarter.
    expect(spans("2023年第三季度", "2024-06-30")).toEqual(["2023-07-01..2023-09-30"]);
    expect(spans("2023年三季度", "2024-06-30")).toEqual(["2023-07-01..2023-09-30"]);
  });
});

describe("the last N months or quarters of a year", () => {
  it.each([
    ["the last quarter of 2022", "2024-07-15", "2022-10-01..2022-12-31"],
    ["the final three months of 2022", "2024-07-15", "2022-10-01..2022-12-31"],
    ["the last two quarters of last year", "2024-07-15", "2023-07-01..2023-12-31"],
    ["2022年最后一个月", "2024-07-15", "2022-12-01..2022-12-31"],
    ["前年最后两个季度", "2024-07-15", "2022-07-01..2022-12-31"],
    ["去年最後三個月", "2024-07-15", "2023-10-01..2023-12-31"],
  ])("%s (as of %s) is %s, counted back from the year's end, not from as-of", (text, asOf, expected) => {
    expect(spans(text, asOf)).toEqual([expected]);
  });
});

describe("a half of a year named from as-of", () => {
  const periodOf = (text: string, asOf = "2024-07-15") =>
    findTimeExpressions(normalizeForMatching(text), asOf).map((time) => time.periods);
  it("reads 今年上半年 / 去年下半年 / the first half of this year / H2 last year", () => {
    expect(periodOf("今年上半年的投诉量")).toEqual([
      [{ grain: "month", from: "2024-01-01", to: "2024-06-30" }],
    ]);
    expect(periodOf("去年下半年的退貨率")).toEqual([
      [{ grain: "month", from: "2023-07-01", to: "2023-12-31" }],
    ]);
    expect(periodOf("the first half of this year")).toEqual([
      [{ grain: "month", from: "2024-01-01", to: "2024-06-30" }],
    ]);
    expect(periodOf("H2 last year")).toEqual([[{ grain: "month", from: "2023-07-01", to: "2023-12-31" }]]);
  });
});
