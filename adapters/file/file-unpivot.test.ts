import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { Evidence, TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import { TemporaryFolders } from "../../test/support/temporary-workspace.js";
import type { StepContext } from "../adapter.js";
import { createFileAdapter } from "./file-adapter.js";

// Wide exports melted into long tables: two real financial tables from TAT-QA (copied into
// test/corpora/wide-tables/, CC BY 4.0) and small exports shaped like the ones BI tools write.

const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

const context: StepContext = {
  signal: new AbortController().signal,
  timeoutMs: 1000,
  asOf: "2024-03-01",
  attempt: 1,
  requestId: "r",
  trace: () => {},
};

function table(evidence: Evidence): TableEvidence {
  if (evidence.kind !== "table") throw new Error("expected a table");
  return evidence;
}

function goal(params: Partial<SubGoal["params"]> = {}): SubGoal {
  return {
    id: "g1",
    description: "d",
    source: "files",
    dataset: "d",
    params: { filters: {}, ...params },
    expected_format: "table",
    validation: "",
    required: true,
  };
}

const catalog = `catalog:
  metrics:
    revenue: { unit: count }
  dimensions:
    region:
      values:
        South: [华南, South China]
        East: [华东, East China]
`;

function adapterFor(files: Record<string, string>, dataset: string, workspaceKeys = "") {
  const folder = folders.make();
  mkdirSync(path.join(folder, "data"));
  for (const [name, content] of Object.entries(files)) {
    if (content.startsWith("corpus:")) copyFileSync(content.slice(7), path.join(folder, "data", name));
    else writeFileSync(path.join(folder, "data", name), content);
  }
  writeFileSync(
    path.join(folder, "triangulate.yaml"),
    `${workspaceKeys}${catalog}sources:\n  files:\n    kind: file\n    datasets:\n      d:\n${dataset
      .trim()
      .split("\n")
      .map((line) => `        ${line}`)
      .join("\n")}\n`,
  );
  const workspace = loadWorkspace(folder, { environment: {} });
  return createFileAdapter("files", workspace.config.sources.files, workspace);
}

async function read(adapter: ReturnType<typeof adapterFor>, wanted = goal()): Promise<TableEvidence> {
  return table(adapter.normalize(await adapter.fetch(wanted, context), wanted));
}

describe("unpivot of file exports", () => {
  it("melts a real quarterly table (TAT-QA, BCE) and leaves the change columns out", async () => {
    const adapter = adapterFor(
      { "bce.csv": "corpus:test/corpora/wide-tables/tat-qa-bce-operating-revenues.csv" },
      `path: data/bce.csv
columns: { OPERATING REVENUES: segment }
unpivot: { columns: [Q4 2019, Q4 2018], drop: [$ CHANGE, "% CHANGE"], period: { grain: quarter }, value: revenue }`,
    );
    const evidence = await read(adapter);
    expect(evidence.columns.map((column) => column.name)).toEqual(["segment", "period", "revenue"]);
    expect(evidence.rows.slice(0, 2)).toEqual([
      { segment: "Bell Wireless", period: "2019-Q4", revenue: 2493 },
      { segment: "Bell Wireless", period: "2018-Q4", revenue: 2407 },
    ]);
    expect(evidence.rows).toHaveLength(10);
    expect(
      evidence.rows.find((row) => row.segment === "Inter-segment eliminations" && row.period === "2019-Q4")
        ?.revenue,
    ).toBe(-194);
    // The sub-goal's period picks the quarter; provenance names the line and the wide column.
    const q4 = await read(
      adapter,
      goal({ period: { grain: "quarter", from: "2019-10-01", to: "2019-12-31" } }),
    );
    expect(q4.rows.map((row) => row.revenue)).toEqual([2493, 3138, 879, -194, 6316]);
    expect(q4.provenance[0]).toMatchObject({ line: 2, column: "Q4 2019" });
  });

  it("reads a two-row header whose caption spans the period columns (TAT-QA, Vodafone)", async () => {
    const adapter = adapterFor(
      { "pension.csv": "corpus:test/corpora/wide-tables/tat-qa-vodafone-pension-expense.csv" },
      `path: data/pension.csv
header_rows: 2
columns: { Income statement expense: scheme }
unpivot: { all_but: [Income statement expense], period: { grain: year }, value: revenue }`,
    );
    const evidence = await read(
      adapter,
      goal({ period: { grain: "year", from: "2018-01-01", to: "2018-12-31" } }),
    );
    expect(evidence.rows).toEqual([
      { scheme: "Defined contribution schemes", period: "2018", revenue: 178 },
      { scheme: "Defined benefit schemes", period: "2018", revenue: 44 },
      { scheme: "Total amount charged to income statement (note 23)", period: "2018", revenue: 222 },
    ]);
  });

  it("joins a year group over quarter columns and filters through the catalog's synonyms", async () => {
    const adapter = adapterFor(
      {
        "wide.csv": "Region,2023年,,2024年\n,Q3,Q4,Q1\n华南,120,130,150\n华东,200,,210\n",
      },
      `path: data/wide.csv
header_rows: 2
columns: { Region: region }
unpivot: { matching: "年", period: { grain: quarter }, value: revenue }`,
    );
    const all = await read(adapter);
    expect(all.rows).toEqual([
      { region: "华南", period: "2023-Q3", revenue: 120 },
      { region: "华南", period: "2023-Q4", revenue: 130 },
      { region: "华南", period: "2024-Q1", revenue: 150 },
      { region: "华东", period: "2023-Q3", revenue: 200 },
      { region: "华东", period: "2024-Q1", revenue: 210 },
    ]);
    expect(all.notes.join(" ")).toMatch(/1 empty cells gave no row/);
    const south = await read(
      adapter,
      goal({
        filters: { region: "South" },
        period: { grain: "quarter", from: "2024-01-01", to: "2024-03-31" },
      }),
    );
    expect(south.rows).toEqual([{ region: "华南", period: "2024-Q1", revenue: 150 }]);
  });

  it("melts category columns into a dimension and fiscal quarters by the declared fiscal start", async () => {
    const byRegion = adapterFor(
      { "m.csv": "Month,East,South\n2024-01,10,20\n2024-02,11,21\n" },
      `path: data/m.csv
columns: { Month: month }
period_column: month
unpivot: { all_but: [Month], dimension: region, value: revenue }`,
    );
    const east = await read(byRegion, goal({ filters: { region: "East China" } }));
    expect(east.rows).toEqual([
      { month: "2024-01", region: "East", revenue: 10 },
      { month: "2024-02", region: "East", revenue: 11 },
    ]);
    const fiscal = adapterFor(
      { "f.csv": "Region,FY24 Q1,FY24 Q2\nEast,5,6\n" },
      `path: data/f.csv
unpivot: { all_but: [Region], period: { grain: quarter, fiscal_year_start: 7 }, value: revenue }`,
    );
    expect((await read(fiscal)).rows.map((row) => row.period)).toEqual(["2023-Q3", "2023-Q4"]);
  });

  it("takes the workspace's fiscal_year for what unpivot.period leaves out; the dataset's own value wins", async () => {
    const file = { "f.csv": "Region,FY24 Q1,FY24 Q2\nEast,5,6\n" };
    const wide = `path: data/f.csv
unpivot: { all_but: [Region], period: { grain: quarter }, value: revenue }`;
    const periods = async (adapter: ReturnType<typeof adapterFor>) =>
      (await read(adapter)).rows.map((row) => row.period);
    expect(await periods(adapterFor(file, wide, "fiscal_year: { start: 7 }\n"))).toEqual([
      "2023-Q3",
      "2023-Q4",
    ]);
    // FY24 named by the year it starts in: April 2024.
    expect(await periods(adapterFor(file, wide, "fiscal_year: { start: 4, named_by: start }\n"))).toEqual([
      "2024-Q2",
      "2024-Q3",
    ]);
    const own = `path: data/f.csv
unpivot: { all_but: [Region], period: { grain: quarter, fiscal_year_start: 4 }, value: revenue }`;
    expect(await periods(adapterFor(file, own, "fiscal_year: { start: 7 }\n"))).toEqual([
      "2023-Q2",
      "2023-Q3",
    ]);
  });

  it("refuses a header that is not a period, and names a mistyped column with did you mean", async () => {
    const notPeriod = adapterFor(
      { "x.csv": "Region,Q1 2024,Total\nEast,1,1\n" },
      `path: data/x.csv
unpivot: { all_but: [Region], period: { grain: quarter }, value: revenue }`,
    );
    await expect(read(notPeriod)).rejects.toMatchObject({
      kind: "format_error",
      message: expect.stringMatching(/header "Total" is not a period label/),
    });
    const fiscalUndeclared = adapterFor(
      { "x.csv": "Region,FY24 Q1\nEast,1\n" },
      `path: data/x.csv
unpivot: { all_but: [Region], period: {}, value: revenue }`,
    );
    await expect(read(fiscalUndeclared)).rejects.toThrow(/fiscal_year_start/);
    const typo = adapterFor(
      { "s.csv": "Name,Salary\nAda,10\n" },
      `path: data/s.csv
columns: { Salery: salary }`,
    );
    await expect(read(typo)).rejects.toThrow(
      /"Salery", which is not a column of data\/s\.csv \(did you mean "Salary"\?\)/,
    );
    const unitTypo = adapterFor(
      { "s.csv": "Name,Salary\nAda,10\n" },
      `path: data/s.csv
columns: { Salary: salary }
units: { salery: CNY }`,
    );
    await expect(read(unitTypo)).rejects.toThrow(
      /units names "salery", which is not a column of data\/s\.csv \(did you mean "salary"\?\)/,
    );
    const missingWide = adapterFor(
      { "w.csv": "Region,Q1 2024\nEast,1\n" },
      `path: data/w.csv
unpivot: { columns: [Q1 2042], period: {}, value: revenue }`,
    );
    await expect(read(missingWide)).rejects.toThrow(/"Q1 2042" \(did you mean "Q1 2024"\?\) not found/);
  });
});
