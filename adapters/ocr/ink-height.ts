import type { PixelBox, RasterImage } from "./ocr-engine.js";

// The height of a line's type measured on the image itself. An engine's box says little about
// it: Tesseract gives many CJK characters boxes as tall as the line pitch (1.7 times the glyph),
// and a line's box is the union of its words' boxes, so the box height of a Chinese body line and
// of a Chinese heading come out alike. The ink does not lie: the rows of the box that hold dark
// pixels, in one run around the line's densest row, span the glyphs from the top of the tallest
// to the bottom of the lowest — about one em for Chinese, ascender to descender for Latin text.

/** Rows below the baseline hold only descenders: less ink than this share of the densest row. */
const BASELINE_SHARE = 0.25;
/** A row with ink across this share of the box's width is a ruling line. */
const RULE_SHARE = 0.8;
/** A pixel darker than this (0–255 luminance) is ink; scans and screenshots put text far below it. */
const INK_LUMINANCE = 128;

function luminance(image: RasterImage, x: number, y: number): number {
  const at = (y * image.width + x) * 4;
  return 0.299 * image.data[at] + 0.587 * image.data[at + 1] + 0.114 * image.data[at + 2];
}

/**
 * The height in pixels of the ink inside `box`: the run of consecutive inked rows that holds the
 * row with the most ink (a rule, or the next line's tops apart from it by blank rows, does not
 * count), and the part of it above the baseline (below it only descenders ink, a quarter of the
 * densest row or less). Undefined when the box holds no ink. Measure a word's box rather than a
 * line's: between the cells of a ruled table run vertical rules.
 */
export function inkHeight(
  image: RasterImage,
  box: PixelBox,
): { height: number; aboveBaseline: number } | undefined {
  const left = Math.max(0, Math.floor(box[0]));
  const right = Math.min(image.width, Math.ceil(box[2]));
  const top = Math.max(0, Math.floor(box[1]));
  const bottom = Math.min(image.height, Math.ceil(box[3]));
  const counts: number[] = [];
  for (let y = top; y < bottom; y += 1) {
    let count = 0;
    for (let x = left; x < right; x += 1) if (luminance(image, x, y) < INK_LUMINANCE) count += 1;
    // A row inked almost across the box is a rule (a table's border), not type.
    counts.push(count >= (right - left) * RULE_SHARE ? 0 : count);
  }
  let densest = -1;
  counts.forEach((count, index) => {
    if (count > 0 && (densest < 0 || count > counts[densest])) densest = index;
  });
  if (densest < 0) return undefined;
  let first = densest;
  let last = densest;
  while (first > 0 && counts[first - 1] > 0) first -= 1;
  while (last < counts.length - 1 && counts[last + 1] > 0) last += 1;
  let baseline = last;
  while (baseline > densest && counts[baseline] < counts[densest] * BASELINE_SHARE) baseline -= 1;
  return { height: last - first + 1, aboveBaseline: baseline - first + 1 };
}
