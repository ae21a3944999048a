import { describe, expect, it } from "vitest";
import { BiDataset } from "../../models/sources/bi-dashboard-source.js";
import { StepError } from "../../models/step-error.js";
import { Catalog } from "../../models/workspace.js";
import { biGoal } from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { type ExtractedBody, mapColumns, toTableEvidence } from "./table-normalizer.js";

const catalog = Catalog.parse({
  metrics: { return_rate: { unit: "percent" } },
  dimensions: { region: { values: { East: ["华东", "East China"] } } },
});

const body = (headers: string[], rows: string[][]): ExtractedBody => ({
  url: "http://127.0.0.1/d",
  locator: "heading → table",
  headers,
  rows: rows.map((cells, index) => ({ index: index + 1, cells })),
  pages: 1,
  scrollSteps: 0,
});

describe("header mapping", () => {
  it("matches case- and space-insensitively and by the last part of a group header", () => {
    const positions = mapColumns(
      ["Region", "Sales / Return rate ▲", "Month"],
      { region: "region", "Return rate": "return_rate", " MONTH ": "month" },
      "t",
    );
    expect([...positions]).toEqual([
      ["region", 0],
      ["return_rate", 1],
      ["month", 2],
    ]);
  });

  it("fails with format_error listing the headers actually found", () => {
    try {
      mapColumns(
        ["Region", "Rate"],
        { Region: "region", "Return rate": "return_rate" },
        "sales_bi: heading → table",
      );
      expect.unreachable();
    } catch (error) {
      expect(StepError.isStepError(error) && error.kind).toBe("format_error");
      expect((error as Error).message).toBe(
        'sales_bi: heading → table: column "Return rate" (did you mean "Rate"?) not found; the table\'s headers are: "Region", "Rate"',
      );
    }
  });
});

describe("rows to evidence", () => {
  const dataset = BiDataset.parse({
    url: "/d",
    locate: { heading: "x" },
    columns: { Region: "region", Month: "month", "Return rate": "return_rate" },
    period_column: "month",
  });

  it("parses values (percent, dates in several forms), filters by synonyms and period", () => {
    const extracted = body(
      ["Region", "Month", "Return rate"],
      [
        ["华东", "2024年1月", "5.2%"],
        ["East", "Feb 2024", "(1.5%)"],
        ["North", "2024-01", "3.1%"],
        ["East", "Dec 2023", "3.4%"],
      ],
    );
    const goal = biGoal("s", "d", {
      filters: { region: "East" },
      period: { grain: "month", from: "2024-01-01", to: "2024-02-29" },
    });
    const evidence = toTableEvidence(extracted, dataset, goal, "s", catalog);
    expect(evidence.rows).toEqual([
      { region: "华东", month: "2024-01", return_rate: 5.2 },
      { region: "East", month: "2024-02", return_rate: -1.5 },
    ]);
    expect(evidence.columns.map((column) => [column.name, column.type])).toEqual([
      ["region", "string"],
      ["month", "date"],
      ["return_rate", "percent"],
    ]);
    expect(evidence.provenance.map((item) => item.locator)).toEqual([
      "heading → table → row 1",
      "heading → table → row 2",
    ]);
  });

  it("rolls rows up by the aggregate keys and keeps provenance of every summed row", () => {
    const rolled = BiDataset.parse({
      url: "/d",
      locate: { aria_label: "x" },
      columns: { Category: "category", Quarter: "quarter", Complaints: "complaints" },
      aggregate: { by: ["category", "quarter"], sum: ["complaints"] },
    });
    const extracted = body(
      ["Category", "Quarter", "Complaints"],
      [
        ["Service", "Q1 2023", "1,200"],
        ["Service", "Q1 2023", "5"],
        ["Delivery", "Q1 2023", "7"],
        ["Service", "Q2 2023", "2"],
      ],
    );
    const evidence = toTableEvidence(extracted, rolled, biGoal("s", "d"), "s", catalog);
    expect(evidence.rows).toEqual([
      { category: "Service", quarter: "2023-Q1", complaints: 1205 },
      { category: "Delivery", quarter: "2023-Q1", complaints: 7 },
      { category: "Service", quarter: "2023-Q2", complaints: 2 },
    ]);
    expect(evidence.provenance[0].locator).toBe("heading → table → rows 1–2");
  });
});
