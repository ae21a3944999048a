import type { PixelBox } from "./ocr-engine.js";

// A table's header may take several rows: a merged group cell ("2024") centred or left-aligned
// over the columns it groups, a cell spanning two header rows ("Market") that OCR lays out as a
// row of its own. The header block is the leading rows that fill at most half of the columns, and
// the row below them; each column's header is its lowest cell in the block, prefixed by the group
// cells above it ("2024 / Q1"), as a DOM table's multi-row header is flattened
// (adapters/bi-dashboard/table-extraction.ts), so `columns:` maps either by the whole name or by
// its last part.

/** A cell as header flattening needs it: its text and box. */
export interface HeaderCell {
  text: string;
  box: PixelBox;
}

/** How many leading rows form the header: group rows (at most half of the columns filled) and the row below them. */
export function headerRowCount(rows: (HeaderCell | null)[][], columnCount: number): number {
  let last = 0;
  while (last < rows.length - 2 && rows[last].filter((cell) => cell !== null).length * 2 <= columnCount)
    last += 1;
  return Math.min(rows.length, last + 1);
}

/**
 * Where each column's cells reach: half-way into the gaps to its neighbours (the outer columns as
 * far out as inwards). Text bands lean towards their alignment (right-aligned numbers under a
 * left-aligned header); a merged cell is centred over the cells, not over the text.
 */
function cellExtents(columns: [number, number][]): [number, number][] {
  const gaps = columns.slice(1).map((column, index) => (column[0] - columns[index][1]) / 2);
  return columns.map(([left, right], index) => [
    left - (gaps[index - 1] ?? gaps[index] ?? 0),
    right + (gaps[index] ?? gaps[index - 1] ?? 0),
  ]);
}

/**
 * The columns a group cell stands over: those its box overlaps, widened over neighbours without a
 * cell of its own row to the span whose centre (or left edge) is nearest the cell's.
 */
function groupSpan(
  cell: HeaderCell,
  column: number,
  row: (HeaderCell | null)[],
  columns: [number, number][],
): [number, number] {
  let from = column;
  let to = column;
  columns.forEach(([left, right], index) => {
    if (left < cell.box[2] && right > cell.box[0] && (row[index] === null || index === column)) {
      from = Math.min(from, index);
      to = Math.max(to, index);
    }
  });
  let lowest = from;
  while (lowest > 0 && row[lowest - 1] === null) lowest -= 1;
  let highest = to;
  while (highest < columns.length - 1 && row[highest + 1] === null) highest += 1;
  const centre = (cell.box[0] + cell.box[2]) / 2;
  const extents = cellExtents(columns);
  let best: [number, number] = [from, to];
  let bestScore = Number.POSITIVE_INFINITY;
  for (let start = lowest; start <= from; start += 1)
    for (let end = to; end <= highest; end += 1) {
      const left = extents[start][0];
      const right = extents[end][1];
      // Centred over the cells, or starting where the first column's text starts.
      const score = Math.min(
        Math.abs(centre - (left + right) / 2),
        Math.abs(cell.box[0] - columns[start][0]),
      );
      // On a tie the wider span: a left-aligned group label stands over every column up to the next.
      if (
        score < bestScore - 0.5 ||
        (Math.abs(score - bestScore) <= 0.5 && end - start > best[1] - best[0])
      ) {
        best = [start, end];
        bestScore = score;
      }
    }
  return best;
}

/** Each column's header text: its lowest cell in the header rows, after the group cells above it, joined by " / ". */
export function flattenHeader(header: (HeaderCell | null)[][], columns: [number, number][]): string[][] {
  const parts: string[][] = columns.map(() => []);
  const ownRow = columns.map((_, index) => {
    for (let row = header.length - 1; row >= 0; row -= 1) if (header[row][index]) return row;
    return -1;
  });
  header.forEach((row, rowIndex) => {
    row.forEach((cell, column) => {
      if (!cell) return;
      if (ownRow[column] === rowIndex) {
        parts[column].push(cell.text);
        return;
      }
      const [from, to] = groupSpan(cell, column, row, columns);
      for (let index = from; index <= to; index += 1)
        if (ownRow[index] > rowIndex || ownRow[index] < 0) parts[index].push(cell.text);
    });
  });
  return parts;
}
