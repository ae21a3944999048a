import { describe, expect, it } from "vitest";
import { WorkspaceConfig } from "../models/workspace.js";
import { compareSources, toAnswerConflict } from "./conflicts.js";
import { demoWorkspace, goal, table } from "./testing/fixtures.js";

const units = { units: { return_rate: "percent" } };
const sales = goal({ id: "g1", source: "sales_bi", dataset: "returns", params: { metric: "return_rate" } });
const support = goal({ id: "g2", source: "support_bi", dataset: "returns", params: { metric: "return_rate" } });
const tables = (salesValue: number, supportValue: number) => [
  { goal: sales, evidence: table([{ product: "A", region: "East", month: "2024-01", return_rate: salesValue }], "sales_bi", units) },
  { goal: support, evidence: table([{ product: "A", region: "East", month: "2024-01", return_rate: supportValue }], "support_bi", units) },
] as never;

function configWith(policy: "weighted_mean" | "highest_trust" | "flag") {
  const base = demoWorkspace().config;
  return WorkspaceConfig.parse({ ...base, reflector: { ...base.reflector, conflict: { tolerance: 0.05, policy } } });
}

describe("compareSources", () => {
  it("fuses 5.2 and 5.9 by trust weight to 5.49 (FACTS.md)", () => {
    const [comparison] = compareSources(tables(5.2, 5.9), configWith("weighted_mean"));
    expect(comparison.outcome).toBe("conflict");
    expect(comparison.resolved).toBeCloseTo(5.49, 2);
    expect(comparison.line).toBe("conflict:return_rate{product=A,region=East,month=2024-01}:sales_bi=5.2%,support_bi=5.9%→5.49%");
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
    const other = [
      { goal: sales, evidence: table([{ product: "A", region: "East", month: "2024-01", return_rate: 5.2 }], "sales_bi", units) },
      { goal: support, evidence: table([{ product: "B", region: "North", month: "2024-01", return_rate: 3.1 }], "support_bi", units) },
    ] as never;
    expect(compareSources(other, configWith("weighted_mean"))).toEqual([]);
  });
});
