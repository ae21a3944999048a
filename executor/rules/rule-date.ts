import { parseDateText } from "../../domain/parse-value.js";

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
  /** Day number (since 1970-01-01) of the period's first day; dates are cached, so computed once. */
  firstDay: number;
  /** Day number of the period's last day. */
  lastDay: number;
}

/** Builds a RuleDate with its first and last day numbers. */
function makeDate(iso: string, precision: DatePrecision, year: number, month: number, day: number): RuleDate {
  const firstDay = Date.UTC(year, month - 1, day) / DAY_MS;
  let lastDay: number;
  if (precision === "day") lastDay = firstDay;
  else if (precision === "month") lastDay = Date.UTC(year, month, 0) / DAY_MS;
  else if (precision === "quarter") lastDay = Date.UTC(year, month + 2, 0) / DAY_MS;
  else lastDay = Date.UTC(year, 12, 0) / DAY_MS;
  return { iso, precision, year, month, day, firstDay, lastDay };
}

const RANK: Record<DatePrecision, number> = { day: 0, month: 1, quarter: 2, year: 3 };
const DAY_MS = 86_400_000;

/** ISO shapes a string literal must have to be read as a date without a date column beside it. */
export const ISO_DATE_LIKE = /^\d{4}(?:-\d{2}(?:-\d{2})?|-Q[1-4])$/;

/** Reads a date or period from cell or literal text (every spelling parseDateText knows, plus a bare year). */
export function toRuleDate(text: string): RuleDate | undefined {
  const trimmed = text.trim();
  if (/^\d{4}$/.test(trimmed)) return makeDate(trimmed, "year", +trimmed, 1, 1);
  const iso = parseDateText(trimmed);
  if (!iso) return undefined;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (match) return makeDate(iso, "day", +match[1], +match[2], +match[3]);
  match = /^(\d{4})-(\d{2})$/.exec(iso);
  if (match) return makeDate(iso, "month", +match[1], +match[2], 1);
  match = /^(\d{4})-Q([1-4])$/.exec(iso);
  if (match) return makeDate(iso, "quarter", +match[1], (+match[2] - 1) * 3 + 1, 1);
  return undefined;
}

function ordinal(date: RuleDate, precision: DatePrecision): number {
  switch (precision) {
    case "day":
      return date.firstDay;
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
  return date.lastDay;
}

/** Day number since 1970-01-01 of an ISO day (YYYY-MM-DD), or undefined when it is not one. */
export function dayNumber(iso: string): number | undefined {
  const date = toRuleDate(iso);
  return date && date.precision === "day" ? lastDayNumber(date) : undefined;
}
