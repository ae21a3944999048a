import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadWorkspace } from "../../../config/load-workspace.js";
import type { Workspace } from "../../../config/workspace.js";

/** The returns CSV of the test workspace: months × products × regions, with A/East 2024-01 set by the caller. */
export function returnsCsv(aEastJanuary: number): string {
  const rows = ["Product,Region,Month,Return rate"];
  const base: Record<string, number> = { "A/East": 3.4, "B/North": 3.0 };
  for (const month of ["2023-11", "2023-12", "2024-01", "2024-02"]) {
    for (const key of ["A/East", "B/North"]) {
      const [product, region] = key.split("/");
      const value =
        key === "A/East" && month === "2024-01"
          ? aEastJanuary
          : base[key] + (month === "2024-02" ? 0.4 : month === "2024-01" ? 0.1 : 0);
      rows.push(`${product},${region},${month},${value.toFixed(1)}%`);
    }
  }
  return `${rows.join("\n")}\n`;
}

const WORKSPACE_YAML = `name: job-test
catalog:
  metrics:
    return_rate: { label: Return rate, unit: percent, synonyms: [returns] }
  dimensions:
    product: { values: { A: [product A], B: [product B] } }
    region: { values: { East: [East China], North: [North China] } }
  filter_importance: [product, region]
sources:
  exports:
    kind: file
    trust: 0.7
    datasets:
      returns:
        path: data/returns.csv
        columns: { Product: product, Region: region, Month: month, Return rate: return_rate }
        period_column: month
        offers: { metrics: [return_rate], dimensions: [product, region], grain: month }
`;

const goal = (
  id: string,
  description: string,
  filters: Record<string, string>,
  from: string,
  to: string,
) => ({
  id,
  description,
  source: "exports",
  dataset: "returns",
  params: { metric: "return_rate", filters, period: { grain: "month", from, to } },
  expected_format: "table",
  validation: "rows >= 1",
});

/** Saved plans of the test workspace: January comparison, and a trend of A/East over four months. */
export const TEST_PLANS = {
  "plans/compare.json": {
    question: "Return rate of A in East China vs B in North China, January 2024",
    as_of: "2024-02-29",
    sub_goals: [
      goal(
        "g1",
        "A in East China, January 2024",
        { product: "A", region: "East" },
        "2024-01-01",
        "2024-01-31",
      ),
      goal(
        "g2",
        "B in North China, January 2024",
        { product: "B", region: "North" },
        "2024-01-01",
        "2024-01-31",
      ),
    ],
  },
  "plans/trend.json": {
    question: "Return rate trend of A and B, Nov 2023 to Feb 2024",
    as_of: "2024-02-29",
    sub_goals: [
      goal("g1", "A in East China by month", { product: "A", region: "East" }, "2023-11-01", "2024-02-29"),
      goal("g2", "B in North China by month", { product: "B", region: "North" }, "2023-11-01", "2024-02-29"),
    ],
  },
  // No source can satisfy this rule (one row exists, a hundred are required): it stays unresolved.
  "plans/missing.json": {
    question: "Return rate of A in East China, January 2024, with at least 100 rows",
    as_of: "2024-02-29",
    sub_goals: [
      {
        ...goal(
          "g1",
          "A in East China, January 2024",
          { product: "A", region: "East" },
          "2024-01-01",
          "2024-01-31",
        ),
        validation: "rows >= 100",
      },
    ],
  },
};

/** A job file for the test workspace. */
export function jobYaml(extra = ""): string {
  return `name: returns-test
description: Test job over a CSV export
schedule: "0 7 * * 1"
timezone: Asia/Shanghai
as_of: last complete month
questions:
  - id: compare
    title: A/East vs B/North, January
    plan: plans/compare.json
  - id: trend
    plan: plans/trend.json
outputs:
  directory: reports
  formats: [markdown, html, json]
thresholds:
  - { metric: return_rate, change_pp: 1 }
${extra}`;
}

/** A temporary workspace with one file source; `cleanup()` removes it. */
export function createTemporaryWorkspace(options: { aEastJanuary?: number; job?: string } = {}): {
  root: string;
  workspace: () => Workspace;
  cleanup: () => void;
  writeCsv: (value: number) => void;
} {
  const root = mkdtempSync(path.join(tmpdir(), "triangulate-jobs-"));
  mkdirSync(path.join(root, "data"));
  mkdirSync(path.join(root, "plans"));
  mkdirSync(path.join(root, "jobs"));
  writeFileSync(path.join(root, "triangulate.yaml"), WORKSPACE_YAML);
  const writeCsv = (value: number) => writeFileSync(path.join(root, "data/returns.csv"), returnsCsv(value));
  writeCsv(options.aEastJanuary ?? 5.2);
  for (const [file, plan] of Object.entries(TEST_PLANS))
    writeFileSync(path.join(root, file), JSON.stringify(plan, null, 2));
  writeFileSync(path.join(root, "jobs/returns-test.yaml"), options.job ?? jobYaml());
  return {
    root,
    workspace: () => loadWorkspace(root, { environment: {} }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
    writeCsv,
  };
}
