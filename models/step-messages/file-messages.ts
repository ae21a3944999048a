import { z } from "zod";

// What reading a data file says (adapters/file/): the file itself, its encoding, its CSV or JSON,
// and how the dataset's mapping fits its columns. A problem in the file carries where it is.

const at = { file: z.string(), line: z.number().optional(), column: z.number().optional() };

/** A data file's messages. */
export const FILE_MESSAGES = [
  z.object({ code: z.literal("file_missing"), ...at }),
  /** The file cannot be read (the system's error code). */
  z.object({ code: z.literal("file_unreadable"), ...at, reason: z.string() }),
  z.object({ code: z.literal("file_too_large"), ...at, bytes: z.number(), limit: z.number() }),
  z.object({ code: z.literal("encoding_unknown"), ...at, encoding: z.string() }),
  /** Not UTF-8, and the detector could not tell (what it guessed, if anything). */
  z.object({ code: z.literal("encoding_undetected"), ...at, detected: z.string() }),
  z.object({ code: z.literal("encoding_invalid"), ...at, encoding: z.string() }),
  /** A row with another number of fields than the header (the parser's words). */
  z.object({ code: z.literal("csv_ragged"), ...at, detail: z.string() }),
  z.object({ code: z.literal("csv_invalid"), ...at, detail: z.string() }),
  z.object({ code: z.literal("header_rows_missing"), ...at, rows: z.number(), headerRows: z.number() }),
  z.object({ code: z.literal("header_duplicate"), ...at, header: z.string() }),
  z.object({ code: z.literal("json_too_deep"), ...at, limit: z.number() }),
  z.object({ code: z.literal("json_invalid"), ...at, detail: z.string() }),
  z.object({ code: z.literal("json_not_records"), ...at, key: z.string().optional() }),
  z.object({ code: z.literal("json_record_not_object"), ...at, index: z.number() }),
  /** A column the dataset maps is not in the file. */
  z.object({
    code: z.literal("mapped_column_missing"),
    source: z.string(),
    dataset: z.string(),
    header: z.string(),
    file: z.string(),
    near: z.string().optional(),
    headers: z.array(z.string()),
  }),
  /** A column the dataset's `units` names is not a column of the rows. */
  z.object({
    code: z.literal("unit_column_missing"),
    source: z.string(),
    dataset: z.string(),
    column: z.string(),
    file: z.string(),
    near: z.string().optional(),
    columns: z.array(z.string()),
  }),
  /** A column to filter on, or the period column, is not in the dataset. */
  z.object({
    code: z.literal("filter_column_missing"),
    source: z.string(),
    dataset: z.string(),
    column: z.string(),
    period: z.boolean(),
    near: z.string().optional(),
    columns: z.array(z.string()),
  }),
] as const;
