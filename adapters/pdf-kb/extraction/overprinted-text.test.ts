import { describe, expect, it } from "vitest";
import { removeOverprintedRuns } from "./overprinted-text.js";
import type { PositionedText } from "./pdf-text-reader.js";

const run = (text: string, x: number, baseline = 100, fontSize = 10, width = 50): PositionedText => ({
  text,
  page: 1,
  x,
  baseline,
  width,
  fontSize,
  fontId: "f1",
  endOfLine: false,
});

describe("removeOverprintedRuns", () => {
  it("drops a copy drawn within a tenth of the font size along the line and a fifth across it", () => {
    const kept = removeOverprintedRuns([run("精鹰零部件", 53.3), run("精鹰零部件", 53.0, 100.5)]);
    expect(kept.map((item) => item.x)).toEqual([53.3]);
  });

  it("keeps the same text a glyph away, on another line, or in another size", () => {
    const items = [
      run("12", 100),
      run("12", 110), // the next cell of a table: a full font size away
      run("12", 100, 103), // another line: 0.3 font size below
      run("12", 100.2, 100, 14), // another size
    ];
    expect(removeOverprintedRuns(items)).toHaveLength(4);
  });

  it("moves a copy's end of line to the run it keeps", () => {
    const kept = removeOverprintedRuns([run("Returns", 10), { ...run("Returns", 10.3), endOfLine: true }]);
    expect(kept).toHaveLength(1);
    expect(kept[0].endOfLine).toBe(true);
  });
});
