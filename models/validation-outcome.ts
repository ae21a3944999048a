import { z } from "zod";
import { CellValue } from "./evidence.js";

/** One row that made a clause false, with the values the clause looked at. */
export const FailingRow = z.object({ index: z.number().int(), values: z.record(z.string(), CellValue) });

/** Outcome of running a validation rule over evidence. */
export const ValidationOutcome = z.object({
  rule: z.string(),
  passed: z.boolean(),
  /** The clause that failed, as source text, when the rule is false. */
  failed_clause: z.string().optional(),
  /** Why, in words: "rows = 0, expected >= 1". */
  message: z.string().optional(),
  failing_rows: z.array(FailingRow).default([]),
});
export type ValidationOutcome = z.infer<typeof ValidationOutcome>;
