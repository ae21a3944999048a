import { describe, expect, it } from "vitest";
import type { TableEvidence } from "../../models/evidence.js";
import { messageCatalog } from "../messages/render-message.js";
import { CitationRegistry } from "./citations.js";

// A filter kept the fourth data row of a CSV (line 5, under the header): it is the first row read.
const fileRows: TableEvidence = {
  kind: "table",
  columns: [
    { name: "store", type: "string" },
    { name: "revenue", type: "number" },
  ],
  rows: [{ store: "Airport", revenue: 101700 }],
  provenance: [{ source: "exports", file: "data/revenue.csv", line: 5 }],
  notes: [],
};
const pdfRows: TableEvidence = {
  ...fileRows,
  provenance: [{ source: "handbook", document: "docs/notes.pdf", page: 1 }],
};

describe("citation labels", () => {
  it("cite a file's row by its line in the file, in each answer language", () => {
    const labels = (["en", "zh-Hans", "zh-Hant"] as const).map((language) => {
      const registry = new CitationRegistry(messageCatalog(language).citation);
      registry.rows("g1", "exports", fileRows, [0]);
      return registry.citations[0].label;
    });
    expect(labels).toEqual([
      "exports · data/revenue.csv · line 5",
      "exports · data/revenue.csv · 文件第5行",
      "exports · data/revenue.csv · 檔案第5行",
    ]);
  });

  it("cite a row without a line (a PDF table) by its place among the rows read", () => {
    const registry = new CitationRegistry(messageCatalog("en").citation);
    registry.rows("g1", "handbook", pdfRows, [0]);
    expect(registry.citations[0].label).toBe("handbook · docs/notes.pdf p.1 · row 1");
  });
});
