import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { jsonNestingPastLimit, MAX_JSON_NESTING } from "../../domain/input-limits.js";
import { inferColumnType, parseAs } from "../../domain/parse-value.js";
import type { CellValue, Column, ColumnType } from "../../models/evidence.js";
import { ownValue } from "../../models/name-record.js";
import { decodeText } from "./decode-text.js";
import { FileFormatError } from "./file-error.js";

export interface ReadTabularOptions {
  format?: "csv" | "json" | "auto";
  encoding?: string;
  delimiter?: string;
  /** For CSV: how many rows make the header (group headers span the empty cells to their right). */
  headerRows?: number;
  /** For JSON: the property holding the records array. */
  records?: string;
  /** Forced column types by (raw) column name. */
  types?: Record<string, ColumnType>;
  /** Refuse files larger than this many bytes. */
  maxBytes?: number;
}

/** A file read as a typed table; `lines` gives each row's line in the file, for provenance. */
export interface TabularFile {
  columns: Column[];
  rows: Record<string, CellValue>[];
  lines: number[];
  encoding: string;
  delimiter?: string;
}

const DELIMITERS = [",", ";", "\t", "|"];

/** Picks the delimiter that splits the first lines into the same, largest number of fields. */
function detectDelimiter(text: string): string {
  const sample = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .slice(0, 20);
  let best = ",";
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const counts = sample.map((line) => line.split(delimiter).length);
    if (counts[0] <= 1) continue;
    const consistent = counts.filter((count) => count === counts[0]).length;
    const score = consistent * 100 + counts[0];
    if (score > bestScore) {
      bestScore = score;
      best = delimiter;
    }
  }
  return best;
}

/** Reads a CSV or JSON file into typed columns and rows; throws FileFormatError with file:line. */
export async function readTabularFile(
  absolutePath: string,
  options: ReadTabularOptions = {},
): Promise<TabularFile> {
  const shown = path.relative(process.cwd(), absolutePath) || absolutePath;
  let bytes: Buffer;
  try {
    bytes = await readFile(absolutePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw FileFormatError.coded(
      code === "ENOENT"
        ? { code: "file_missing", file: shown }
        : { code: "file_unreadable", file: shown, reason: String(code) },
    );
  }
  if (options.maxBytes !== undefined && bytes.length > options.maxBytes) {
    throw FileFormatError.coded({
      code: "file_too_large",
      file: shown,
      bytes: bytes.length,
      limit: options.maxBytes,
    });
  }
  const { text, encoding } = decodeText(bytes, options.encoding ?? "auto", shown);
  const format =
    options.format && options.format !== "auto"
      ? options.format
      : /\.json$/i.test(absolutePath) || /^\s*[[{]/.test(text)
        ? "json"
        : "csv";
  const raw =
    format === "json"
      ? readJsonRecords(text, shown, options.records)
      : readCsvRecords(text, shown, options.delimiter, options.headerRows ?? 1);
  return {
    ...typeRecords(raw.headers, raw.records, options.types ?? {}),
    lines: raw.lines,
    encoding,
    ...(raw.delimiter ? { delimiter: raw.delimiter } : {}),
  };
}

function readCsvRecords(text: string, file: string, delimiterOption: string | undefined, headerRows: number) {
  const delimiter =
    delimiterOption && delimiterOption !== "auto"
      ? delimiterOption === "\\t"
        ? "\t"
        : delimiterOption
      : detectDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      relax_quotes: false,
      skip_empty_lines: true,
      info: true,
      trim: true,
      bom: true,
    }) as typeof records;
  } catch (error) {
    const csvError = error as { lines?: number; message: string; code?: string };
    if (csvError.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH") {
      throw FileFormatError.coded({
        code: "csv_ragged",
        file,
        line: csvError.lines,
        detail: csvError.message.replace(/^Invalid Record Length: /, "ragged row: "),
      });
    }
    throw FileFormatError.coded({
      code: "csv_invalid",
      file,
      line: csvError.lines,
      detail: csvError.message,
    });
  }
  if (records.length < headerRows)
    throw FileFormatError.coded({
      code: "header_rows_missing",
      file,
      line: 1,
      rows: records.length,
      headerRows,
    });
  const headers = joinHeaderRows(records.slice(0, headerRows).map(({ record }) => record));
  const duplicate = headers.find((header, index) => headers.indexOf(header) !== index);
  if (duplicate !== undefined)
    throw FileFormatError.coded({
      code: "header_duplicate",
      file,
      line: records[0].info.lines,
      header: duplicate,
    });
  const rows = records
    .slice(headerRows)
    .map(({ record }) => Object.fromEntries(headers.map((header, index) => [header, record[index] ?? null])));
  return {
    headers,
    records: rows,
    lines: records.slice(headerRows).map(({ info }) => info.lines),
    delimiter,
  };
}

/**
 * One header from several header rows: an upper row's cell spans the empty cells to its right
 * (how spreadsheets export merged cells), the parts are joined with " / ", and a part equal to
 * the one above it is not repeated ("Region" over "" stays "Region").
 */
export function joinHeaderRows(rows: string[][]): string[] {
  if (rows.length === 1) return rows[0];
  const width = Math.max(...rows.map((row) => row.length));
  const filled = rows.map((row, rowIndex) => {
    const result = Array.from({ length: width }, (_, column) => row[column] ?? "");
    if (rowIndex < rows.length - 1)
      for (let column = 1; column < width; column += 1)
        if (result[column] === "" && rows[rowIndex + 1]?.[column] !== "") result[column] = result[column - 1];
    return result;
  });
  return Array.from({ length: width }, (_, column) => {
    const parts: string[] = [];
    for (const row of filled) if (row[column] !== "" && parts.at(-1) !== row[column]) parts.push(row[column]);
    return parts.join(" / ");
  });
}

function recordsAt(value: unknown, recordsKey: string): unknown {
  const object = (candidate: unknown) =>
    candidate && typeof candidate === "object" && !Array.isArray(candidate)
      ? (candidate as Record<string, unknown>)
      : undefined;
  const top = object(value);
  const whole = top ? ownValue(top, recordsKey) : undefined;
  if (whole !== undefined) return whole;
  let current: unknown = value;
  for (const key of recordsKey.split(".")) {
    const holder = object(current);
    current = holder ? ownValue(holder, key) : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

function readJsonRecords(text: string, file: string, recordsKey?: string) {
  const tooDeep = jsonNestingPastLimit(text);
  if (tooDeep !== undefined)
    throw FileFormatError.coded({
      code: "json_too_deep",
      file,
      line: text.slice(0, tooDeep).split("\n").length,
      limit: MAX_JSON_NESTING,
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split("\n").length : undefined;
    throw FileFormatError.coded({ code: "json_invalid", file, line, detail: message });
  }
  // A dotted path walks nested objects ("data.items", or "$.data.items" as a ticket mapping writes
  // it); a key that itself holds a dot is read whole first.
  if (recordsKey) value = recordsAt(value, recordsKey.replace(/^\$\.?/, ""));
  if (!Array.isArray(value))
    throw FileFormatError.coded({
      code: "json_not_records",
      file,
      ...(recordsKey ? { key: recordsKey } : {}),
    });
  const headers: string[] = [];
  value.forEach((record, index) => {
    if (record === null || typeof record !== "object" || Array.isArray(record))
      throw FileFormatError.coded({ code: "json_record_not_object", file, index });
    for (const key of Object.keys(record)) if (!headers.includes(key)) headers.push(key);
  });
  // A record without a key reads as null; `record.constructor` must never be read as a cell.
  const records = (value as Record<string, unknown>[]).map((record) =>
    Object.fromEntries(
      headers.map((header) => {
        const cell = ownValue(record, header);
        return [
          header,
          cell === undefined || cell === null
            ? null
            : typeof cell === "object"
              ? JSON.stringify(cell)
              : String(cell),
        ];
      }),
    ),
  );
  return { headers, records, lines: records.map((_, index) => index + 1), delimiter: undefined };
}

function typeRecords(
  headers: string[],
  records: Record<string, string | null>[],
  forced: Record<string, ColumnType>,
) {
  const columns: Column[] = headers.map((header) => {
    const type =
      ownValue(forced, header) ?? inferColumnType(records.map((record) => ownValue(record, header) ?? null));
    return { name: header, type, ...(type === "percent" ? { unit: "percent" } : {}) };
  });
  const rows = records.map((record) =>
    Object.fromEntries(
      columns.map((column) => [column.name, parseAs(ownValue(record, column.name) ?? null, column.type)]),
    ),
  );
  return { columns, rows };
}
