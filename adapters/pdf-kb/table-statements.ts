import type { StoredTable } from "./store/knowledge-base.js";

// A table row states its figures only together with its header: "Premier | 1 hour | 10% of the
// monthly fee" says nothing on its own, while "Plan: Premier; First response target: 1 hour; …"
// is a statement a grader can read like a sentence. The knowledge base stores each body row as a
// passage of its own (ingest/document-rows.ts); a search hit on a row or on a whole table gets the
// statements of its rows, so the reflector needs to know nothing about tables.

/** Each column's header: the header rows' cells of that column, joined (merged cells repeat). */
function columnHeaders(table: Pick<StoredTable, "cells" | "headerRows">): string[] {
  const headerRows = table.cells.slice(0, table.headerRows);
  const width = Math.max(0, ...table.cells.map((row) => row.length));
  return Array.from({ length: width }, (_, column) => {
    const parts: string[] = [];
    for (const row of headerRows) {
      const cell = (row[column] ?? "").trim();
      if (cell && parts.at(-1) !== cell) parts.push(cell);
    }
    return parts.join(" ");
  });
}

/** One body row as a statement: "header: cell" for every non-empty cell, "; " between them. */
export function rowStatement(
  table: Pick<StoredTable, "cells" | "headerRows">,
  bodyIndex: number,
): string | undefined {
  const headers = columnHeaders(table);
  const row = table.cells[table.headerRows + bodyIndex];
  if (!row) return undefined;
  const parts = row
    .map((cell, column) => {
      const value = cell.trim();
      if (!value) return "";
      const header = headers[column] ?? "";
      return header ? `${header}: ${value}` : value;
    })
    .filter(Boolean);
  return parts.length > 0 ? parts.join("; ") : undefined;
}

/** The body index of a row passage's id ("…#table:p1-t1:row3" → 2); undefined for a whole table. */
export function bodyIndexOfRowPassage(passageId: string): number | undefined {
  const match = /:row(\d+)$/.exec(passageId);
  return match ? Number(match[1]) - 1 : undefined;
}

/**
 * The statements a table passage makes: its own row's for a row passage, every body row's for the
 * table's whole rendering. A table without a header row states nothing a header would name, so
 * its rows are left to the passage's text.
 */
export function tableStatements(
  table: Pick<StoredTable, "cells" | "headerRows">,
  passageId: string,
): string[] {
  if (table.headerRows < 1) return [];
  const bodyCount = table.cells.length - table.headerRows;
  const rowIndex = bodyIndexOfRowPassage(passageId);
  const indexes =
    rowIndex === undefined ? Array.from({ length: bodyCount }, (_, index) => index) : [rowIndex];
  return indexes.map((index) => rowStatement(table, index)).filter((statement) => statement !== undefined);
}
