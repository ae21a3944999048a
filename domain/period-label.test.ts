import { describe, expect, it } from "vitest";
import { parsePeriodLabel, periodOfLabel } from "./period-label.js";

function label(text: string, options = {}): string {
  const result = parsePeriodLabel(text, options);
  return result.ok ? result.period.label : `error: ${result.reason}`;
}

describe("parsePeriodLabel", () => {
  it.each([
    ["2024年 / Q1", "2024-Q1"],
    ["2023年 Q3", "2023-Q3"],
    ["2023年Q4", "2023-Q4"],
    ["Q1 2024", "2024-Q1"],
    ["2024-Q1", "2024-Q1"],
    ["2024Q2", "2024-Q2"],
    ["1Q24", "2024-Q1"],
    ["Q3'23", "2023-Q3"],
    ["2024年第一季度", "2024-Q1"],
    ["2024年3季度", "2024-Q3"],
    ["Jan-24", "2024-01"],
    ["January 2024", "2024-01"],
    ["Sept 2023", "2023-09"],
    ["2024-03", "2024-03"],
    ["2024/3", "2024-03"],
    ["2024年3月", "2024-03"],
    ["2024年 / 十二月", "2024-12"],
    ["2024-01-15", "2024-01-15"],
    ["2024-01-15T08:30:00Z", "2024-01-15"],
    ["2024年1月15日", "2024-01-15"],
    ["Jan 15 2024", "2024-01-15"],
    ["2024", "2024"],
    ["2024年", "2024"],
    ["2024年度", "2024"],
    ["H1 2024", "2024-H1"],
    ["2024年下半年", "2024-H2"],
    ["２０２４年 / Ｑ１", "2024-Q1"],
    ["2019 ($)", "2019"],
  ])("%s → %s", (text, expected) => {
    expect(label(text)).toBe(expected);
  });

  it("reads months without a year only with a declared year", () => {
    expect(label("一月")).toMatch(/no year; declare the year/);
    expect(label("一月", { year: 2024 })).toBe("2024-01");
    expect(label("十一月", { year: 2024 })).toBe("2024-11");
    expect(label("Q2", { year: 2023 })).toBe("2023-Q2");
  });

  it("reads fiscal labels by the declared fiscal start, named by the year they end in unless told", () => {
    expect(label("FY24 Q1")).toMatch(/declare the month the fiscal year starts in/);
    // July start, named by end: FY24 = Jul 2023 – Jun 2024; Q1 = Jul–Sep 2023 = calendar 2023-Q3.
    expect(label("FY24 Q1", { fiscalYearStart: 7 })).toBe("2023-Q3");
    expect(label("FY2024 Q4", { fiscalYearStart: 7 })).toBe("2024-Q2");
    // April start, named by start (Japan): FY2024 Q1 = Apr–Jun 2024.
    expect(label("FY2024 Q1", { fiscalYearStart: 4, fiscalYearNamedBy: "start" })).toBe("2024-Q2");
    expect(label("FY24", { fiscalYearStart: 4 })).toBe("2023-04-01..2024-03-31");
    // A February start makes quarters that are not calendar quarters.
    expect(label("FY24 Q1", { fiscalYearStart: 2 })).toBe("2023-02-01..2023-04-30");
    expect(label("2024财年 Q1", { fiscalYearStart: 1 })).toBe("2024-Q1");
    expect(label("FY24 Jan", { fiscalYearStart: 7 })).toBe("2024-01");
  });

  it("refuses what is not a period instead of guessing", () => {
    for (const text of [
      "Region",
      "East",
      "2024 Q1 Jan",
      "13月",
      "2024-13",
      "Q5 2024",
      "24",
      "",
      "2024-02-30",
      "Total 2024",
    ])
      expect(parsePeriodLabel(text).ok, text).toBe(false);
  });

  it("gives the days each label covers", () => {
    expect(periodOfLabel("2024-Q1")).toMatchObject({
      from: "2024-01-01",
      to: "2024-03-31",
      grain: "quarter",
    });
    expect(periodOfLabel("2024-02")).toMatchObject({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodOfLabel("2023-02-01..2023-04-30")).toMatchObject({ grain: "quarter" });
    expect(periodOfLabel("nonsense")).toBeUndefined();
  });
});
