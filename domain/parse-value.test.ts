import { describe, expect, it } from "vitest";
import { inferColumnType, parseAs, parseCell, parseDateText, parseNumber } from "./parse-value.js";

describe("parseNumber", () => {
  it.each([
    ["1,234", 1234, false],
    ["5.2%", 5.2, true],
    ["(1,200.50)", -1200.5, false],
    ["$1,000", 1000, false],
    ["-3.5 %", -3.5, true],
    ["¥ 12 345", 12345, false],
    ["−7", -7, false],
  ])("%s → %d", (text, value, isPercent) => {
    expect(parseNumber(text)).toEqual({ value, isPercent });
  });
  it.each(["abc", "1,23", "12-3", "", "1.2.3"])("rejects %s", (text) => {
    expect(parseNumber(text)).toBeUndefined();
  });
});

describe("parseDateText", () => {
  it.each([
    ["2024-01", "2024-01"],
    ["Jan 2024", "2024-01"],
    ["January 2024", "2024-01"],
    ["2024年1月", "2024-01"],
    ["2024/1/15", "2024-01-15"],
    ["2024年1月15日", "2024-01-15"],
    ["15 Jan 2024", "2024-01-15"],
    ["Q3 2023", "2023-Q3"],
    ["2023年Q3", "2023-Q3"],
    ["2023年第三季度", "2023-Q3"],
    ["2024-01-15T10:00:00.000-0500", "2024-01-15"],
  ])("%s → %s", (text, iso) => {
    expect(parseDateText(text)).toBe(iso);
  });
  it("rejects impossible dates", () => {
    expect(parseDateText("2024-02-30")).toBeUndefined();
    expect(parseDateText("2024-13")).toBeUndefined();
  });
});

describe("cells and columns", () => {
  it("parses typed cells and nulls", () => {
    expect(parseCell("4.1%")).toEqual({ type: "percent", value: 4.1 });
    expect(parseCell("n/a")).toEqual({ type: "string", value: null });
    expect(parseAs("1,024", "number")).toBe(1024);
    expect(parseAs("oops", "number")).toBeNull();
  });
  it("infers a column's type from most cells", () => {
    expect(inferColumnType(["5.2%", "4%", null, "-"])).toBe("percent");
    expect(inferColumnType(["1", "2", "x"])).toBe("string");
    expect(inferColumnType(["2024-01", "2024-02"])).toBe("date");
  });
});
