import type { RecognisedText } from "./ocr-engine.js";

// Where a table's columns are, from the whole table at once: header and body together, whatever
// their alignment. The horizontal projection of every cell splits the table into blocks at its
// gaps, but not every gap is a column boundary: a left-aligned header "Q1" and the right-aligned
// numbers under it may not overlap, and the gap between them is inside one column. What decides
// is the rows: two neighbouring cells of one row stand in different columns, so at least one of
// the gaps between them is a boundary. The boundaries are the fewest gaps that separate every such
// pair, the widest such set where several are as few.
// Rows with few cells (a title, a merged group header) vote on nothing: they would join columns.

type Interval = [number, number];

/** The union of the pieces' horizontal extents, split at its gaps, left to right. */
function projectionBlocks(pieces: RecognisedText[]): Interval[] {
  const intervals = pieces
    .map((piece) => [piece.box[0], piece.box[2]] as Interval)
    .sort((a, b) => a[0] - b[0]);
  const blocks: Interval[] = [];
  for (const [left, right] of intervals) {
    const last = blocks[blocks.length - 1];
    if (last && left <= last[1]) last[1] = Math.max(last[1], right);
    else blocks.push([left, right]);
  }
  return blocks;
}

/** The rows whose cells say where the columns are: more than one cell, and more than half as many as the fullest row. */
export function votingRows(rows: RecognisedText[][]): RecognisedText[][] {
  const fullest = Math.max(0, ...rows.map((row) => row.length));
  const voters = rows.filter((row) => row.length > 1 && row.length * 2 > fullest);
  return voters.length > 0 ? voters : rows;
}

/**
 * The fewest gaps such that every need (a range of gap indices) holds one, and among those the
 * widest in sum: a boundary between columns is wider than the space between a short left-aligned
 * header and the right-aligned numbers below it. Dynamic programming over the last gap chosen.
 */
export function fewestWidestGaps(needs: Interval[], widths: number[]): number[] {
  const count = widths.length;
  // No need may lie wholly between two consecutive chosen gaps (-1: the left edge, count: the right).
  const allowed = (previous: number, next: number) =>
    !needs.some(([from, to]) => from > previous && to < next);
  const best: { chosen: number; width: number; previous: number }[] = [];
  const at = (index: number) => (index < 0 ? { chosen: 0, width: 0, previous: -2 } : best[index]);
  for (let next = 0; next <= count; next += 1) {
    let choice: { chosen: number; width: number; previous: number } | undefined;
    for (let previous = -1; previous < next; previous += 1) {
      const before = at(previous);
      if (!before || !Number.isFinite(before.chosen) || !allowed(previous, next)) continue;
      const candidate = {
        chosen: before.chosen + (next < count ? 1 : 0),
        width: before.width + (next < count ? widths[next] : 0),
        previous,
      };
      if (
        !choice ||
        candidate.chosen < choice.chosen ||
        (candidate.chosen === choice.chosen && candidate.width > choice.width)
      )
        choice = candidate;
    }
    best[next] = choice ?? { chosen: Number.POSITIVE_INFINITY, width: 0, previous: -2 };
  }
  const gaps: number[] = [];
  for (let index = best[count].previous; index >= 0; index = best[index].previous) gaps.unshift(index);
  return gaps;
}

/**
 * Column x-ranges of a table whose rows are given left to right: the projection's blocks, joined
 * across every gap that no pair of neighbouring cells needs as a boundary.
 */
export function columnBands(rows: RecognisedText[][]): Interval[] {
  const voters = votingRows(rows);
  const blocks = projectionBlocks(voters.flat());
  if (blocks.length <= 1) return blocks;
  const blockOf = (piece: RecognisedText) => {
    const centre = (piece.box[0] + piece.box[2]) / 2;
    const index = blocks.findIndex((block) => centre >= block[0] && centre <= block[1]);
    return Math.max(index, 0);
  };
  // Gap g lies between block g and block g + 1; each pair needs one of the gaps from..to.
  const needs: Interval[] = [];
  for (const row of voters) {
    const ordered = [...row].sort((a, b) => a.box[0] - b.box[0]);
    for (let index = 1; index < ordered.length; index += 1) {
      const from = blockOf(ordered[index - 1]);
      const to = blockOf(ordered[index]) - 1;
      if (to >= from) needs.push([from, to]);
    }
  }
  const boundaries = fewestWidestGaps(
    needs,
    blocks.slice(1).map((block, gap) => block[0] - blocks[gap][1]),
  );
  const columns: Interval[] = [];
  let start = 0;
  for (const boundary of [...boundaries, blocks.length - 1]) {
    columns.push([blocks[start][0], blocks[boundary][1]]);
    start = boundary + 1;
  }
  return columns;
}
