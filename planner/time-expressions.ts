import { parseChineseNumeral } from "../domain/chinese-numerals.js";
import { parseCount } from "../domain/count-words.js";
import { MONTHS } from "../domain/parse-value.js";
import { parsePeriodLabel } from "../domain/period-label.js";
import type { Grain, Period } from "../models/plan.js";
import type { PeriodComparison } from "./locales/time-locale.js";
import { findTimeWords, readTimeGrammar } from "./time-grammar/read-time.js";

/** A time expression found in a question, with the periods it denotes. */
export interface TimeMention {
  /** Offsets in the (normalised) question. */
  start: number;
  end: number;
  text: string;
  /**
   * absolute: a calendar period; relative: resolved against as_of (上个月, last quarter);
   * same_period: 同期 / the same month, which takes the period of the entity it follows;
   * each: a period split into its parts (2023年各季度 → four quarters).
   */
  kind: "absolute" | "relative" | "same_period" | "each";
  /** Empty for same_period; one period per calendar part for each; one period for ranges. */
  periods: Period[];
  /** The grain the user asked at (a range of months is still at month grain). */
  grain: Grain;
  /** For same_period: years to shift the other frame's periods by (去年同期 / same period last year: -1). */
  shiftYears?: number;
  /** An assumption worth telling the user (a bare month read as last year's, a period after as-of). */
  note?: string;
  /**
   * A fiscal period (FY24 Q1, 2024财年第一季度, fiscal Q2) in a workspace that does not say when its
   * fiscal year starts: no periods, and the planner asks rather than read calendar quarters.
   */
  fiscalUnknown?: { calendar: string };
  /** The rule that read it: a grammar rule (planner/time-grammar/time-rules.ts) or `pattern`. */
  rule?: string;
  /** Conventions applied in reading it (docs/planner.md): the planner says each in a note. */
  conventions?: string[];
  /** A comparison that needs a base period (同比, 环比, month over month). */
  comparison?: PeriodComparison;
}

/** Time-like text of a question that no rule read (a weekday alone, "this winter", 公元14年). */
export interface UnreadTime {
  start: number;
  end: number;
  text: string;
}

/** When the workspace's fiscal year starts and how "FY24" names it (models/workspace.ts `fiscal_year`). */
export interface FiscalYearOptions {
  start: number;
  named_by: "start" | "end";
}

const MONTH_NAMES = MONTHS;
const MONTH =
  "(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?";
const ORDINAL: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  "1st": 1,
  "2nd": 2,
  "3rd": 3,
  "4th": 4,
};
// A four-digit year, or a two-digit one written with 年 ("24年1月" is January 2024).
const YEAR = "((?:19|20)\\d{2}|(?<!\\d)\\d{2}(?=年))";
const CN_QUARTER = "(?:第)?([1-4一二三四])(?:季度|季)";
const QUARTER_WORD = "(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th) quarter)";

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** Last day of a month, as an ISO date. */
function monthEnd(year: number, month: number): string {
  return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

/** The period of one calendar month. */
export function monthPeriod(year: number, month: number): Period {
  return { grain: "month", from: `${year}-${pad(month)}-01`, to: monthEnd(year, month) };
}

/** The period of one calendar quarter. */
export function quarterPeriod(year: number, quarter: number): Period {
  return { grain: "quarter", from: `${year}-${pad(quarter * 3 - 2)}-01`, to: monthEnd(year, quarter * 3) };
}

/** The period of one calendar year. */
export function yearPeriod(year: number): Period {
  return { grain: "year", from: `${year}-01-01`, to: `${year}-12-31` };
}

/** A year as written: four digits, or two digits meaning 20xx ("24年"). */
function fullYear(text: string): number {
  const value = Number(text);
  return text.length === 2 ? 2000 + value : value;
}

function number(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  return parseChineseNumeral(text) ?? ORDINAL[text];
}

function span(periods: Period[], grain: Grain): Period {
  return { grain, from: periods[0].from, to: periods[periods.length - 1].to };
}

function months(year: number, from: number, to: number): Period[] {
  const result: Period[] = [];
  for (let month = from; month <= to; month += 1) result.push(monthPeriod(year, month));
  return result;
}

function quarters(year: number, from: number, to: number): Period[] {
  const result: Period[] = [];
  for (let quarter = from; quarter <= to; quarter += 1) result.push(quarterPeriod(year, quarter));
  return result;
}

interface PatternContext {
  asOf: Date;
  /** The year of the nearest explicit year in the question, else the as-of year. */
  yearFor(index: number): number;
  /** True when the question writes a year anywhere (a bare month then takes it). */
  hasExplicitYear: boolean;
  fiscalYear?: FiscalYearOptions;
}

interface Pattern {
  regex: RegExp;
  build(
    match: RegExpExecArray,
    context: PatternContext,
  ): Omit<TimeMention, "start" | "end" | "text"> | undefined;
}

/**
 * A month or quarter written without a year and without a year elsewhere in the question takes
 * the as-of year, unless that would be after the as-of date: then it is last year's (asked on
 * 2024-06-30, "9月" is September 2023), and the user is told.
 */
function bareYear(
  context: PatternContext,
  index: number,
  firstMonth: number,
): { year: number; note?: string } {
  const year = context.yearFor(index);
  if (context.hasExplicitYear) return { year };
  const asOfMonth = context.asOf.getUTCMonth() + 1;
  if (firstMonth > asOfMonth)
    return { year: year - 1, note: `no year given: read as ${year - 1}, the last one before the as-of date` };
  return { year };
}

function monthList(
  m: RegExpExecArray,
  writtenYear: number | undefined,
  context: PatternContext,
): Omit<TimeMention, "start" | "end" | "text"> | undefined {
  const numbers = [...m[2].matchAll(/\d{1,2}|十[一二]?|[一二三四五六七八九]/gu)].map(
    (match) => number(match[0]) ?? 0,
  );
  if (numbers.length < 2 || numbers.some((month) => month < 1 || month > 12)) return undefined;
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const resolved = writtenYear === undefined ? bareYear(context, m.index, sorted[0]) : { year: writtenYear };
  return {
    ...each(
      sorted.map((month) => monthPeriod(resolved.year, month)),
      "month",
    ),
    ...(resolved.note ? { note: resolved.note } : {}),
  };
}

type CalendarUnit = "month" | "quarter" | "year";

/**
 * The calendar month, quarter or year `offset` units from the one holding as-of: 0 is this one
 * (本月, this quarter), -1 the last (上个月, last year), -2 the one before (上上个月, two quarters
 * ago, 前年), +1 the next (下季度, next month, 明年).
 */
export function relativeUnitPeriod(asOf: Date, unit: CalendarUnit, offset: number): Period {
  const year = asOf.getUTCFullYear();
  if (unit === "year") return yearPeriod(year + offset);
  if (unit === "quarter") {
    const index = year * 4 + Math.floor(asOf.getUTCMonth() / 3) + offset;
    return quarterPeriod(Math.floor(index / 4), (index % 4) + 1);
  }
  const date = new Date(Date.UTC(year, asOf.getUTCMonth() + offset, 1));
  return monthPeriod(date.getUTCFullYear(), date.getUTCMonth() + 1);
}

// Counts a relative period is written with: digits, English words (read by parseCount), a / an.
const ENGLISH_COUNT = "\\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve";
const CHINESE_COUNT = "\\d{1,2}|[一二两三四五六七八九十]{1,3}";
// How far back or ahead a relative period may reach, per unit: beyond it a number is more likely something else
// ("23年前" is also "before 2023").
const MAX_UNITS_AWAY: Record<CalendarUnit, number> = { month: 36, quarter: 12, year: 10 };

const ENGLISH_STEP: Record<string, number> = {
  last: -1,
  previous: -1,
  prior: -1,
  this: 0,
  current: 0,
  next: 1,
  coming: 1,
  upcoming: 1,
};
// Years back from as-of's that a year word names, where a period is counted within a year.
const YEARS_BACK: Record<string, number> = {
  今年: 0,
  本年: 0,
  "this year": 0,
  去年: 1,
  "last year": 1,
  前年: 2,
};
const CHINESE_YEAR_STEP: Record<string, number> = { 去年: -1, 今年: 0, 本年: 0, 明年: 1 };

function unitOf(word: string): CalendarUnit {
  if (/^(?:month|月|个\s*月)/u.test(word)) return "month";
  if (/^(?:quarter|季|个\s*季)/u.test(word)) return "quarter";
  return "year";
}

/** A count of one or more units back ("0 months ago" is not a period). */
function countOf(text: string): number | undefined {
  const count = text === "a" || text === "an" ? 1 : parseCount(text);
  return count !== undefined && count >= 1 ? count : undefined;
}

/** A pattern whose match names a unit and an offset from the as-of unit (see relativeUnitPeriod). */
function relativePattern(
  regex: RegExp,
  read: (match: RegExpExecArray) => { unit: CalendarUnit; offset: number } | undefined,
): Pattern {
  return {
    regex,
    build: (m, { asOf }) => {
      const reading = read(m);
      if (!reading || !Number.isInteger(reading.offset)) return undefined;
      if (-reading.offset > MAX_UNITS_AWAY[reading.unit] || reading.offset > MAX_UNITS_AWAY[reading.unit])
        return undefined;
      return {
        kind: "relative",
        periods: [relativeUnitPeriod(asOf, reading.unit, reading.offset)],
        grain: reading.unit,
      };
    },
  };
}

const absolute = (periods: Period[], grain: Grain): Omit<TimeMention, "start" | "end" | "text"> => ({
  kind: "absolute",
  periods: [span(periods, grain)],
  grain,
});
const each = (periods: Period[], grain: Grain): Omit<TimeMention, "start" | "end" | "text"> => ({
  kind: "each",
  periods,
  grain,
});

// Longer, more specific patterns first: at one position the first pattern that matches wins,
// and overlapping later matches are dropped.
const PATTERNS: Pattern[] = [
  // Fiscal periods first, so "FY24 Q1" is not read as calendar Q1: FY24 Q1, FY2024 Q3, Q2 FY24,
  // Q2 of fiscal 2024, fiscal Q2, fiscal year 2024, FY24; 2024财年第一季度, 24财年Q1, 财年第二季度, 2024财年
  {
    regex: new RegExp(
      [
        "\\bfy\\s?'?(\\d{4}|\\d{2})(?:\\s*[-/ ]?\\s*q([1-4]))?\\b",
        "\\bq([1-4])\\s+(?:of\\s+)?(?:fiscal\\s+(?:year\\s+)?|fy\\s?'?)(\\d{4}|\\d{2})\\b",
        "\\bfiscal\\s+(?:q([1-4])|(?:the\\s+)?(first|second|third|fourth)\\s+quarter)(?:\\s+(?:of\\s+)?(\\d{4}))?\\b",
        "\\bfiscal\\s+(?:year\\s+)?(\\d{4})(?:\\s+q([1-4]))?\\b",
        `(?:((?:19|20)\\d{2}|\\d{2})\\s*)?(?:财年|会计年度)(?:的)?(?:\\s*(?:${CN_QUARTER}|q([1-4])))?`,
      ].join("|"),
      "gu",
    ),
    build: (m, context) => {
      const yearText = m[1] ?? m[4] ?? m[7] ?? m[8] ?? m[10];
      const quarterText = m[2] ?? m[3] ?? m[5] ?? m[6] ?? m[9] ?? m[11] ?? m[12];
      const quarter = number(quarterText);
      if (!yearText && quarter === undefined) return undefined; // 财年 alone is a word, not a period
      const writtenYear = yearText ? fullYear(yearText) : undefined;
      const calendar = `${quarter ? `Q${quarter} ` : ""}${writtenYear ?? context.asOf.getUTCFullYear()}`;
      const fiscal = context.fiscalYear;
      if (!fiscal)
        return {
          kind: "absolute",
          periods: [],
          grain: quarter ? "quarter" : "year",
          fiscalUnknown: { calendar },
        };
      const read = (year: number) =>
        parsePeriodLabel(`fy ${year}${quarter ? ` q${quarter}` : ""}`, {
          fiscalYearStart: fiscal.start,
          fiscalYearNamedBy: fiscal.named_by,
        });
      let note: string | undefined;
      let year = writtenYear;
      if (year === undefined) {
        // No year: the fiscal year holding as-of, or the one before when the quarter is still ahead.
        const asOf = context.asOf.toISOString().slice(0, 10);
        const calendarYear = context.asOf.getUTCFullYear();
        year = [calendarYear + 1, calendarYear, calendarYear - 1].find((candidate) => {
          const result = read(candidate);
          return result.ok && result.period.from <= asOf;
        });
        if (year === undefined) return undefined;
        note = `no fiscal year given: read as FY${year}, the last one starting before the as-of date`;
      }
      const result = read(year);
      if (!result.ok || (result.period.grain !== "quarter" && result.period.grain !== "year"))
        return undefined;
      const grain = result.period.grain;
      return {
        kind: "absolute",
        periods: [{ grain, from: result.period.from, to: result.period.to }],
        grain,
        ...(note ? { note } : {}),
      };
    },
  },
  // The last N months or quarters of a year: the last quarter of 2023, the final two months of
  // last year, the last month of this year, 2023年最后一个季度, 去年最后两个月. Before "last quarter"
  // alone (the one before as-of's) can take the words.
  {
    regex: new RegExp(
      `\\bthe (?:last|final) (?:(${ENGLISH_COUNT}) )?(months?|quarters?) (?:of|in) (this year|last year|(?:19|20)\\d{2})\\b|(今年|去年|前年|本年|((?:19|20)\\d{2}|\\d{2})\\s*年)(?:的)?\\s*最后\\s*(${CHINESE_COUNT})?\\s*个?(月|季度)`,
      "gu",
    ),
    build: (m, { asOf }) => {
      const anchorText = m[3] ?? m[4];
      const written = m[5] ?? (/^\d{4}$/.test(m[3] ?? "") ? m[3] : undefined);
      const year = written ? fullYear(written) : asOf.getUTCFullYear() - (YEARS_BACK[anchorText] ?? 0);
      const countText = m[1] ?? m[6];
      const count = countText === undefined ? 1 : countOf(countText);
      const unit = unitOf(m[2] ?? m[7]);
      if (count === undefined || count > (unit === "quarter" ? 4 : 12)) return undefined;
      const kind = written ? "absolute" : "relative";
      if (unit === "quarter")
        return { kind, periods: [span(quarters(year, 5 - count, 4), "quarter")], grain: "quarter" };
      return { kind, periods: [span(months(year, 13 - count, 12), "month")], grain: "month" };
    },
  },
  // The first N months or quarters of a year: 今年前两个月, 2023年前三季度, the first two months of
  // this year / of 2024. Before "前两个月" alone (the two complete months before as_of) can take it.
  {
    regex:
      /(今年|去年|前年|本年|((?:19|20)\d{2}|\d{2})\s*年)(?:的)?\s*前\s*(\d{1,2}|[一二两三四五六七八九十]|十[一二])\s*个?(月|季度)|\b(?:the )?first (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven) (months|quarters) (?:of )?(this year|last year|(?:19|20)\d{2})\b/gu,
    build: (m, { asOf }) => {
      const anchor = m[1] ?? m[7];
      const written = m[2] ?? (/^\d{4}$/.test(m[7] ?? "") ? m[7] : undefined);
      const year = written
        ? fullYear(written)
        : asOf.getUTCFullYear() -
          (anchor === "去年" || anchor === "last year" ? 1 : anchor === "前年" ? 2 : 0);
      const raw = m[3] ?? m[5];
      const count = parseCount(raw) ?? 0;
      const quarters = m[4] === "季度" || m[6] === "quarters";
      if (count < 1 || count > (quarters ? 4 : 12)) return undefined;
      if (quarters) {
        const periods = [1, 2, 3, 4].slice(0, count).map((quarter) => quarterPeriod(year, quarter));
        return { kind: "relative", periods: [span(periods, "quarter")], grain: "quarter" };
      }
      return { kind: "relative", periods: [span(months(year, 1, count), "month")], grain: "month" };
    },
  },
  // 去年同期, 同比, the same period last year, a year earlier: the other frame's period a year back
  {
    regex:
      /(大*前年|去年|上年|上一年)同期|同比|(?:for |in |during |over |with |versus |vs\.? )?the same (?:period|month|quarter|time) (?:of |in )?(?:last|the previous|the prior) year|(?:the )?same period a year (?:earlier|ago|before)|a year (?:earlier|ago|before)|year[- ]over[- ]year|year[- ]on[- ]year/gu,
    build: (m) => ({
      kind: "same_period",
      periods: [],
      grain: "month",
      // 前年同期 is two years back, each 大 one more.
      shiftYears: m[1]?.endsWith("前年") ? -m[1].length : -1,
    }),
  },
  // 今年上半年, 去年下半年, the first half of this year, H2 last year: a half of a year named from as-of
  {
    regex:
      /(今年|去年|前年|本年)(?:的)?\s*(上|下)半年|\b(?:the )?(first|second) half of (this year|last year)\b|\bh([12]) (?:of )?(this year|last year)\b/gu,
    build: (m, { asOf }) => {
      const word = m[1] ?? m[4] ?? m[6];
      const year = asOf.getUTCFullYear() - (YEARS_BACK[word] ?? 0);
      const first = m[2] === "上" || m[3] === "first" || m[5] === "1";
      return {
        kind: "relative",
        periods: [span(first ? months(year, 1, 6) : months(year, 7, 12), "month")],
        grain: "month",
      };
    },
  },
  // 今年2月, 去年12月, 前年3月; 今年第一季度, 去年Q4
  {
    regex: new RegExp(
      `(今年|去年|前年|本年)(?:的)?\\s*(?:(\\d{1,2}|十[一二]?|[一二三四五六七八九])月(?:份)?|${CN_QUARTER}|q([1-4]))`,
      "gu",
    ),
    build: (m, { asOf }) => {
      const year = asOf.getUTCFullYear() - (m[1] === "去年" ? 1 : m[1] === "前年" ? 2 : 0);
      const month = number(m[2]);
      if (month !== undefined)
        return month >= 1 && month <= 12
          ? { kind: "relative", periods: [monthPeriod(year, month)], grain: "month" }
          : undefined;
      const quarter = number(m[3] ?? m[4]) ?? 1;
      return { kind: "relative", periods: [quarterPeriod(year, quarter)], grain: "quarter" };
    },
  },
  // January last year, January of this year, last year's January, Q3 last year, this year's Q1
  {
    regex: new RegExp(
      `\\b(?:${MONTH}|q([1-4])),? (?:of )?(this|last|the previous|the prior) year\\b|\\b(this|last) year'?s (?:${MONTH}|q([1-4]))`,
      "gu",
    ),
    build: (m, { asOf }) => {
      const relative = m[3] ?? m[4];
      const year = asOf.getUTCFullYear() - (relative === "this" ? 0 : 1);
      const month = m[1] ?? m[5];
      if (month)
        return { kind: "relative", periods: [monthPeriod(year, MONTH_NAMES[month])], grain: "month" };
      return { kind: "relative", periods: [quarterPeriod(year, Number(m[2] ?? m[6]))], grain: "quarter" };
    },
  },
  // this January (of the as-of year), last March (the latest March before the as-of month)
  {
    regex: new RegExp(`\\b(this|last|past) ${MONTH}(?![a-z])`, "gu"),
    build: (m, { asOf }) => {
      const month = MONTH_NAMES[m[2]];
      let year = asOf.getUTCFullYear();
      if (m[1] !== "this" && month >= asOf.getUTCMonth() + 1) year -= 1;
      return { kind: "relative", periods: [monthPeriod(year, month)], grain: "month" };
    },
  },
  // Month lists: 7、8、9三个月, 2024年1月和3月, 1、2月份 — each month its own period (contiguous ones merge later)
  {
    regex: new RegExp(
      `(?<![\\d年])(?:${YEAR}年)?((?:\\d{1,2}|十[一二]?|[一二三四五六七八九])月?(?:\\s*(?:、|,|和|与|及|跟|以及)\\s*(?:\\d{1,2}|十[一二]?|[一二三四五六七八九])月?)+)\\s*(?:这|那)?(?:[两三四五六七八九十]|\\d{1,2})?个?月(?:份)?`,
      "gu",
    ),
    build: (m, context) => monthList(m, m[1] ? fullYear(m[1]) : undefined, context),
  },
  // January and March 2024, January, February and April 2024
  {
    regex: new RegExp(
      `(?<!between )\\b${MONTH}((?:(?:,\\s*|,?\\s+and\\s+)${MONTH})+),?\\s+(?:of\\s+|in\\s+)?${YEAR}`,
      "gu",
    ),
    build: (m) => {
      const year = Number(m[m.length - 1]);
      const names = [...m[0].matchAll(new RegExp(MONTH, "gu"))].map((match) => MONTH_NAMES[match[1]]);
      return each(
        [...new Set(names)].sort((a, b) => a - b).map((month) => monthPeriod(year, month)),
        "month",
      );
    },
  },
  // Q1 and Q3 2023, Q1, Q2 and Q4 of 2023
  {
    regex: new RegExp(
      `(?<!between )\\bq([1-4])((?:(?:,\\s*|,?\\s+and\\s+)q[1-4])+),?\\s+(?:of\\s+|in\\s+)?${YEAR}`,
      "gu",
    ),
    build: (m) => {
      const year = Number(m[3]);
      const numbers = [...m[0].matchAll(/q([1-4])/gu)].map((match) => Number(match[1]));
      return each(
        [...new Set(numbers)].sort((a, b) => a - b).map((quarter) => quarterPeriod(year, quarter)),
        "quarter",
      );
    },
  },
  // 2023年7月至9月, 2023年7月到2023年9月, 2023年7-9月
  {
    regex: new RegExp(
      `${YEAR}年(\\d{1,2})月?(?:份)?\\s*(?:至|到|-|~|—|–)\\s*(?:${YEAR}年)?(\\d{1,2})月(?:份)?`,
      "gu",
    ),
    build: (m) => {
      const fromYear = fullYear(m[1]);
      const toYear = m[3] ? fullYear(m[3]) : fromYear;
      const from = Number(m[2]);
      const to = Number(m[4]);
      if (from < 1 || from > 12 || to < 1 || to > 12) return undefined;
      if (toYear !== fromYear)
        return absolute([monthPeriod(fromYear, from), monthPeriod(toYear, to)], "month");
      return to >= from ? absolute(months(fromYear, from, to), "month") : undefined;
    },
  },
  // 2023年第三季度至第四季度, 2023年Q3至Q4, 2023年Q3-Q4
  {
    regex: new RegExp(
      `${YEAR}年?\\s*(?:${CN_QUARTER}|q([1-4]))\\s*(?:至|到|-|~|—|–)\\s*(?:${YEAR}年?\\s*)?(?:${CN_QUARTER}|q([1-4]))`,
      "gu",
    ),
    build: (m) => {
      const fromYear = fullYear(m[1]);
      const toYear = m[4] ? fullYear(m[4]) : fromYear;
      const from = number(m[2] ?? m[3]);
      const to = number(m[5] ?? m[6]);
      if (!from || !to || toYear * 4 + to < fromYear * 4 + from) return undefined;
      return absolute([quarterPeriod(fromYear, from), quarterPeriod(toYear, to)], "quarter");
    },
  },
  // from July to September 2023, between July and September 2023, July–September 2023, July to Sept. 2023
  {
    regex: new RegExp(
      `(?:(?:from )?${MONTH}(?: ${YEAR})?\\s*(?:to|until|through|-|–|—)|between ${MONTH}(?: ${YEAR})? and)\\s*${MONTH},? ${YEAR}`,
      "gu",
    ),
    build: (m) => {
      const from = MONTH_NAMES[m[1] ?? m[3]];
      const to = MONTH_NAMES[m[5]];
      const toYear = Number(m[6]);
      const fromYear = m[2] || m[4] ? Number(m[2] ?? m[4]) : toYear;
      if (fromYear === toYear && to < from) return undefined;
      return absolute([monthPeriod(fromYear, from), monthPeriod(toYear, to)], "month");
    },
  },
  // 2023-07 to 2023-09
  {
    regex: new RegExp(`${YEAR}-(\\d{1,2})\\s*(?:to|至|到|until|through|~|—|–)\\s*${YEAR}-(\\d{1,2})`, "gu"),
    build: (m) => {
      const from = Number(m[2]);
      const to = Number(m[4]);
      if (from < 1 || from > 12 || to < 1 || to > 12) return undefined;
      const periods = [monthPeriod(Number(m[1]), from), monthPeriod(Number(m[3]), to)];
      return periods[0].from <= periods[1].from ? absolute(periods, "month") : undefined;
    },
  },
  // from Q3 to Q4 2023, Q3-Q4 2023
  {
    regex: new RegExp(
      `(?:(?:from )?q([1-4])\\s*(?:to|through|-|–|—)|between q([1-4]) and)\\s*q([1-4]),?\\s*(?:of |in )?${YEAR}`,
      "gu",
    ),
    build: (m) => {
      const from = Number(m[1] ?? m[2]);
      const to = Number(m[3]);
      return to >= from ? absolute(quarters(Number(m[4]), from, to), "quarter") : undefined;
    },
  },
  // 2023年各季度, 2023年每个季度, 2023年分季度, 2023年按季度, 2023年四个季度
  {
    regex: new RegExp(`${YEAR}年?(?:的)?\\s*(?:各|每个|每|分|按|逐|四个)季度?`, "gu"),
    build: (m) => each(quarters(fullYear(m[1]), 1, 4), "quarter"),
  },
  // 2023年各月, 2023年每个月, 2023年逐月
  {
    regex: new RegExp(`${YEAR}年?(?:的)?\\s*(?:各|每个|每|分|按|逐)月(?:份|度)?`, "gu"),
    build: (m) => each(months(fullYear(m[1]), 1, 12), "month"),
  },
  // each quarter of 2023, every quarter in 2023, by quarter in 2023, quarterly in 2023, per quarter of 2023
  {
    regex: new RegExp(
      `(?:(?:each|every|per) quarter|by quarter|quarterly|quarter by quarter|all four quarters|all quarters)(?:,)?\\s*(?:of|in|for|during|across)?\\s*${YEAR}`,
      "gu",
    ),
    build: (m) => each(quarters(Number(m[1]), 1, 4), "quarter"),
  },
  // 2023 by quarter, 2023 quarterly, 2023's quarters
  {
    regex: new RegExp(
      `${YEAR}(?:,)?\\s*(?:by quarter|quarterly|quarter by quarter|per quarter|'s quarters)`,
      "gu",
    ),
    build: (m) => each(quarters(Number(m[1]), 1, 4), "quarter"),
  },
  // each month of 2023, monthly in 2023, by month in 2023
  {
    regex: new RegExp(
      `(?:(?:each|every|per) month|by month|monthly|month by month)(?:,)?\\s*(?:of|in|for|during|across)?\\s*${YEAR}`,
      "gu",
    ),
    build: (m) => each(months(Number(m[1]), 1, 12), "month"),
  },
  // 2023年第三季度, 2023年Q3, 2023年三季度, 2023 Q3, 2023-Q3
  {
    regex: new RegExp(`${YEAR}(?:年(?:的)?\\s*(?:${CN_QUARTER}|q([1-4]))|[\\s-]?q([1-4]))`, "gu"),
    build: (m) => absolute([quarterPeriod(fullYear(m[1]), number(m[2] ?? m[3] ?? m[4]) ?? 1)], "quarter"),
  },
  // Q3 2023, Q3 of 2023, the third quarter of 2023, Q3/2023
  {
    regex: new RegExp(`${QUARTER_WORD}\\s*(?:of |in |/)?${YEAR}`, "gu"),
    build: (m) => absolute([quarterPeriod(Number(m[3]), number(m[1] ?? m[2]) ?? 1)], "quarter"),
  },
  // 2023年上半年 / 下半年, H1 2023, the first half of 2023
  {
    regex: new RegExp(
      `${YEAR}年?(上|下)半年|\\bh([12])\\s*(?:of )?${YEAR}|${YEAR}\\s*h([12])\\b|\\b(?:the )?(first|second) half of ${YEAR}`,
      "gu",
    ),
    build: (m) => {
      const year = fullYear(m[1] ?? m[4] ?? m[5] ?? m[8]);
      const first = m[2] === "上" || m[3] === "1" || m[6] === "1" || m[7] === "first";
      return absolute(first ? months(year, 1, 6) : months(year, 7, 12), "month");
    },
  },
  // 2024年初 / early 2024 → its first quarter; 2023年底 / late 2023 → its last quarter (as months)
  {
    regex: new RegExp(
      `${YEAR}年(初|底|末|年初|年底|年末)|\\b(early|late|the start of|the beginning of|the end of) ${YEAR}`,
      "gu",
    ),
    build: (m) => {
      const year = fullYear(m[1] ?? m[4]);
      const start = /初/.test(m[2] ?? "") || /early|start|beginning/.test(m[3] ?? "");
      return absolute(start ? months(year, 1, 3) : months(year, 10, 12), "month");
    },
  },
  // 2024年1月, 2024年1月份
  {
    regex: new RegExp(`${YEAR}年(\\d{1,2}|十[一二]?|[一二三四五六七八九])月(?:份)?`, "gu"),
    build: (m) => {
      const month = number(m[2]);
      return month && month <= 12 ? absolute([monthPeriod(fullYear(m[1]), month)], "month") : undefined;
    },
  },
  // 2024-01, 2024/01 (not a full date)
  {
    regex: new RegExp(`${YEAR}[-/.](\\d{1,2})(?![-/.\\d])`, "gu"),
    build: (m) => {
      const month = Number(m[2]);
      return month >= 1 && month <= 12 ? absolute([monthPeriod(Number(m[1]), month)], "month") : undefined;
    },
  },
  // January 2024, Jan 2024, Jan. 2024, January of 2024
  {
    regex: new RegExp(`\\b${MONTH},?\\s*(?:of )?${YEAR}`, "gu"),
    build: (m) => absolute([monthPeriod(Number(m[2]), MONTH_NAMES[m[1]])], "month"),
  },
  // Calendar units counted from the one holding as-of (anchor + offset + unit, relativeUnitPeriod).
  // English: the month before last, the quarter after next; two quarters ago, 3 months ago; last
  // month, the previous quarter, this year, next quarter, the coming month; the month before.
  relativePattern(/\bthe (month|quarter|year) (before last|after next)\b/gu, (m) => ({
    unit: unitOf(m[1]),
    offset: m[2] === "before last" ? -2 : 2,
  })),
  relativePattern(new RegExp(`\\b(${ENGLISH_COUNT}) (months?|quarters?|years?) ago\\b`, "gu"), (m) => {
    const count = countOf(m[1]);
    return count === undefined ? undefined : { unit: unitOf(m[2]), offset: -count };
  }),
  relativePattern(
    /\b(?:the )?(last|previous|prior|this|current|next|coming|upcoming) (month|quarter|year)\b/gu,
    (m) => ({ unit: unitOf(m[2]), offset: ENGLISH_STEP[m[1]] }),
  ),
  relativePattern(/\bthe (month|quarter|year) before\b/gu, (m) => ({ unit: unitOf(m[1]), offset: -1 })),
  // Chinese: 上个月, 上上个月, 上一季度, 下季度, 下下个月 (each 上 one unit back, each 下 one ahead);
  // 上一年, 下一年; 本月, 这个季度, 本季度; 两个月前, 三个季度前, 两年前; 去年, 前年, 大前年, 明年, 后年.
  relativePattern(/(上{1,3}|下{1,3})(?:一个|一|个)?(月|季度|季)/gu, (m) => ({
    unit: unitOf(m[2]),
    offset: (m[1][0] === "上" ? -1 : 1) * m[1].length,
  })),
  relativePattern(/(上{1,3}|下{1,3})一年/gu, (m) => ({
    unit: "year",
    offset: (m[1][0] === "上" ? -1 : 1) * m[1].length,
  })),
  relativePattern(/(?:本|这一?个?)(月|季度)/gu, (m) => ({ unit: unitOf(m[1]), offset: 0 })),
  relativePattern(
    new RegExp(`(${CHINESE_COUNT})\\s*(个\\s*月|个\\s*季度|年)\\s*(?:以前|之前|前)`, "gu"),
    (m) => {
      const count = countOf(m[1]);
      return count === undefined ? undefined : { unit: unitOf(m[2]), offset: -count };
    },
  ),
  // 前年 is two years back and each 大 one more (大前年: three); 后年 two ahead, 大后年 three.
  relativePattern(/(?<![以之])(大*)前年|(?<![以之前])(大*)后年/gu, (m) =>
    m[1] !== undefined
      ? { unit: "year", offset: -2 - m[1].length }
      : { unit: "year", offset: 2 + m[2].length },
  ),
  relativePattern(/去年|今年|本年|明年/gu, (m) => ({ unit: "year", offset: CHINESE_YEAR_STEP[m[0]] })),
  // 近3个月, 最近6个月, 过去两个季度, last 6 months, the past 2 quarters, 近半年: complete units before as_of
  {
    regex:
      /(?:最近|近|过去|前)\s*(\d{1,2}|[一二两三四五六七八九十]|十[一二])\s*个?(月|季度)|(?:the )?(?:last|past|previous|trailing) (\d{1,2}|two|three|four|five|six|twelve) (months|quarters)|近半年|最近半年|过去半年|(?:the )?(?:last|past) (?:half year|six months)/gu,
    build: (m, { asOf }) => {
      const raw = m[1] ?? m[3];
      const count = raw === undefined ? 6 : (parseCount(raw) ?? 0);
      const unit = m[2] === "季度" || m[4] === "quarters" ? "quarter" : "month";
      if (count < 1 || count > 36) return undefined;
      if (unit === "quarter") {
        const currentQuarter = Math.floor(asOf.getUTCMonth() / 3);
        const periods: Period[] = [];
        for (let back = count; back >= 1; back -= 1) {
          const index = asOf.getUTCFullYear() * 4 + currentQuarter - back;
          periods.push(quarterPeriod(Math.floor(index / 4), (index % 4) + 1));
        }
        return { kind: "relative", periods: [span(periods, "quarter")], grain: "quarter" };
      }
      const periods: Period[] = [];
      for (let back = count; back >= 1; back -= 1) {
        const date = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - back, 1));
        periods.push(monthPeriod(date.getUTCFullYear(), date.getUTCMonth() + 1));
      }
      return { kind: "relative", periods: [span(periods, "month")], grain: "month" };
    },
  },
  // 同期, 同月, 同一时期, the same period/month/quarter
  {
    regex:
      /同期|同月|同一时期|同一个月|同季度|(?:for |in |during |over )?the same (?:period|month|quarter|time|year)/gu,
    build: () => ({ kind: "same_period", periods: [], grain: "month" }),
  },
  // 第四季度 / Q4 / the fourth quarter without a year: the year comes from the nearest year in the question.
  {
    regex: new RegExp(`${CN_QUARTER}|\\bq([1-4])\\b|\\bthe (first|second|third|fourth) quarter\\b`, "gu"),
    build: (m, context) => {
      const quarter = number(m[1] ?? m[2] ?? m[3]) ?? 1;
      const { year, note } = bareYear(context, m.index, quarter * 3 - 2);
      return { ...absolute([quarterPeriod(year, quarter)], "quarter"), ...(note ? { note } : {}) };
    },
  },
  // 1月 / January without a year
  {
    regex:
      /(?<![\d年个])(\d{1,2}|十[一二]?|[一二三四五六七八九])月(?:份)?|\b(january|february|march|april|june|july|august|september|october|november|december)\b/gu,
    build: (m, context) => {
      const month = m[1] ? (number(m[1]) ?? 0) : MONTH_NAMES[m[2]];
      if (month < 1 || month > 12) return undefined;
      const { year, note } = bareYear(context, m.index, month);
      return { ...absolute([monthPeriod(year, month)], "month"), ...(note ? { note } : {}) };
    },
  },
  // 2023年, in 2023, 2023 (a bare year not part of a longer number)
  {
    regex: new RegExp(`(?<!\\d)${YEAR}(?:年(?:度)?)?(?!\\d)`, "gu"),
    build: (m) => absolute([yearPeriod(fullYear(m[1]))], "year"),
  },
];

/** Parses an ISO date (YYYY-MM-DD) as a UTC date; throws on anything else. */
export function parseAsOf(text: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    throw new RangeError(`as-of date ${text} is not YYYY-MM-DD`);
  }
  return new Date(`${text}T00:00:00Z`);
}

/**
 * Finds every time expression in a normalised question (see normalizeForMatching), in order.
 * Overlaps are resolved by pattern order (more specific first) then by length.
 */
export function findTimeExpressions(
  text: string,
  asOf: string,
  options: { fiscalYear?: FiscalYearOptions } = {},
): TimeMention[] {
  return readTime(text, asOf, options).mentions;
}

/**
 * Every time span of a folded question with its offsets, periods, rule and conventions, and the
 * time-like text no rule read. The grammar (planner/time-grammar/) and the calendar patterns below
 * both read the question; where they overlap the longer reading wins (the grammar on a tie), as
 * chrono's overlap refiner does.
 */
export function readTime(
  text: string,
  asOf: string,
  options: { fiscalYear?: FiscalYearOptions } = {},
): { mentions: TimeMention[]; unread: UnreadTime[] } {
  const grammar = readTimeGrammar(text, asOf);
  const fromGrammar: TimeMention[] = [
    ...grammar.spans.map(
      (span): TimeMention => ({
        start: span.start,
        end: span.end,
        text: text.slice(span.start, span.end),
        kind: span.relative ? "relative" : "absolute",
        periods: [span.period],
        grain: span.period.grain,
        rule: span.rule,
        conventions: span.conventions,
      }),
    ),
    ...grammar.comparisons.map(
      (span): TimeMention => ({
        start: span.start,
        end: span.end,
        text: text.slice(span.start, span.end),
        kind: "same_period",
        periods: [],
        grain: "month",
        rule: "comparison",
        comparison: span.comparison,
        ...(span.comparison === "year_over_year" ? { shiftYears: -1 } : {}),
      }),
    ),
  ];
  const fromPatterns = findPatternExpressions(text, asOf, options);
  const accepted: TimeMention[] = [];
  const length = (mention: TimeMention) => mention.end - mention.start;
  for (const mention of [...fromGrammar, ...fromPatterns].sort((a, b) => length(b) - length(a))) {
    if (accepted.some((other) => other.start < mention.end && mention.start < other.end)) continue;
    accepted.push(mention);
  }
  const mentions = withoutDatingYears(accepted).sort((a, b) => a.start - b.start);
  const inside = (start: number, end: number) =>
    mentions.some((mention) => mention.start <= start && end <= mention.end);
  const unread = [...grammar.leftovers, ...findTimeWords(text)]
    .filter((span) => !inside(span.start, span.end))
    .sort((a, b) => a.start - b.start)
    .filter((span, index, all) => index === 0 || all[index - 1].end <= span.start)
    .map((span) => ({ ...span, text: text.slice(span.start, span.end) }));
  return { mentions, unread };
}

/** The calendar patterns above, in order: at one position the first pattern that matches wins. */
function findPatternExpressions(
  text: string,
  asOf: string,
  options: { fiscalYear?: FiscalYearOptions },
): TimeMention[] {
  const asOfDate = parseAsOf(asOf);
  const explicitYears = [...text.matchAll(/(?<!\d)((?:19|20)\d{2}|\d{2}(?=年))(?!\d)/gu)].map((match) => ({
    index: match.index,
    year: fullYear(match[1]),
  }));
  const yearFor = (index: number): number => {
    if (explicitYears.length === 0) return asOfDate.getUTCFullYear();
    // The nearest explicit year: "Q3 vs Q4 2023" and "2023年第三季度与第四季度" both resolve.
    return [...explicitYears].sort((a, b) => Math.abs(a.index - index) - Math.abs(b.index - index))[0].year;
  };
  const taken: boolean[] = new Array(text.length).fill(false);
  const mentions: TimeMention[] = [];
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (const match of text.matchAll(pattern.regex)) {
      const start = match.index;
      const end = start + match[0].length;
      if (match[0].trim() === "") continue;
      let free = true;
      for (let index = start; index < end; index += 1) if (taken[index]) free = false;
      if (!free) continue;
      const built = pattern.build(match as RegExpExecArray, {
        asOf: asOfDate,
        yearFor,
        hasExplicitYear: explicitYears.length > 0,
        ...(options.fiscalYear ? { fiscalYear: options.fiscalYear } : {}),
      });
      if (!built) continue;
      for (let index = start; index < end; index += 1) taken[index] = true;
      mentions.push({ start, end, text: match[0], rule: "pattern", ...built });
    }
  }
  return mentions;
}

/** A year written only to date other expressions ("1月和2月相比（2024年）") is not a period of its own. */
function withoutDatingYears(mentions: TimeMention[]): TimeMention[] {
  const finer = mentions.filter((mention) => mention.grain !== "year" && mention.kind !== "same_period");
  const kept = mentions.filter(
    (mention) =>
      !(
        mention.grain === "year" &&
        mention.kind === "absolute" &&
        finer.some((other) =>
          other.periods.some(
            (period) => period.from >= mention.periods[0].from && period.to <= mention.periods[0].to,
          ),
        )
      ),
  );
  return kept;
}

/**
 * Where a time expression lies against the as-of date: "within" (it ends by as-of), "partly_after"
 * (it holds as-of and runs past it: this year, 本季度), or "after" (it starts after as-of: next
 * quarter, 明年, 2024年9月 asked on 2024-07-15). An expression with no periods of its own is within.
 */
export function placeAgainstAsOf(mention: TimeMention, asOf: string): "within" | "partly_after" | "after" {
  if (mention.periods.length === 0) return "within";
  const from = mention.periods.map((period) => period.from).sort()[0];
  const to = mention.periods
    .map((period) => period.to)
    .sort()
    .reverse()[0];
  if (from > asOf) return "after";
  return to > asOf ? "partly_after" : "within";
}

/** The grain one step coarser than `grain` (year stays year). */
export function coarserGrain(grain: Grain): Grain {
  const order: Grain[] = ["day", "week", "month", "quarter", "year"];
  return order[Math.min(order.length - 1, order.indexOf(grain) + 1)];
}

/** True when grain a is coarser than grain b. */
export function isCoarser(a: Grain, b: Grain): boolean {
  const order: Grain[] = ["day", "week", "month", "quarter", "year"];
  return order.indexOf(a) > order.indexOf(b);
}

/** Widens a period to whole units of a coarser grain (2024-02 at quarter grain → 2024-Q1). */
export function alignPeriod(period: Period, grain: Grain): Period {
  if (!isCoarser(grain, period.grain)) return period;
  const [fromYear, fromMonth] = period.from.split("-").map(Number);
  const [toYear, toMonth] = period.to.split("-").map(Number);
  if (grain === "year") return { grain, from: `${fromYear}-01-01`, to: `${toYear}-12-31` };
  if (grain === "quarter") {
    return {
      grain,
      from: quarterPeriod(fromYear, Math.ceil(fromMonth / 3)).from,
      to: quarterPeriod(toYear, Math.ceil(toMonth / 3)).to,
    };
  }
  return { grain, from: monthPeriod(fromYear, fromMonth).from, to: monthPeriod(toYear, toMonth).to };
}

/** The same period a number of years earlier or later (去年同期: -1). */
export function shiftPeriodByYears(period: Period, years: number): Period {
  const shift = (iso: string, isEnd: boolean) => {
    const [year, month] = iso.split("-").map(Number);
    return isEnd ? monthEnd(year + years, month) : `${year + years}-${pad(month)}-01`;
  };
  return { grain: period.grain, from: shift(period.from, false), to: shift(period.to, true) };
}

/** Shifts a period's bounds out by whole months on each side (the event window around a metric). */
export function widenByMonths(period: Period, monthsEachSide: number): Period {
  const [fromYear, fromMonth] = period.from.split("-").map(Number);
  const [toYear, toMonth] = period.to.split("-").map(Number);
  const start = new Date(Date.UTC(fromYear, fromMonth - 1 - monthsEachSide, 1));
  const endMonth = new Date(Date.UTC(toYear, toMonth - 1 + monthsEachSide, 1));
  return {
    grain: period.grain,
    from: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-01`,
    to: monthEnd(endMonth.getUTCFullYear(), endMonth.getUTCMonth() + 1),
  };
}
