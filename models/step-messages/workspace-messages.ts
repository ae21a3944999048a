import { z } from "zod";

// What an adapter says when the workspace's description of a source does not fit the plan or the
// source: a dataset, a search or a placeholder the step needs.

/** Messages about the workspace's description of a source. */
export const WORKSPACE_MESSAGES = [
  /**
   * The source has no such dataset (or search, or table dataset: `section`); `metric` when the plan
   * named none and none offers the metric.
   */
  z.object({
    code: z.literal("dataset_unknown"),
    source: z.string(),
    section: z.enum(["dataset", "dashboard", "search", "table_dataset"]),
    dataset: z.string().optional(),
    metric: z.string().optional(),
    available: z.array(z.string()),
  }),
  /** The source has several searches and the sub-goal named none. */
  z.object({ code: z.literal("search_unnamed"), source: z.string(), searches: z.array(z.string()) }),
  /** A search of the source is described wrongly (its problems, in their words). */
  z.object({ code: z.literal("search_misconfigured"), source: z.string(), problems: z.array(z.string()) }),
  /** A search can filter by neither a placeholder nor a mapped field of the dimension. */
  z.object({
    code: z.literal("filter_unsupported"),
    search: z.string(),
    source: z.string(),
    dimension: z.string(),
  }),
  /** A template uses a placeholder the sub-goal gives no value for. */
  z.object({ code: z.literal("placeholder_unset"), where: z.string(), name: z.string() }),
  /** A URL or endpoint leaves the source's base address. */
  z.object({
    code: z.literal("address_leaves_base"),
    what: z.enum(["dataset_url", "endpoint"]),
    template: z.string(),
    base: z.string(),
  }),
  /** A dataset URL is absolute where a path is needed. */
  z.object({ code: z.literal("url_absolute"), template: z.string(), base: z.string() }),
  /** A value cannot be placed in a URL (or a path segment). */
  z.object({ code: z.literal("value_not_in_url"), value: z.string(), name: z.string().optional() }),
] as const;
