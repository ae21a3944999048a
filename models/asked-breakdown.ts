import { z } from "zod";

/**
 * A breakdown or ranking a metric question asks for ("which … most often", 高频, "top 3", "by
 * region"): the metric per value of one dimension, ranked in each asked period. Recorded by the
 * planner (planner/breakdown.ts) on the metric's `asked`, so the answer is checked against it: with
 * no dimension to break down by, the total is never the answer.
 */
export const AskedBreakdown = z
  .object({
    /** The catalog dimension the metric is broken down by; absent when the workspace maps none. */
    dimension: z.string().min(1).max(64).optional(),
    /** What the question called the kinds when no mapped dimension holds them (原因, reasons). */
    wanted: z.string().min(1).max(100).optional(),
    /** How many of the first ranks were asked ("top 3", 前三); absent: all of them. */
    top: z.number().int().min(1).max(50).optional(),
    /** Largest first (most often, 最多) or smallest first (least, 最少). */
    order: z.enum(["descending", "ascending"]).default("descending"),
  })
  .strict();
export type AskedBreakdown = z.infer<typeof AskedBreakdown>;
