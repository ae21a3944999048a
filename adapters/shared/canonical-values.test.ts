import { describe, expect, it } from "vitest";
import type { TableEvidence } from "../../models/evidence.js";
import { Catalog } from "../../models/workspace.js";
import { canonicalTable, canonicalValue } from "./canonical-values.js";

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
