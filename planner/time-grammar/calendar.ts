import type { Grain, Period } from "../../models/plan.js";
import type { TimeUnit } from "../locales/time-locale.js";

/** A calendar day as year, month (1..12) and day (1..31), always valid. */
export interface Day {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The ISO text of a day (years below 1000 keep four digits). */
export function isoOf(day: Day): string {
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
}

/** The day an ISO date names. */
export function dayOf(iso: string): Day {
  const [year, month, day] = iso.split("-").map(Number);
  return { year, month, day };
}

/** A UTC date of any year (Date.UTC reads years 0–99 as 1900–1999). */
function utcDate(year: number, monthIndex: number, day: number): Date {
  if (year >= 100) return new Date(Date.UTC(year, monthIndex, day));
  // The Gregorian calendar repeats every 400 years: compute there, then move back.
  const date = new Date(Date.UTC(year + 400, monthIndex, day));
  date.setUTCFullYear(date.getUTCFullYear() - 400);
  return date;
}

/** The day `count` days after (or before, when negative) a day. */
export function addDays(day: Day, count: number): Day {
  const date = utcDate(day.year, day.month - 1, day.day + count);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Days in a month. */
export function daysInMonth(year: number, month: number): number {
  return utcDate(year, month, 0).getUTCDate();
}

/** A valid day, or undefined (February 30 is no day). */
export function validDay(year: number, month: number, day: number): Day | undefined {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return undefined;
  return { year, month, day };
}

/** 1 (Monday) .. 7 (Sunday). */
export function weekdayOf(day: Day): number {
  const weekday = utcDate(day.year, day.month - 1, day.day).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The grain a unit is planned at (a half year is six months, planned by month). */
export function grainOfUnit(unit: TimeUnit): Grain {
  return unit === "half" ? "month" : unit;
}

/** Months in one unit of a month-based unit. */
const MONTHS_IN: Partial<Record<TimeUnit, number>> = { month: 1, quarter: 3, half: 6, year: 12 };

/**
 * The unit holding `day`, moved by `offset` units: offset 0 is the week (Monday to Sunday), month,
 * quarter, half or year of the day itself, -1 the one before, +1 the one after.
 */
export function unitPeriod(day: Day, unit: TimeUnit, offset: number): Period {
  if (unit === "day") {
    const iso = isoOf(addDays(day, offset));
    return { grain: "day", from: iso, to: iso };
  }
  if (unit === "week") {
    const monday = addDays(day, 1 - weekdayOf(day) + 7 * offset);
    return { grain: "week", from: isoOf(monday), to: isoOf(addDays(monday, 6)) };
  }
  const size = MONTHS_IN[unit] ?? 12;
  const index = Math.floor((day.year * 12 + day.month - 1) / size) + offset;
  const firstMonth = index * size;
  const lastMonth = firstMonth + size - 1;
  const fromYear = Math.floor(firstMonth / 12);
  const toYear = Math.floor(lastMonth / 12);
  const toMonth = (lastMonth % 12) + 1;
  return {
    grain: grainOfUnit(unit),
    from: isoOf({ year: fromYear, month: (firstMonth % 12) + 1, day: 1 }),
    to: isoOf({ year: toYear, month: toMonth, day: daysInMonth(toYear, toMonth) }),
  };
}

/** `count` whole units: those ending with the unit `lastOffset` away from the one holding `day`. */
export function unitRun(day: Day, unit: TimeUnit, lastOffset: number, count: number): Period {
  const first = unitPeriod(day, unit, lastOffset - count + 1);
  const last = unitPeriod(day, unit, lastOffset);
  return { grain: first.grain, from: first.from, to: last.to };
}

/** The number of whole units of `unit` between two periods' starts (for windows "ending" at a point). */
export function unitIndex(day: Day, unit: TimeUnit): number {
  if (unit === "day") return Math.round(Date.UTC(day.year, day.month - 1, day.day) / 86_400_000);
  if (unit === "week") return Math.floor((Date.UTC(day.year, day.month - 1, day.day) / 86_400_000 + 3) / 7);
  return Math.floor((day.year * 12 + day.month - 1) / (MONTHS_IN[unit] ?? 12));
}

/** The grain of a period from its dates: a whole month, quarter or year, else days. */
export function grainOfDays(from: string, to: string): Grain {
  const start = dayOf(from);
  const end = dayOf(to);
  if (start.day !== 1 || end.day !== daysInMonth(end.year, end.month)) return "day";
  const months = (end.year - start.year) * 12 + end.month - start.month + 1;
  if (months % 12 === 0 && start.month === 1) return "year";
  if (months % 3 === 0 && (start.month - 1) % 3 === 0) return "quarter";
  return "month";
}

/**
 * The period just before one, of the same length in its grain's units: May 2024 → April 2024,
 * Q2 → Q1, January–March → October–December of the year before, a week → the week before.
 */
export function previousPeriod(period: Period): Period {
  const from = dayOf(period.from);
  const to = dayOf(period.to);
  if (period.grain === "day" || period.grain === "week") {
    const days =
      Math.round(
        (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) /
          86_400_000,
      ) + 1;
    return { grain: period.grain, from: isoOf(addDays(from, -days)), to: isoOf(addDays(from, -1)) };
  }
  const months = (to.year - from.year) * 12 + to.month - from.month + 1;
  const start = from.year * 12 + from.month - 1 - months;
  const end = start + months - 1;
  const endYear = Math.floor(end / 12);
  const endMonth = (end % 12) + 1;
  return {
    grain: period.grain,
    from: isoOf({ year: Math.floor(start / 12), month: (start % 12) + 1, day: 1 }),
    to: isoOf({ year: endYear, month: endMonth, day: daysInMonth(endYear, endMonth) }),
  };
}

/** The unit a period is one of (a week, a month, …), from its grain and length. */
export function unitOfPeriod(period: Period): TimeUnit {
  if (period.grain !== "month") return period.grain;
  const from = dayOf(period.from);
  const to = dayOf(period.to);
  const months = (to.year - from.year) * 12 + to.month - from.month + 1;
  return months === 6 ? "half" : months === 12 ? "year" : "month";
}
