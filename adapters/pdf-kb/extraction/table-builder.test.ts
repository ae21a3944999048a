import { describe, expect, it } from "vitest";
import { buildTables, columnNames, detectHeaderRows, looksTabular } from "./table-builder.js";
import type { TabulaCell } from "./tabula-runner.js";

const cell = (text: string, left = 0): TabulaCell => ({
  text,
  top: 10,
  left,
  width: text ? 20 : 0,
  height: text ? 10 : 0,
});

describe("table header detection", () => {
  it("takes the text row above typed rows as the header", () => {
    expect(
      detectHeaderRows([
        ["Quarter", "Rate"],
        ["2023-Q1", "18.2 %"],
        ["2023-Q2", "19.5 %"],
      ]),
    ).toBe(1);
  });
  it("takes a spanning group header and the row under it as two header rows", () => {
    const grid = [
      ["", "Returns", ""],
      ["Region", "Jan", "Feb"],
      ["East", "5.2", "4.6"],
    ];
    expect(detectHeaderRows(grid)).toBe(2);
    expect(columnNames(grid, 2)).toEqual(["Region", "Returns Jan", "Returns Feb"]);
  });
  it("finds no header when the first row is data", () => {
    expect(
      detectHeaderRows([
        ["2023-01-01", "5"],
        ["2023-01-02", "6"],
      ]),
    ).toBe(0);
  });
  it("types cells with the shared parser and names duplicate columns apart", () => {
    const [table] = buildTables([
      {
        page: 3,
        width: 600,
        height: 800,
        rotation: 0,
        tables: [
          {
            method: "lattice",
            top: 100,
            left: 50,
            bottom: 200,
            right: 400,
            rows: [
              [cell("Month"), cell("Rate"), cell("Rate")],
              [cell("2024年1月"), cell("5.2%"), cell("1,200")],
              [cell("Feb 2024"), cell("4.6%"), cell("(30)")],
            ],
          },
        ],
      },
    ]);
    expect(table.id).toBe("p3-t1");
    expect(table.columns).toEqual([
      { name: "Month", type: "date" },
      { name: "Rate", type: "percent" },
      { name: "Rate_2", type: "number" },
    ]);
    expect(table.rows).toEqual([
      { Month: "2024-01", Rate: 5.2, Rate_2: 1200 },
      { Month: "2024-02", Rate: 4.6, Rate_2: -30 },
    ]);
    expect(table.bbox).toEqual([50, 100, 400, 200]);
    expect(table.text).toContain("Month | Rate | Rate_2\n2024年1月 | 5.2% | 1,200");
  });
});

describe("stream table plausibility", () => {
  it("keeps a dense grid of short cells", () => {
    expect(
      looksTabular([
        ["Campaign", "Channel", "Start"],
        ["Lamp Week", "Online", "2023-04-10"],
        ["Mall Pop-up North", "Offline", "2023-06-03"],
      ]),
    ).toBe(true);
  });
  it("rejects two columns of prose and a sparse chart-axis grid", () => {
    expect(
      looksTabular([
        ["based strategies, including the", "individual persons in the United"],
        ["expert and public health action", "health outcome or determinant of"],
      ]),
    ).toBe(false);
    expect(
      looksTabular([
        ["", "", "7,300", ""],
        ["0.875", "", "", ""],
        ["", "0.0900", "", ""],
        ["", "", "", "0.10"],
      ]),
    ).toBe(false);
  });
});
