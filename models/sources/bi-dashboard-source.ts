import { z } from "zod";
import { nameRecord } from "../name-record.js";
import { Name } from "../plan.js";
import type { SourceKindDescriptor } from "../source-kind.js";
import { ColumnMapping, columnsAfterUnpivot, Offers, sourceCommonShape, Unpivot } from "./common.js";
import { TicketsAuth } from "./tickets-source.js";

/** An origin (scheme, host, port) a dashboard's pages may also reach, e.g. https://cdn.example.com. */
export const AllowedOrigin = z.url().refine((value) => {
  const url = new URL(value);
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    (url.pathname === "/" || url.pathname === "") &&
    !url.search
  );
}, "an origin is scheme://host[:port] with no path, e.g. https://cdn.example.com");

/** A form field found the way a person finds it: by its label or placeholder. */
export const FieldLocator = z
  .object({
    label: z.string().optional(),
    placeholder: z.string().optional(),
    value: z.string(),
    secret: z.boolean().default(false),
  })
  .strict()
  .refine((field) => field.label !== undefined || field.placeholder !== undefined, {
    message: "give a label or a placeholder to find the field by",
  });

export const Login = z
  .object({
    url: z.string(),
    username: FieldLocator,
    password: FieldLocator,
    /** Text of the submit button. */
    submit: z.string().default("Sign in"),
    /** How to know the login worked: a URL fragment or text visible after it. */
    success: z
      .object({ url_contains: z.string().optional(), text: z.string().optional() })
      .strict()
      .optional(),
  })
  .strict();

/** A semantic anchor: the table is the one under this heading / with this aria-label / title / label. */
export const Anchor = z
  .object({
    heading: z.string().optional(),
    aria_label: z.string().optional(),
    title: z.string().optional(),
    label: z.string().optional(),
    /** Which table, counting from the anchor, when several follow it (1 = the first). */
    nth: z.number().int().min(1).max(50).optional(),
  })
  .strict();

/** Rolls extracted rows up: rows with equal `by` values become one, `sum` columns added. */
export const Aggregate = z
  .object({
    by: z.array(Name).min(1),
    sum: z.array(Name).min(1),
  })
  .strict();

/** A filter set by interacting with the page instead of the URL. */
export const FilterInteraction = z
  .object({
    /** Label of the control. */
    label: z.string(),
    action: z.enum(["select", "type"]).default("select"),
    /** Template filled from the sub-goal, e.g. "{region}" or "{month}". */
    value: z.string(),
  })
  .strict();

/** OCR of a dashboard region: the engine, and the confidence below which a number is shown with a caveat. */
export const OcrSettings = z
  .object({
    engine: z.enum(["paddleocr", "tesseract"]).default("paddleocr"),
    min_confidence: z.number().min(0).max(1).default(0.9),
    /**
     * How the recognised text becomes rows: table (rows and columns by position; the first row is
     * the header row), bar_chart (one row per bar: its category label and its value label, found by
     * geometry; adapters/ocr/chart-layout.ts), or auto (bar_chart when the region holds two or more
     * filled bars on one baseline with labels, else table).
     */
    layout: z.enum(["table", "bar_chart", "auto"]).default("table"),
    /**
     * A bar chart's two columns: their header names (for `columns`) and the bars' direction.
     * Absent names are taken from the dataset's `columns` (chartHeaders): the value is the header
     * mapped to a metric the dataset offers, the category the one other header.
     */
    chart: z
      .object({
        orientation: z.enum(["auto", "vertical", "horizontal"]).default("auto"),
        category: z.string().min(1).optional(),
        value: z.string().min(1).optional(),
      })
      .strict()
      .default({ orientation: "auto" }),
  })
  .strict();

/**
 * The period a dataset's page shows when no column holds it: a period label (`2024-Q3`, `2024-07`,
 * `2024`), or `{ heading: <pattern> }` to read it from the nearest heading above the table, where
 * the pattern's first group (or whole match) is a period label as people write it ("2024年第三季度",
 * "Q3 2024").
 */
export const DatasetPeriod = z.union([
  z.string().min(1),
  z
    .object({
      heading: z.string().refine((pattern) => {
        try {
          new RegExp(pattern, "u");
          return true;
        } catch {
          return false;
        }
      }, "not a valid regular expression"),
    })
    .strict(),
]);

/** The column a dataset's declared or heading period is filled into: `period_column`, else `period`. */
export function datasetPeriodColumn(dataset: { period_column?: string }): string {
  return dataset.period_column ?? "period";
}

export const BiDataset = z
  .object({
    /** Path (relative to base_url) with {placeholders} filled from filters and period, URL-encoded. */
    url: z.string(),
    filters: z.array(FilterInteraction).default([]),
    locate: Anchor,
    /**
     * table, grid (ARIA, possibly virtualised), paginated, ocr (screenshot the located canvas or
     * image and read it), or auto (a table when there is one; OCR when the region is a canvas or
     * an image with no table).
     */
    extract: z.enum(["auto", "table", "grid", "paginated", "ocr"]).default("auto"),
    /** How OCR reads the region (extract: ocr, or auto falling back to it). */
    ocr: OcrSettings.default({
      engine: "paddleocr",
      min_confidence: 0.9,
      layout: "table",
      chart: { orientation: "auto" },
    }),
    columns: ColumnMapping,
    /** Catalog column holding the period (month, quarter or date); rows outside the sub-goal's period are dropped. */
    period_column: Name.optional(),
    /** The period the whole page shows (declared, or read from its heading); filled into `period_column` (default: its grain, e.g. quarter). */
    period: DatasetPeriod.optional(),
    /**
     * Units of columns, e.g. { defects: ppm, scrap: per_mille, margin_change: basis_points }: what the
     * page's numbers are in. A part of a whole (ratio, percent, per_mille, basis_points, ppm) is
     * converted to the catalog metric's unit when they differ; cells written with their own unit
     * ("120 ppm", "1.5‰", "35 bp") declare it themselves and must agree with what is written here.
     * Keyed by the mapped name (`columns`' right-hand side), not the page's header.
     */
    units: nameRecord(Name, z.string()).prefault({}),
    /** Melt a wide table (a column per period or per category) into one row per cell, before `columns` maps the kept ones. */
    unpivot: Unpivot.optional(),
    /** Roll the rows up after filtering (e.g. monthly rows by sub-type → complaints by category and quarter). */
    aggregate: Aggregate.optional(),
    /**
     * The total the page states for the table ("180 rows", "共 180 条"): a pattern whose first group
     * (or whole match) is the count, searched in the text around the table (its container, up to
     * four levels). The rows read must come to that count, or the read is a format_error.
     */
    row_total: z
      .string()
      .refine((pattern) => {
        try {
          new RegExp(pattern, "u");
          return true;
        } catch {
          return false;
        }
      }, "not a valid regular expression")
      .optional(),
    /** Accessible name of the control that shows the next page of a paginated table. */
    next_button: z.string().default("Next"),
    offers: Offers.default({ metrics: [], dimensions: [], events: [], topics: [] }),
    /** Seconds to wait for the data to appear. */
    wait_seconds: z.number().positive().max(300).default(15),
  })
  .strict()
  .superRefine((dataset, context) => {
    // A declared chart's rows must be mappable before any page is read (config check, not run
    // time); with layout auto the region may be a table, and a chart found there says so itself.
    if (dataset.ocr.layout !== "bar_chart" || chartHeaders(dataset)) return;
    context.addIssue({
      code: "custom",
      path: ["ocr", "chart"],
      message:
        "a bar chart's two columns need header names: set ocr.chart.category and ocr.chart.value, or map exactly two columns in `columns`, one of them to a metric in `offers.metrics`",
    });
  });
export type BiDataset = z.infer<typeof BiDataset>;

/**
 * The header names of a bar chart's two columns (its bars' labels, their values): `ocr.chart`'s,
 * or else read from `columns`, the value being the header mapped to a metric the dataset offers and
 * the category the one other header. Undefined when `columns` does not tell them apart.
 */
export function chartHeaders(dataset: {
  ocr: { chart: { category?: string; value?: string } };
  columns: Record<string, string>;
  offers: { metrics: string[] };
}): { category: string; value: string } | undefined {
  const headers = Object.keys(dataset.columns);
  const metricHeaders = headers.filter((header) => dataset.offers.metrics.includes(dataset.columns[header]));
  const value = dataset.ocr.chart.value ?? (metricHeaders.length === 1 ? metricHeaders[0] : undefined);
  if (value === undefined) return undefined;
  const others = headers.filter((header) => header !== value);
  const category = dataset.ocr.chart.category ?? (others.length === 1 ? others[0] : undefined);
  return category === undefined ? undefined : { category, value };
}

export const BiDashboardSource = z
  .object({
    kind: z.literal("bi_dashboard"),
    ...sourceCommonShape,
    base_url: z.url(),
    /**
     * Other origins the dashboard's pages may reach (a CDN, an API host). Every other request —
     * document, redirect, fetch, script, stylesheet, frame, beacon, popup, WebSocket — is refused.
     */
    allow_origins: z.array(AllowedOrigin).default([]),
    /** HTTP credentials sent with every request to base_url's origin (not to allow_origins): basic, bearer or a header. */
    auth: TicketsAuth.default({ type: "none" }),
    login: Login.optional(),
    datasets: nameRecord(Name, BiDataset),
  })
  .strict();
export type BiDashboardSource = z.infer<typeof BiDashboardSource>;

/** BI dashboards read in a browser; the page's filters restrict rows to the sub-goal's period. */
export const biDashboardKind: SourceKindDescriptor<BiDashboardSource> = {
  sections: (config) =>
    Object.entries(config.datasets).map(([name, value]) => ({
      path: ["datasets", name],
      name,
      offers: value.offers,
      // A rolled-up dataset offers the columns of its roll-up, not the page's.
      columns: value.aggregate
        ? [...value.aggregate.by, ...value.aggregate.sum]
        : [
            ...columnsAfterUnpivot(Object.values(value.columns), value.unpivot),
            ...(value.period && !Object.values(value.columns).includes(datasetPeriodColumn(value))
              ? [datasetPeriodColumn(value)]
              : []),
          ],
      expectedFormat: "table",
    })),
  textSearch: () => undefined,
  periodFiltered: true,
  live: true,
  fallbackEndpoint: () => undefined,
};
