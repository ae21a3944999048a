import { describe, expect, it } from "vitest";
import { convertFraction, fractionSuffix } from "./fraction-units.js";
import { columnFractionUnit, parseCell, parseNumber } from "./parse-value.js";

describe("fraction units", () => {
  it("reads ppm, per mille and basis points after a number, as written", () => {
    expect(parseNumber("120 ppm")).toEqual({ value: 120, isPercent: false, unit: "ppm" });
    expect(parseNumber("1.5‰")).toEqual({ value: 1.5, isPercent: false, unit: "per_mille" });
    expect(parseNumber("35 bp")).toEqual({ value: 35, isPercent: false, unit: "basis_points" });
    expect(parseNumber("1,250 bps")).toEqual({ value: 1250, isPercent: false, unit: "basis_points" });
    expect(parseNumber("12基点")).toEqual({ value: 12, isPercent: false, unit: "basis_points" });
    expect(parseCell("(4.5) ppm")).toEqual({ type: "number", value: -4.5 });
    // Not a number with a unit: text stays text, and a unit is never stacked on a percent.
    expect(parseNumber("ppm")).toBeUndefined();
    expect(parseNumber("5% bp")).toBeUndefined();
    expect(fractionSuffix("Suzhou")).toBeUndefined();
  });

  it("finds the unit a whole column is written in, and only when every cell agrees", () => {
    expect(columnFractionUnit(["120 ppm", "", "165 ppm", "—"])).toBe("ppm");
    expect(columnFractionUnit(["120 ppm", "1.5‰"])).toBeUndefined();
    expect(columnFractionUnit(["120 ppm", "130"])).toBeUndefined();
  });

  it("converts between the parts of a whole without floating-point dust", () => {
    expect(convertFraction(1.5, "per_mille", "percent")).toBe(0.15);
    expect(convertFraction(35, "basis_points", "percent")).toBe(0.35);
    expect(convertFraction(120, "ppm", "per_mille")).toBe(0.12);
    expect(convertFraction(0.052, "ratio", "percent")).toBe(5.2);
    expect(convertFraction(3, "count", "percent")).toBeUndefined();
  });
});
