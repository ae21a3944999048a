import { InvalidArgumentError } from "commander";

/**
 * Parsers for option values, given to commander so a wrong value stops before any work with a
 * usage error naming the option and what it takes (exit code 1; with --json the error object).
 * No schema library here: `ask --queue` and `ask --server` load this at start, and a client that
 * only sends a question need not load zod (bin/iso-date.ts holds the schema the MCP tools and the
 * HTTP API check bodies with).
 */

/** A calendar date written YYYY-MM-DD that exists (2024-02-30 and 2024-13-45 do not). */
export function isoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) {
    const [year, month, day] = match.slice(1).map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day)
      return value;
  }
  throw new InvalidArgumentError("expects a calendar date YYYY-MM-DD, such as 2024-06-30.");
}

/** A whole number from 1 up. */
export function positiveInteger(value: string): string {
  if (/^\d+$/.test(value) && Number(value) >= 1) return value;
  throw new InvalidArgumentError("expects a whole number of 1 or more.");
}
