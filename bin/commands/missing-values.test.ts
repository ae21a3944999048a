import { describe, expect, it } from "vitest";
import type { TableEvidence } from "../../models/evidence.js";
import { missingValues } from "./missing-values.js";
import { formatReport, type SourceTestReport } from "./sources-command.js";

// An OCR'd table that lost its header row maps the market column but reads no market: sources test
// used to print "every field matched on every record" for it.

const evidence: TableEvidence = {
  kind: "table",
  columns: [
    { name: "market", type: "string", label: "Market" },
    { name: "units", type: "number", label: "Units" },
  ],
  rows: [
    { market: null, units: 142 },
    { market: "South", units: 88 },
    { market: " ", units: 2205 },
  ],
  provenance: [
    { source: "tables", locator: "canvas → row 1" },
    { source: "tables", locator: "canvas → row 2" },
    { source: "tables", locator: "canvas → row 3" },
  ],
  notes: [],
};

describe("sources test says every field matched only when every column holds a value on every record", () => {
  it("reports a mapped column empty on some records, with how many and where", () => {
    expect(missingValues(evidence)).toEqual([
      {
        field: "market",
        path: "Market",
        records: 2,
        total: 3,
        examples: ["canvas → row 1", "canvas → row 3"],
      },
    ]);
    const report: SourceTestReport = {
      source: "tables",
      dataset: "units",
      mode: "live",
      columns: ["market", "units"],
      rows: evidence.rows,
      unmatched: missingValues(evidence),
      notes: [],
      warnings: [],
      elapsedMs: 1,
    };
    const text = formatReport(report, 20);
    expect(text).not.toContain("every field matched");
    expect(text).toMatch(/market\s+Market\s+2 of 3/);
  });

  it("counts an empty span end as a value (the span still runs), and any other empty cell as missing", () => {
    const spans = {
      ...evidence,
      rows: [
        { market: "North", units: null },
        { market: "", units: 1 },
      ],
    };
    expect(missingValues(spans, new Set(["units"])).map((entry) => entry.field)).toEqual(["market"]);
    expect(missingValues(spans).map((entry) => entry.field)).toEqual(["market", "units"]);
  });

  it("reports nothing for a full table", () => {
    expect(missingValues({ ...evidence, rows: [{ market: "North", units: 0 }] })).toEqual([]);
  });
});
