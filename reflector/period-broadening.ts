import type { Grain, Period } from "../models/plan.js";

const GRAINS: Grain[] = ["day", "week", "month", "quarter", "year"];

function parse(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}
function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}
function endOfMonth(year: number, monthIndex: number): Date {
  return new Date(Date.UTC(year, monthIndex + 1, 0));
}

/** The start and end of the unit of this grain that encloses the date. */
export function enclosingUnit(date: string, grain: Grain): { from: string; to: string } {
  const day = parse(date);
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth();
  switch (grain) {
    case "day":
      return { from: date, to: date };
    case "week": {
      // ISO weeks start on Monday.
      const offset = (day.getUTCDay() + 6) % 7;
      const monday = new Date(day.getTime() - offset * 86_400_000);
      return { from: iso(monday), to: iso(new Date(monday.getTime() + 6 * 86_400_000)) };
    }
    case "month":
      return { from: iso(new Date(Date.UTC(year, month, 1))), to: iso(endOfMonth(year, month)) };
    case "quarter": {
      const first = month - (month % 3);
      return { from: iso(new Date(Date.UTC(year, first, 1))), to: iso(endOfMonth(year, first + 2)) };
    }
    case "year":
      return { from: `${year}-01-01`, to: `${year}-12-31` };
  }
}

/** A period's label at its grain: 2024-02, 2024-Q1, 2024, 2024-02-05, or from..to when it spans several units. */
export function periodLabel(period: Period): string {
  const single = (date: string): string => {
    const day = parse(date);
    const year = day.getUTCFullYear();
    const month = day.getUTCMonth();
    switch (period.grain) {
      case "day":
      case "week":
        return date;
      case "month":
        return date.slice(0, 7);
      case "quarter":
        return `${year}-Q${Math.floor(month / 3) + 1}`;
      case "year":
        return String(year);
    }
  };
  const from = single(period.from);
  const to = single(period.to);
  if (period.grain === "week") return `${period.from}..${period.to}`;
  return from === to ? from : `${from}..${to}`;
}

/** The period one grain up (month → quarter …), expanded to the enclosing unit; undefined at year. */
export function broadenPeriod(period: Period): Period | undefined {
  const index = GRAINS.indexOf(period.grain);
  if (index < 0 || index === GRAINS.length - 1) return undefined;
  const grain = GRAINS[index + 1];
  return { grain, from: enclosingUnit(period.from, grain).from, to: enclosingUnit(period.to, grain).to };
}
