import { type FiscalYearOptions, readTime, type TimeMention, type UnreadTime } from "./time-expressions.js";

/**
 * Every time span of a (folded) question, with its character offsets and resolved periods, and
 * the time-like text no rule read, and the years written only to date other spans (read, no
 * period of their own): the one place the rest of the planner asks the time grammar.
 * Clauses bind these spans by their offsets (bind-qualifiers.ts) and coverage accounting marks
 * them used (span-coverage.ts).
 */
export function questionTimeSpans(
  normalized: string,
  asOf: string,
  options: { fiscalYear?: FiscalYearOptions } = {},
): { mentions: TimeMention[]; unread: UnreadTime[]; dating: TimeMention[] } {
  return readTime(normalized, asOf, options);
}
