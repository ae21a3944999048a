import { describe, expect, it } from "vitest";
import { annotatedRelations, extractedRelations, parseIcdarCells } from "./pdf-table-scoring.js";

const cell = (row: number, column: number, text: string) =>
  `<cell id='1' start-row='${row}' start-col='${column}' end-row='${row}' end-col='${column}'><content>${text}</content></cell>`;

describe("ICDAR 2013 structure scoring", () => {
  it("places the cells of a table split into side-by-side regions by the regions' increments", () => {
    // One table printed as two column blocks (like us-035a page 3): each region numbers its
    // cells from the same origin; col-increment moves the second block to the right.
    const xml = `<document><table id='1'>
      <region page='1' id='1' col-increment='0' row-increment='0'>${cell(0, 0, "Age")}${cell(0, 1, "Total")}${cell(1, 0, "1 years")}${cell(1, 1, "3,269,557")}</region>
      <region page='1' id='2' col-increment='2' row-increment='0'>${cell(0, 0, "Age")}${cell(0, 1, "Total")}${cell(1, 0, "41 years")}${cell(1, 1, "2,375,849")}</region>
    </table></document>`;
    const cells = parseIcdarCells(xml);
    expect(cells.map((item) => [item.startCol, item.endCol])).toEqual([
      [0, 0],
      [1, 1],
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [2, 2],
      [3, 3],
    ]);
    const truth = annotatedRelations(cells).sort();
    const found = extractedRelations([
      [
        ["Age", "Total", "Age", "Total"],
        ["1 years", "3,269,557", "41 years", "2,375,849"],
      ],
    ]).sort();
    expect(found).toEqual(truth);
    expect(truth).toContain("3,269,557\u000041years\u0000h");
  });
});
