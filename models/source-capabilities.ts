import { z } from "zod";
import { Grain } from "./plan.js";

/** What one dataset (or search, or table) of a source can answer. */
export const DatasetCapabilities = z.object({
  name: z.string(),
  metrics: z.array(z.string()),
  dimensions: z.array(z.string()),
  events: z.array(z.string()),
  topics: z.array(z.string()),
  columns: z.array(z.string()),
  grain: Grain.optional(),
  expected_format: z.enum(["table", "records", "text"]),
});
export type DatasetCapabilities = z.infer<typeof DatasetCapabilities>;

/** What a source offers, as the planner sees it. */
export const SourceCapabilities = z.object({
  name: z.string(),
  kind: z.string(),
  trust: z.number(),
  description: z.string().optional(),
  datasets: z.array(DatasetCapabilities),
  /** True for knowledge bases that answer free-text queries. */
  text_search: z.boolean().default(false),
});
export type SourceCapabilities = z.infer<typeof SourceCapabilities>;
