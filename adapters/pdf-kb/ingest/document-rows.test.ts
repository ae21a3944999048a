import { describe, expect, it } from "vitest";
import { HashedEmbedder } from "../embedding/hashed-embedder.js";
import type { ExtractedDocument } from "../extraction/extracted-document.js";
import { documentRows } from "./document-rows.js";

const extracted: ExtractedDocument = {
  path: "/tmp/notes.pdf",
  documentId: "docs/notes.pdf",
  pageCount: 2,
  sections: [],
  chunks: [
    {
      id: "docs/notes.pdf#1",
      text: "Release notes of the CRM.",
      pages: [1, 2],
      section: "1 版本歷史",
      sectionId: "s1",
      bbox: [10, 20, 300, 60],
    },
  ],
  tables: [
    {
      id: "p2-t1",
      page: 2,
      bbox: [50, 100, 400, 220],
      method: "lattice",
      headerRows: 1,
      columns: [
        { name: "Version", type: "string" },
        { name: "Release date", type: "date" },
      ],
      cells: [
        ["Version", "Release date"],
        ["3.4.0", "2023-10-18"],
        ["3.5.0", "2023-12-01"],
      ],
      rows: [
        { Version: "3.4.0", "Release date": "2023-10-18" },
        { Version: "3.5.0", "Release date": "2023-12-01" },
      ],
      section: "1 版本歷史",
      text: "Table p2-t1 (page 2, 1 版本歷史)\nVersion | Release date\n3.4.0 | 2023-10-18\n3.5.0 | 2023-12-01",
    },
  ],
  warnings: [],
};

describe("documentRows", () => {
  it("makes a passage per chunk, one per table and one per table row, and a table row with the cells", async () => {
    const rows = await documentRows(
      "docs/notes.pdf",
      extracted,
      { date: "2024-01-15", tags: ["crm"] },
      new HashedEmbedder(64),
    );
    expect(rows.passages.map((passage) => passage.id)).toEqual([
      "docs/notes.pdf#1",
      "docs/notes.pdf#table:p2-t1",
      "docs/notes.pdf#table:p2-t1:row1",
      "docs/notes.pdf#table:p2-t1:row2",
    ]);
    const [chunk, table, firstRow] = rows.passages;
    expect(chunk).toMatchObject({
      kind: "text",
      page: 1,
      page_end: 2,
      section_folded: "1 版本历史",
      tags: "|crm|",
      date: "2024-01-15",
      bbox_json: "[10,20,300,60]",
    });
    // The section heading is searchable with the text; CJK as bigrams, folded to Simplified;
    // stop words dropped, adjacent words also indexed as one pair token.
    expect(chunk.search_text).toBe("1 版本 本历 历史 release notes releasexnote crm notexcrm");
    expect(table).toMatchObject({ kind: "table", table_id: "p2-t1", page: 2 });
    expect(firstRow.text).toBe(
      "Table p2-t1 (page 2, 1 版本歷史)\nVersion | Release date\n3.4.0 | 2023-10-18",
    );
    // The indexed text also names the cell by row label and column header ("3.4.0 Release date").
    expect(firstRow.search_text).toContain("3p4p0xrelease");
    expect(firstRow.search_text).not.toContain("3p5p0");
    expect(rows.passages.every((passage) => passage.vector.length === 64)).toBe(true);
    expect(rows.tables).toHaveLength(1);
    expect(JSON.parse(rows.tables[0].rows_json)).toEqual(extracted.tables[0].rows);
    expect(rows.tables[0]).toMatchObject({ id: "docs/notes.pdf#p2-t1", header_rows: 1, method: "lattice" });
  });
});
