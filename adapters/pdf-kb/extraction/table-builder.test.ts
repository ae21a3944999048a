import { describe, expect, it } from "vitest";
import {
  buildTables,
  columnNames,
  detectHeaderRows,
  isPeriodLabel,
  looksTabular,
  mergeContinuationRows,
  mergeHeaderContinuations,
} from "./table-builder.js";
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
  it("takes a row of years over the value columns as the header", () => {
    const grid = [
      ["", "2019", "2018"],
      ["Revenue", "$ 1,452.4", "$ 1,301.2"],
      ["Net income", "120.5", "(14.2)"],
    ];
    expect(detectHeaderRows(grid)).toBe(1);
    expect(columnNames(grid, 1)).toEqual(["column_1", "2019", "2018"]);
    // A group header above the years, and years with a unit marker, head the table as well.
    expect(
      detectHeaderRows([
        ["", "Year ended December 31", ""],
        ["", "2019 $", "2018 $"],
        ["Revenue", "1,452.4", "1,301.2"],
      ]),
    ).toBe(2);
    expect(
      detectHeaderRows([
        ["Metric", "Q3 2023", "Q4 2023"],
        ["Complaints", "42", "61"],
      ]),
    ).toBe(1);
  });
  it("does not take years for a header when the values under them are years too", () => {
    expect(
      detectHeaderRows([
        ["", "2019", "2018"],
        ["Founded", "2001", "2001"],
      ]),
    ).toBe(0);
    expect(isPeriodLabel("2019")).toBe(true);
    expect(isPeriodLabel("FY2019")).toBe(true);
    expect(isPeriodLabel("2024年1月")).toBe(true);
    expect(isPeriodLabel("1,452.4")).toBe(false);
    expect(isPeriodLabel("2019-05-03")).toBe(false);
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

describe("wrapped cell lines", () => {
  it("joins a header cell wrapped over two stream rows, keeping a spanning group header apart", () => {
    expect(
      mergeHeaderContinuations([
        ["Age groups", "", "U.S. population", ""],
        ["", "Proportion", "Proportion", "Total"],
        ["", "(total)", "(20+ years)", ""],
        ["Under 1 year", "0.0156", "", "3,533,692"],
      ]),
    ).toEqual([
      ["Age groups", "", "U.S. population", ""],
      ["", "Proportion (total)", "Proportion (20+ years)", "Total"],
      ["Under 1 year", "0.0156", "", "3,533,692"],
    ]);
  });
  it("keeps a lone section label under the header as a row", () => {
    const grid = [
      ["Country", "2007", "2006"],
      ["Europe", "", ""],
      ["Austria", "109", "93"],
    ];
    expect(mergeHeaderContinuations(grid)).toEqual(grid);
  });
  it("joins the continuation lines of a body cell, not a new label", () => {
    expect(
      mergeContinuationRows([
        ["Measure", "2009", "2010"],
        ["Applications and mashups", "0", "237"],
        ["developed by the public and", "", ""],
        ["government", "", ""],
        ["Carte Noire", "17.0%", "16.5%"],
        ["(K-J-S)", "", ""],
        ["Europe", "", ""],
        ["Data set downloads", "0", "652,412"],
      ]),
    ).toEqual([
      ["Measure", "2009", "2010"],
      ["Applications and mashups developed by the public and government", "0", "237"],
      ["Carte Noire (K-J-S)", "17.0%", "16.5%"],
      ["Europe", "", ""],
      ["Data set downloads", "0", "652,412"],
    ]);
  });
});

describe("table clean-up", () => {
  const page = (tables: Parameters<typeof buildTables>[0][number]["tables"]) => [
    { page: 1, width: 600, height: 800, rotation: 0, tables },
  ];
  const at = (text: string, left: number, top: number): TabulaCell => ({
    text,
    top,
    left,
    width: 40,
    height: 10,
  });
  it("drops dot leaders but keeps three dots meaning 'not available'", () => {
    const [table] = buildTables(
      page([
        {
          method: "lattice",
          top: 100,
          left: 50,
          bottom: 140,
          right: 250,
          rows: [
            [at("Proportion", 50, 100), at("1.0", 150, 100)],
            [at("0.99 .............", 50, 110), at("800", 150, 110)],
            [at("0.95 . . . . . . .", 50, 120), at("...", 150, 120)],
          ],
        },
      ]),
    );
    expect(table.cells).toEqual([
      ["Proportion", "1.0"],
      ["0.99", "800"],
      ["0.95", "..."],
    ]);
  });
  it("keeps one of two tables tabula returns for the same ruled area (the fuller one)", () => {
    const rows = (extra: string) => [
      [at("Item", 50, 100), at("Count", 150, 100)],
      [at("Mugs", 50, 110), at(extra, 150, 110)],
    ];
    const tables = buildTables(
      page([
        { method: "lattice", top: 100, left: 50, bottom: 120, right: 250, rows: rows("") },
        { method: "lattice", top: 100, left: 50, bottom: 120, right: 250, rows: rows("12") },
        { method: "lattice", top: 300, left: 50, bottom: 320, right: 250, rows: rows("7") },
      ]),
    );
    expect(tables.map((table) => [table.id, table.cells[1][1]])).toEqual([
      ["p1-t1", "12"],
      ["p1-t2", "7"],
    ]);
  });
  it("puts right-to-left cell text in logical order", () => {
    const [table] = buildTables(
      page([
        {
          method: "lattice",
          top: 100,
          left: 50,
          bottom: 120,
          right: 250,
          rows: [
            [at("2014", 50, 100), at("", 150, 100)],
            [at("2.6", 50, 110), at("לכה ךס", 150, 110)],
          ],
        },
      ]),
    );
    expect(table.cells[1]).toEqual(["2.6", "סך הכל"]);
  });
});
