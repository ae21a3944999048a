import { parseDateText } from "../../adapters/shared/parse-value.js";

/** How fine a date is: a day, a month, a quarter or a year. */
export type DatePrecision = "day" | "month" | "quarter" | "year";

/** A date or period, comparable with another at the coarser of their two precisions. */
export interface RuleDate {
  /** ISO form: 2024-01-15, 2024-01, 2024-Q1, 2024. */
  iso: string;
  precision: DatePrecision;
  year: number;
  /** 1–12; the first month of a quarter or January for a year. */
  month: number;
  /** 1–31; the first day for a coarser period. */
  day: number;
}

const RANK: Record<DatePrecision, number> = { day: 0, month: 1, quarter: 2, year: 3 };
const DAY_MS = 86_400_000;

/** ISO shapes a string literal must have to be read as a date without a date column beside it. */
export const ISO_DATE_LIKE = /^\d{4}(?:-\d{2}(?:-\d{2})?|-Q[1-4])$/;

/** Reads a date or period from cell or literal text (every spelling parseDateText knows, plus a bare year). */
export function toRuleDate(text: string): RuleDate | undefined {
  const trimmed = text.trim();
  if (/^\d{4}$/.test(trimmed)) return { iso: trimmed, precision: "year", year: +trimmed, month: 1, day: 1 };
  const iso = parseDateText(trimmed);
  if (!iso) return undefined;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (match) return { iso, precision: "day", year: +match[1], month: +match[2], day: +match[3] };
  match = /^(\d{4})-(\d{2})$/.exec(iso);
  if (match) return { iso, precision: "month", year: +match[1], month: +match[2], day: 1 };
  match = /^(\d{4})-Q([1-4])$/.exec(iso);
  if (match) return { iso, precision: "quarter", year: +match[1], month: (+match[2] - 1) * 3 + 1, day: 1 };
  return undefined;
}

function ordinal(date: RuleDate, precision: DatePrecision): number {
  switch (precision) {
    case "day":
      return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
    case "month":
      return date.year * 12 + date.month - 1;
    case "quarter":
      return date.year * 4 + Math.floor((date.month - 1) / 3);
    default:
      return date.year;
  }
}

/**
 * Compares two dates at the coarser precision of the two, so 2024-01 equals 2024-01-15 and
 * 2024-Q1 equals 2024-02: a month-level row cannot be before or after a day inside it.
 * Returns negative, zero or positive.
 */
export function compareRuleDates(left: RuleDate, right: RuleDate): number {
  const precision = RANK[left.precision] >= RANK[right.precision] ? left.precision : right.precision;
  return ordinal(left, precision) - ordinal(right, precision);
}

/** The last day of the period as a day number since 1970-01-01 (a month's data is as of its last day). */
export function lastDayNumber(date: RuleDate): number {
  switch (date.precision) {
    case "day":
      return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
    case "month":
      return Date.UTC(date.year, date.month, 0) / DAY_MS;
    case "quarter":
      return Date.UTC(date.year, date.month + 2, 0) / DAY_MS;
    default:
      return Date.UTC(date.year, 12, 0) / DAY_MS;
  }
}

/** Day number since 1970-01-01 of an ISO day (YYYY-MM-DD), or undefined when it is not one. */
export function dayNumber(iso: string): number | undefined {
  const date = toRuleDate(iso);
  return date && date.precision === "day" ? lastDayNumber(date) : undefined;
}
