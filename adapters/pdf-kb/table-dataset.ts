import { valueMatchesFilter } from "../../domain/canonical-values.js";
import { parseAs } from "../../domain/parse-value.js";
import { periodLabelRange } from "../../domain/period-range.js";
import { foldText } from "../../domain/text-folding.js";
import type { CellValue, Column, ColumnType, Provenance, TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import { unpivotInto } from "../../models/sources/common.js";
import type { KnowledgeBaseTable } from "../../models/sources/pdf-kb-source.js";
import type { Catalog } from "../../models/workspace.js";
import { unpivotTable } from "../shared/unpivot.js";
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

/** One stored table as headers and rows of cells (after the dataset's unpivot), with each row's wide header. */
interface TableRows {
  table: StoredTable;
  columns: { name: string; type: ColumnType }[];
  /** Per row: the record, each column's cell text and, for a table read by OCR, its confidence. */
  rows: {
    record: Record<string, CellValue>;
    text: string[];
    confidence?: (number | null)[];
    wideHeader?: string;
  }[];
  note?: string;
}

function tableRows(sourceName: string, dataset: KnowledgeBaseTable, table: StoredTable): TableRows {
  const names = table.columns.map((column) => column.name);
  // The stored grid keeps each body cell's text (rows follow the header rows one to one).
  const texts = table.rows.map((record, index) =>
    names.map(
      (name, column) => table.cells[table.headerRows + index]?.[column] ?? String(record[name] ?? ""),
    ),
  );
  const confidence = (row: number, column: number) =>
    table.cellConfidence?.[table.headerRows + row]?.[column] ?? null;
  if (!dataset.unpivot)
    return {
      table,
      columns: table.columns,
      rows: table.rows.map((record, index) => ({
        record,
        text: texts[index],
        ...(table.cellConfidence ? { confidence: names.map((_, column) => confidence(index, column)) } : {}),
      })),
    };
  const where = `${sourceName}: ${table.document} page ${table.page} table ${table.tableId}`;
  const long = unpivotTable(
    names,
    table.rows.map((record) => names.map((name) => record[name] ?? null)),
    dataset.unpivot,
    where,
  );
  const keptNames = long.headers.slice(0, -2);
  const wide = table.columns.filter((column) => !keptNames.includes(column.name));
  const valueType: ColumnType = wide.every((column) => column.type === wide[0]?.type)
    ? (wide[0]?.type ?? "string")
    : "number";
  const columns = [
    ...table.columns.filter((column) => keptNames.includes(column.name)),
    { name: long.into, type: "date" as ColumnType },
    { name: long.value, type: valueType },
  ];
  return {
    table,
    columns,
    rows: long.rows.map((row) => ({
      record: Object.fromEntries(long.headers.map((header, index) => [header, row.cells[index]])),
      text: [
        ...keptNames.map((name) => texts[row.sourceRow][names.indexOf(name)]),
        String(row.cells[long.headers.length - 2]),
        texts[row.sourceRow][names.indexOf(row.sourceHeader)],
      ],
      ...(table.cellConfidence
        ? {
            confidence: [
              ...keptNames.map((name) => confidence(row.sourceRow, names.indexOf(name))),
              null,
              confidence(row.sourceRow, names.indexOf(row.sourceHeader)),
            ],
          }
        : {}),
      wideHeader: row.sourceHeader,
    })),
    note: `${table.tableId}: unpivoted ${table.rows.length} rows into ${long.rows.length} (${long.into}, ${long.value})${long.emptyCells > 0 ? `; ${long.emptyCells} empty cells gave no row` : ""}`,
  };
}

/**
 * The dataset's rows as typed evidence: each matching table melted when the dataset has an
 * unpivot, columns renamed by the dataset's mapping (unmapped columns dropped when there is a
 * mapping) and retyped by its `types`, rows from every matching table (a calendar with a table
 * per quarter is one dataset), filtered by the sub-goal's filters through the catalog's synonyms
 * and by its period on the dataset's period column(s); provenance per row names the document,
 * page, table id and box.
 */
export function datasetEvidence(
  sourceName: string,
  dataset: KnowledgeBaseTable,
  tables: StoredTable[],
  goal: SubGoal,
  catalog?: Catalog,
): { evidence: TableEvidence; unmatched: string[] } {
  const mapping = new Map(Object.entries(dataset.columns).map(([header, name]) => [headerKey(header), name]));
  const melted = tables.map((table) => tableRows(sourceName, dataset, table));
  if (dataset.unpivot) {
    mapping.set(headerKey(unpivotInto(dataset.unpivot)), unpivotInto(dataset.unpivot));
    mapping.set(headerKey(dataset.unpivot.value), dataset.unpivot.value);
  }
  const mapped = (header: string) => (mapping.size === 0 ? header : mapping.get(headerKey(header)));
  const columns: Column[] = [];
  for (const { columns: tableColumns } of melted) {
    for (const column of tableColumns) {
      const name = mapped(column.name);
      if (name === undefined) continue;
      const type = dataset.types[name] ?? column.type;
      const existing = columns.find((entry) => entry.name === name);
      if (!existing)
        columns.push({ name, type, label: column.name, ...(type === "percent" ? { unit: "percent" } : {}) });
      else if (existing.type !== type) existing.type = "string";
    }
  }
  const columnNames = new Set(columns.map((column) => column.name));
  const filters = Object.entries(goal.params.filters).filter(([key]) => columnNames.has(key));
  const unmatched = Object.keys(goal.params.filters).filter((key) => !columnNames.has(key));
  const notes: string[] = melted.flatMap((entry) => (entry.note ? [entry.note] : []));
  const declared =
    dataset.period_column ?? (dataset.unpivot?.period ? unpivotInto(dataset.unpivot) : undefined);
  const periodColumns =
    declared === "none"
      ? []
      : declared !== undefined
        ? Array.isArray(declared)
          ? declared
          : [declared]
        : columns.filter((column) => column.type === "date").map((column) => column.name);
  if (declared === undefined && periodColumns.length > 0 && goal.params.period)
    notes.push(
      `period taken from the date column${periodColumns.length > 1 ? "s" : ""} ${periodColumns.join(", ")}; set period_column (or none) to say which`,
    );
  const rows: Record<string, CellValue>[] = [];
  const provenance: Provenance[] = [];
  for (const { table, columns: tableColumns, rows: tableRecords } of melted) {
    for (const { record, text, confidence, wideHeader } of tableRecords) {
      const row: Record<string, CellValue> = Object.create(null);
      const cellConfidence: Record<string, number> = {};
      tableColumns.forEach((column, index) => {
        const name = mapped(column.name);
        if (name === undefined) return;
        const read = confidence?.[index];
        if (read !== undefined && read !== null) cellConfidence[name] = read;
        const forced = dataset.types[name];
        row[name] =
          forced && forced !== column.type ? parseAs(text[index], forced) : (record[column.name] ?? null);
      });
      const keep = filters.every(([key, wanted]) => valueMatchesFilter(catalog, key, row[key], wanted));
      if (!keep) continue;
      const period = goal.params.period;
      if (period && periodColumns.length > 0) {
        const labels = periodColumns
          .map((name) => row[name])
          .filter((value): value is string => typeof value === "string")
          .map((value) => periodLabelRange(value))
          .filter((range) => range !== undefined);
        // A row with a start and an end (a campaign) counts when its span overlaps the period.
        const from = labels.map((range) => range.from).sort()[0];
        const to = labels
          .map((range) => range.to)
          .sort()
          .at(-1);
        if (from === undefined || to === undefined || !overlaps(from, to, period)) {
          if (from !== undefined || declared !== undefined) continue;
        }
      }
      rows.push(row);
      provenance.push({
        source: sourceName,
        document: table.document,
        page: table.page,
        table_id: table.tableId,
        ...(table.bbox ? { bbox: table.bbox } : {}),
        ...(wideHeader ? { column: wideHeader } : {}),
        // A scanned table's row says it was read by OCR, with each cell's confidence, as a BI
        // canvas row does: the number audit flags a figure read below the threshold.
        ...(table.ocr
          ? { ocr: { engine: table.ocr.engine, confidence: cellConfidence, threshold: table.ocr.threshold } }
          : {}),
      });
      if (table.ocr)
        for (const [name, value] of Object.entries(cellConfidence))
          if (value < table.ocr.threshold)
            notes.push(
              `OCR confidence ${value.toFixed(2)} (below ${table.ocr.threshold}) for ${name} = ${String(row[name])} (${table.document} page ${table.page} table ${table.tableId}): check it against the scan`,
            );
    }
  }
  const scanned = [...new Set(melted.filter(({ table }) => table.ocr).map(({ table }) => table))];
  for (const table of scanned)
    notes.push(
      `${table.document} page ${table.page} table ${table.tableId}: read by OCR (${table.ocr?.engine})`,
    );
  return { evidence: { kind: "table", columns, rows, provenance, notes }, unmatched };
}
