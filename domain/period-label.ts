// Reading a period from the label a person or a report wrote for it: a column header
// ("2024年 / Q1", "Q1 2024", "Jan-24", "FY24 Q1"), a cell of a period column ("2024-03"), a
// two-row header joined by " / ". One parser for every source, so a table header and a row
// value mean the same period. The label is split into tokens (year, fiscal marker, quarter,
// half, month, day) and the tokens are combined; anything left over makes the label unreadable
// rather than guessed, because a wrong period silently moves a number into another quarter.

import { parseChineseNumeral } from "./chinese-numerals.js";

/** The grain a label names; "half" (H1, 上半年) is finer than a year and coarser than a quarter. */
export type PeriodLabelGrain = "day" | "month" | "quarter" | "half" | "year";

export interface PeriodLabel {
  /**
   * Canonical label: YYYY-MM-DD, YYYY-MM, YYYY-Qn, YYYY-Hn or YYYY for calendar periods;
   * "YYYY-MM-DD..YYYY-MM-DD" for a fiscal period that is not a calendar one.
   */
  label: string;
  grain: PeriodLabelGrain;
  /** First day, ISO. */
  from: string;
  /** Last day, ISO. */
  to: string;
}

export interface PeriodLabelOptions {
  /** Month (1–12) the fiscal year starts in; needed to read "FY24 Q1". */
  fiscalYearStart?: number;
  /**
   * Whether "FY24" names the fiscal year by the calendar year it ends in (the US, UK, Australia,
   * Microsoft: FY24 = Jul 2023–Jun 2024) or the one it starts in (Japan, India: FY2024 = Apr
   * 2024–Mar 2025). Default "end".
   */
  fiscalYearNamedBy?: "start" | "end";
  /** Year for labels without one ("一月", "Q1"), e.g. from a report's title. */
  year?: number;
}

export type PeriodLabelResult = { ok: true; period: PeriodLabel } | { ok: false; reason: string };

const MONTH_NAMES: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** 1–99 written in Arabic digits or Chinese numerals (十二, 二十). */
function smallNumber(text: string): number | undefined {
  if (/^\d{1,2}$/.test(text)) return Number(text);
  if (!/^[一二两兩三四五六七八九十]{1,3}$/.test(text)) return undefined;
  // A label spells a month or quarter with 十 or as one digit, never digit by digit (一二).
  if (text.length > 1 && !text.includes("十")) return undefined;
  return parseChineseNumeral(text);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoDay(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The month `offset` months after (year, month), as [year, month]. */
function addMonths(year: number, month: number, offset: number): [number, number] {
  const index = year * 12 + (month - 1) + offset;
  return [Math.floor(index / 12), (index % 12) + 1];
}

function monthSpan(year: number, month: number, count: number): { from: string; to: string } {
  const [endYear, endMonth] = addMonths(year, month, count - 1);
  return { from: isoDay(year, month, 1), to: isoDay(endYear, endMonth, lastDay(endYear, endMonth)) };
}

/** The canonical calendar label of a span of whole months, when it is one. */
function calendarLabel(from: string, to: string, grain: PeriodLabelGrain): string {
  const [year, month] = from.split("-").map(Number);
  const months = (Number(to.slice(0, 4)) - year) * 12 + Number(to.slice(5, 7)) - month + 1;
  if (grain === "month" && months === 1) return `${year}-${pad(month)}`;
  if (grain === "quarter" && months === 3 && (month - 1) % 3 === 0) return `${year}-Q${(month - 1) / 3 + 1}`;
  if (grain === "half" && months === 6 && (month - 1) % 6 === 0) return `${year}-H${(month - 1) / 6 + 1}`;
  if (grain === "year" && months === 12 && month === 1) return String(year);
  return `${from}..${to}`;
}

interface Tokens {
  year?: number;
  twoDigitYear?: number;
  fiscal: boolean;
  quarter?: number;
  half?: number;
  month?: number;
  day?: number;
  bare: number[];
}

// Labels seen on real reports put spaces, slashes, dashes, dots or apostrophes between the parts,
// or nothing at all ("2024Q1", "2024年1季度", "FY24Q1"); the split below makes each part a token.
function tokenize(text: string): Tokens | string {
  const normal = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/(\d)[t\s]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?$/, "$1")
    // A unit beside the period ("2019 €m", "2019 ($)", "2024 (%)") says what the cells hold.
    .replace(/\s*\(?(?:[$€£¥%]|usd|eur|gbp|cny|rmb)\s?(?:m|bn|k|[’']?000|millions?)?\)?\s*$/, "")
    .replace(/\s*\((?:%|k|m|bn|millions?)\)\s*$/, "")
    .replace(/(年|月份?)/g, "$1 ")
    .replace(/财年|財年|会计年度|會計年度|fiscal\s*year|fiscal/g, " fy ")
    .replace(/(\d)(?=[a-z])/g, "$1 ")
    .replace(/([a-z])(?=\d)/g, "$1 ")
    .replace(/[\s/\-_.,·|~']+/g, " ")
    .trim();
  const tokens: Tokens = { fiscal: false, bare: [] };
  const set = (key: "year" | "quarter" | "half" | "month" | "day", value: number): string | undefined => {
    if (tokens[key] !== undefined && tokens[key] !== value) return `two ${key}s`;
    tokens[key] = value;
    return undefined;
  };
  const parts = normal.split(" ").filter((part) => part !== "");
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index];
    const next = parts[index + 1] ?? "";
    const fullYear = /^((?:19|20)\d{2})年?$/.exec(part);
    const shortYear = /^(\d{2})年$/.exec(part);
    const chineseQuarter = /^第?([一二三四1-4])季度?$/.exec(part);
    const monthWord = /^([一二三四五六七八九十]{1,3}|\d{1,2})月份?$/.exec(part);
    const dayWord = /^([一二三四五六七八九十]{1,3}|\d{1,2})[日号號]$/.exec(part);
    let problem: string | undefined;
    if (fullYear) problem = set("year", Number(fullYear[1]));
    else if (shortYear) problem = set("year", 2000 + Number(shortYear[1]));
    else if (part === "fy") tokens.fiscal = true;
    else if (part === "度") continue;
    else if ((part === "q" && /^[1-4]$/.test(next)) || (part === "h" && /^[12]$/.test(next))) {
      problem = set(part === "q" ? "quarter" : "half", Number(next));
      index += 1;
    } else if (/^[1-4]$/.test(part) && next === "q") {
      problem = set("quarter", Number(part));
      index += 1;
    } else if (chineseQuarter) problem = set("quarter", smallNumber(chineseQuarter[1]) as number);
    else if (part === "上半年" || part === "上半年度") problem = set("half", 1);
    else if (part === "下半年" || part === "下半年度") problem = set("half", 2);
    else if (MONTH_NAMES[part] !== undefined) problem = set("month", MONTH_NAMES[part]);
    else if (monthWord) {
      const month = smallNumber(monthWord[1]);
      if (month === undefined || month < 1 || month > 12) return `"${part}" is not a month`;
      problem = set("month", month);
    } else if (dayWord) {
      const day = smallNumber(dayWord[1]);
      if (day === undefined) return `"${part}" is not a day`;
      problem = set("day", day);
    } else if (/^\d{1,2}$/.test(part)) tokens.bare.push(Number(part));
    else return `"${part}" is not part of a period`;
    if (problem) return problem;
  }
  return tokens;
}

/**
 * Reads a period label. Calendar labels need a year in them or `options.year`; fiscal labels
 * ("FY24 Q1", "2024财年 Q1") need `options.fiscalYearStart`. Bare numbers are read by position:
 * after a year, a month then a day ("2024-01", "2024/1/15"); after a month name, a two-digit
 * year ("Jan-24") or a day ("Jan 15 2024").
 */
export function parsePeriodLabel(text: string, options: PeriodLabelOptions = {}): PeriodLabelResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "the label is empty" };
  const tokens = tokenize(trimmed);
  if (typeof tokens === "string") return { ok: false, reason: `${tokens} in "${trimmed}"` };
  const bare = [...tokens.bare];
  // "FY24": a two-digit year right after the fiscal marker.
  if (tokens.fiscal && tokens.year === undefined && bare.length > 0)
    tokens.year = 2000 + (bare.shift() as number);
  // "Q1'24", "1Q24", "H2 24": a quarter or half with a two-digit year.
  if (
    tokens.year === undefined &&
    tokens.month === undefined &&
    (tokens.quarter !== undefined || tokens.half !== undefined) &&
    bare.length === 1
  )
    tokens.year = 2000 + (bare.shift() as number);
  if (tokens.year !== undefined && tokens.month === undefined && bare.length > 0) {
    const month = bare.shift() as number;
    if (month < 1 || month > 12) return { ok: false, reason: `${month} is not a month in "${trimmed}"` };
    tokens.month = month;
    if (bare.length > 0) tokens.day = bare.shift();
  } else if (tokens.month !== undefined && bare.length > 0) {
    if (tokens.year === undefined && bare.length === 1 && !tokens.day)
      tokens.year = 2000 + (bare.shift() as number);
    else if (tokens.day === undefined) tokens.day = bare.shift();
    if (bare.length > 0 && tokens.year === undefined) tokens.year = 2000 + (bare.shift() as number);
  }
  if (bare.length > 0)
    return { ok: false, reason: `cannot tell what ${bare.join(", ")} means in "${trimmed}"` };
  const kinds = [tokens.quarter, tokens.half, tokens.month].filter((value) => value !== undefined).length;
  if (kinds > 1) return { ok: false, reason: `"${trimmed}" names more than one of quarter, half and month` };
  if (tokens.day !== undefined && tokens.month === undefined)
    return { ok: false, reason: `"${trimmed}" has a day but no month` };
  const year = tokens.year ?? options.year;
  if (year === undefined)
    return {
      ok: false,
      reason: `"${trimmed}" has no year; declare the year the labels belong to`,
    };

  let span: { from: string; to: string };
  let grain: PeriodLabelGrain;
  if (tokens.fiscal) {
    const start = options.fiscalYearStart;
    if (start === undefined)
      return {
        ok: false,
        reason: `"${trimmed}" is a fiscal period; declare the month the fiscal year starts in (fiscal_year_start)`,
      };
    const startYear = (options.fiscalYearNamedBy ?? "end") === "end" && start > 1 ? year - 1 : year;
    if (tokens.quarter !== undefined) {
      const [qYear, qMonth] = addMonths(startYear, start, (tokens.quarter - 1) * 3);
      span = monthSpan(qYear, qMonth, 3);
      grain = "quarter";
    } else if (tokens.half !== undefined) {
      const [hYear, hMonth] = addMonths(startYear, start, (tokens.half - 1) * 6);
      span = monthSpan(hYear, hMonth, 6);
      grain = "half";
    } else if (tokens.month !== undefined) {
      const calendarYear = tokens.month >= start ? startYear : startYear + 1;
      span = monthSpan(calendarYear, tokens.month, 1);
      grain = "month";
    } else {
      span = monthSpan(startYear, start, 12);
      grain = "year";
    }
    if (tokens.day !== undefined) return { ok: false, reason: `"${trimmed}": a fiscal label with a day` };
  } else if (tokens.quarter !== undefined) {
    span = monthSpan(year, (tokens.quarter - 1) * 3 + 1, 3);
    grain = "quarter";
  } else if (tokens.half !== undefined) {
    span = monthSpan(year, (tokens.half - 1) * 6 + 1, 6);
    grain = "half";
  } else if (tokens.month !== undefined) {
    if (tokens.day !== undefined) {
      if (tokens.day < 1 || tokens.day > lastDay(year, tokens.month))
        return { ok: false, reason: `${year}-${pad(tokens.month)} has no day ${tokens.day}` };
      const day = isoDay(year, tokens.month, tokens.day);
      return { ok: true, period: { label: day, grain: "day", from: day, to: day } };
    }
    span = monthSpan(year, tokens.month, 1);
    grain = "month";
  } else {
    span = monthSpan(year, 1, 12);
    grain = "year";
  }
  return { ok: true, period: { label: calendarLabel(span.from, span.to, grain), grain, ...span } };
}

/** The span a label covers, or undefined when it is not a period label (see parsePeriodLabel). */
export function periodOfLabel(text: string, options: PeriodLabelOptions = {}): PeriodLabel | undefined {
  const range = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(text.trim());
  if (range) {
    const months =
      (Number(range[2].slice(0, 4)) - Number(range[1].slice(0, 4))) * 12 +
      Number(range[2].slice(5, 7)) -
      Number(range[1].slice(5, 7)) +
      1;
    const grain: PeriodLabelGrain =
      range[1] === range[2]
        ? "day"
        : months >= 12
          ? "year"
          : months >= 6
            ? "half"
            : months >= 3
              ? "quarter"
              : "month";
    return { label: text.trim(), grain, from: range[1], to: range[2] };
  }
  const result = parsePeriodLabel(text, options);
  return result.ok ? result.period : undefined;
}
