import { describe, expect, it } from "vitest";
import { normalizeForMatching } from "./normalize-text.js";
import { alignPeriod, findTimeExpressions, readTime, widenByMonths } from "./time-expressions.js";

const periods = (text: string, asOf = "2024-06-15") =>
  findTimeExpressions(normalizeForMatching(text), asOf).map((mention) => ({
    kind: mention.kind,
    grain: mention.grain,
    periods: mention.periods.map((period) => `${period.from}..${period.to}`),
  }));

describe("time expressions", () => {
  it.each([
    ["2024年1月", "2024-01-01..2024-01-31"],
    ["2024-01", "2024-01-01..2024-01-31"],
    ["January 2024", "2024-01-01..2024-01-31"],
    ["Jan 2024", "2024-01-01..2024-01-31"],
    ["Jan. 2024", "2024-01-01..2024-01-31"],
    ["２０２４年２月", "2024-02-01..2024-02-29"],
    ["Q3 2023", "2023-07-01..2023-09-30"],
    ["2023年Q3", "2023-07-01..2023-09-30"],
    ["2023年第三季度", "2023-07-01..2023-09-30"],
    ["2023年第三季", "2023-07-01..2023-09-30"],
    ["the third quarter of 2023", "2023-07-01..2023-09-30"],
    ["2023年7月至9月", "2023-07-01..2023-09-30"],
    ["2023年7-9月", "2023-07-01..2023-09-30"],
    ["from July to September 2023", "2023-07-01..2023-09-30"],
    ["between July and September 2023", "2023-07-01..2023-09-30"],
    ["2023-07 to 2023-09", "2023-07-01..2023-09-30"],
    ["2023年第三季度至第四季度", "2023-07-01..2023-12-31"],
    ["2023年", "2023-01-01..2023-12-31"],
    ["in 2023", "2023-01-01..2023-12-31"],
    ["2023年下半年", "2023-07-01..2023-12-31"],
    ["H1 2024", "2024-01-01..2024-06-30"],
  ])("%s → %s", (text, expected) => {
    const found = periods(text);
    expect(found).toHaveLength(1);
    expect(found[0].periods).toEqual([expected]);
  });

  it("splits 2023年各季度 and each quarter of 2023 into four quarters", () => {
    const quarters = [
      "2023-01-01..2023-03-31",
      "2023-04-01..2023-06-30",
      "2023-07-01..2023-09-30",
      "2023-10-01..2023-12-31",
    ];
    for (const text of [
      "2023年各季度",
      "2023年每个季度",
      "each quarter of 2023",
      "by quarter in 2023",
      "2023 by quarter",
    ]) {
      expect(periods(text), text).toEqual([{ kind: "each", grain: "quarter", periods: quarters }]);
    }
  });

  it("resolves 上个月 / last month and last quarter against as-of, across a year boundary", () => {
    expect(periods("上个月", "2024-01-10")[0]).toMatchObject({
      kind: "relative",
      periods: ["2023-12-01..2023-12-31"],
    });
    expect(periods("last month", "2024-03-31")[0].periods).toEqual(["2024-02-01..2024-02-29"]);
    expect(periods("上季度", "2024-02-01")[0].periods).toEqual(["2023-10-01..2023-12-31"]);
    expect(periods("last year", "2024-02-01")[0].periods).toEqual(["2023-01-01..2023-12-31"]);
  });

  it("marks 同期 / the same month as a reference to the previous period", () => {
    expect(periods("2024年1月华东区A产品，B产品在华北区同期")[1]).toEqual({
      kind: "same_period",
      grain: "month",
      periods: [],
    });
    expect(periods("January 2024 for A, and for the same month")[1].kind).toBe("same_period");
  });

  it("asks back a same-period word in a question that names no period (it points at nothing)", () => {
    for (const text of [
      "B产品在华北区同期",
      "for the same month",
      "这三个月的退货率",
      "over those three months",
    ]) {
      const read = readTime(normalizeForMatching(text), "2024-06-15");
      expect(read.mentions, text).toEqual([]);
      expect(read.unread.length, text).toBe(1);
    }
  });

  it("gives a bare quarter or month the nearest written year", () => {
    expect(periods("Q3 vs Q4 2023").map((found) => found.periods[0])).toEqual([
      "2023-07-01..2023-09-30",
      "2023-10-01..2023-12-31",
    ]);
    expect(periods("2023年第三季度与第四季度").map((found) => found.periods[0])).toEqual([
      "2023-07-01..2023-09-30",
      "2023-10-01..2023-12-31",
    ]);
  });

  it("gives 全年 alone the nearest written year, with a name between them", () => {
    // The year and 全年 may be read as two mentions of one period; the planner joins them.
    for (const text of ["2024年南京全年的投诉", "2024年全年", "2024年華東區全年的退貨率"])
      expect([...new Set(periods(text, "2025-07-10").flatMap((found) => found.periods))], text).toEqual([
        "2024-01-01..2024-12-31",
      ]);
    // With no year written, the as-of year; 今年 stays as-of's beside another year.
    expect(periods("南京全年的投诉", "2025-07-10").flatMap((found) => found.periods)).toEqual([
      "2025-01-01..2025-12-31",
    ]);
  });

  it("reads a year-month before the sentence's full stop, and a dotted date as a day", () => {
    expect(periods("from 2024-10 to 2025-03.", "2025-07-10").flatMap((found) => found.periods)).toEqual([
      "2024-10-01..2025-03-31",
    ]);
    expect(periods("in 2025-03.", "2025-07-10").flatMap((found) => found.periods)).toEqual([
      "2025-03-01..2025-03-31",
    ]);
    expect(periods("on 2025.03.05.", "2025-07-10").flatMap((found) => found.periods)).toEqual([
      "2025-03-05..2025-03-05",
    ]);
  });

  it("rejects impossible dates instead of inventing them", () => {
    expect(periods("2024年13月").flatMap((found) => found.periods)).not.toContain("2024-13-01..2024-13-31");
    expect(periods("2023年9月至7月").some((found) => found.periods.includes("2023-07-01..2023-09-30"))).toBe(
      false,
    );
    expect(() => findTimeExpressions("2024年1月", "2024/01/01")).toThrow(RangeError);
  });

  it("aligns and widens periods", () => {
    expect(alignPeriod({ grain: "month", from: "2024-02-01", to: "2024-02-29" }, "quarter")).toEqual({
      grain: "quarter",
      from: "2024-01-01",
      to: "2024-03-31",
    });
    expect(widenByMonths({ grain: "month", from: "2024-01-01", to: "2024-01-31" }, 1)).toEqual({
      grain: "month",
      from: "2023-12-01",
      to: "2024-02-29",
    });
  });
});

describe("rolling windows and dating years", () => {
  it("reads 近3个月 / the last 6 months / 过去两个季度 as complete units before as-of", () => {
    expect(periods("近3个月", "2024-06-15")[0].periods).toEqual(["2024-03-01..2024-05-31"]);
    expect(periods("over the last 6 months", "2024-06-15")[0].periods).toEqual(["2023-12-01..2024-05-31"]);
    expect(periods("过去两个季度", "2024-06-15")[0].periods).toEqual(["2023-10-01..2024-03-31"]);
    expect(periods("近半年", "2024-01-20")[0].periods).toEqual(["2023-07-01..2023-12-31"]);
  });

  it("drops a year that only dates the months around it", () => {
    const found = periods("1月份的退货率和2月份相比怎么样？（2024年）");
    expect(found.map((mention) => mention.periods[0])).toEqual([
      "2024-01-01..2024-01-31",
      "2024-02-01..2024-02-29",
    ]);
    expect(periods("2023年全年与2024年1月").map((mention) => mention.grain)).toEqual(["year", "month"]);
  });
});

describe("compositional time grammar (issue 15)", () => {
  const all = (text: string, asOf = "2024-06-30") =>
    findTimeExpressions(normalizeForMatching(text), asOf).flatMap((mention) =>
      mention.periods.map((period) => `${period.from}..${period.to}`),
    );
  it.each([
    ["24年1月", "2024-06-30", ["2024-01-01..2024-01-31"]],
    ["23年第四季度", "2024-06-30", ["2023-10-01..2023-12-31"]],
    ["23年三季度到四季度", "2024-06-30", ["2023-07-01..2023-12-31"]],
    ["2023年第四季度到2024年第一季度", "2024-06-30", ["2023-10-01..2024-03-31"]],
    ["今年2月", "2024-06-30", ["2024-02-01..2024-02-29"]],
    ["去年12月", "2024-06-30", ["2023-12-01..2023-12-31"]],
    ["去年第三季度", "2024-06-30", ["2023-07-01..2023-09-30"]],
    ["this January", "2024-06-30", ["2024-01-01..2024-01-31"]],
    ["January last year", "2024-06-30", ["2023-01-01..2023-01-31"]],
    ["Q3 last year", "2024-06-30", ["2023-07-01..2023-09-30"]],
    ["last September", "2024-06-30", ["2023-09-01..2023-09-30"]],
    [
      "7、8、9三个月",
      "2024-10-15",
      ["2024-07-01..2024-07-31", "2024-08-01..2024-08-31", "2024-09-01..2024-09-30"],
    ],
    ["2024年1月和3月", "2024-06-30", ["2024-01-01..2024-01-31", "2024-03-01..2024-03-31"]],
    ["January and March 2024", "2024-06-30", ["2024-01-01..2024-01-31", "2024-03-01..2024-03-31"]],
    ["Q1 and Q3 2023", "2024-06-30", ["2023-01-01..2023-03-31", "2023-07-01..2023-09-30"]],
    ["一月份", "2024-06-30", ["2024-01-01..2024-01-31"]],
  ])("%s (as of %s) → %j", (text, asOf, expected) => {
    expect(all(text, asOf)).toEqual(expected);
  });

  it("never resolves a bare month after the as-of date, and says so", () => {
    const [september] = findTimeExpressions(normalizeForMatching("9月的退货率"), "2024-06-30");
    expect(september.periods[0].from).toBe("2023-09-01");
    expect(september.conventions).toContain("yearless");
    const [november] = findTimeExpressions(normalizeForMatching("in November"), "2024-06-30");
    expect(november.periods[0].from).toBe("2023-11-01");
    // Not yet passed but not after as-of either: the current year.
    const [june] = findTimeExpressions(normalizeForMatching("6月"), "2024-06-30");
    expect(june.periods[0].from).toBe("2024-06-01");
    // A year written elsewhere in the question is the year of the bare quarter, and no convention is said.
    const [third] = findTimeExpressions(normalizeForMatching("Q3 vs Q4 2023"), "2024-06-30");
    expect(third.periods[0].from).toBe("2023-07-01");
    expect(third.conventions ?? []).not.toContain("yearless");
  });

  it("reads 去年同期 / the same period last year as a one-year shift of another frame", () => {
    for (const text of ["去年同期", "同比", "the same period last year", "the same month last year"]) {
      const [mention] = findTimeExpressions(normalizeForMatching(text), "2024-06-30");
      expect(mention.kind).toBe("same_period");
      expect(mention.shiftYears).toBe(-1);
    }
  });
});

describe("the first N months or quarters of a year", () => {
  it.each([
    ["今年前三个月", "2024-01-01..2024-03-31"],
    ["去年前两个月", "2023-01-01..2023-02-28"],
    ["23年前两季度", "2023-01-01..2023-06-30"],
    ["2022年的前四个月", "2022-01-01..2022-04-30"],
    ["the first three months of this year", "2024-01-01..2024-03-31"],
    ["the first two quarters of 2023", "2023-01-01..2023-06-30"],
  ])("%s is %s, one period counted from the year's start", (text, expected) => {
    const found = periods(text);
    expect(found).toHaveLength(1);
    expect(found[0].periods).toEqual([expected]);
  });
  it("前两个月 alone stays the two complete months before as_of", () => {
    expect(periods("前两个月")[0].periods).toEqual(["2024-04-01..2024-05-31"]);
  });
});
