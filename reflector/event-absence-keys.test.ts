import { describe, expect, it } from "vitest";
import { canonicalTable } from "../domain/canonical-values.js";
import type { TableEvidence } from "../models/evidence.js";
import { Catalog } from "../models/workspace.js";
import { goal } from "../test/support/reflector/fixtures.js";
import { eventAbsences } from "./synthesizer/summaries.js";

// Issue 14: the absence line compared the row's stored value (华南) with the catalog key (South).
const catalog = Catalog.parse({ dimensions: { region: { values: { South: ["华南"] } } } });

describe("event absences compare keys", () => {
  it("does not print 'no change in South' under a listed 华南 change", () => {
    const changes: TableEvidence = {
      kind: "table",
      columns: [
        { name: "key", type: "string" },
        { name: "region", type: "string" },
        { name: "date", type: "date" },
      ],
      rows: [{ key: "LOG-112", region: "华南", date: "2024-03-04" }],
      provenance: [{ source: "tickets" }],
      notes: [],
    };
    const search = goal({
      id: "g2",
      source: "tickets",
      params: { event: "change", filters: { region: "South" } },
    });
    const period = () => "2024-03";
    expect(eventAbsences([{ goal: search, evidence: changes }], period)).toHaveLength(1);
    const canonical = canonicalTable(changes, catalog).evidence;
    expect(eventAbsences([{ goal: search, evidence: canonical }], period)).toEqual([]);
  });
});
