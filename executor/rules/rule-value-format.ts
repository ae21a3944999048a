import type { CellValue, ColumnType } from "../../models/evidence.js";

/** A value's static type in a rule: a column type, or null for the `null` literal. */
export type RuleValueType = ColumnType | "null";

/** Formats a value for a message: numbers trimmed, percents with %, text quoted, dates bare. */
export function formatRuleValue(value: CellValue | undefined, type?: RuleValueType): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") {
    const shown = Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
    return type === "percent" ? `${shown}%` : shown;
  }
  if (typeof value === "boolean") return String(value);
  if (type === "date") return value;
  const clipped = value.length > 60 ? `${value.slice(0, 59)}…` : value;
  return `'${clipped.replace(/\n/g, "\\n")}'`;
}
