import { describe, expect, it } from "vitest";
import { bodyIndexOfRowPassage, rowStatement, tableStatements } from "./table-statements.js";

const targets = {
  headerRows: 1,
  cells: [
    ["Plan", "First response target", "Credit per missed response"],
    ["Starter", "8 business hours", "2% of the monthly fee"],
    ["Premier", "1 hour", ""],
  ],
};

describe("table statements", () => {
  it("pairs every cell of a row with its column header and leaves empty cells out", () => {
    expect(rowStatement(targets, 0)).toBe(
      "Plan: Starter; First response target: 8 business hours; Credit per missed response: 2% of the monthly fee",
    );
    expect(rowStatement(targets, 1)).toBe("Plan: Premier; First response target: 1 hour");
    expect(rowStatement(targets, 5)).toBeUndefined();
  });

  it("joins the header rows of a column once each (merged header cells repeat)", () => {
    const twoHeaderRows = {
      headerRows: 2,
      cells: [
        ["维修项目", "服务费", "服务费"],
        ["维修项目", "上门", "寄修"],
        ["主机维修", "300元", "120元"],
      ],
    };
    expect(rowStatement(twoHeaderRows, 0)).toBe("维修项目: 主机维修; 服务费 上门: 300元; 服务费 寄修: 120元");
  });

  it("states a row passage's own row and every row of a whole-table passage", () => {
    expect(bodyIndexOfRowPassage("docs/sla.pdf#table:p1-t1:row2")).toBe(1);
    expect(bodyIndexOfRowPassage("docs/sla.pdf#table:p1-t1")).toBeUndefined();
    expect(tableStatements(targets, "docs/sla.pdf#table:p1-t1:row2")).toEqual([
      "Plan: Premier; First response target: 1 hour",
    ]);
    expect(tableStatements(targets, "docs/sla.pdf#table:p1-t1")).toHaveLength(2);
  });

  it("states nothing for a table without a header row: its cells name nothing", () => {
    expect(tableStatements({ headerRows: 0, cells: targets.cells }, "d#table:t")).toEqual([]);
  });
});
