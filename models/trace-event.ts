import { z } from "zod";

/** One decision or happening during a run; rendered as a compact line by --show-trace. */
export const TraceEvent = z.object({
  /** Milliseconds since the run started. */
  t: z.number(),
  /** noun:verb style kind: router, plan, fetch, validate, reflect, conflict, grade, synthesize, … */
  kind: z.string(),
  goal: z.string().optional(),
  detail: z.record(z.string(), z.unknown()).default({}),
  /** The compact one-line form, e.g. "fetch:g1:sales_bi:ok:4 rows:412ms". */
  line: z.string(),
});
export type TraceEvent = z.infer<typeof TraceEvent>;
