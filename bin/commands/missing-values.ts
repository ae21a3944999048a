import type { MappingTestResult } from "../../adapters/adapter.js";
import type { TableEvidence } from "../../models/evidence.js";

// `sources test` may say "every field matched on every record" only when it is true. An adapter
// without its own mapping test (testMapping) gives only the mapped rows; a column that holds no
// value on some of them (an OCR'd table whose header landed in another column, a cell the page
// left empty) is then a field that matched nothing there, reported like a path that missed.

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/**
 * Every column of the table that holds no value on at least one record, with how many and where.
 * `mayBeEmpty` names columns where an empty cell is a value: the end of a span (`period_column:
 * [start, end]`), empty while the span still runs.
 */
export function missingValues(
  evidence: TableEvidence,
  mayBeEmpty: ReadonlySet<string> = new Set(),
): MappingTestResult["unmatched"] {
  const total = evidence.rows.length;
  return evidence.columns.flatMap((column) => {
    if (mayBeEmpty.has(column.name)) return [];
    const missing = evidence.rows.flatMap((row, index) => (isEmpty(row[column.name]) ? [index] : []));
    if (missing.length === 0) return [];
    return [
      {
        field: column.name,
        path: column.label ?? column.name,
        records: missing.length,
        total,
        examples: missing
          .slice(0, 3)
          .map((index) => evidence.provenance[index]?.locator ?? `record ${index + 1}`),
      },
    ];
  });
}
