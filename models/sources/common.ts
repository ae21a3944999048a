import { z } from "zod";
import { Grain, Name } from "../plan.js";

/** What a dataset or search offers to the planner: metrics, dimensions, events, grain. */
export const Offers = z
  .object({
    metrics: z.array(Name).default([]),
    dimensions: z.array(Name).default([]),
    events: z.array(Name).default([]),
    topics: z.array(Name).default([]),
    grain: Grain.optional(),
  })
  .strict();
export type Offers = z.infer<typeof Offers>;

/** The trust of a source whose YAML gives none (docs: "trust weight in (0, 1]", default 0.5). */
export const DEFAULT_TRUST = 0.5;

/** Fields every source has, whatever its kind. */
export const sourceCommonShape = {
  description: z.string().optional(),
  /** Trust weight in (0, 1], used to fuse conflicting values. */
  trust: z.number().gt(0).lte(1).default(DEFAULT_TRUST),
  /** At most this many requests to the source at once. */
  concurrency: z.number().int().min(1).max(32).default(4),
  /** Per-request timeout. */
  timeout_seconds: z.number().positive().max(600).default(20),
};

/** Maps header text (as the source shows it) to a catalog column name. */
export const ColumnMapping = z.record(z.string(), Name);
