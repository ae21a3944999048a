/**
 * Units of a part of a whole — ratio, percent, per mille (‰), basis points (‱, bp) and parts per
 * million (ppm) — and the conversions between them, so a rate written "1.5‰" on one dashboard and
 * "0.15%" in an export is one number in the catalog's unit.
 */

/** Each fraction unit as a multiple of the plain ratio (1 percent = 0.01). */
export const FRACTION_UNITS: Readonly<Record<string, number>> = {
  ratio: 1,
  percent: 1e-2,
  per_mille: 1e-3,
  basis_points: 1e-4,
  ppm: 1e-6,
};

// How a cell writes the unit after its number; percent signs stay with parseNumber's isPercent.
const SUFFIXES: [RegExp, string][] = [
  [/\s*(?:ppm)$/i, "ppm"],
  [/\s*(?:‰|permille|per mille)$/i, "per_mille"],
  [/\s*(?:‱|bps|bp|基点|基點)$/i, "basis_points"],
];

/** The fraction unit a number's text ends with ("120 ppm", "1.5‰", "35 bp") and the text without it. */
export function fractionSuffix(text: string): { unit: string; body: string } | undefined {
  for (const [pattern, unit] of SUFFIXES) {
    if (pattern.test(text)) return { unit, body: text.replace(pattern, "").trim() };
  }
  return undefined;
}

/** Whether a unit is one of the fraction units. */
export function isFractionUnit(unit: string | undefined): unit is string {
  return unit !== undefined && Object.hasOwn(FRACTION_UNITS, unit);
}

/** A value in one fraction unit converted to another (1.5 per_mille → 0.15 percent); undefined when either is not one. */
export function convertFraction(value: number, from: string, to: string): number | undefined {
  if (!isFractionUnit(from) || !isFractionUnit(to)) return undefined;
  if (from === to) return value;
  // Rounded to 12 significant digits: 1.5 ‰ is 0.15 %, not 0.15000000000000002.
  return Number.parseFloat(((value * FRACTION_UNITS[from]) / FRACTION_UNITS[to]).toPrecision(12));
}
