import { describe, expect, it } from "vitest";
import { parseChineseNumeral } from "./chinese-numerals.js";

describe("parseChineseNumeral", () => {
  it("reads one to ninety-nine with 十, and the colloquial 两", () => {
    expect(parseChineseNumeral("十")).toBe(10);
    expect(parseChineseNumeral("十二")).toBe(12);
    expect(parseChineseNumeral("二十三")).toBe(23);
    expect(parseChineseNumeral("九十九")).toBe(99);
    expect(parseChineseNumeral("两")).toBe(2);
    expect(parseChineseNumeral("兩")).toBe(2);
  });

  it("covers every entry of the planner's month table (一 … 十二) with the same value", () => {
    // planner/time-expressions.ts still keeps its own CHINESE_NUMBER (一 … 十二, no 两); the planner
    // engineer moves it here. This pins that both read those twelve alike.
    const months = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"];
    expect(months.map(parseChineseNumeral)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("reads a run of digits place by place, as a year is written", () => {
    expect(parseChineseNumeral("二〇二四")).toBe(2024);
    expect(parseChineseNumeral("二零二三")).toBe(2023);
  });

  it("gives undefined for what it does not read, never a prototype member", () => {
    for (const text of ["", "百", "一百", "十十", "三月", "constructor", "toString"])
      expect(parseChineseNumeral(text)).toBeUndefined();
  });
});
