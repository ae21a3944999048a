import { correctCellText, unverifiedCells } from "./cell-text.js";
import type { ExtractedTable } from "./extracted-document.js";
import { withoutFrameCells } from "./frame-cells.js";
import type { PageText } from "./pdf-text-reader.js";
import { buildTables } from "./table-builder.js";
import { runTabula, type TabulaPage } from "./tabula-runner.js";

/** Options of extractTables. */
export interface TableExtractOptions {
  mode?: "auto" | "lattice" | "stream";
  timeoutMs?: number;
  password?: string;
  signal?: AbortSignal;
  /** The java executable (default: $JAVA_HOME/bin/java, else java on PATH). */
  javaPath?: string;
}

/** Finds and types every table of a PDF with one tabula-java run; throws TableExtractionError. */
export async function extractTables(
  absolutePath: string,
  options: TableExtractOptions = {},
): Promise<ExtractedTable[]> {
  const pages = await runTabula(absolutePath, options);
  return buildTables(withoutFrameCells(pages));
}

/**
 * Typed tables from tabula's pages with their text checked against pdf.js's text layer: each
 * cell's text comes from the pdf.js glyphs inside tabula's rectangle when the two disagree, and a
 * table whose cells still cannot all be found in the page's text is marked unverified and warned
 * about (its text may be wrong; the passages keep the page's own text under it).
 */
export function tablesWithCheckedText(
  tabulaPages: TabulaPage[],
  text: PageText[],
): { tables: ExtractedTable[]; warnings: string[] } {
  const warnings: string[] = [];
  const pages = withoutFrameCells(tabulaPages);
  const original = buildTables(pages);
  const correction = correctCellText(pages, text);
  const tables = correction.replacedCells > 0 ? buildTables(correction.pages) : original;
  for (const table of tables) {
    const before = original.find((entry) => entry.page === table.page && sameBox(entry.bbox, table.bbox));
    const replaced = before
      ? countDifferent(before.cells, table.cells)
      : table.cells.flat().filter(Boolean).length;
    const unverified = unverifiedCells(
      table.cells,
      text.find((page) => page.page === table.page),
    );
    table.textCheck = {
      status: unverified.length > 0 ? "unverified" : replaced > 0 ? "corrected" : "verified",
      replacedCells: replaced,
      unverifiedCells: unverified.slice(0, 10),
    };
    if (unverified.length > 0)
      warnings.push(
        `table ${table.id} (page ${table.page}): ${unverified.length} cell${unverified.length > 1 ? "s" : ""} not found in the page's text layer (${unverified
          .slice(0, 3)
          .map((cell) => JSON.stringify(cell))
          .join(", ")}); its text may be wrong`,
      );
  }
  return { tables, warnings };
}

function sameBox(a: number[], b: number[]): boolean {
  return a.every((value, index) => Math.abs(value - b[index]) < 2);
}

function countDifferent(before: string[][], after: string[][]): number {
  if (before.length !== after.length || before[0]?.length !== after[0]?.length)
    return after.flat().filter(Boolean).length;
  return after.reduce(
    (count, row, rowIndex) => count + row.filter((cell, column) => cell !== before[rowIndex][column]).length,
    0,
  );
}
