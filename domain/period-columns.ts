/**
 * Column (and report key) names that hold a period label, coarse to fine, then the generic ones.
 * One list, so the answer's metric points, report jobs' number keys and their ordering agree on
 * which columns are periods rather than dimensions.
 */
export const PERIOD_COLUMN_NAMES: readonly string[] = [
  "year",
  "quarter",
  "month",
  "week",
  "day",
  "date",
  "period",
];

/** True for a column that holds a period label (`month`, `quarter`, …). Exact and case-sensitive: catalog names are lower case. */
export function isPeriodColumnName(name: string): boolean {
  return PERIOD_COLUMN_NAMES.includes(name);
}

/** A record field that holds a date by its name: `date`, `created`, `updated`, `day` or `…_date`, `…_created`. */
const DATE_FIELD = /(?:^|_)(?:date|created|updated|day)$/;

/** True for a field named as a date (ticket fields: created, resolution_date), used when no column is named after the grain. */
export function isDateFieldName(name: string): boolean {
  return DATE_FIELD.test(name);
}
