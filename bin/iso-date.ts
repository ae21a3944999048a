import { z } from "zod";

/**
 * A calendar date YYYY-MM-DD, checked as --as-of is (bin/option-values.ts `isoDate`): the MCP
 * tools' and the HTTP API's `as_of`.
 */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2024-06-30")
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "a real calendar date",
  );
