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
  /** Columns an unpivot names are not in the table (each with the nearest header, if any). */
  z.object({
    code: z.literal("unpivot_columns_missing"),
    where: z.string(),
    missing: z.array(z.object({ name: z.string(), near: z.string().optional() })),
    headers: z.array(z.string()),
  }),
  /** No header matches an unpivot's pattern. */
  z.object({
    code: z.literal("unpivot_pattern_unmatched"),
    where: z.string(),
    pattern: z.string(),
    headers: z.array(z.string()),
  }),
  /** A header an unpivot turns into periods is not a period label (why, in the parser's words). */
  z.object({
    code: z.literal("unpivot_header_not_period"),
    where: z.string(),
    header: z.string(),
    reason: z.string(),
  }),
  /** A period header of another grain than unpivot.period.grain. */
  z.object({
    code: z.literal("unpivot_header_grain"),
    where: z.string(),
    header: z.string(),
    grain: z.string(),
    wanted: z.string(),
  }),
  /** The unpivot's new column has the name of a column the table already has. */
  z.object({ code: z.literal("unpivot_column_clash"), where: z.string(), column: z.string() }),
  /** A value cannot be placed in a URL (or a path segment). */
  z.object({ code: z.literal("value_not_in_url"), value: z.string(), name: z.string().optional() }),
] as const;
