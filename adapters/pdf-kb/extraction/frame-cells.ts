import type { TabulaCell, TabulaPage, TabulaTable } from "./tabula-runner.js";

// A ruled frame around a page or a section is no table cell. wkhtmltopdf draws the page's
// rectangle, and tabula's lattice reader makes it one more "cell" of the table inside it: a first
// row whose single cell holds the whole page's text (headings, paragraphs and the table's own
// rows), which then swallowed every passage of the page into the table. A cell whose rectangle
// encloses another filled cell is such a frame: it is dropped and the table's box shrinks to the
// cells that are left.

/** Slack for rectangles that share an edge, in points. */
const EDGE = 1;

function encloses(outer: TabulaCell, inner: TabulaCell): boolean {
  return (
    outer !== inner &&
    outer.left <= inner.left + EDGE &&
    outer.top <= inner.top + EDGE &&
    outer.left + outer.width >= inner.left + inner.width - EDGE &&
    outer.top + outer.height >= inner.top + inner.height - EDGE &&
    (outer.width > inner.width + EDGE || outer.height > inner.height + EDGE)
  );
}

function isPlaced(cell: TabulaCell): boolean {
  return cell.width > 0 && cell.height > 0;
}

function withoutFrames(table: TabulaTable): TabulaTable {
  if (table.method !== "lattice") return table;
  const filled = table.rows.flat().filter((cell) => isPlaced(cell) && cell.text.trim() !== "");
  const frames = new Set(filled.filter((cell) => filled.some((other) => encloses(cell, other))));
  if (frames.size === 0) return table;
  const rows = table.rows.map((row) =>
    // Made the empty placeholder tabula gives for the cells a spanning cell covers, so that no
    // later step (the text check re-reads cells from the page) fills it again.
    row.map((cell) => (frames.has(cell) ? { text: "", top: 0, left: 0, width: 0, height: 0 } : cell)),
  );
  const kept = rows.flat().filter((cell) => isPlaced(cell) && cell.text.trim() !== "");
  if (kept.length === 0) return { ...table, rows };
  return {
    ...table,
    rows,
    top: Math.min(...kept.map((cell) => cell.top)),
    left: Math.min(...kept.map((cell) => cell.left)),
    bottom: Math.max(...kept.map((cell) => cell.top + cell.height)),
    right: Math.max(...kept.map((cell) => cell.left + cell.width)),
  };
}

/** tabula's pages without frame cells (one enclosing other filled cells), each table's box shrunk to its real cells. */
export function withoutFrameCells(pages: TabulaPage[]): TabulaPage[] {
  return pages.map((page) => ({ ...page, tables: page.tables.map(withoutFrames) }));
}
