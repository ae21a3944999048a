import type { CellValue, ColumnType, Evidence } from "../../models/evidence.js";

/** The fields a text passage offers to rules, with their types. */
const PASSAGE_FIELDS: [string, ColumnType][] = [
  ["chunk_id", "string"],
  ["document", "string"],
  ["page", "number"],
  ["section", "string"],
  ["text", "string"],
  ["score", "number"],
];

/**
 * Evidence seen as a table the interpreter can read: a table as it is, text evidence as one
 * row per passage. Column names live in a Map and cells are read with Object.hasOwn, so a
 * column called `__proto__` or `constructor` never reaches an object's prototype.
 */
export class EvidenceFrame {
  readonly kind: "table" | "text";
  readonly columns = new Map<string, ColumnType>();
  readonly rows: Record<string, CellValue>[];
  /** Total length of all passages' text (text evidence only). */
  readonly totalTextLength: number;

  constructor(evidence: Evidence) {
    this.kind = evidence.kind;
    if (evidence.kind === "table") {
      for (const column of evidence.columns ?? [])
        if (!this.columns.has(column.name)) this.columns.set(column.name, column.type);
      this.rows = evidence.rows ?? [];
      this.totalTextLength = 0;
    } else {
      for (const [name, type] of PASSAGE_FIELDS) this.columns.set(name, type);
      const passages = evidence.passages ?? [];
      this.rows = passages.map((passage) => ({
        chunk_id: passage.chunk_id,
        document: passage.document,
        page: passage.page,
        section: passage.section,
        text: passage.text,
        score: passage.score,
      }));
      this.totalTextLength = passages.reduce((sum, passage) => sum + (passage.text?.length ?? 0), 0);
    }
  }

  get rowCount(): number {
    return this.rows.length;
  }

  /** One cell; a missing key reads as null. */
  cell(row: number, column: string): CellValue {
    const record = this.rows[row];
    if (record === null || typeof record !== "object" || !Object.hasOwn(record, column)) return null;
    const value = record[column];
    return value === undefined ? null : value;
  }
}
