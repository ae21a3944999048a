import { describe, expect, it } from "vitest";
import { WorkspaceConfig } from "../models/workspace.js";
import { demoWorkspace, goal, table } from "../test/support/reflector/fixtures.js";
import { compareSources, toAnswerConflict } from "./conflicts.js";
import { metricPoints } from "./metric-points.js";

const units = { units: { return_rate: "percent" } };
const sales = goal({ id: "g1", source: "sales_bi", dataset: "returns", params: { metric: "return_rate" } });
const support = goal({
  id: "g2",
  source: "support_bi",
  dataset: "returns",
  params: { metric: "return_rate" },
});
const tables = (salesValue: number, supportValue: number) =>
  metricPoints(
    [
      {
        goal: sales,
        evidence: table(
          [{ product: "A", region: "East", month: "2024-01", return_rate: salesValue }],
          "sales_bi",
          units,
        ) as never,
      },
      {
        goal: support,
        evidence: table(
          [{ product: "A", region: "East", month: "2024-01", return_rate: supportValue }],
          "support_bi",
          units,
        ) as never,
      },
    ],
    { additive: () => false },
  );

function configWith(policy: "weighted_mean" | "highest_trust" | "flag") {
  const base = demoWorkspace().config;
  return WorkspaceConfig.parse({
    ...base,
    reflector: { ...base.reflector, conflict: { tolerance: 0.05, policy } },
  });
}

describe("compareSources", () => {
  it("fuses 5.2 and 5.9 by trust weight to 5.49 (FACTS.md)", () => {
    const [comparison] = compareSources(tables(5.2, 5.9), configWith("weighted_mean"));
    expect(comparison.outcome).toBe("conflict");
    expect(comparison.resolved).toBeCloseTo(5.49, 2);
    expect(comparison.line).toBe(
      "conflict:return_rate{product=A,region=East,month=2024-01}:sales_bi=5.2%,support_bi=5.9%→5.49%",
    );
    expect(toAnswerConflict(comparison).values).toEqual([
      { source: "sales_bi", value: 5.2, weight: 0.85 },
      { source: "support_bi", value: 5.9, weight: 0.6 },
    ]);
  });
  it("takes the most trusted value under highest_trust", () => {
    const [comparison] = compareSources(tables(5.2, 5.9), configWith("highest_trust"));
    expect(comparison.resolved).toBe(5.2);
  });
  it("resolves nothing under flag", () => {
    const [comparison] = compareSources(tables(5.2, 5.9), configWith("flag"));
    expect(comparison.resolved).toBeNull();
    expect(comparison.line).toContain("→flagged");
  });
  it("agrees within the tolerance and uses the higher-trust value", () => {
    const [comparison] = compareSources(tables(3.0, 3.1), configWith("weighted_mean"));
    expect(comparison.outcome).toBe("agreed");
    expect(comparison.resolved).toBe(3.0);
    expect(comparison.line.startsWith("agree:")).toBe(true);
  });
  it("compares only rows with the same keys", () => {
    const other = metricPoints(
      [
        {
          goal: sales,
          evidence: table(
            [{ product: "A", region: "East", month: "2024-01", return_rate: 5.2 }],
            "sales_bi",
            units,
          ) as never,
        },
        {
          goal: support,
          evidence: table(
            [{ product: "B", region: "North", month: "2024-01", return_rate: 3.1 }],
            "support_bi",
            units,
          ) as never,
        },
      ],
      { additive: () => false },
    );
    expect(compareSources(other, configWith("weighted_mean"))).toEqual([]);
  });
});

describe("metricPoints", () => {
  it("sums an additive metric to the goal's grain and filters", () => {
    const complaints = goal({
      id: "g1",
      source: "sales_bi",
      params: {
        metric: "complaints",
        filters: { category: "Service" },
        period: { grain: "quarter", from: "2023-07-01", to: "2023-12-31" },
      },
    });
    const evidence = table(
      [
        { category: "Service", sub_type: "Slow response", month: "2023-07", complaints: 10 },
        { category: "Service", sub_type: "Rude staff", month: "2023-08", complaints: 32 },
        { category: "Service", sub_type: "Slow response", month: "2023-10", complaints: 61 },
      ],
      "sales_bi",
    );
    const points = metricPoints([{ goal: complaints, evidence: evidence as never }], {
      additive: () => true,
    });
    expect(points.map((point) => [point.period, point.value, point.derivation])).toEqual([
      ["2023-Q3", 42, "sum"],
      ["2023-Q4", 61, "sum"],
    ]);
  });
  it("counts records when the source has no metric column", () => {
    const campaigns = goal({
      id: "g2",
      source: "handbook",
      params: {
        metric: "online_campaigns",
        period: { grain: "quarter", from: "2023-01-01", to: "2023-12-31" },
      },
    });
    const evidence = {
      ...table(
        [
          { campaign: "Spring", channel: "online", start: "2023-02-01" },
          { campaign: "Fair", channel: "offline", start: "2023-02-10" },
          { campaign: "Summer", channel: "online", start: "2023-07-01" },
        ],
        "handbook",
      ),
    };
    (evidence as { columns: { name: string; type: string }[] }).columns[2].type = "date";
    const points = metricPoints([{ goal: campaigns, evidence: evidence as never }], { additive: () => true });
    expect(points.map((point) => [point.period, point.value])).toEqual([
      ["2023-Q1", 1],
      ["2023-Q3", 1],
    ]);
  });
});

describe("a value read by OCR in a conflict", () => {
  it("weighs trust × 0.8 × its OCR confidence, less than the same source's DOM value", () => {
    const points = tables(5.2, 5.9);
    // The sales value was read from a canvas by OCR with confidence 0.9 (provenance.ocr).
    const ocrTables = metricPoints(
      [
        {
          goal: sales,
          evidence: {
            ...(table(
              [{ product: "A", region: "East", month: "2024-01", return_rate: 5.2 }],
              "sales_bi",
              units,
            ) as object),
            provenance: [
              {
                source: "sales_bi",
                ocr: { engine: "PaddleOCR", confidence: { return_rate: 0.9 }, threshold: 0.9 },
              },
            ],
          } as never,
        },
        {
          goal: support,
          evidence: table(
            [{ product: "A", region: "East", month: "2024-01", return_rate: 5.9 }],
            "support_bi",
            units,
          ) as never,
        },
      ],
      { additive: () => false },
    );
    expect(ocrTables[0].ocrConfidence).toBe(0.9);
    const [dom] = compareSources(points, configWith("weighted_mean"));
    const [ocr] = compareSources(ocrTables, configWith("weighted_mean"));
    const salesWeight = ocr.values.find((entry) => entry.source === "sales_bi")?.weight;
    expect(salesWeight).toBeCloseTo(0.85 * 0.8 * 0.9, 6);
    // Less weight on the OCR'd 5.2: the fused value moves towards support's 5.9.
    expect(ocr.resolved as number).toBeGreaterThan(dom.resolved as number);
    expect(ocr.resolved).toBeCloseTo((0.612 * 5.2 + 0.6 * 5.9) / 1.212, 6);
  });
});
