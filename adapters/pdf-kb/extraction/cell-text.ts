// Tabula for structure, pdf.js for text. tabula-java 0.9 (PDFBox) reads some embedded subset
// fonts by their raw codes instead of their ToUnicode map: pdfkit's subset of WenQuanYi Zen Hei
// comes out as "!", "\"# #", "$" while pdf.js reads "地區", "2023年Q3". The cell rectangles
// tabula finds are right (they come from the ruling lines and glyph boxes), so each cell's text
// is taken from the pdf.js glyphs inside its rectangle whenever the two disagree, and every
// table's text is then checked against the page's text layer.

import { joinWithSpace, normalizeSpacing } from "./cjk-text.js";
import type { PageText } from "./pdf-text-reader.js";
import type { TabulaCell, TabulaPage } from "./tabula-runner.js";

export interface Glyph {
  character: string;
  /** Horizontal centre. */
  x: number;
  /** Vertical centre (points down from the top). */
  y: number;
  baseline: number;
  left: number;
  right: number;
  fontSize: number;
}

// pdf.js reports runs, not glyphs: a run's width is shared out over its characters. Within a
// table cell a run rarely spans two cells (writers place each cell's text on its own), and when
// it does the share is close enough to tell which cell a character's centre falls in.
export function glyphsOf(page: PageText): Glyph[] {
  const glyphs: Glyph[] = [];
  for (const item of page.items) {
    const characters = Array.from(item.text);
    if (characters.length === 0) continue;
    const share = item.width / characters.length;
    characters.forEach((character, index) => {
      const left = item.x + index * share;
      glyphs.push({
        character,
        x: left + share / 2,
        y: item.baseline - item.fontSize * 0.35,
        baseline: item.baseline,
        left,
        right: left + share,
        fontSize: item.fontSize,
      });
    });
  }
  return glyphs;
}

/** The text of the glyphs whose centre lies in the rectangle, line by line, with its lines' tops. */
export function textInside(
  glyphs: Glyph[],
  cell: TabulaCell,
): { text: string; lines: { top: number; text: string }[] } {
  const inside = glyphs.filter(
    (glyph) =>
      glyph.x >= cell.left - 0.5 &&
      glyph.x <= cell.left + cell.width + 0.5 &&
      glyph.y >= cell.top - 0.5 &&
      glyph.y <= cell.top + cell.height + 0.5,
  );
  const sorted = [...inside].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const lines: { baseline: number; fontSize: number; glyphs: Glyph[] }[] = [];
  for (const glyph of sorted) {
    const line = lines.find((entry) => Math.abs(entry.baseline - glyph.baseline) <= glyph.fontSize * 0.5);
    if (line) line.glyphs.push(glyph);
    else lines.push({ baseline: glyph.baseline, fontSize: glyph.fontSize, glyphs: [glyph] });
  }
  const texts = lines.map((line) => {
    const ordered = line.glyphs.sort((a, b) => a.x - b.x);
    let text = "";
    ordered.forEach((glyph, index) => {
      const gap = index === 0 ? 0 : glyph.left - ordered[index - 1].right;
      // Separate runs without a space character between them ("Q3" "2024") still read as words.
      text +=
        gap > glyph.fontSize * 0.2 && !text.endsWith(" ") && glyph.character !== " "
          ? ` ${glyph.character}`
          : glyph.character;
    });
    return { top: line.baseline - line.fontSize, text: normalizeSpacing(text) };
  });
  return { text: texts.reduce((all, line) => joinWithSpace(all, line.text), ""), lines: texts };
}

function comparable(text: string): string {
  return text.normalize("NFKC").replace(/\s+/g, "");
}

/** What the correction did to a document's tables. */
export interface CellTextCorrection {
  pages: TabulaPage[];
  /** Cells whose text was taken from pdf.js because tabula's disagreed. */
  replacedCells: number;
  /** Cells compared. */
  cells: number;
}

/**
 * Replaces each tabula cell's text by the pdf.js text inside its rectangle when they differ
 * (spacing and width ignored). A page pdf.js has no text for is left as tabula read it.
 */
export function correctCellText(pages: TabulaPage[], text: PageText[]): CellTextCorrection {
  let replacedCells = 0;
  let cells = 0;
  const corrected = pages.map((page) => {
    const pageText = text.find((entry) => entry.page === page.page);
    if (!pageText || pageText.items.length === 0) return page;
    const glyphs = glyphsOf(pageText);
    return {
      ...page,
      tables: page.tables.map((table) => ({
        ...table,
        rows: table.rows.map((row) =>
          row.map((cell) => {
            if (cell.width <= 0 || cell.height <= 0) return cell;
            cells += 1;
            const read = textInside(glyphs, cell);
            if (comparable(read.text) === comparable(cell.text)) return cell;
            // No glyph of the text layer inside the cell: tabula's text stays, unconfirmed (the
            // check against the page's text layer below flags it).
            if (read.text === "") return cell;
            replacedCells += 1;
            return {
              ...cell,
              text: read.text,
              ...(read.lines.length > 1 ? { lines: read.lines } : { lines: undefined }),
            };
          }),
        ),
      })),
    };
  });
  return { pages: corrected, replacedCells, cells };
}

/**
 * Whether a table's cell texts can be found in its page's text layer: each non-empty cell must
 * occur in the page's text (spacing ignored). Returns the cells that cannot.
 */
export function unverifiedCells(cells: string[][], page: PageText | undefined): string[] {
  if (!page) return cells.flat().filter((cell) => cell.trim() !== "");
  const layer = comparable(page.items.map((item) => item.text).join(""));
  return cells.flat().filter((cell) => cell.trim() !== "" && !layer.includes(comparable(cell)));
}
