import { describe, expect, it } from "vitest";
import { groupLines } from "./line-grouping.js";
import type { PixelBox, RecognisedText } from "./ocr-engine.js";

const piece = (text: string, box: PixelBox, textHeight?: number): RecognisedText => ({
  text,
  confidence: 0.9,
  minimumConfidence: 0.9,
  box,
  ...(textHeight ? { textHeight } : {}),
});

describe("groupLines", () => {
  it("keeps a piece with a tall word on its line, after the words left of it", () => {
    // Tesseract on a scanned Chinese line: 運費 boxed 38 px tall beside 22 px neighbours.
    const lines = groupLines([
      piece("退货运费由客户承担", [582, 444, 782, 482], 22),
      piece("定制零件不予退换，除非因本公司原因出错。", [119, 448, 575, 470], 22),
      piece("Parts may be returned", [119, 401, 600, 421], 20),
    ]);
    expect(lines.map((line) => line.map((entry) => entry.text).join(""))).toEqual([
      "Parts may be returned",
      "定制零件不予退换，除非因本公司原因出错。退货运费由客户承担",
    ]);
  });

  it("keeps lines a line pitch apart separate, top to bottom, even when boxes touch", () => {
    const lines = groupLines([piece("second", [0, 30, 100, 62], 22), piece("first", [0, 0, 100, 34], 22)]);
    expect(lines.map((line) => line[0].text)).toEqual(["first", "second"]);
  });
});
