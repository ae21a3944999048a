import type { Period } from "../models/plan.js";
import { periodOfLabel } from "./period-label.js";

/** A closed range of ISO dates. */
export interface DateRange {
  from: string;
  to: string;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/**
 * The dates a period label covers: 2024-01-15 → that day; 2024-01 → the month; 2023-Q3 → the
 * quarter; 2024 → the year; and every other calendar label the one period-label parser reads
 * ("Jan-24", "2024年 / Q1", "Q1 2024"). Undefined for anything else, fiscal labels included
 * (they need a declared fiscal start: the dataset's unpivot turns them into canonical labels).
 */
export function periodLabelRange(label: string): DateRange | undefined {
  const period = periodOfLabel(label);
  return period ? { from: period.from, to: period.to } : undefined;
}

/** Whether a row's period label lies inside the wanted period (a month inside a quarter, a day inside a month). */
export function labelWithinPeriod(label: string, period: Pick<Period, "from" | "to">): boolean {
  const range = periodLabelRange(label);
  if (!range) return false;
  return range.from >= period.from && range.to <= period.to;
}

/** Whether a row's period label overlaps the wanted period at all. */
export function labelOverlapsPeriod(label: string, period: Pick<Period, "from" | "to">): boolean {
  const range = periodLabelRange(label);
  if (!range) return false;
  return range.from <= period.to && range.to >= period.from;
}

/**
 * Whether a row's span, from its start label to its end label, overlaps the wanted period. An
 * empty end is a span still running (a renovation with no end date yet); an unreadable start
 * never matches, so a row is never filed under a guessed period.
 */
export function spanOverlapsPeriod(
  startLabel: string,
  endLabel: string,
  period: Pick<Period, "from" | "to">,
): boolean {
  const start = periodLabelRange(startLabel);
  if (!start) return false;
  if (endLabel.trim() === "") return start.from <= period.to;
  const end = periodLabelRange(endLabel);
  if (!end) return false;
  return start.from <= period.to && end.to >= period.from;
}

/** The label of the period a date falls in at a grain: 2024-01-15 at month → 2024-01. */
export function labelAtGrain(date: string, grain: Period["grain"]): string {
  const [year, month] = date.split("-").map(Number);
  switch (grain) {
    case "year":
      return String(year);
    case "quarter":
      return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
    case "month":
      return `${year}-${pad(month)}`;
    default:
      return date.slice(0, 10);
  }
}
