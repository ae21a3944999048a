// Tables tabula-java 0.9 cannot see. On pages set in some embedded CJK subset fonts PDFBox reads
// no usable glyphs, and tabula then finds no table at all, ruled or not (cell-text.ts can only
// re-read the cells of a table tabula found). Such a page still has what makes a table for a
// reader: ruling lines (pdf.js's operator list) and the text layer's glyphs (pdf.js). On a page
// where tabula found nothing, a grid of ruling lines with text in its cells is read as a table:
// rows and columns from the rules, each cell's text from the glyphs inside it. The tables go
// through the same builder as tabula's (header rows, types), marked with their detector.

import { glyphsOf, textInside } from "./cell-text.js";
import type { ExtractedTable } from "./extracted-document.js";
import type { PageText, PdfText, Ruling } from "./pdf-text-reader.js";
import { buildTables } from "./table-builder.js";
import type { TabulaCell, TabulaPage, TabulaTable } from "./tabula-runner.js";

interface Horizontal {
  y: number;
  x1: number;
  x2: number;
}
interface Vertical {
  x: number;
  y1: number;
  y2: number;
}

const JOIN = 2;

/** Collinear strokes that touch or overlap become one (a row of cell rectangles gives one rule). */
function mergeHorizontals(lines: Horizontal[]): Horizontal[] {
  const sorted = [...lines].sort((a, b) => a.y - b.y || a.x1 - b.x1);
  const merged: Horizontal[] = [];
  for (const line of sorted) {
    const same = merged.find(
      (other) => Math.abs(other.y - line.y) <= 1 && line.x1 <= other.x2 + JOIN && line.x2 >= other.x1 - JOIN,
    );
    if (same) {
      same.x1 = Math.min(same.x1, line.x1);
      same.x2 = Math.max(same.x2, line.x2);
    } else merged.push({ ...line });
  }
  return merged;
}

function mergeVerticals(lines: Vertical[]): Vertical[] {
  const sorted = [...lines].sort((a, b) => a.x - b.x || a.y1 - b.y1);
  const merged: Vertical[] = [];
  for (const line of sorted) {
    const same = merged.find(
      (other) => Math.abs(other.x - line.x) <= 1 && line.y1 <= other.y2 + JOIN && line.y2 >= other.y1 - JOIN,
    );
    if (same) {
      same.y1 = Math.min(same.y1, line.y1);
      same.y2 = Math.max(same.y2, line.y2);
    } else merged.push({ ...line });
  }
  return merged;
}

/** Positions closer than `tolerance` are one edge (their mean). */
function edges(values: number[], tolerance = 2): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const value of sorted) {
    const last = groups[groups.length - 1];
    if (last && value - last[last.length - 1] <= tolerance) last.push(value);
    else groups.push([value]);
  }
  return groups.map((group) => group.reduce((sum, value) => sum + value, 0) / group.length);
}

/** Groups of rules that cross or touch one another: each is a candidate grid. */
function grids(horizontals: Horizontal[], verticals: Vertical[]): { h: Horizontal[]; v: Vertical[] }[] {
  const parent = Array.from({ length: horizontals.length + verticals.length }, (_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]];
      index = parent[index];
    }
    return index;
  };
  horizontals.forEach((h, i) => {
    verticals.forEach((v, j) => {
      if (v.x >= h.x1 - JOIN && v.x <= h.x2 + JOIN && h.y >= v.y1 - JOIN && h.y <= v.y2 + JOIN)
        parent[find(i)] = find(horizontals.length + j);
    });
  });
  const groups = new Map<number, { h: Horizontal[]; v: Vertical[] }>();
  const group = (index: number) => {
    const root = find(index);
    let entry = groups.get(root);
    if (!entry) {
      entry = { h: [], v: [] };
      groups.set(root, entry);
    }
    return entry;
  };
  horizontals.forEach((h, i) => {
    group(i).h.push(h);
  });
  verticals.forEach((v, j) => {
    group(horizontals.length + j).v.push(v);
  });
  return [...groups.values()];
}

/**
 * Ruled tables of one page from its rulings and text: a connected grid with at least three
 * horizontal and three vertical edges (two rows, two columns), cells cut where the rules run
 * (a boundary no rule crosses inside a row is a spanning cell: its text goes to the left part),
 * text from the glyphs whose centre lies inside each cell. A grid is kept when at least two rows
 * have text in two or more cells and no cell holds a paragraph (a framed text box is no table).
 */
export function ruledTables(page: PageText, rulings: Ruling[]): TabulaTable[] {
  const horizontals = mergeHorizontals(
    rulings.filter((r) => r.y1 === r.y2 && r.x2 - r.x1 > 4).map((r) => ({ y: r.y1, x1: r.x1, x2: r.x2 })),
  );
  const verticals = mergeVerticals(
    rulings.filter((r) => r.x1 === r.x2 && r.y2 - r.y1 > 4).map((r) => ({ x: r.x1, y1: r.y1, y2: r.y2 })),
  );
  if (horizontals.length < 3 || verticals.length < 2) return [];
  const glyphs = glyphsOf(page);
  const tables: TabulaTable[] = [];
  for (const grid of grids(horizontals, verticals)) {
    const ys = edges(grid.h.map((h) => h.y));
    const xs = edges(grid.v.map((v) => v.x));
    if (ys.length < 3 || xs.length < 3) continue;
    const covered = (x: number, top: number, bottom: number) => {
      const middle = (top + bottom) / 2;
      return grid.v.some((v) => Math.abs(v.x - x) <= JOIN && v.y1 <= middle && v.y2 >= middle);
    };
    const rows: TabulaCell[][] = [];
    for (let r = 0; r + 1 < ys.length; r += 1) {
      const top = ys[r];
      const bottom = ys[r + 1];
      // The band between the two rules of a double rule is no row.
      if (bottom - top < 2) continue;
      const row: TabulaCell[] = [];
      let start = 0;
      for (let c = 1; c < xs.length; c += 1) {
        if (c < xs.length - 1 && !covered(xs[c], top, bottom)) continue;
        const cell = { left: xs[start], top, width: xs[c] - xs[start], height: bottom - top };
        const read = textInside(glyphs, { ...cell, text: "" });
        row.push({ ...cell, text: read.text, ...(read.lines.length > 1 ? { lines: read.lines } : {}) });
        // The columns a spanning cell covers get empty cells, as tabula gives them.
        for (let spanned = start + 1; spanned < c; spanned += 1)
          row.push({ left: xs[spanned], top, width: 0, height: bottom - top, text: "" });
        start = c;
      }
      rows.push(row);
    }
    const filledRows = rows.filter((row) => row.filter((cell) => cell.text.trim() !== "").length >= 2);
    const paragraph = rows.some((row) => row.some((cell) => Array.from(cell.text).length > 200));
    if (filledRows.length < 2 || paragraph) continue;
    tables.push({
      method: "lattice",
      top: ys[0],
      left: xs[0],
      bottom: ys[ys.length - 1],
      right: xs[xs.length - 1],
      rows,
    });
  }
  return tables.sort((a, b) => a.top - b.top || a.left - b.left);
}

interface Segment {
  left: number;
  right: number;
  baseline: number;
  fontSize: number;
  text: string;
  /** The lowest confidence of the runs, for text read by OCR. */
  confidence?: number;
}

/** A gap of this many em between two runs of a line separates two cells. */
export const CELL_GAP_EM = 1.2;

/** A page's text as lines (runs on one baseline) cut into segments at gaps of 1.2 em or more. */
function segmentLines(page: PageText): Segment[][] {
  const items = page.items
    .filter((item) => item.text.trim() !== "" && item.fontSize > 0)
    .sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const lines: { baseline: number; items: typeof items }[] = [];
  for (const item of items) {
    const line = lines.find((entry) => Math.abs(entry.baseline - item.baseline) <= item.fontSize * 0.3);
    if (line) line.items.push(item);
    else lines.push({ baseline: item.baseline, items: [item] });
  }
  return lines
    .sort((a, b) => a.baseline - b.baseline)
    .map((line) => {
      const segments: Segment[] = [];
      for (const item of line.items.sort((a, b) => a.x - b.x)) {
        const last = segments[segments.length - 1];
        if (last && item.x - last.right < item.fontSize * CELL_GAP_EM) {
          last.right = Math.max(last.right, item.x + item.width);
          last.text += item.text;
          if (item.confidence !== undefined)
            last.confidence = Math.min(last.confidence ?? item.confidence, item.confidence);
        } else
          segments.push({
            left: item.x,
            right: item.x + item.width,
            baseline: line.baseline,
            fontSize: item.fontSize,
            text: item.text,
            ...(item.confidence !== undefined ? { confidence: item.confidence } : {}),
          });
      }
      return segments;
    });
}

/**
 * Borderless tables from text alignment: a run of three or more consecutive lines (baselines at
 * most 2.5 em apart), each cut into two or more segments by gaps of 1.2 em or more, whose
 * segments start at the same two or more x positions (within 3 pt) in at least three of the
 * lines, with no segment longer than 45 characters and no column whose median cell is longer
 * than 30 (prose), and no first column of consecutive line numbers (a transcript). Each such
 * position starts a column;
 * a segment belongs to the last column starting at or before it.
 */
export function alignedTables(page: PageText): TabulaTable[] {
  const lines = segmentLines(page);
  const tables: TabulaTable[] = [];
  let start = 0;
  while (start < lines.length) {
    if (lines[start].length < 2) {
      start += 1;
      continue;
    }
    let end = start + 1;
    while (
      end < lines.length &&
      lines[end].length >= 2 &&
      lines[end][0].baseline - lines[end - 1][0].baseline <= lines[end][0].fontSize * 2.5
    )
      end += 1;
    const run = lines.slice(start, end);
    start = end;
    if (run.length < 3) continue;
    if (run.some((line) => line.some((segment) => Array.from(segment.text.trim()).length > 45))) continue;
    const lefts = edges(
      run.flatMap((line) => line.map((segment) => segment.left)),
      3,
    );
    const starts = lefts.filter(
      (x) => run.filter((line) => line.some((segment) => Math.abs(segment.left - x) <= 3)).length >= 3,
    );
    if (starts.length < 2) continue;
    const columnOf = (segment: Segment) => {
      let column = 0;
      starts.forEach((x, index) => {
        if (x <= segment.left + 3) column = index;
      });
      return column;
    };
    const right = Math.max(...run.flatMap((line) => line.map((segment) => segment.right)));
    const rows: TabulaCell[][] = run.map((line) => {
      const top = line[0].baseline - line[0].fontSize;
      const texts = starts.map(() => "");
      const confidences: (number | undefined)[] = starts.map(() => undefined);
      for (const segment of line) {
        const column = columnOf(segment);
        texts[column] =
          texts[column] === "" ? segment.text.trim() : `${texts[column]} ${segment.text.trim()}`;
        if (segment.confidence !== undefined)
          confidences[column] = Math.min(confidences[column] ?? segment.confidence, segment.confidence);
      }
      return texts.map((text, column) => ({
        text,
        left: starts[column],
        top,
        width: (starts[column + 1] ?? right) - starts[column],
        height: line[0].fontSize * 1.2,
        ...(confidences[column] !== undefined ? { confidence: confidences[column] } : {}),
      }));
    });
    if (rows.filter((row) => row.filter((cell) => cell.text !== "").length >= 2).length < 3) continue;
    // Line-numbered text (a transcript: numbers, then a line of prose) lines up too; table cells
    // are short, so every column's median cell must be at most 30 characters.
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const wordy = starts.some(
      (_, column) =>
        median(rows.map((row) => Array.from(row[column].text).length).filter((length) => length > 0)) > 30,
    );
    // Line numbers down the left edge (1, 2, 3 …) are a transcript's margin, not a column.
    const numbers = rows.map((row) => row[0].text).filter((text) => text !== "");
    const lineNumbers =
      numbers.length >= 3 &&
      numbers.every(
        (text, index) =>
          /^\d+$/.test(text) && (index === 0 || Number(text) === Number(numbers[index - 1]) + 1),
      );
    if (wordy || lineNumbers) continue;
    const last = run[run.length - 1][0];
    tables.push({
      method: "stream",
      top: rows[0][0].top,
      left: starts[0],
      bottom: last.baseline + last.fontSize * 0.3,
      right,
      rows,
    });
  }
  return tables;
}

/**
 * Tables on the pages where tabula found none, read from pdf.js alone: ruled grids (the page's
 * ruling lines), else, with `alignment`, columns of aligned text. Their cell text is the text
 * layer's, so their text check says so (`corrected`: cell text taken from pdf.js), and
 * `detector` says what found them.
 */
export async function tablesTabulaMissed(
  pdf: Pick<PdfText, "pages" | "rulings">,
  found: ExtractedTable[],
  options: { signal?: AbortSignal; alignment?: boolean } = {},
): Promise<ExtractedTable[]> {
  const withTables = new Set(found.map((table) => table.page));
  const pages: TabulaPage[] = [];
  for (const page of pdf.pages) {
    if (withTables.has(page.page) || page.items.every((item) => item.text.trim() === "")) continue;
    if (options.signal?.aborted) throw options.signal.reason ?? new Error("aborted");
    const ruled = ruledTables(page, await pdf.rulings(page.page));
    const tables = ruled.length > 0 || !options.alignment ? ruled : alignedTables(page);
    if (tables.length > 0)
      pages.push({ page: page.page, width: page.width, height: page.height, rotation: 0, tables });
  }
  return buildTables(pages).map((table) => ({
    ...table,
    detector: table.method === "lattice" ? ("pdfjs-rulings" as const) : ("pdfjs-alignment" as const),
    textCheck: {
      status: "corrected" as const,
      replacedCells: table.cells.flat().filter((cell) => cell.trim() !== "").length,
      unverifiedCells: [],
    },
  }));
}
