import type { CellValue } from "../../models/evidence.js";

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
  if (/^[km]?[A-Z]{3}$/.test(unit)) return unit;
  return "";
}

/** A table cell as text: numbers rounded to four decimals, empty for null. */
export function cellText(value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "number") return formatNumber(value, 4);
  return String(value);
}
