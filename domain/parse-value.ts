import type { CellValue, ColumnType } from "../models/evidence.js";
import { fractionSuffix } from "./fraction-units.js";

/** A raw cell text parsed into a typed value. */
export interface ParsedValue {
  type: ColumnType;
  value: CellValue;
}

/** English month names and abbreviations → month number (shared with the planner's time expressions). */
export const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

const NULL_TEXTS = new Set(["", "-", "—", "–", "n/a", "na", "null", "none", "nan", "无", "無"]);

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/**
 * Parses a number as people write it: thousands separators, currency signs, negatives in
 * parentheses, a trailing % (returned with isPercent), or a trailing fraction unit (ppm, ‰, bp:
 * returned as `unit`, the value as written). Returns undefined when it is not a number.
 */
export function parseNumber(text: string): { value: number; isPercent: boolean; unit?: string } | undefined {
  let body = text.trim().replace(/\u00a0|\u202f/g, " ");
  if (body === "") return undefined;
  const fraction = fractionSuffix(body);
  if (fraction) {
    const number = parseNumber(fraction.body);
    return number && !number.isPercent && !number.unit ? { ...number, unit: fraction.unit } : undefined;
  }
  let negative = false;
  if (/^\(.*\)$/.test(body)) {
    negative = true;
    body = body.slice(1, -1).trim();
  }
  let isPercent = false;
  if (/(%|％|pct)$/i.test(body)) {
    isPercent = true;
    body = body.replace(/(%|％|pct)$/i, "").trim();
  }
  // Currency symbols and codes before or after the amount.
  body = body
    .replace(/^(?:[$€£¥￥]|US\$|HK\$|NT\$|RMB|CNY|USD|EUR|GBP)\s*/i, "")
    .replace(/\s*(?:[$€£¥￥元]|RMB|CNY|USD|EUR|GBP)$/i, "");
  if (/^[-−–+]/.test(body)) {
    if (/^[-−–]/.test(body)) negative = !negative;
    body = body.slice(1).trim();
    body = body.replace(/^(?:[$€£¥￥])\s*/, "");
  }
  // 1,234,567.89 or 1 234 567.89 (thousands groups of exactly three digits).
  if (/^\d{1,3}([, ]\d{3})+(\.\d+)?$/.test(body)) body = body.replace(/[, ]/g, "");
  if (!/^(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(body)) return undefined;
  const value = Number(body);
  if (!Number.isFinite(value)) return undefined;
  return { value: negative ? -value : value, isPercent };
}

/**
 * Parses a date or period as people write it and returns its ISO form:
 * 2024-01-15 / 2024/1/15 / 15 Jan 2024 / 2024年1月15日 → YYYY-MM-DD;
 * 2024-01 / Jan 2024 / January 2024 / 2024年1月 → YYYY-MM;
 * Q3 2023 / 2023 Q3 / 2023年Q3 / 2023年第三季度 → YYYY-Qn.
 */
export function parseDateText(text: string): string | undefined {
  const body = text.trim();
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?.*)?$/.exec(body);
  if (match) return validDay(+match[1], +match[2], +match[3]);
  match = /^(\d{4})年(\d{1,2})月(\d{1,2})[日号號]?$/.exec(body);
  if (match) return validDay(+match[1], +match[2], +match[3]);
  match = /^(\d{4})[-/.](\d{1,2})$/.exec(body);
  if (match && +match[2] >= 1 && +match[2] <= 12) return `${match[1]}-${pad(+match[2])}`;
  match = /^(\d{4})年(\d{1,2})月(份)?$/.exec(body);
  if (match && +match[2] >= 1 && +match[2] <= 12) return `${match[1]}-${pad(+match[2])}`;
  match = /^([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(body);
  if (match && MONTHS[match[1].toLowerCase()]) return `${match[2]}-${pad(MONTHS[match[1].toLowerCase()])}`;
  match = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(body);
  if (match && MONTHS[match[2].toLowerCase()])
    return validDay(+match[3], MONTHS[match[2].toLowerCase()], +match[1]);
  match = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(body);
  if (match && MONTHS[match[1].toLowerCase()])
    return validDay(+match[3], MONTHS[match[1].toLowerCase()], +match[2]);
  match = /^Q([1-4])[\s-]*(\d{4})$/i.exec(body) ?? null;
  if (match) return `${match[2]}-Q${match[1]}`;
  match = /^(\d{4})[\s-]*(?:年)?\s*Q([1-4])$/i.exec(body);
  if (match) return `${match[1]}-Q${match[2]}`;
  match = /^(\d{4})年?第?([一二三四1-4])季度?$/.exec(body);
  if (match)
    return `${match[1]}-Q${"一二三四".includes(match[2]) ? "一二三四".indexOf(match[2]) + 1 : match[2]}`;
  return undefined;
}

function validDay(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Parses one cell's text into the most specific type it fits. */
export function parseCell(text: string | null | undefined): ParsedValue {
  if (text === null || text === undefined) return { type: "string", value: null };
  const trimmed = String(text).trim();
  if (NULL_TEXTS.has(trimmed.toLowerCase())) return { type: "string", value: null };
  const number = parseNumber(trimmed);
  if (number) return { type: number.isPercent ? "percent" : "number", value: number.value };
  const date = parseDateText(trimmed);
  if (date) return { type: "date", value: date };
  if (/^(true|false)$/i.test(trimmed)) return { type: "boolean", value: trimmed.toLowerCase() === "true" };
  return { type: "string", value: trimmed };
}

/** Parses a cell as a given type; returns null when it does not fit. */
export function parseAs(text: string | null | undefined, type: ColumnType): CellValue {
  if (text === null || text === undefined) return null;
  const trimmed = String(text).trim();
  if (NULL_TEXTS.has(trimmed.toLowerCase())) return null;
  switch (type) {
    case "number":
    case "percent": {
      const number = parseNumber(trimmed);
      return number ? number.value : null;
    }
    case "date":
      return parseDateText(trimmed) ?? null;
    case "boolean":
      return /^(true|yes|1|是)$/i.test(trimmed) ? true : /^(false|no|0|否)$/i.test(trimmed) ? false : null;
    default:
      return trimmed;
  }
}

/**
 * Decides a column's type from its cells: the type most non-null cells share (ties and
 * mixtures fall back to string), so one stray note does not turn a number column into text.
 */
export function inferColumnType(texts: (string | null | undefined)[]): ColumnType {
  const counts = new Map<ColumnType, number>();
  let nonNull = 0;
  for (const text of texts) {
    const parsed = parseCell(text);
    if (parsed.value === null) continue;
    nonNull += 1;
    counts.set(parsed.type, (counts.get(parsed.type) ?? 0) + 1);
  }
  if (nonNull === 0) return "string";
  const percent = counts.get("percent") ?? 0;
  const number = counts.get("number") ?? 0;
  if (percent > 0 && percent + number === nonNull) return "percent";
  for (const type of ["number", "date", "boolean"] as const)
    if ((counts.get(type) ?? 0) === nonNull) return type;
  return "string";
}

/** The fraction unit (ppm, per_mille, basis_points) every non-empty cell of a column is written in, if they agree on one. */
export function columnFractionUnit(texts: (string | null | undefined)[]): string | undefined {
  let unit: string | undefined;
  for (const text of texts) {
    if (text === null || text === undefined || NULL_TEXTS.has(String(text).trim().toLowerCase())) continue;
    const parsed = parseNumber(String(text));
    if (!parsed?.unit || (unit !== undefined && parsed.unit !== unit)) return undefined;
    unit = parsed.unit;
  }
  return unit;
}
