import { type FiscalYearOptions, findTimeExpressions, type TimeMention } from "./time-expressions.js";

/**
 * Every time span of a (folded) question, with its character offsets and resolved periods: the
 * one place the rest of the planner asks the time grammar. Clauses bind these spans by their
 * offsets (bind-qualifiers.ts) and coverage accounting marks them used (span-coverage.ts), so
 * re-pointing this function at another time grammar changes nothing else.
 */
export function questionTimeSpans(
  normalized: string,
  asOf: string,
  options: { fiscalYear?: FiscalYearOptions } = {},
): TimeMention[] {
  return findTimeExpressions(normalized, asOf, options);
}
