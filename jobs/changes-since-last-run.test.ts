import { describe, expect, it } from "vitest";
import { type ComparableNumber, compareRuns, formatValue } from "./changes-since-last-run.js";
import { numberKey } from "./reported-numbers.js";

const order = ["product", "region", "category"];
function number(
  metric: string,
  keys: Record<string, string>,
  value: number,
  unit?: string,
): ComparableNumber {
  return { metric, keys, key: numberKey(metric, keys, order), value, ...(unit ? { unit } : {}) };
}

describe("compareRuns", () => {
  const labels = { return_rate: "Return rate", complaints: "Complaints" };

  it("words percent changes in percentage points and counts with a relative change, highlighting past thresholds", () => {
    const previous = [
      number("return_rate", { product: "A", region: "East", month: "2024-01" }, 5.2, "percent"),
      number("complaints", { category: "Service", quarter: "2023-Q3" }, 42, "count"),
    ];
    const current = [
      number("return_rate", { product: "A", region: "East", month: "2024-01" }, 5.9, "percent"),
      number("complaints", { category: "Service", quarter: "2023-Q3" }, 61, "count"),
    ];
    const changes = compareRuns(
      previous,
      current,
      [
        { metric: "return_rate", change_pp: 1 },
        { metric: "complaints", change_relative: 0.2 },
      ],
      { labels, dimensionOrder: order },
    );
    expect(changes.map((change) => [change.text, change.highlighted])).toEqual([
      ["Complaints Service 2023-Q3 42 → 61, +19 (+45.2 %)", true],
      ["Return rate A/East 2024-01 5.2 % → 5.9 %, +0.7 pp", false],
    ]);
    expect(changes[0].threshold).toBe("change_relative > 0.2");
    expect(changes[1].change_pp).toBeCloseTo(0.7, 6);
  });

  it("does not apply change_pp to a metric that is not a percent, and lists new and gone numbers", () => {
    const previous = [
      number("complaints", { category: "Delivery", quarter: "2023-Q3" }, 40),
      number("complaints", { category: "Product", quarter: "2023-Q3" }, 27),
    ];
    const current = [
      number("complaints", { category: "Delivery", quarter: "2023-Q3" }, 44),
      number("complaints", { category: "Service", quarter: "2023-Q3" }, 5),
    ];
    const changes = compareRuns(previous, current, [{ metric: "*", change_pp: 1 }], {
      labels,
      dimensionOrder: order,
    });
    expect(changes.map((change) => [change.kind, change.highlighted, change.text])).toEqual([
      ["changed", false, "Complaints Delivery 2023-Q3 40 → 44, +4 (+10 %)"],
      ["new", false, "Complaints Service 2023-Q3 5 (new)"],
      ["gone", false, "Complaints Product 2023-Q3 27 (not reported this time)"],
    ]);
  });

  it("prefers the same keys over a period-shifted match and handles a previous value of zero", () => {
    const previous = [
      number("complaints", { category: "Service", quarter: "2023-Q3" }, 0),
      number("complaints", { category: "Service", quarter: "2023-Q4" }, 61),
    ];
    const current = [
      number("complaints", { category: "Service", quarter: "2023-Q4" }, 61),
      number("complaints", { category: "Service", quarter: "2024-Q1" }, 3),
    ];
    const changes = compareRuns(previous, current, [{ metric: "complaints", change_relative: 0.5 }], {
      labels,
      dimensionOrder: order,
    });
    const shifted = changes.find((change) => change.key.includes("2024-Q1"));
    // 2023-Q4 is taken by the exact match, so 2024-Q1 is compared with 2023-Q3 (0 → 3: an infinite relative change).
    expect(shifted).toMatchObject({
      matched_on: "previous period",
      previous_period: "2023-Q3",
      highlighted: true,
      text: "Complaints Service 2024-Q1 (vs 2023-Q3) 0 → 3, +3",
    });
    expect(changes.find((change) => change.key.includes("2023-Q4"))?.kind).toBe("unchanged");
  });

  it("formats values with a real minus sign", () => {
    expect(formatValue(-1.25, "percent")).toBe("−1.25 %");
    expect(formatValue(61)).toBe("61");
  });
});
