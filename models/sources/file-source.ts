import { z } from "zod";
import { ColumnType } from "../evidence.js";
import { nameRecord } from "../name-record.js";
import { Name } from "../plan.js";
import { type SourceKindDescriptor, tableSections } from "../source-kind.js";
import { ColumnMapping, Offers, sourceCommonShape, Unpivot } from "./common.js";

/** One CSV or JSON file exported by an analyst, read as a typed table. */
export const FileDataset = z
  .object({
    /** Path relative to the workspace; paths outside the workspace are refused. */
    path: z.string().min(1),
    format: z.enum(["csv", "json", "auto"]).default("auto"),
    /** auto detects UTF-8 (with or without BOM), UTF-16 and GB18030 / Big5. */
    encoding: z.string().default("auto"),
    /** auto picks among , ; tab and |. */
    delimiter: z.string().default("auto"),
    /**
     * For CSV: rows of header. Two or three rows (a group header such as "2024年" spanning the
     * empty cells to its right over "Q1", "Q2") are joined as "2024年 / Q1".
     */
    header_rows: z.number().int().min(1).max(3).default(1),
    /**
     * For JSON: where the array of records is when it is not the top level: a property name
     * (`items`) or a dotted path of properties (`data.items`; a leading `$.` as in a ticket
     * mapping is accepted). Array indexes and filters are not: point at the array itself.
     */
    records: z.string().optional(),
    /** Header → catalog column; unmapped headers are kept under their own name. */
    columns: ColumnMapping.default({}),
    /** Force a column's type instead of detecting it. */
    types: nameRecord(Name, ColumnType).prefault({}),
    /**
     * Units for columns, keyed by the name a column is mapped to (`columns`' right-hand side, or
     * an unmapped header's own name), e.g. { return_rate: percent }; one of the known units or a
     * currency code. A key that names no column is an error (config check, or reading the file).
     */
    units: nameRecord(Name, z.string()).prefault({}),
    /**
     * Column holding the period (month, quarter, date) used to filter by the sub-goal's period; or
     * two columns [start, end] for rows that span time (an event table): a row counts when its span
     * overlaps the period, and an empty end is a span still running.
     */
    period_column: z.union([Name, z.tuple([Name, Name])]).optional(),
    /** Melt a wide export (a column per period or per category) into one row per cell. */
    unpivot: Unpivot.optional(),
    offers: Offers.default({ metrics: [], dimensions: [], events: [], topics: [] }),
  })
  .strict();
export type FileDataset = z.infer<typeof FileDataset>;

export const FileSource = z
  .object({
    kind: z.literal("file"),
    ...sourceCommonShape,
    datasets: nameRecord(Name, FileDataset),
  })
  .strict();
export type FileSource = z.infer<typeof FileSource>;

/** CSV and JSON exports: snapshots of a live source, filtered by `period_column`. */
export const fileKind: SourceKindDescriptor<FileSource> = {
  sections: (config) => tableSections(config.datasets),
  textSearch: () => undefined,
  periodFiltered: true,
  live: false,
  fallbackEndpoint: () => undefined,
};
