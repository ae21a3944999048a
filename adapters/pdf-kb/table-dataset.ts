import { foldText } from "../../domain/text-folding.js";
import type { CellValue, Column, Provenance, TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { KnowledgeBaseTable } from "../../models/sources/pdf-kb-source.js";
import type { StoredTable } from "./store/knowledge-base.js";

/** Header text compared loosely: case, width, script (Traditional/Simplified) and spacing ignored. */
function headerKey(text: string): string {
  return foldText(text).replace(/\s+/g, " ").trim();
}

/** Whether a stored table has every header the dataset asks for (any order). */
export function hasHeaders(table: StoredTable, wanted: string[]): boolean {
  const headers = new Set(table.columns.map((column) => headerKey(column.name)));
  for (const row of table.cells.slice(0, table.headerRows))
    for (const cell of row) headers.add(headerKey(cell));
  return wanted.every((header) => headers.has(headerKey(header)));
}

/** The tables of a dataset: those in its documents whose headers include match_headers, in document and page order. */
export function datasetTables(tables: StoredTable[], dataset: KnowledgeBaseTable): StoredTable[] {
  return tables.filter((table) => hasHeaders(table, dataset.match_headers));
}

function overlaps(from: string, to: string, period: { from: string; to: string }): boolean {
  return from <= period.to && to >= period.from;
}

/**
 * The dataset's rows as typed evidence: columns renamed by the dataset's mapping (unmapped
 * columns dropped when there is a mapping), rows from every matching table (a calendar with a
 * table per quarter is one dataset), filtered by the sub-goal's filters on mapped columns and by
 * its period on date columns; provenance per row names the document, page, table id and box.
 */
export function datasetEvidence(
  sourceName: string,
  dataset: KnowledgeBaseTable,
  tables: StoredTable[],
  goal: SubGoal,
): { evidence: TableEvidence; unmatched: string[] } {
  const mapping = new Map(Object.entries(dataset.columns).map(([header, name]) => [headerKey(header), name]));
  const columns: Column[] = [];
  const rows: Record<string, CellValue>[] = [];
  const provenance: Provenance[] = [];
  for (const table of tables) {
    for (const column of table.columns) {
      const name = mapping.size === 0 ? column.name : mapping.get(headerKey(column.name));
      if (name === undefined) continue;
      const existing = columns.find((entry) => entry.name === name);
      if (!existing)
        columns.push({
          name,
          type: column.type,
          label: column.name,
          ...(column.type === "percent" ? { unit: "percent" } : {}),
        });
      else if (existing.type !== column.type) existing.type = "string";
    }
  }
  const columnNames = new Set(columns.map((column) => column.name));
  const filters = Object.entries(goal.params.filters).filter(([key]) => columnNames.has(key));
  const unmatched = Object.keys(goal.params.filters).filter((key) => !columnNames.has(key));
  const dateColumns = columns.filter((column) => column.type === "date").map((column) => column.name);
  for (const table of tables) {
    for (const record of table.rows) {
      const row: Record<string, CellValue> = Object.create(null);
      for (const column of table.columns) {
        const name = mapping.size === 0 ? column.name : mapping.get(headerKey(column.name));
        if (name !== undefined) row[name] = record[column.name] ?? null;
      }
      const keep = filters.every(([key, wanted]) => {
        const values = (Array.isArray(wanted) ? wanted : [wanted]).map((value) => headerKey(value));
        return values.includes(headerKey(String(row[key] ?? "")));
      });
      if (!keep) continue;
      const period = goal.params.period;
      if (period && dateColumns.length > 0) {
        const dates = dateColumns
          .map((name) => row[name])
          .filter((value): value is string => typeof value === "string")
          .sort();
        // A row with a start and an end (a campaign) counts when its span overlaps the period.
        if (dates.length > 0 && !overlaps(dates[0], dates.at(-1)!, period)) continue;
      }
      rows.push(row);
      provenance.push({
        source: sourceName,
        document: table.document,
        page: table.page,
        table_id: table.tableId,
        ...(table.bbox ? { bbox: table.bbox } : {}),
      });
    }
  }
  return { evidence: { kind: "table", columns, rows, provenance, notes: [] }, unmatched };
}
