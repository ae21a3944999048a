import type { AsOfRule } from "../models/job.js";

/** The calendar date (YYYY-MM-DD) of an instant in a timezone. */
export function dateInTimezone(instant: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

// Date arithmetic on calendar dates only, in UTC, so no daylight-saving hour can shift a day.
function parse(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}
function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}
function addDays(date: string, days: number): string {
  const value = parse(date);
  value.setUTCDate(value.getUTCDate() + days);
  return format(value);
}

/**
 * The as-of date a job's questions are asked at: the last day of the last complete period before
 * `now` (in the job's timezone), today, or a fixed date. Weeks run Monday to Sunday (ISO).
 */
export function resolveAsOf(rule: AsOfRule, now: Date, timezone: string): string {
  const today = dateInTimezone(now, timezone);
  const [year, month] = today.split("-").map(Number);
  switch (rule) {
    case "today":
      return today;
    case "yesterday":
      return addDays(today, -1);
    case "last complete week": {
      // ISO weekday: Monday 1 … Sunday 7; the last complete week ends on the Sunday before today.
      const weekday = parse(today).getUTCDay() || 7;
      return addDays(today, -weekday);
    }
    case "last complete month":
      return format(new Date(Date.UTC(year, month - 1, 0)));
    case "last complete quarter": {
      const quarterStartMonth = Math.floor((month - 1) / 3) * 3;
      return format(new Date(Date.UTC(year, quarterStartMonth, 0)));
    }
    case "last complete year":
      return `${year - 1}-12-31`;
    default:
      return rule;
  }
}
