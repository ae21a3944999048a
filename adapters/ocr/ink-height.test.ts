import { describe, expect, it } from "vitest";
import { inkHeight } from "./ink-height.js";

describe("inkHeight", () => {
  // A white image with dark rectangles: a glyph row band, a descender, and a ruling line.
  function image(width: number, height: number, dark: [number, number, number, number][]) {
    const data = new Uint8Array(width * height * 4).fill(255);
    for (const [left, top, right, bottom] of dark)
      for (let y = top; y < bottom; y += 1)
        for (let x = left; x < right; x += 1) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    return { width, height, data };
  }

  it("measures the glyphs' rows, the part above the baseline apart, and leaves out a rule", () => {
    const picture = image(100, 60, [
      [10, 10, 80, 30], // letters from the cap line to the baseline (20 rows)
      [20, 30, 24, 36], // one descender (6 rows, little ink)
      [0, 50, 100, 52], // a table's rule under the text, apart by blank rows
    ]);
    expect(inkHeight(picture, [0, 0, 100, 60])).toEqual({ height: 26, aboveBaseline: 20 });
    // A rule touching the glyphs is no glyph either.
    const touching = image(100, 40, [
      [10, 10, 80, 30],
      [0, 30, 100, 32],
    ]);
    expect(inkHeight(touching, [0, 0, 100, 40])).toEqual({ height: 20, aboveBaseline: 20 });
    expect(inkHeight(image(10, 10, []), [0, 0, 10, 10])).toBeUndefined();
  });
});
