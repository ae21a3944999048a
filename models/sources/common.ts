import { z } from "zod";
import { nameRecord } from "../name-record.js";
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
  /** At most this many requests to the source at once from one process, all its questions together. */
  concurrency: z.number().int().min(1).max(32).default(4),
  /** Per-request timeout. */
  timeout_seconds: z.number().positive().max(600).default(20),
};

/** Maps header text (as the source shows it) to a catalog column name. */
export const ColumnMapping = nameRecord(z.string(), Name).describe(
  "the source's header as it is written (any text in any script: Units sold, 销量) → the catalog name the rows carry",
);

/** How a wide table's headers are read when they name a period. */
export const UnpivotPeriod = z
  .object({
    /** The grain the headers are at; checked against what each header names. */
    grain: z.enum(["day", "month", "quarter", "half", "year"]).optional(),
    /** Month (1–12) the fiscal year starts in, for headers such as "FY24 Q1"; absent, the workspace's `fiscal_year.start`. */
    fiscal_year_start: z.number().int().min(1).max(12).optional(),
    /**
     * "FY24" is the fiscal year ending in 2024 (end) or starting in 2024 (start); absent, the
     * workspace's `fiscal_year.named_by`, else end.
     */
    fiscal_year_named_by: z.enum(["start", "end"]).optional(),
    /** Year for headers without one ("一月", "Q1"). */
    year: z.number().int().min(1900).max(2100).optional(),
  })
  .strict();
export type UnpivotPeriod = z.infer<typeof UnpivotPeriod>;

/**
 * Melts a wide table (one column per period or per category) into a long one: each chosen
 * column becomes one row per input row, its header in the `period` or `dimension` column and
 * its cell in the `value` column. The other columns are kept on every row.
 */
export const Unpivot = z
  .object({
    /** The wide columns by header text (two-row headers as "2024年 / Q1", or the last part). */
    columns: z.array(z.string().min(1)).min(1).optional(),
    /** The wide columns by a regular expression over the header text. */
    matching: z
      .string()
      .min(1)
      .refine(
        (pattern) => {
          try {
            new RegExp(pattern, "u");
            return true;
          } catch {
            return false;
          }
        },
        { message: "not a valid regular expression" },
      )
      .optional(),
    /** Every column except these is a wide column. */
    all_but: z.array(z.string().min(1)).min(1).optional(),
    /** Columns left out of the long table (a "Change" column between two periods means nothing on one period's row). */
    drop: z.array(z.string().min(1)).default([]),
    /** The headers name periods; they are read into the column `into` (default "period"). */
    period: UnpivotPeriod.optional(),
    /** The headers are values of this catalog dimension (e.g. region for "Month | East | North"). */
    dimension: Name.optional(),
    /** Name of the column that receives the header; default "period", or the dimension. */
    into: Name.optional(),
    /** The catalog metric the cells hold. */
    value: Name,
  })
  .strict()
  .refine(
    (spec) =>
      [spec.columns, spec.matching, spec.all_but].filter((choice) => choice !== undefined).length === 1,
    { message: "choose the wide columns with exactly one of columns, matching or all_but" },
  )
  .refine((spec) => (spec.period === undefined) !== (spec.dimension === undefined), {
    message: "say what the headers mean: either period (with its grain) or dimension",
  });
export type Unpivot = z.infer<typeof Unpivot>;

/** The long table's column that receives the wide headers: `into`, else the dimension, else "period". */
export function unpivotInto(spec: Unpivot): string {
  return spec.into ?? spec.dimension ?? "period";
}

/**
 * The catalog columns a dataset offers after its unpivot: the mapped kept columns plus the
 * unpivot's own two, which no header maps because the melt makes them.
 */
export function columnsAfterUnpivot(mapped: string[], unpivot: Unpivot | undefined): string[] {
  return unpivot ? [...mapped, unpivotInto(unpivot), unpivot.value] : mapped;
}
