import type { Period } from "../../models/plan.js";

/** A closed range of ISO dates. */
export interface DateRange {
  from: string;
  to: string;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The dates a period label covers: 2024-01-15 → that day; 2024-01 → the month; 2023-Q3 → the
 * quarter; 2024 → the year. Undefined for anything else.
 */
export function periodLabelRange(label: string): DateRange | undefined {
  const text = label.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (match)
    return { from: `${match[1]}-${match[2]}-${match[3]}`, to: `${match[1]}-${match[2]}-${match[3]}` };
  match = /^(\d{4})-(\d{2})$/.exec(text);
  if (match)
    return {
      from: `${match[1]}-${match[2]}-01`,
      to: `${match[1]}-${match[2]}-${pad(lastDayOfMonth(+match[1], +match[2]))}`,
    };
  match = /^(\d{4})-?Q([1-4])$/i.exec(text);
  if (match) {
    const first = (+match[2] - 1) * 3 + 1;
    return {
      from: `${match[1]}-${pad(first)}-01`,
      to: `${match[1]}-${pad(first + 2)}-${pad(lastDayOfMonth(+match[1], first + 2))}`,
    };
  }
  match = /^Q([1-4])$/i.exec(text);
  if (match) return undefined;
  match = /^(\d{4})$/.exec(text);
  if (match) return { from: `${match[1]}-01-01`, to: `${match[1]}-12-31` };
  return undefined;
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
