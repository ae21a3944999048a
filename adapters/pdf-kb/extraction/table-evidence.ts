import type { TableEvidence } from "../../../models/evidence.js";
import type { ExtractedTable } from "./extracted-document.js";

/** A table as structured evidence: typed columns, one provenance (document, page, table id, box) per row. */
export function tableToEvidence(
  table: ExtractedTable,
  where: { source: string; document: string },
): TableEvidence {
  return {
    kind: "table",
    columns: table.columns.map((column) =>
      column.type === "percent"
        ? { name: column.name, type: column.type, unit: "percent" }
        : { name: column.name, type: column.type },
    ),
    rows: table.rows.map((row) => ({ ...row })),
    provenance: table.rows.map(() => ({
      source: where.source,
      document: where.document,
      page: table.page,
      table_id: table.id,
      bbox: table.bbox,
    })),
    notes: [],
  };
}
