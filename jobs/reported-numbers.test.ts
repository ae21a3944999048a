import { describe, expect, it } from "vitest";
import { Answer } from "../models/answer.js";
import type { TableEvidence } from "../models/evidence.js";
import { metricCells, metricPoints } from "../reflector/metric-points.js";
import { demoWorkspace, goal, result, table } from "../test/support/reflector/fixtures.js";
import { extractReportedNumbers } from "./reported-numbers.js";

// One table, two readers: the answer's metric points and the report's numbers. Both read the metric
// values with metricCells, so they agree on values and units; they differ on purpose in the keys.
const workspace = demoWorkspace();
const returns = goal({
  id: "g1",
  source: "sales_bi",
  dataset: "returns",
  params: { metric: "return_rate", filters: { region: "East" } },
});
const evidence = table(
  [
    { product: "A", month: "2024-01", return_rate: 5.2, complaints: 12 },
    { product: "B", month: "2024-01", return_rate: Number.NaN, complaints: 7 },
    { product: "C", month: "2024-01", return_rate: 3.1, complaints: Number.POSITIVE_INFINITY },
  ],
  "sales_bi",
  { units: { return_rate: "percent" } },
) as TableEvidence;
const answer = Answer.parse({ question: "q", status: "answered", language: "en", text: "" });

describe("metric values read once for the answer and for reports", () => {
  it("metricCells reads finite numbers of the named numeric columns, with the column's unit, else the fallback", () => {
    const cells = metricCells(evidence, (name) => name === "return_rate" || name === "complaints", {
      fallbackUnit: (metric) => workspace.config.catalog.metrics[metric]?.unit,
    });
    expect(cells.map((cell) => `${cell.metric}@${cell.row}=${cell.value} ${cell.unit}`)).toEqual([
      "return_rate@0=5.2 percent",
      "complaints@0=12 count",
      "complaints@1=7 count",
      "return_rate@2=3.1 percent",
    ]);
  });

  it("the answer's points and the report's numbers hold the same values for the goal's metric", () => {
    const points = metricPoints([{ goal: returns, evidence }], { additive: () => false });
    const reported = extractReportedNumbers(
      { answer, plan: undefined, results: [result("g1", "sales_bi", { evidence })] },
      workspace,
    );
    // A non-finite cell is no value for either reader (the answer used to take NaN as a point).
    expect(points.map((point) => [point.keys.product, point.value, point.unit])).toEqual([
      ["A", 5.2, "percent"],
      ["C", 3.1, "percent"],
    ]);
    expect(
      reported
        .filter((number) => number.metric === "return_rate")
        .map((number) => [number.keys.product, number.value, number.unit]),
    ).toEqual([
      ["A", 5.2, "percent"],
      ["C", 3.1, "percent"],
    ]);
    // The report also keeps the table's other catalog metrics, with the catalog's unit, and its keys
    // are the catalog dimensions and period columns (the answer's point carries the period apart).
    expect(reported.filter((number) => number.metric === "complaints").map((number) => number.value)).toEqual(
      [12, 7],
    );
    expect(reported[0].keys).toEqual({ product: "A", month: "2024-01" });
    expect(points[0]).toMatchObject({ keys: { product: "A" }, periodName: "month", period: "2024-01" });
  });
});
