import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Catalog } from "../models/workspace.js";
import { Labels } from "../reflector/synthesizer/labels.js";
import { ConfigError } from "./config-error.js";
import { loadWorkspace } from "./load-workspace.js";

// Issue 14 item 6: config that promises only what it holds.
const folders: string[] = [];
function load(yaml: string) {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-offers-"));
  folders.push(folder);
  writeFileSync(path.join(folder, "triangulate.yaml"), yaml);
  return () => loadWorkspace(folder, { environment: {} });
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function workspace(metrics: string, offers: string) {
  return `
catalog:
  metrics:
${metrics}
sources:
  exports:
    kind: file
    datasets:
      survey:
        path: data/s.csv
        columns: { Score: score, Comment: comment }
        offers: { metrics: [${offers}] }
`;
}

function issuesOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((issue) => `${issue.line}: ${issue.message}`);
    throw error;
  }
  return [];
}

describe("config check of offers, units and labels", () => {
  it("rejects an offered metric the dataset maps no column to, with its line", () => {
    const issues = issuesOf(load(workspace("    nps: { unit: score }", "nps")));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(
      /^12: offers metric `nps` but maps no column to it \(columns: score, comment\)/,
    );
  });

  it("accepts a mapped metric and a count of records", () => {
    expect(issuesOf(load(workspace("    score: { unit: score }", "score")))).toEqual([]);
    expect(issuesOf(load(workspace("    surveys: { unit: count }", "surveys")))).toEqual([]);
  });

  it("counts an unpivot's own columns as mapped: the melt makes them, no header maps them", () => {
    const wide = (unpivot: string) => `
catalog:
  metrics:
    revpar: { unit: CNY }
  dimensions:
    hotel: { values: { Shanghai: [上海店] } }
sources:
  finance:
    kind: file
    datasets:
      quarterly:
        path: data/wide.csv
        header_rows: 2
        columns: { Hotel: hotel }
${unpivot}
        offers: { metrics: [revpar], dimensions: [hotel] }
`;
    const melted = wide(
      '        unpivot: { matching: "年", period: { grain: quarter }, into: quarter, value: revpar }',
    );
    expect(issuesOf(load(melted))).toEqual([]);
    // Without the unpivot nothing makes a revpar column, and the check still says so.
    const issues = issuesOf(load(wide("")));
    expect(issues[0]).toMatch(/offers metric `revpar` but maps no column to it \(columns: hotel\)/);
  });

  it("rejects a unit it does not know and suggests the nearest", () => {
    const issues = issuesOf(load(workspace("    score: { unit: percnt }", "score")));
    expect(issues[0]).toMatch(/unit `percnt` of metric score is not a unit triangulate knows/);
    expect(
      issuesOf(load(workspace("    revenue: { unit: kCNY }\n    score: { unit: score }", "score"))),
    ).toEqual([]);
  });

  it("rejects a dataset unit keyed by the header columns renames, or in no known unit, with its line", () => {
    const withUnits = (units: string) =>
      workspace("    score: { unit: percent }", "score").replace(
        "        offers:",
        `        units: ${units}\n        offers:`,
      );
    expect(issuesOf(load(withUnits("{ score: percent }")))).toEqual([]);
    const header = issuesOf(load(withUnits("{ Score: percent }")));
    expect(header).toHaveLength(1);
    expect(header[0]).toMatch(
      /^12: units names `Score`, the file's header, which columns maps to `score`: units use the mapped name/,
    );
    const unknown = issuesOf(load(withUnits("{ score: percnt }")));
    expect(unknown[0]).toMatch(/^12: unit `percnt` of column score is not a unit triangulate knows/);
  });

  it("accepts labels per language, and an English answer never prints a Chinese label", () => {
    const catalog = Catalog.parse({
      metrics: {
        return_rate: { label: { en: "Return rate", "zh-Hans": "退货率", "zh-Hant": "退貨率" } },
        nps: { label: "净推荐值" },
      },
    });
    expect(new Labels(catalog, "en").metric("return_rate")).toBe("Return rate");
    expect(new Labels(catalog, "zh-Hans").metric("return_rate")).toBe("退货率");
    expect(new Labels(catalog, "zh-Hant").metric("return_rate")).toBe("退貨率");
    expect(new Labels(catalog, "en").metric("nps")).toBe("nps");
    expect(catalog.metrics.return_rate.label).toBe("Return rate");
  });
});
