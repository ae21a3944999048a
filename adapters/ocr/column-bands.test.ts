import { describe, expect, it } from "vitest";
import type { PixelBox, RecognisedText } from "./ocr-engine.js";
import { layOutTable } from "./text-layout.js";

// Tables as an OCR engine returns them: one piece per cell, boxes where the text's ink is. Column
// x-ranges are 120 px wide; "left", "right" and "centre" say where a cell's text sits in them.

const CHARACTER = 8;
const ROW = 24;

function cell(text: string, column: number, row: number, align: "left" | "right" | "centre"): RecognisedText {
  const width = text.length * CHARACTER;
  const start = column * 120 + 6;
  const left = align === "left" ? start : align === "right" ? start + 108 - width : start + (108 - width) / 2;
  const box: PixelBox = [left, row * ROW + 6, left + width, row * ROW + 18];
  return { text, confidence: 0.99, minimumConfidence: 0.99, box };
}

const texts = (table: ReturnType<typeof layOutTable>) =>
  table.rows.map((row) => row.map((each) => each?.text ?? null));

const BODY = [
  ["North", "142", "97", "1,204"],
  ["South", "88", "131", "960"],
  ["East", "205", "12", "2,310"],
];

describe("column bands from the whole table", () => {
  it("reads left-aligned headers over right-aligned numbers as 4 columns with the header row kept", () => {
    const pieces = [
      ...["Market", "Q1", "Q2", "Total"].map((text, column) => cell(text, column, 0, "left")),
      ...BODY.flatMap((values, row) =>
        values.map((text, column) => cell(text, column, row + 1, column === 0 ? "left" : "right")),
      ),
    ];
    const table = layOutTable(pieces);
    expect(table.columns).toHaveLength(4);
    expect(texts(table)).toEqual([["Market", "Q1", "Q2", "Total"], ...BODY]);
  });

  it("reads centred headers over right-aligned numbers and a body row with an empty cell", () => {
    const pieces = [
      ...["Market", "Q1", "Q2", "Total"].map((text, column) => cell(text, column, 0, "centre")),
      ...BODY.flatMap((values, row) =>
        values.map((text, column) => cell(text, column, row + 1, column === 0 ? "left" : "right")),
      ),
      cell("West", 0, 4, "left"),
      cell("7", 2, 4, "right"),
      cell("7", 3, 4, "right"),
    ];
    const table = layOutTable(pieces);
    expect(texts(table)).toEqual([["Market", "Q1", "Q2", "Total"], ...BODY, ["West", null, "7", "7"]]);
  });

  it("flattens merged header cells: a group centred over its columns and a cell spanning both header rows", () => {
    const pieces = [
      // "2024" merged over Q1 … Total (columns 1–3), centred; "Market" spans both header rows.
      { ...cell("2024", 2, 0, "centre"), box: [284, 6, 316, 18] as PixelBox },
      { ...cell("Market", 0, 0, "left"), box: [6, 18, 54, 30] as PixelBox },
      ...["Q1", "Q2", "Total"].map((text, index) => cell(text, index + 1, 1.5, "centre")),
      ...BODY.flatMap((values, row) =>
        values.map((text, column) => cell(text, column, row + 3, column === 0 ? "left" : "right")),
      ),
    ];
    const table = layOutTable(pieces);
    expect(texts(table)).toEqual([["Market", "2024 / Q1", "2024 / Q2", "2024 / Total"], ...BODY]);
  });

  it("flattens a left-aligned group cell over the columns up to the next group cell", () => {
    const pieces = [
      cell("Plan", 1, 0, "left"),
      cell("Actual", 3, 0, "left"),
      ...["Market", "Units", "Revenue", "Units", "Revenue"].map((text, column) =>
        cell(text, column, 1, "left"),
      ),
      ...[
        ["North", "10", "1,000", "12", "1,150"],
        ["South", "8", "700", "9", "820"],
      ].flatMap((values, row) =>
        values.map((text, column) => cell(text, column, row + 2, column === 0 ? "left" : "right")),
      ),
    ];
    const table = layOutTable(pieces);
    expect(texts(table)[0]).toEqual([
      "Market",
      "Plan / Units",
      "Plan / Revenue",
      "Actual / Units",
      "Actual / Revenue",
    ]);
    expect(texts(table)[2]).toEqual(["South", "8", "700", "9", "820"]);
  });
});
