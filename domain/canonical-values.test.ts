import { describe, expect, it } from "vitest";
import type { TableEvidence } from "../models/evidence.js";
import { Catalog } from "../models/workspace.js";
import { canonicalTable, canonicalValue, valueMatchesFilter } from "./canonical-values.js";

const catalog = Catalog.parse({
  dimensions: { region: { values: { South: ["华南", "South China"], East: ["华东", "East China"] } } },
});

describe("canonical dimension values", () => {
  it.each([
    ["华南", "South"],
    ["華南", "South"],
    ["south china", "South"],
    [" SOUTH ", "South"],
    ["East", "East"],
  ])("maps %s to %s", (value, key) => {
    expect(canonicalValue(catalog, "region", value)).toBe(key);
  });

  it("maps the rows, keeps the original for citation and flags an unknown value without matching it", () => {
    const evidence: TableEvidence = {
      kind: "table",
      columns: [
        { name: "region", type: "string" },
        { name: "note", type: "string" },
      ],
      rows: [
        { region: "华南", note: "华南" },
        { region: "华中", note: "x" },
        { region: "East", note: "y" },
      ],
      provenance: [{ source: "t" }, { source: "t" }, { source: "t" }],
      notes: [],
    };
    const { evidence: mapped, report } = canonicalTable(evidence, catalog);
    expect(mapped.rows.map((row) => row.region)).toEqual(["South", "华中", "East"]);
    // Only columns named after a dimension are mapped.
    expect(mapped.rows[0].note).toBe("华南");
    expect(mapped.original_values?.[0]).toEqual({ region: "华南" });
    expect(report.unknown).toEqual([{ column: "region", value: "华中" }]);
    expect(mapped.notes.join("\n")).toMatch(/unknown region value "华中"/);
  });
});

describe("valueMatchesFilter, the one filter match of every tabular adapter", () => {
  // Before, the BI and PDF adapters matched with cellMatchesFilter (NFKC, case and spaces, no
  // Traditional → Simplified, a filter's synonym looked up by its exact key) and the file adapter
  // compared canonicalValue keys, lower-cased only when the catalog did not know a value. The
  // columns "bi/pdf" and "file" are what each said before; "now" is what all of them say.
  it.each([
    // cell, filter, bi/pdf, file, now
    ["華南", "South", false, true, true],
    ["South", "華南", false, true, true],
    ["华南", "south", false, true, true],
    ["華東", "East China", false, true, true],
    [" Pudong ", "pudong", true, false, true],
    ["ＰＵＤＯＮＧ", "pudong", true, false, true],
    ["東北", "东北", false, false, true],
    // Where both agreed, they still do.
    ["华南", "south china", true, true, true],
    ["South China", "华南", true, true, true],
    ["华南", "East", false, false, false],
    [null, "South", false, false, false],
  ])("cell %s, filter %s: bi/pdf said %s, file said %s, now %s", (cell, filter, _bi, _file, now) => {
    expect(valueMatchesFilter(catalog, "region", cell, filter)).toBe(now);
  });

  it("folds a dimension the catalog has no values for, and matches any of several wanted values", () => {
    expect(valueMatchesFilter(catalog, "channel", "Online  Store", "online store")).toBe(true);
    expect(valueMatchesFilter(undefined, "region", "華南", "华南")).toBe(true);
    expect(valueMatchesFilter(catalog, "region", "East China", ["South", "East"])).toBe(true);
    expect(valueMatchesFilter(catalog, "region", 7, "7")).toBe(true);
  });
});
