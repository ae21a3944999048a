import { columnBands } from "./column-bands.js";
import { flattenHeader, headerRowCount } from "./header-rows.js";
import { groupLines } from "./line-grouping.js";
import type { PixelBox, RecognisedText } from "./ocr-engine.js";

// Lays recognised pieces of text out as a table, by position alone: rows are pieces whose
// vertical centres fall within one another's height; columns are found from the whole table,
// header and body together, whatever their alignment (column-bands.ts; rows with few cells, such
// as a title, do not join columns), and leading header rows are flattened into one
// (header-rows.ts). A cell is given to the column it overlaps most; two pieces
// in one cell are joined left to right. OCR engines return lines or words, never cells, so this
// is the one place where "which column is this number in" is decided.

/** One laid-out cell: the text and how sure the engine was of it. */
export interface LaidOutCell {
  text: string;
  confidence: number;
  minimumConfidence: number;
  box: PixelBox;
  /** The height of the cell's type (see RecognisedText.textHeight). */
  textHeight?: number;
}

/** Rows of cells; `columns[i]` is the x-range of column i, and every row has one entry per column (null = empty). */
export interface LaidOutTable {
  columns: [number, number][];
  rows: (LaidOutCell | null)[][];
}

function centreY(box: PixelBox): number {
  return (box[1] + box[3]) / 2;
}

/** Groups pieces into rows, top to bottom, each row left to right. */
export function groupRows(texts: RecognisedText[]): RecognisedText[][] {
  const sorted = [...texts].sort((a, b) => centreY(a.box) - centreY(b.box));
  const rows: { top: number; bottom: number; items: RecognisedText[] }[] = [];
  for (const text of sorted) {
    const row = rows[rows.length - 1];
    const height = text.box[3] - text.box[1];
    // Same row when this centre lies inside the row's band (shrunk by a quarter of the height, so
    // touching neighbours of a dense table stay apart).
    if (
      row &&
      centreY(text.box) < row.bottom - height * 0.25 &&
      centreY(text.box) > row.top + height * 0.25
    ) {
      row.items.push(text);
      row.top = Math.min(row.top, text.box[1]);
      row.bottom = Math.max(row.bottom, text.box[3]);
    } else rows.push({ top: text.box[1], bottom: text.box[3], items: [text] });
  }
  return rows.map((row) => row.items.sort((a, b) => a.box[0] - b.box[0]));
}

/** Column x-ranges from the whole table, header and body together (see column-bands.ts). */
export function findColumns(rows: RecognisedText[][]): [number, number][] {
  return columnBands(rows);
}

function overlap(a: [number, number], b: [number, number]): number {
  return Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));
}

/**
 * Lays the pieces out as a table of rows and columns. Row 0 is the header: the leading header rows
 * (a merged group cell over its columns, a cell spanning two header rows) flattened into one.
 */
export function layOutTable(texts: RecognisedText[]): LaidOutTable {
  const rows = groupRows(texts.filter((text) => text.text.trim() !== ""));
  const columns = findColumns(rows);
  const laidOut = rows.map((row) => {
    const cells: (RecognisedText[] | null)[] = columns.map(() => null);
    for (const text of row) {
      let best = 0;
      let bestOverlap = -1;
      columns.forEach((column, index) => {
        // A cell outside every column (only in single-cell rows) goes to the nearest.
        const amount =
          overlap(column, [text.box[0], text.box[2]]) || -Math.abs(column[0] - text.box[0]) - 1e6;
        if (amount > bestOverlap) {
          bestOverlap = amount;
          best = index;
        }
      });
      const cell = cells[best] ?? [];
      cell.push(text);
      cells[best] = cell;
    }
    return cells.map((pieces) => (pieces ? mergePieces(pieces) : null));
  });
  const headerRows = headerRowCount(laidOut, columns.length);
  if (headerRows <= 1) return { columns, rows: laidOut };
  const header = laidOut.slice(0, headerRows);
  const names = flattenHeader(header, columns);
  const flattened = columns.map((_, column): LaidOutCell | null => {
    const cells = header.map((row) => row[column]).filter((cell): cell is LaidOutCell => cell !== null);
    if (names[column].length === 0) return null;
    return {
      text: names[column].join(" / "),
      confidence: Math.min(...cells.map((cell) => cell.confidence), 1),
      minimumConfidence: Math.min(...cells.map((cell) => cell.minimumConfidence), 1),
      box: cells.length > 0 ? cells[cells.length - 1].box : [columns[column][0], 0, columns[column][1], 0],
      ...(cells.length > 0 ? { textHeight: cells[cells.length - 1].textHeight } : {}),
    };
  });
  return { columns, rows: [flattened, ...laidOut.slice(headerRows)] };
}

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** A gap wider than this share of the text height is a space between a Chinese character and a Latin word or number (as page-lines.ts reads a text layer). */
const SPACE_IN_HEIGHTS = 0.2;

/**
 * Joins two pieces of one line: a space between words; none between Chinese or Japanese
 * characters; between such a character and a Latin word or number ("1 適用範圍", "於 7 個"), a
 * space only where the page shows one, a gap of a fifth of the text height. Without the gap
 * every section number of a Chinese heading would run into its title and no longer read as one.
 */
export function joinPieces(left: string, right: string, gap = 0, height = 0): string {
  if (left === "") return right;
  const last = Array.from(left).at(-1) ?? "";
  const first = Array.from(right)[0] ?? "";
  const lastUnspaced = UNSPACED.test(last);
  const firstUnspaced = UNSPACED.test(first);
  if (!lastUnspaced && !firstUnspaced) return `${left} ${right}`;
  if (lastUnspaced && firstUnspaced) return left + right;
  const other = lastUnspaced ? first : last;
  return LETTER_OR_DIGIT.test(other) && height > 0 && gap >= height * SPACE_IN_HEIGHTS
    ? `${left} ${right}`
    : left + right;
}

/** The median of values weighted by their weights (0 for none). */
export function weightedMedian(entries: { value: number; weight: number }[]): number {
  const sorted = [...entries].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, entry) => sum + entry.weight, 0);
  let seen = 0;
  for (const entry of sorted) {
    seen += entry.weight;
    if (seen >= total / 2) return entry.value;
  }
  return sorted.at(-1)?.value ?? 0;
}

function textHeightOf(piece: { box: PixelBox; textHeight?: number }): number {
  return piece.textHeight ?? piece.box[3] - piece.box[1];
}

/** Joins the pieces of one cell or line, left to right, with their joint confidence, box and text height. */
export function mergePieces(pieces: RecognisedText[]): LaidOutCell {
  const ordered = [...pieces].sort((a, b) => a.box[0] - b.box[0]);
  const length = ordered.reduce((sum, piece) => sum + piece.text.length, 0) || 1;
  const textHeight = weightedMedian(
    ordered.map((piece) => ({ value: textHeightOf(piece), weight: Math.max(1, piece.text.length) })),
  );
  let text = "";
  ordered.forEach((piece, index) => {
    const gap = index === 0 ? 0 : piece.box[0] - ordered[index - 1].box[2];
    text = joinPieces(text, piece.text, gap, textHeight);
  });
  return {
    text,
    // Weighted by length: a long confident label must not hide a doubtful digit's piece entirely…
    confidence: ordered.reduce((sum, piece) => sum + piece.confidence * piece.text.length, 0) / length,
    // …and the minimum keeps it visible.
    minimumConfidence: Math.min(...ordered.map((piece) => piece.minimumConfidence)),
    box: [
      Math.min(...ordered.map((piece) => piece.box[0])),
      Math.min(...ordered.map((piece) => piece.box[1])),
      Math.max(...ordered.map((piece) => piece.box[2])),
      Math.max(...ordered.map((piece) => piece.box[3])),
    ],
    textHeight,
  };
}

/** One line of a page in reading order: its text, confidence, box and text height, and the pieces it was read from (left to right). */
export interface ReadingOrderLine extends LaidOutCell {
  textHeight: number;
  pieces: RecognisedText[];
}

/** Reading order (lines top to bottom, pieces left to right; line-grouping.ts) as lines of text, for prose pages. */
export function readingOrderLines(texts: RecognisedText[]): ReadingOrderLine[] {
  return groupLines(texts).map((row) => {
    const line = mergePieces(row);
    return { ...line, textHeight: line.textHeight ?? line.box[3] - line.box[1], pieces: row };
  });
}
