import type { z } from "zod";
import { parseDateText, parseNumber } from "../../domain/parse-value.js";
import type { CellValue, ColumnType } from "../../models/evidence.js";
import { FieldMapping, type FieldType } from "../../models/sources/tickets-source.js";
import { codedStepError } from "../../models/step-error.js";
import { type CompiledPath, compilePath } from "./json-path.js";

/** A field mapping as written in YAML, before defaults. */
export type FieldMappingInput = z.input<typeof FieldMapping>;

/** One field mapping in its full form, with its path compiled. */
export interface CompiledField {
  name: string;
  path: string;
  type: FieldType;
  map?: Record<string, string>;
  default?: CellValue;
  optional: boolean;
  join: string;
  evaluate: CompiledPath;
  /** For paths with a wildcard or filter: the part before it, so an empty list is told apart from a missing one. */
  container?: CompiledPath;
}

/** The part of a path before its first wildcard, filter or recursive descent; undefined for plain paths. */
export function containerOf(path: string): string | undefined {
  const index = path.search(/\[\*\]|\.\*|\[\?|\.\.|\[\(/);
  return index > 1 ? path.slice(0, index) : undefined;
}

/** A field whose path matched nothing on a record (and had no default): what `sources test` lists. */
export interface FieldMiss {
  field: string;
  path: string;
  record: string;
}

/** The evidence column type of a field type. */
export function columnTypeOf(type: FieldType): ColumnType {
  switch (type) {
    case "number":
      return "number";
    case "date":
    case "datetime":
      return "date";
    case "boolean":
      return "boolean";
    default:
      return "string";
  }
}

/** Expands the short form (a bare path) and compiles every path once. */
export function compileFields(
  fields: Record<string, FieldMapping | FieldMappingInput>,
  compile: (path: string) => CompiledPath = compilePath,
): CompiledField[] {
  return Object.entries(fields).map(([name, input]) => {
    // Parsing again fills the defaults when a caller hands the YAML form.
    const mapping = FieldMapping.parse(input);
    const full =
      typeof mapping === "string"
        ? { path: mapping, type: "string" as const, optional: false, join: ", " }
        : mapping;
    return {
      name,
      path: full.path,
      type: full.type,
      ...("map" in full && full.map ? { map: full.map } : {}),
      ...("default" in full && full.default !== undefined ? { default: full.default } : {}),
      optional: full.optional,
      join: full.join,
      evaluate: compile(full.path),
      ...(containerOf(full.path) ? { container: compile(containerOf(full.path)!) } : {}),
    };
  });
}

/** A short name for a record in messages: its key, else its id, else its position. */
export function recordLabel(record: unknown, index: number): string {
  if (record !== null && typeof record === "object") {
    const candidate = (record as Record<string, unknown>).key ?? (record as Record<string, unknown>).id;
    if (typeof candidate === "string" || typeof candidate === "number") return String(candidate);
  }
  return `#${index + 1}`;
}

/**
 * Maps one record onto a row. A path that matches nothing uses the default, else null when the
 * field is optional, else is a miss: thrown as a format_error, or collected when `misses` is given
 * (for `sources test`, which wants every miss at once).
 */
export function mapRecord(
  record: unknown,
  fields: CompiledField[],
  label: string,
  misses?: FieldMiss[],
): Record<string, CellValue> {
  const row: Record<string, CellValue> = Object.create(null);
  for (const field of fields) {
    const matches = field.evaluate(record);
    if (
      matches.length === 0 ||
      (matches.length === 1 && matches[0] === null && field.default !== undefined)
    ) {
      if (field.default !== undefined) {
        row[field.name] = field.default;
        continue;
      }
      if (
        matches.length === 0 &&
        !field.optional &&
        !(field.container && field.container(record).length > 0)
      ) {
        const miss = { field: field.name, path: field.path, record: label };
        if (!misses) {
          throw codedStepError(
            "format_error",
            { code: "field_path_unmatched", field: field.name, path: field.path, record: label },
            {
              locator: field.path,
              record: label,
              field: field.name,
            },
          );
        }
        misses.push(miss);
      }
      row[field.name] = null;
      continue;
    }
    row[field.name] = convert(matches, field, label);
  }
  return row;
}

function scalarText(value: unknown, join: string): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) {
    const parts = value.map((item) => scalarText(item, join)).filter((item) => item !== null && item !== "");
    return parts.length === 0 ? null : parts.join(join);
  }
  if (typeof value === "object") {
    // Jira option, user, status and version objects: the human-readable member.
    const object = value as Record<string, unknown>;
    for (const key of ["value", "name", "displayName", "key"]) {
      if (typeof object[key] === "string" || typeof object[key] === "number")
        return object[key] as string | number;
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/** A value cut for a message, marked with `…` so the redactor can tell where it was cut (config/redactor.ts). */
function shortened(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** Converts the matches of one path to the field's type; a value that does not fit is a format_error. */
function convert(matches: unknown[], field: CompiledField, label: string): CellValue {
  const raw = matches.length === 1 ? scalarText(matches[0], field.join) : scalarText(matches, field.join);
  if (raw === null) return field.default ?? null;
  const fail = (
    expected: "number" | "boolean" | "date" | "date_time" | "one_of",
    choices?: string[],
  ): never => {
    throw codedStepError(
      "format_error",
      {
        code: "field_value_wrong_type",
        field: field.name,
        value: shortened(JSON.stringify(raw), 80),
        path: field.path,
        record: label,
        expected,
        ...(choices ? { choices } : {}),
      },
      {
        locator: field.path,
        record: label,
        field: field.name,
      },
    );
  };
  switch (field.type) {
    case "string":
      return String(raw);
    case "number": {
      if (typeof raw === "number") return raw;
      const parsed = parseNumber(String(raw));
      return parsed ? parsed.value : fail("number");
    }
    case "boolean": {
      if (typeof raw === "boolean") return raw;
      const text = String(raw).trim().toLowerCase();
      if (["true", "yes", "1"].includes(text)) return true;
      if (["false", "no", "0"].includes(text)) return false;
      return fail("boolean");
    }
    case "date":
      return toDate(raw) ?? fail("date");
    case "datetime":
      return toDateTime(raw) ?? fail("date_time");
    case "enum": {
      const mapped = field.map?.[String(raw)];
      if (mapped !== undefined) return mapped;
      if (field.default !== undefined) return field.default;
      return fail("one_of", Object.keys(field.map ?? {}));
    }
  }
}

/**
 * The calendar day as written: 2024-01-15T23:30:00.000-0500 is 2024-01-15 (the day the person
 * saw in their time zone), not the UTC day. Epoch milliseconds are read as UTC.
 */
export function toDate(raw: string | number | boolean): string | undefined {
  if (typeof raw === "number")
    return Number.isFinite(raw) ? new Date(raw).toISOString().slice(0, 10) : undefined;
  const text = String(raw).trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text);
  if (iso) return parseDateText(iso[1]);
  return parseDateText(text);
}

/** An instant in UTC ISO form; offsets such as -0500, -05:00 and Z are honoured. */
export function toDateTime(raw: string | number | boolean): string | undefined {
  if (typeof raw === "number") return Number.isFinite(raw) ? new Date(raw).toISOString() : undefined;
  const text = String(raw).trim();
  const match =
    /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (match) {
    const offset =
      match[3] === undefined
        ? "Z"
        : match[3].toUpperCase() === "Z"
          ? "Z"
          : match[3].replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
    const time = match[2].replace(/(\.\d{3})\d+$/, "$1");
    const value = new Date(`${match[1]}T${time}${offset}`);
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  }
  const day = parseDateText(text);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00.000Z` : undefined;
}
