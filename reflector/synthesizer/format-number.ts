import type { CellValue } from "../../models/evidence.js";
import { currencyOf } from "../messages/message-catalog.js";

/** Rounds for display and drops trailing zeros: 5.4897 → "5.49", 5.20 → "5.2". */
export function formatNumber(value: number, decimals = 2): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** A value in its unit: percents get "%", counts stay plain. */
export function formatValue(value: number, unit: string | undefined): string {
  if (unit === "percent") return `${formatNumber(value)}%`;
  // The other parts of a whole keep their sign: a bare "412" for 412 ppm would read as a count.
  if (unit === "per_mille") return `${formatNumber(value)}‰`;
  if (unit === "basis_points") return `${formatNumber(value)} bp`;
  if (unit === "ppm") return `${formatNumber(value)} ppm`;
  return formatNumber(value);
}

/** A currency unit (`changeUnitOf`'s money): an ISO 4217 code, in thousands (k) or millions (m) or not: CNY, kCNY, mUSD. */
export function isCurrencyUnit(unit: string | undefined): boolean {
  return unit !== undefined && currencyOf(unit) !== undefined;
}

/**
 * A value in its unit as the answer says it: a money amount is followed by its currency in the
 * answer's words (`unitWords`, the language catalog's: "31200 CNY", "31200 元", "12.4 千元"), so no
 * money figure of a list, a breakdown or a series stands without it; other units as `formatValue`.
 */
export function formatAmount(
  value: number,
  unit: string | undefined,
  unitWords: (unit: string) => string,
): string {
  return `${formatValue(value, unit)}${moneyWords(unit, unitWords)}`;
}

/** The words said after a money figure (`unitWords` of its currency unit); "" for any other unit. */
export function moneyWords(unit: string | undefined, unitWords: (unit: string) => string): string {
  return unit !== undefined && isCurrencyUnit(unit) ? unitWords(unit) : "";
}

/** A signed difference: "+2.39" / "-0.7". */
export function formatSigned(value: number, decimals = 2): string {
  const text = formatNumber(value, decimals);
  return value > 0 ? `+${text}` : text;
}

const TIME_UNITS = new Set(["seconds", "minutes", "hours", "days", "weeks", "months", "years"]);

/**
 * The unit a difference of two values of a metric is said in: percentage points for percents,
 * points for scores (NPS), the time unit for durations, the currency code for money, nothing for
 * counts and ratios. The templates turn it into each language's words.
 */
export function changeUnitOf(unit: string | undefined): string {
  if (unit === undefined) return "";
  if (unit === "percent") return "percent_points";
  if (unit === "score" || unit === "points") return "points";
  if (TIME_UNITS.has(unit)) return unit;
  if (isCurrencyUnit(unit)) return unit;
  return "";
}

/** A table cell as text: numbers rounded to four decimals, empty for null. */
export function cellText(value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "number") return formatNumber(value, 4);
  return String(value);
}
