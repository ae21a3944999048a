import type { RecognisedText } from "./ocr-engine.js";

// Groups the pieces of a prose page into lines. An engine's boxes are not the type's height:
// Tesseract boxes some CJK characters (運, 費, 。) up to 1.8 times as tall as their neighbours, and
// a piece's box is the union of its words, so one tall word makes the whole piece tall and moves
// its centre down. Grouping by centres, each piece tested against a band shrunk by its own height
// (text-layout.ts groupRows, right for the dense rows of a table), then splits such a line in two
// and puts the part with the tall word after the rest: a scanned line read
// "客户承担定制零件不予退换，…退货运费" instead of "定制零件不予退换，…退货运费由客户承担".
// Here a piece stands for the band of its type (its centre ± half its text height), and it joins
// the line whose band it overlaps by at least half the smaller of the two heights.

/** A piece's vertical band: its centre ± half the height of its type. */
function band(piece: RecognisedText): [number, number] {
  const centre = (piece.box[1] + piece.box[3]) / 2;
  const height = piece.textHeight ?? piece.box[3] - piece.box[1];
  return [centre - height / 2, centre + height / 2];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Share of the smaller height two bands must overlap by to be one line. */
const SAME_LINE_OVERLAP = 0.5;

/** Groups pieces into lines, top to bottom, each line left to right (blank pieces dropped). */
export function groupLines(texts: RecognisedText[]): RecognisedText[][] {
  const pieces = texts
    .filter((text) => text.text.trim() !== "")
    .map((piece) => ({ piece, band: band(piece) }))
    .sort((a, b) => a.band[0] - b.band[0] || a.piece.box[0] - b.piece.box[0]);
  const lines: { top: number; bottom: number; members: typeof pieces }[] = [];
  for (const entry of pieces) {
    const [top, bottom] = entry.band;
    let best: (typeof lines)[number] | undefined;
    let bestOverlap = 0;
    for (const line of lines) {
      const overlap = Math.min(line.bottom, bottom) - Math.max(line.top, top);
      const needed = SAME_LINE_OVERLAP * Math.min(line.bottom - line.top, bottom - top);
      if (overlap >= needed && overlap > bestOverlap) {
        best = line;
        bestOverlap = overlap;
      }
    }
    if (!best) {
      lines.push({ top, bottom, members: [entry] });
      continue;
    }
    best.members.push(entry);
    // The line's band is its members' median band, so one outlier cannot stretch it.
    best.top = median(best.members.map((member) => member.band[0]));
    best.bottom = median(best.members.map((member) => member.band[1]));
  }
  return lines
    .sort((a, b) => a.top - b.top)
    .map((line) => line.members.map((member) => member.piece).sort((a, b) => a.box[0] - b.box[0]));
}
