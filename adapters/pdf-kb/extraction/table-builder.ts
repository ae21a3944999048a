import { inferColumnType, parseAs, parseCell } from "../../../domain/parse-value.js";
import type { CellValue } from "../../../models/evidence.js";
import { joinWithSpace, normalizeSpacing } from "./cjk-text.js";
import type { BoundingBox, ExtractedColumn, ExtractedTable } from "./extracted-document.js";
import { visualToLogical } from "./table-text-direction.js";
import type { TabulaCell, TabulaPage, TabulaTable } from "./tabula-runner.js";

// Dot leaders (". . . . ." or "......") only lead the eye from a row label to its values.
// Three dots stay: statistical tables print "..." for "not available".
const DOT_LEADER = /(?:\s*\.){4,}\s*$|(?:\s*\.\s*){4,}(?=\s)/g;

function cellText(text: string): string {
  // Cells wrapped over several lines come with \r or \n between the lines.
  return normalizeSpacing(
    text
      .split(/\r\n|\r|\n/)
      .map((part) => visualToLogical(part.replace(DOT_LEADER, " ").trim()))
      .filter(Boolean)
      .reduce((all, part) => joinWithSpace(all, part), ""),
  );
}

/**
 * One cell of the grid a table is built from: its text and, for a table read by OCR, the
 * engine's confidence in it (0–1; the lowest of the pieces it was read from). Rows merged or
 * split carry the confidence along, so every cell of the built table still has its own.
 */
interface GridCell {
  text: string;
  confidence?: number;
}

function lowest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

const textsOf = (grid: GridCell[][]): string[][] => grid.map((row) => row.map((cell) => cell.text));
const cellsOf = (grid: string[][]): GridCell[][] => grid.map((row) => row.map((text) => ({ text })));

/**
 * Splits a ruled row whose cells hold several stacked text lines into one row per line
 * position, when at least one cell's lines are all numbers or dates: a table whose inner
 * horizontal rules were never drawn, which tabula reads as one tall row. A wrapped header
 * (text lines only) stays one row.
 */
function splitStackedRows(rows: TabulaCell[][], width: number): GridCell[][] {
  const result: GridCell[][] = [];
  for (const row of rows) {
    const cells = Array.from({ length: width }, (_, index) => ({
      text: row[index]?.text ?? "",
      confidence: row[index]?.confidence,
    }));
    const stacked = row.filter((cell) => (cell.lines?.length ?? 0) > 1);
    const typed = stacked.some((cell) => cell.lines!.every((line) => isTyped(line.text)));
    if (stacked.length === 0 || !typed) {
      result.push(cells);
      continue;
    }
    const tops = stacked.flatMap((cell) => cell.lines!.map((line) => line.top)).sort((a, b) => a - b);
    const centres: number[] = [];
    for (const top of tops)
      if (centres.length === 0 || top - centres[centres.length - 1] > 3) centres.push(top);
    const split: GridCell[][] = centres.map(() => Array.from({ length: width }, () => ({ text: "" })));
    const nearest = (top: number) =>
      centres.reduce(
        (best, centre, index) => (Math.abs(centre - top) < Math.abs(centres[best] - top) ? index : best),
        0,
      );
    row.forEach((cell, column) => {
      if (column >= width) return;
      const lines =
        cell.lines && cell.lines.length > 1
          ? cell.lines
          : cell.text.trim() === ""
            ? []
            : [{ top: cell.top, text: cell.text }];
      for (const line of lines) {
        const target = split[nearest(line.top)][column];
        target.text = joinWithSpace(target.text, line.text.trim());
        target.confidence = lowest(target.confidence, cell.confidence);
      }
    });
    result.push(...split);
  }
  return result;
}

/**
 * The grid of cell texts: stacked rows split, a row repeated right below itself dropped (tabula
 * repeats a cell spanning two rows), empty rows and empty columns removed.
 */
export function cleanGrid(table: TabulaTable): string[][] {
  return textsOf(cleanGridCells(table));
}

function cleanGridCells(table: TabulaTable): GridCell[][] {
  const width = Math.max(0, ...table.rows.map((row) => row.length));
  const raw =
    table.method === "lattice"
      ? splitStackedRows(table.rows, width)
      : table.rows.map((row) =>
          Array.from({ length: width }, (_, index) => ({
            text: row[index]?.text ?? "",
            confidence: row[index]?.confidence,
          })),
        );
  let grid = raw.map((row) => row.map((cell) => ({ ...cell, text: cellText(cell.text) })));
  const key = (row: GridCell[]) => row.map((cell) => cell.text).join("\u0000");
  grid = grid.filter(
    (row, index) =>
      row.some((cell) => cell.text !== "") && (index === 0 || key(row) !== key(grid[index - 1])),
  );
  const keep = Array.from({ length: width }, (_, column) => grid.some((row) => row[column].text !== ""));
  return grid.map((row) => row.filter((_, column) => keep[column]));
}

/**
 * Joins the wrapped lines of header cells that the stream reader returns as rows of their own
 * ("Sample" over "size"): above the first row holding a typed value, a text row whose every
 * filled cell sits under a filled cell of the row above is that row's continuation. It needs
 * two filled cells, or one outside the first column, so a lone section label under the
 * header ("Europe" under "Country") stays a row.
 */
export function mergeHeaderContinuations(grid: string[][]): string[][] {
  return textsOf(mergeHeaderContinuationCells(cellsOf(grid)));
}

function mergeHeaderContinuationCells(grid: GridCell[][]): GridCell[][] {
  const firstTyped = grid.findIndex((row) => row.some((cell) => isTyped(cell.text)));
  if (firstTyped <= 1) return grid;
  const result = [grid[0].map((cell) => ({ ...cell }))];
  for (let index = 1; index < grid.length; index += 1) {
    const row = grid[index];
    const above = result[result.length - 1];
    const filled = row.flatMap((cell, column) => (cell.text === "" ? [] : [column]));
    const continues =
      index < firstTyped &&
      filled.length > 0 &&
      (filled.length >= 2 || filled[0] > 0) &&
      filled.every((column) => above[column].text !== "");
    if (!continues) {
      result.push(row.map((cell) => ({ ...cell })));
      continue;
    }
    for (const column of filled)
      above[column] = {
        text: joinWithSpace(above[column].text, row[column].text),
        confidence: lowest(above[column].confidence, row[column].confidence),
      };
  }
  return result;
}

/**
 * Joins the wrapped lines of a multi-line cell that the reader returns as rows of their own
 * ("Applications and mashups" over "developed by the public"): a row of text cells only, each
 * under a filled text cell, each reading on from it (it starts in lower case, or the cell
 * above ends in a hyphen, comma, slash, "&" or an opening bracket). A label row that starts a
 * new group ("Europe") starts in upper case and stays a row.
 */
export function mergeContinuationRows(grid: string[][]): string[][] {
  return textsOf(mergeContinuationRowCells(cellsOf(grid)));
}

function mergeContinuationRowCells(grid: GridCell[][]): GridCell[][] {
  const result: GridCell[][] = [];
  for (const row of grid) {
    const above = result[result.length - 1];
    const filled = row.flatMap((cell, column) => (cell.text === "" ? [] : [column]));
    const continues =
      above !== undefined &&
      filled.length > 0 &&
      filled.every(
        (column) =>
          above[column].text !== "" &&
          !isTyped(above[column].text) &&
          !isTyped(row[column].text) &&
          (/^[\p{Ll}(]/u.test(row[column].text) || /[-,/&(]$/.test(above[column].text)),
      );
    if (!continues) {
      result.push(row.map((cell) => ({ ...cell })));
      continue;
    }
    for (const column of filled)
      above[column] = {
        text: /-$/.test(above[column].text)
          ? above[column].text + row[column].text
          : joinWithSpace(above[column].text, row[column].text),
        confidence: lowest(above[column].confidence, row[column].confidence),
      };
  }
  return result;
}

// Years (2019, FY2019, 2019年), quarters (Q3 2023, 2023-Q3) and months (Jan 2024, 2024-01,
// 2024年1月), with an optional currency or unit marker beside them ("2019 $", "2019 (%)").
const PERIOD_LABEL =
  /^(?:FY\s?)?(?:(?:19|20)\d{2}(?:\s?年)?(?:\s?[-/]?\s?(?:Q[1-4]|H[12]|0?[1-9]|1[0-2])(?:\s?月)?)?|(?:Q[1-4]|H[12])\s?(?:19|20)\d{2}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s?(?:19|20)\d{2})(?:\s?(?:[$€£¥%]|\([$€£¥%]\)|\(%\)))?$/i;

/** Whether a cell names a period (a year, quarter or month) rather than holding a value. */
export function isPeriodLabel(text: string): boolean {
  return PERIOD_LABEL.test(text.trim());
}

/** A row whose cells after the first are all period labels (at least two), the first text or empty. */
function isPeriodRow(row: string[]): boolean {
  const rest = row.slice(1).filter((cell) => cell !== "");
  return (
    rest.length >= 2 &&
    rest.every(isPeriodLabel) &&
    (row[0] === "" || !isTyped(row[0]) || isPeriodLabel(row[0]))
  );
}

function isTyped(text: string): boolean {
  const parsed = parseCell(text);
  return parsed.value !== null && parsed.type !== "string";
}

/**
 * Counts the header rows: leading rows with text but no typed value (number, percent, date)
 * above rows that have some. A second or third header row counts only when the rows above
 * have empty cells (a spanning group header) or it has empty cells itself (a wrapped header).
 * A row of period labels (2019, 2018) above rows of other values counts as text here.
 * A table of text only gets its first row as header.
 */
export function detectHeaderRows(grid: string[][]): number {
  if (grid.length < 2) return 0;
  const textOnly = grid.map((row) => row.some((cell) => cell !== "") && !row.some(isTyped));
  // A row of period labels over the value columns ("", 2019, 2018) heads the table when the rows
  // under it hold values that are not period labels: financial statements label columns by year.
  for (let row = 0; row < Math.min(3, grid.length - 1); row += 1) {
    if (textOnly[row] || !isPeriodRow(grid[row])) continue;
    const below = grid.slice(row + 1);
    if (below.some((cells) => cells.some((cell) => isTyped(cell) && !isPeriodLabel(cell))))
      textOnly[row] = true;
    break;
  }
  if (!textOnly[0]) return 0;
  if (textOnly.every(Boolean)) return 1;
  let count = 1;
  while (count < Math.min(3, grid.length - 1) && textOnly[count]) {
    const spanning = grid[count - 1].some((cell) => cell === "") || grid[count].some((cell) => cell === "");
    if (!spanning) break;
    count += 1;
  }
  return count;
}

/** Column names from the header rows: a group header spans the empty cells to its right. */
export function columnNames(grid: string[][], headerRows: number): string[] {
  const width = grid[0]?.length ?? 0;
  const filled = grid.slice(0, headerRows).map((row, rowIndex) => {
    const result = [...row];
    // Only upper rows span: the last header row names each column itself.
    if (rowIndex < headerRows - 1)
      for (let column = 1; column < width; column += 1)
        if (result[column] === "") result[column] = result[column - 1];
    return result;
  });
  const names: string[] = [];
  const used = new Map<string, number>();
  for (let column = 0; column < width; column += 1) {
    const parts: string[] = [];
    for (const row of filled)
      if (row[column] !== "" && parts[parts.length - 1] !== row[column]) parts.push(row[column]);
    let name = parts.reduce((all, part) => joinWithSpace(all, part), "") || `column_${column + 1}`;
    const seen = used.get(name) ?? 0;
    used.set(name, seen + 1);
    if (seen > 0) name = `${name}_${seen + 1}`;
    names.push(name);
  }
  return names;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The table's box: tabula's own bounds for ruled tables; for stream tables (whose bounds tabula
 * leaves at the page origin) the union of the cells that hold text.
 */
function tableBox(raw: TabulaTable): BoundingBox {
  const cells = raw.rows.flat().filter((cell) => cell.text.trim() !== "" && cell.width > 0);
  if (raw.method === "lattice" && raw.right > raw.left && raw.top > 0)
    return [round(raw.left), round(raw.top), round(raw.right), round(raw.bottom)];
  if (cells.length === 0) return [round(raw.left), round(raw.top), round(raw.right), round(raw.bottom)];
  return [
    round(Math.min(...cells.map((cell) => cell.left))),
    round(Math.min(...cells.map((cell) => cell.top))),
    round(Math.max(...cells.map((cell) => cell.left + cell.width))),
    round(Math.max(...cells.map((cell) => cell.top + cell.height))),
  ];
}

/** Renders a table as plain text for the full-text index: a caption, the header, one line per row. */
export function renderTableText(
  table: Pick<ExtractedTable, "id" | "page" | "section" | "columns" | "cells" | "headerRows">,
): string {
  const caption = `Table ${table.id} (page ${table.page}${table.section ? `, ${table.section}` : ""})`;
  const header = table.columns.map((column) => column.name).join(" | ");
  const body = table.cells.slice(table.headerRows).map((row) => row.join(" | "));
  return [caption, header, ...body].join("\n");
}

/**
 * Whitespace-aligned text is not always a table: two columns of prose (long cells) or the axis
 * labels of a chart (a sparse grid) come out of the stream reader too. A stream table needs
 * short cells (median under 20 characters) and at least 40 % of its grid filled.
 */
export function looksTabular(cells: string[][]): boolean {
  const filled = cells.flat().filter((cell) => cell !== "");
  const total = cells.length * (cells[0]?.length ?? 0);
  if (total === 0 || filled.length / total < 0.4) return false;
  const lengths = filled.map((cell) => Array.from(cell).length).sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length / 2)] < 20;
}

function boxArea(box: BoundingBox): number {
  return Math.max(0, box[2] - box[0]) * Math.max(0, box[3] - box[1]);
}

function overlapArea(a: BoundingBox, b: BoundingBox): number {
  return boxArea([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

/**
 * The page's tables as grids, in reading order, without repeats: tabula returns the same ruled
 * table twice when its rules nest, and the parts of a ruled table as tables of their own. Of
 * tables lying (90 %) inside one another the one with more filled cells stays.
 */
function distinctTables(
  raws: TabulaTable[],
): { raw: TabulaTable; cells: string[][]; confidence: (number | undefined)[][]; bbox: BoundingBox }[] {
  const candidates = raws.flatMap((raw) => {
    const grid = mergeContinuationRowCells(
      raw.method === "stream" ? mergeHeaderContinuationCells(cleanGridCells(raw)) : cleanGridCells(raw),
    );
    const cells = textsOf(grid);
    const confidence = grid.map((row) => row.map((cell) => (cell.text === "" ? undefined : cell.confidence)));
    if (cells.length < 2 || (cells[0]?.length ?? 0) < 2) return [];
    if (raw.method === "stream" && !looksTabular(cells)) return [];
    const filled = cells.flat().filter((cell) => cell !== "").length;
    return [{ raw, cells, confidence, bbox: tableBox(raw), filled }];
  });
  const kept: typeof candidates = [];
  for (const candidate of [...candidates].sort((a, b) => b.filled - a.filled)) {
    const repeat = kept.some((other) => {
      const overlap = overlapArea(candidate.bbox, other.bbox);
      const smaller = Math.min(boxArea(candidate.bbox), boxArea(other.bbox));
      return smaller > 0 && overlap / smaller >= 0.9;
    });
    if (!repeat) kept.push(candidate);
  }
  return kept.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/** Turns tabula's pages into typed tables with ids "p<page>-t<n>", header rows and column types. */
export function buildTables(pages: TabulaPage[]): ExtractedTable[] {
  const tables: ExtractedTable[] = [];
  for (const page of pages) {
    let index = 0;
    for (const { raw, cells, confidence, bbox } of distinctTables(page.tables)) {
      index += 1;
      const headerRows = detectHeaderRows(cells);
      const names = columnNames(cells, headerRows);
      const body = cells.slice(headerRows);
      const columns: ExtractedColumn[] = names.map((name, column) => ({
        name,
        type: inferColumnType(body.map((row) => row[column])),
      }));
      const rows = body.map((row) => {
        const record: Record<string, CellValue> = Object.create(null);
        columns.forEach((column, columnIndex) => {
          record[column.name] = parseAs(row[columnIndex], column.type);
        });
        return record;
      });
      const table: ExtractedTable = {
        id: `p${page.page}-t${index}`,
        page: page.page,
        bbox,
        method: raw.method,
        headerRows,
        columns,
        cells,
        rows,
        section: "",
        text: "",
        ...(confidence.some((row) => row.some((value) => value !== undefined))
          ? { cellConfidence: confidence.map((row) => row.map((value) => value ?? null)) }
          : {}),
      };
      table.text = renderTableText(table);
      tables.push(table);
    }
  }
  return tables;
}
