import { describe, expect, it } from "vitest";
import { isAdditiveUnit, seriesByComparedUnit } from "./compared-units.js";
import { KnownNumbers } from "./known-numbers.js";
import { buildSeries, type ResolvedPoint, trends } from "./summaries.js";

const point = (period: string, value: number, unit: string): ResolvedPoint => ({
  goal: "g1",
  source: "s",
  metric: "repair_cost",
  keys: { district: "Old Town" },
  periodName: "month",
  period,
  value,
  unit,
  rows: [Number(period.slice(5, 7))],
  derivation: "cell",
});
const months = (unit: string, values: number[]) =>
  values.map((value, index) => point(`2025-0${index + 1}`, value, unit));

// Round-11 Jadebay (seen, a probe of the lead's): "How did repair cost change from Q1 to Q2 2025?"
// on monthly rows was answered with the six-month trend, January to June: another question.
describe("series by the unit the question compared in", () => {
  it("sums an additive metric's months into quarters, and the trend compares the quarters", () => {
    const known = new KnownNumbers();
    const [series] = seriesByComparedUnit(
      buildSeries(months("CNY", [252200, 271300, 245000, 264600, 243700, 278900])),
      () => "quarter",
      known,
    );
    expect(series.points.map((total) => [total.period, total.value, total.derivation])).toEqual([
      ["2025-Q1", 768500, "sum"],
      ["2025-Q2", 787200, "sum"],
    ]);
    expect(trends([series])[0].change).toBe(18700);
    expect(known.numbers.map((number) => number.value)).toContain(768500);
  });

  it("keeps the months of a rate, of a quarter with a month missing, and of a goal that compared nothing", () => {
    const known = new KnownNumbers();
    const rates = buildSeries(months("percent", [3.1, 3.4, 3.2, 3.0, 2.9, 3.3]));
    expect(seriesByComparedUnit(rates, () => "quarter", known)[0].points).toHaveLength(6);
    const gap = buildSeries(months("count", [2, 4, 6, 2, 4]));
    expect(seriesByComparedUnit(gap, () => "quarter", known)[0].points).toHaveLength(5);
    const plain = buildSeries(months("count", [2, 4, 6, 2, 4, 3]));
    expect(seriesByComparedUnit(plain, () => undefined, known)[0].points).toHaveLength(6);
  });

  it("adds up counts, durations and money, not rates or scores", () => {
    expect(["count", "hours", "CNY", "kCNY", "USD"].every(isAdditiveUnit)).toBe(true);
    expect(["percent", "score", "points", "ratio", undefined].some(isAdditiveUnit)).toBe(false);
  });
});
