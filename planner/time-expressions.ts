import { parseChineseNumeral } from "../domain/chinese-numerals.js";
import { parsePeriodLabel } from "../domain/period-label.js";
import { escapeRegExp } from "../domain/word-boundary.js";
import type { Grain, Period } from "../models/plan.js";
import { TIME_LOCALES } from "./locales/index.js";
import type { PeriodComparison, PeriodPattern, TimeUnit } from "./locales/time-locale.js";
import { dayOf, previousPeriod, unitOfPeriod, unitPeriod } from "./time-grammar/calendar.js";
import { askedAbout, findTimeWords, readTimeGrammar } from "./time-grammar/read-time.js";

/** The year taken for a period written without one: a calendar year, or a fiscal year (FY2024). */
export interface YearAssumption {
  fiscal: boolean;
  year: number;
}

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
  /** For same_period: the year the other frame's periods are moved into (今年同期, the same months in 2023). */
  inYear?: number;
  /**
   * A shifted same period set against the period before it (与去年同期相比, compared with the same
   * quarter a year earlier): a comparison's base, which a later plain 同期 does not point at.
   */
  comparedBase?: boolean;
  /**
   * For a back-reference (that month, 当月): the one period its antecedent named, which it takes
   * instead of the previous clause's periods (a comparison's base and period together).
   */
  referent?: Period[];
  /**
   * A year assumed for a period written without one, worth telling the user (a bare month read as
   * last year's, a fiscal quarter as the last fiscal year that started): said by `yearAssumedNote`.
   */
  note?: YearAssumption;
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
  /** The unit a comparison word compares (week on week, 周环比, half over half), when it names one. */
  comparedUnit?: TimeUnit;
  /** "the week before": the unit before a period of that unit named earlier, when there is one. */
  beforeNamed?: boolean;
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

/** Ordinal words of every locale (first, second …). */
const ORDINAL: Record<string, number> = Object.assign({}, ...TIME_LOCALES.map((locale) => locale.ordinals));

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

/** A number as a pattern's group writes it: digits, an ordinal word of a locale, or a Chinese numeral. */
function number(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  return Object.hasOwn(ORDINAL, text) ? ORDINAL[text] : parseChineseNumeral(text);
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
): { year: number; note?: YearAssumption } {
  const year = context.yearFor(index);
  if (context.hasExplicitYear) return { year };
  const asOfMonth = context.asOf.getUTCMonth() + 1;
  if (firstMonth > asOfMonth) return { year: year - 1, note: { fiscal: false, year: year - 1 } };
  return { year };
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

const each = (periods: Period[], grain: Grain): Omit<TimeMention, "start" | "end" | "text"> => ({
  kind: "each",
  periods,
  grain,
});

type Built = Omit<TimeMention, "start" | "end" | "text">;
type Groups = Record<string, string | undefined>;

/** Month names of every locale (january, jan …), for lists that name months. */
const MONTH_WORDS: Record<string, number> = Object.assign({}, ...TIME_LOCALES.map((locale) => locale.months));
/** Unit words of every locale (week, 季度 …), for "the month before". */
const UNIT_WORDS: Record<string, TimeUnit> = Object.assign({}, ...TIME_LOCALES.map((locale) => locale.units));

/** A fiscal period of the workspace's fiscal year; without one, no periods, and the planner asks. */
function fiscalPeriod(groups: Groups, context: PatternContext): Built | undefined {
  const yearText = groups.year;
  const quarter = number(groups.quarter ?? groups.quarterDigit ?? groups.ordinal);
  // this / last / next fiscal year, 本财年 / 上财年: the fiscal year holding as-of, moved by it.
  const offset =
    groups.current !== undefined
      ? 0
      : groups.previous !== undefined
        ? -1
        : groups.following !== undefined
          ? 1
          : undefined;
  if (!yearText && quarter === undefined && offset === undefined) return undefined; // 财年 alone is a word, not a period
  const writtenYear = yearText ? fullYear(yearText) : undefined;
  const calendar = `${quarter ? `Q${quarter} ` : ""}${writtenYear ?? context.asOf.getUTCFullYear() + (offset ?? 0)}`;
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
  let note: YearAssumption | undefined;
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
    if (offset !== undefined) year += offset;
    else note = { fiscal: true, year };
  }
  const result = read(year);
  if (!result.ok || (result.period.grain !== "quarter" && result.period.grain !== "year")) return undefined;
  const grain = result.period.grain;
  return {
    kind: "absolute",
    periods: [{ grain, from: result.period.from, to: result.period.to }],
    grain,
    ...(note ? { note } : {}),
  };
}

/** The months a list names (month words of any locale, or numbers), each its own period. */
function monthList(groups: Groups, index: number, context: PatternContext): Built | undefined {
  const numbers = [...(groups.list ?? "").matchAll(/\p{L}+|\d{1,2}/gu)].flatMap((match) => {
    const word = match[0];
    if (Object.hasOwn(MONTH_WORDS, word)) return [MONTH_WORDS[word]];
    const value = number(word);
    return value === undefined ? [] : [value];
  });
  if (numbers.length < 2 || numbers.some((month) => month < 1 || month > 12)) return undefined;
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const resolved = groups.year ? { year: fullYear(groups.year) } : bareYear(context, index, sorted[0]);
  return {
    ...each(
      sorted.map((month) => monthPeriod(resolved.year, month)),
      "month",
    ),
    ...(resolved.note ? { note: resolved.note } : {}),
  };
}

/** What a period pattern's kind makes of its named groups (planner/locales/time-locale.ts). */
const BUILDERS: Record<
  PeriodPattern["kind"],
  (groups: Groups, index: number, context: PatternContext) => Built | undefined
> = {
  fiscal: (groups, _index, context) => fiscalPeriod(groups, context),
  "month-list": (groups, index, context) => monthList(groups, index, context),
  "quarter-list": (groups) => {
    const numbers = [...(groups.list ?? "").matchAll(/[1-4]/gu)].map((match) => Number(match[0]));
    const year = fullYear(groups.year ?? "");
    return each(
      [...new Set(numbers)].sort((a, b) => a - b).map((quarter) => quarterPeriod(year, quarter)),
      "quarter",
    );
  },
  "each-quarter-of-year": (groups) => each(quarters(fullYear(groups.year ?? ""), 1, 4), "quarter"),
  "each-month-of-year": (groups) => each(months(fullYear(groups.year ?? ""), 1, 12), "month"),
  // The one before as-of's; asBackReferences moves it before the period of that unit named earlier.
  "unit-before": (groups, _index, { asOf }) => {
    const unit = UNIT_WORDS[groups.unit ?? ""];
    if (unit !== "week" && unit !== "month" && unit !== "quarter" && unit !== "year") return undefined;
    return {
      kind: "relative",
      periods: [unitPeriod(dayOf(asOf.toISOString().slice(0, 10)), unit, -1)],
      grain: unit,
      beforeNamed: true,
    };
  },
};

const KIND_ORDER: PeriodPattern["kind"][] = [
  "fiscal",
  "month-list",
  "quarter-list",
  "each-quarter-of-year",
  "each-month-of-year",
  "unit-before",
];

// Every locale's period patterns, more specific kinds first: at one position the first pattern
// that matches wins, and overlapping later matches are dropped. Then the same-period words.
const PATTERNS: Pattern[] = [
  ...TIME_LOCALES.flatMap((locale) => locale.periodPatterns)
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind))
    .map(
      (pattern): Pattern => ({
        regex: new RegExp(pattern.pattern, "gu"),
        build: (match, context) => BUILDERS[pattern.kind](match.groups ?? {}, match.index, context),
      }),
    ),
  // 同期, 这段时间, the same period / month / quarter, during that time: each locale's words
  {
    regex: samePeriodRegex(),
    build: () => ({ kind: "same_period", periods: [], grain: "month" }),
  },
];

/** Every locale's same-period words as one pattern: Latin words whole, longest first. */
function samePeriodRegex(): RegExp {
  const words = TIME_LOCALES.flatMap((locale) => locale.samePeriod).sort((a, b) => b.length - a.length);
  const alternatives = words.map((word) =>
    /^[a-z]/u.test(word) ? `\\b${escapeRegExp(word)}\\b` : escapeRegExp(word),
  );
  return new RegExp(alternatives.join("|"), "gu");
}

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
): { mentions: TimeMention[]; unread: UnreadTime[]; dating: TimeMention[] } {
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
        ...(span.unit ? { comparedUnit: span.unit } : {}),
        ...(span.comparison === "year_over_year" ? { shiftYears: -1 } : {}),
      }),
    ),
  ];
  const fromPatterns = findPatternExpressions(text, asOf, grammar.writtenYears, options);
  const accepted: TimeMention[] = [];
  absorbTrailingGrains(fromGrammar, fromPatterns, text);
  const length = (mention: TimeMention) => mention.end - mention.start;
  for (const mention of [...fromGrammar, ...fromPatterns].sort((a, b) => length(b) - length(a))) {
    if (accepted.some((other) => other.start < mention.end && mention.start < other.end)) continue;
    accepted.push(mention);
  }
  const withYears = withSamePeriodYears(
    accepted.sort((a, b) => a.start - b.start),
    text,
    asOf,
  );
  const undated = withoutDatingYears(withYears);
  // A year that only dates other expressions (2024年…上半年和下半年) is read, though no period of its own.
  const dating = withYears.filter((mention) => !undated.includes(mention));
  const resolved = asComparedBases(asBackReferences(undated, text, asOf), text);
  // A same-period word in a question that names no period (这三个月, "those three months", 同期
  // alone) points at nothing it says: asked back, never the default month.
  const dated = resolved.some((mention) => mention.kind !== "same_period");
  const pointing = resolved.filter(
    (mention) =>
      pointsAtNothing(mention, text) ||
      (!dated &&
        mention.kind === "same_period" &&
        mention.shiftYears === undefined &&
        mention.inYear === undefined &&
        mention.comparison === undefined &&
        mention.referent === undefined),
  );
  const mentions = resolved.filter((mention) => !pointing.includes(mention));
  const inside = (start: number, end: number) =>
    mentions.some((mention) => mention.start <= start && end <= mention.end);
  const unread = [...grammar.leftovers, ...findTimeWords(text), ...pointing]
    .filter((span) => !inside(span.start, span.end) && !askedAbout(text, span.start))
    .sort((a, b) => a.start - b.start)
    .filter((span, index, all) => index === 0 || all[index - 1].end <= span.start)
    .map((span) => ({ ...span, text: text.slice(span.start, span.end) }));
  return { mentions, unread, dating };
}

/**
 * A grain phrase after a range ("Q4 2023 through Q2 2024, quarter by quarter") says how to break the
 * range down; it does not make the range's end year a period of its own ("2024, quarter by quarter"
 * = the four quarters of 2024). The range takes the phrase's span and grain, and the phrase is dropped.
 */
function absorbTrailingGrains(fromGrammar: TimeMention[], fromPatterns: TimeMention[], text: string): void {
  for (let index = fromPatterns.length - 1; index >= 0; index -= 1) {
    const each = fromPatterns[index];
    if (each.kind !== "each") continue;
    const range = fromGrammar.find(
      (mention) =>
        mention.rule === "range" &&
        mention.start < each.start &&
        each.start < mention.end &&
        mention.end <= each.end,
    );
    if (range?.periods.length !== 1) continue;
    range.end = each.end;
    range.text = text.slice(range.start, range.end);
    range.grain = each.grain;
    fromPatterns.splice(index, 1);
  }
}

const FILLERS = new Set(TIME_LOCALES.flatMap((locale) => locale.fillers));

/** True when only blanks and the locales' filler words (of, in, 的) lie between two offsets. */
function onlyFillersBetween(text: string, from: number, to: number): boolean {
  if (to < from) return false;
  const gap = text.slice(from, to).trim();
  if (gap === "") return true;
  return gap.split(/\s+/u).every((word) => FILLERS.has(word));
}

/**
 * A year written beside a same-period word (今年同期, 上年同月, "the same months this year", "the same
 * month a year earlier", "the same quarter in 2023") names which year that same period is in: a year
 * before as-of's written relatively (去年, last year, a year earlier) shifts the other clause's
 * period back by as many years, as 去年同期 always has; the as-of year (今年, this year) or a written
 * year (2023年同期) is that year (convention `same-period-in-year`). The two become one mention.
 */
function withSamePeriodYears(mentions: TimeMention[], text: string, asOf: string): TimeMention[] {
  const asOfYear = Number(asOf.slice(0, 4));
  const result: TimeMention[] = [];
  const used = new Set<TimeMention>();
  for (const [index, mention] of mentions.entries()) {
    if (used.has(mention)) continue;
    const isSame = (candidate: TimeMention | undefined) =>
      candidate !== undefined &&
      candidate.kind === "same_period" &&
      candidate.shiftYears === undefined &&
      candidate.comparison === undefined &&
      candidate.inYear === undefined;
    const isYear = (candidate: TimeMention | undefined) =>
      candidate !== undefined &&
      (candidate.kind === "absolute" || candidate.kind === "relative") &&
      candidate.grain === "year" &&
      candidate.periods.length === 1 &&
      candidate.periods[0].from.endsWith("-01-01") &&
      candidate.periods[0].to.endsWith("-12-31") &&
      candidate.periods[0].from.slice(0, 4) === candidate.periods[0].to.slice(0, 4);
    const next = mentions[index + 1];
    const pair =
      next && !used.has(next) && onlyFillersBetween(text, mention.end, next.start)
        ? isSame(mention) && isYear(next)
          ? { same: mention, year: next }
          : isYear(mention) && isSame(next)
            ? { same: next, year: mention }
            : undefined
        : undefined;
    if (!pair) {
      result.push(mention);
      continue;
    }
    used.add(next);
    const year = Number(pair.year.periods[0].from.slice(0, 4));
    const start = Math.min(pair.same.start, pair.year.start);
    const end = Math.max(pair.same.end, pair.year.end);
    const shifted = pair.year.kind === "relative" && year < asOfYear;
    result.push({
      start,
      end,
      text: text.slice(start, end),
      kind: "same_period",
      periods: [],
      grain: pair.same.grain,
      rule: "same-period-year",
      ...(shifted ? { shiftYears: year - asOfYear } : { inYear: year, conventions: ["same-period-in-year"] }),
    });
  }
  return result;
}

const COMPARED_WITH = TIME_LOCALES.flatMap((locale) => locale.comparedWith).sort(
  (a, b) => b.length - a.length,
);
const COMPARISON_FILLERS = TIME_LOCALES.flatMap((locale) => locale.fillers).filter(
  (word) => word.trim().length > 0 && word !== ",",
);
const COMPARED_BEFORE = TIME_LOCALES.flatMap((locale) => locale.comparedAround.before);
const COMPARED_AFTER = TIME_LOCALES.flatMap((locale) => locale.comparedAround.after);

/**
 * 较上月, 和上个月比, "compared with last month" after a named month (2024年5月…较上月): the step
 * back from as-of is set against the period named, so it is the unit before that one (April), as
 * "the month before" is — not the month before as-of, which may be the named one itself.
 */
function comparedWithNamed(
  mention: TimeMention,
  earlier: TimeMention[],
  text: string,
  asOfIso: string,
): TimeMention | undefined {
  // A step word (上月, 上个月, last quarter), not a period named in full (今年第一季度).
  if (mention.periods.length !== 1 || (mention.rule !== "step-unit" && mention.rule !== "named-period"))
    return undefined;
  const unit = unitOfPeriod(mention.periods[0]);
  const stepBack = unitPeriod(dayOf(asOfIso), unit, -1);
  if (mention.periods[0].from !== stepBack.from || mention.periods[0].to !== stepBack.to) return undefined;
  if (!isCompared(text, mention)) return undefined;
  const named = [...earlier]
    .reverse()
    .find(
      (candidate) =>
        candidate.kind !== "same_period" &&
        candidate.periods.length === 1 &&
        unitOfPeriod(candidate.periods[0]) === unit,
    );
  if (!named) return undefined;
  return asComparisonBase({
    ...mention,
    periods: [previousPeriod(named.periods[0])],
    conventions: [...(mention.conventions ?? []), "before-named"],
  });
}

/**
 * The period before a named one, written after a comparison word (比上一季度, 较上月, "than the
 * previous quarter"): the base of a period-over-period comparison, as 环比 adds one, so it is a
 * sub-goal of its own with the role `base`, never merged with the named period into one span that
 * is answered as a run of months.
 */
function asComparisonBase(mention: TimeMention): TimeMention {
  return { ...mention, comparison: "period_over_period", comparedBase: true };
}

/**
 * "the first quarter of this year versus last year", 今年前五个月和去年相比: a relative year set
 * against a period named before it that is part of one year is the same part of that year (Q1 2023),
 * as "the same quarter last year" is — not the whole year, which would compare a quarter with a year.
 */
function comparedYearOfNamed(
  mention: TimeMention,
  earlier: TimeMention[],
  text: string,
): TimeMention | undefined {
  if (mention.periods.length !== 1 || mention.grain !== "year") return undefined;
  const year = mention.periods[0];
  if (
    !year.from.endsWith("-01-01") ||
    !year.to.endsWith("-12-31") ||
    year.from.slice(0, 4) !== year.to.slice(0, 4)
  )
    return undefined;
  if (!isCompared(text, mention)) return undefined;
  const named = [...earlier].reverse().find((candidate) => candidate.kind !== "same_period");
  if (named?.periods.length !== 1) return undefined;
  const period = named.periods[0];
  const namedYear = period.from.slice(0, 4);
  const wholeYear = period.from.endsWith("-01-01") && period.to.endsWith("-12-31");
  if (namedYear !== period.to.slice(0, 4) || wholeYear || namedYear === year.from.slice(0, 4))
    return undefined;
  return {
    ...mention,
    periods: [shiftPeriodByYears(period, Number(year.from.slice(0, 4)) - Number(namedYear))],
    grain: named.grain,
    conventions: [...(mention.conventions ?? []), "compared-year"],
  };
}

/** Shifted same periods a comparison word sets against the period before them are marked as bases. */
function asComparedBases(mentions: TimeMention[], text: string): TimeMention[] {
  return mentions.map((mention) =>
    mention.kind === "same_period" &&
    (mention.shiftYears !== undefined || mention.inYear !== undefined) &&
    isCompared(text, mention)
      ? { ...mention, comparedBase: true }
      : mention,
  );
}

/** Whether a comparison word stands right before the time (较上月, compared with …) or frames it (和上个月比). */
function isCompared(text: string, mention: Pick<TimeMention, "start" | "end">): boolean {
  // "than in the previous quarter", 比前一个月: the locales' fillers between the word and the time.
  let before = text.slice(Math.max(0, mention.start - 24), mention.start).trimEnd();
  for (let filler = COMPARISON_FILLERS.find((word) => endsWithWord(before, word)); filler; ) {
    before = before.slice(0, before.length - filler.length).trimEnd();
    filler = COMPARISON_FILLERS.find((word) => endsWithWord(before, word));
  }
  const after = text.slice(mention.end, mention.end + 4).replace(/^[\s的]+/u, "");
  return (
    COMPARED_WITH.some((word) => before.endsWith(word) && isWordStart(before, before.length - word.length)) ||
    (COMPARED_BEFORE.some((word) => before.endsWith(word)) &&
      COMPARED_AFTER.some((word) => after.startsWith(word)))
  );
}

/** Whether text ends with the word, a whole word when it is Latin. */
function endsWithWord(text: string, word: string): boolean {
  return text.endsWith(word) && isWordStart(text, text.length - word.length);
}

/** Whether a Latin word starts at `index` (no letter before it); Han words always do. */
function isWordStart(text: string, index: number): boolean {
  return index === 0 || !/[a-z]/u.test(text[index - 1]) || !/[a-z]/u.test(text[index]);
}

/**
 * A relative time that opens with a back-reference word of its locale (当月, 该季度, that
 * quarter, the same half) and follows another time of the question points back at that time's
 * period: it becomes a same-period mention, which the planner resolves to the earlier clause's
 * period as it does 同期. Alone in the question it keeps its own reading.
 */
function asBackReferences(mentions: TimeMention[], text: string, asOfIso: string): TimeMention[] {
  const words = TIME_LOCALES.flatMap((locale) => locale.backReferences).sort((a, b) => b.length - a.length);
  const demonstratives = TIME_LOCALES.flatMap((locale) => locale.demonstratives);
  return mentions.map((mention, index) => {
    if (index === 0) return mention;
    // "The same quarter", 同一季度 after July 2023: the quarter holding it (Q3 2023), not July alone.
    if (mention.kind === "same_period" && mention.rule === "pattern") {
      const holding = holdingReferent(mentions.slice(0, index), unitNamedAtEnd(mention.text));
      return holding && mention.shiftYears === undefined && mention.inYear === undefined
        ? { ...mention, referent: [holding] }
        : mention;
    }
    if (mention.kind !== "relative") return mention;
    const comparedBack = comparedWithNamed(mention, mentions.slice(0, index), text, asOfIso);
    if (comparedBack) return comparedBack;
    const comparedYear = comparedYearOfNamed(mention, mentions.slice(0, index), text);
    if (comparedYear) return comparedYear;
    const countedBack = windowBeforeNamed(mention, mentions.slice(0, index), text);
    if (countedBack) return countedBack;
    if (mention.beforeNamed) {
      const unit = unitOfPeriod(mention.periods[0]);
      const named = mentions
        .slice(0, index)
        .reverse()
        .find((earlier) => earlier.periods.length === 1 && unitOfPeriod(earlier.periods[0]) === unit);
      if (!named) return mention;
      const before: TimeMention = {
        ...mention,
        periods: [previousPeriod(named.periods[0])],
        conventions: [...(mention.conventions ?? []), "before-named"],
      };
      return isCompared(text, mention) ? asComparisonBase(before) : before;
    }
    // "a year earlier" after a dated clause ("February 2024 compared with a year earlier") is that
    // clause's period a year back, as 去年同期 is; alone it is the year before as-of's.
    if (mention.rule === "units-ago" && mention.grain === "year" && mention.periods.length === 1) {
      const years = Number(asOfIso.slice(0, 4)) - Number(mention.periods[0].from.slice(0, 4));
      const dated = mentions.slice(0, index).some((earlier) => earlier.periods.length > 0);
      if (dated && years > 0)
        return {
          start: mention.start,
          end: mention.end,
          text: mention.text,
          kind: "same_period",
          periods: [],
          grain: "month",
          rule: "back_reference",
          shiftYears: -years,
        };
    }
    const written = text.slice(mention.start, mention.end).toLowerCase();
    const backReference = words.some((word) => written.startsWith(word));
    // 当月, 那个月, "that month": the one month (quarter …) its own clause's antecedent named — the
    // nearest earlier period that is exactly one such unit — not a comparison's combined span.
    const antecedent = backReference
      ? mentions
          .slice(0, index)
          .reverse()
          .find(
            (earlier) =>
              earlier.periods.length === 1 &&
              mention.periods.length === 1 &&
              isOneUnit(earlier.periods[0], unitOfPeriod(mention.periods[0])),
          )
      : undefined;
    // A back-reference keeps its words and grain; its periods come from what it refers to.
    const referring = (extra: Partial<TimeMention>): TimeMention => ({
      start: mention.start,
      end: mention.end,
      text: mention.text,
      kind: "same_period",
      periods: [],
      grain: mention.grain,
      rule: "back_reference",
      ...extra,
    });
    if (antecedent) return referring({ referent: antecedent.periods });
    // 那个季度, "that quarter" after a month: the quarter holding the month the question named.
    const holding =
      backReference && mention.periods.length === 1
        ? holdingReferent(mentions.slice(0, index), unitOfPeriod(mention.periods[0]))
        : undefined;
    if (holding) return referring({ referent: [holding] });
    // 这半年 after 2023年下半年: the half just named (said in a note); after 上个月, 这个月 is this month.
    const demonstrative =
      !backReference &&
      mention.periods.length === 1 &&
      demonstratives.some((word) => written.startsWith(word)) &&
      mentions
        .slice(0, index)
        .some(
          (earlier) =>
            earlier.kind === "absolute" &&
            earlier.periods.length === 1 &&
            unitOfPeriod(earlier.periods[0]) === unitOfPeriod(mention.periods[0]),
        );
    if (!backReference && !demonstrative) return mention;
    return referring(demonstrative ? { conventions: ["demonstrative-back-reference"] } : {});
  });
}

const ANAPHORIC_STEPS = TIME_LOCALES.flatMap((locale) => locale.anaphoricSteps).sort(
  (a, b) => b.length - a.length,
);

/**
 * "The previous three months", 前三个月 after a period the question named (June 2025): the window of
 * that many whole units ending right before it, not before as-of's unit; said in a note
 * (convention "window-before-named"). Undefined when the mention is no such window or nothing is named.
 */
function windowBeforeNamed(
  mention: TimeMention,
  earlier: TimeMention[],
  text: string,
): TimeMention | undefined {
  if (mention.rule !== "rolling-units" || mention.periods.length !== 1) return undefined;
  if (!(mention.conventions ?? []).includes("rolling-window")) return undefined;
  const written = text.slice(mention.start, mention.end);
  if (!ANAPHORIC_STEPS.some((word) => written.startsWith(word))) return undefined;
  const window = mention.periods[0];
  const unit = unitOfPeriod(window);
  const named = [...earlier]
    .reverse()
    .find((candidate) => candidate.periods.length === 1 && isOneUnit(candidate.periods[0], unit));
  if (!named) return undefined;
  // How many units the window holds: step back from its last unit to its first.
  let count = 1;
  while (count < 60 && unitPeriod(dayOf(window.to), unit, -(count - 1)).from > window.from) count += 1;
  const start = dayOf(named.periods[0].from);
  const from = unitPeriod(start, unit, -count).from;
  const to = unitPeriod(start, unit, -1).to;
  return {
    ...mention,
    periods: [{ ...window, from, to }],
    conventions: [
      ...(mention.conventions ?? []).filter((name) => name !== "rolling-window"),
      "window-before-named",
    ],
  };
}

const POINTING_STEPS = TIME_LOCALES.flatMap((locale) =>
  locale.pointingSteps.map((word) => (locale.spaced ? `${word} ` : word)),
);

/**
 * "That quarter", 那个月 with no earlier time to point at name a period the question never says:
 * it is asked back, not read as the current one.
 */
function pointsAtNothing(mention: TimeMention, text: string): boolean {
  if (mention.kind !== "relative" || mention.rule === "back_reference") return false;
  const written = text.slice(mention.start, mention.end).toLowerCase();
  return POINTING_STEPS.some((word) => written.startsWith(word));
}

// Every locale's unit words, longest first: the unit a same-period word ends with (the same quarter, 同一季度).
const ENDING_UNIT_WORDS = TIME_LOCALES.flatMap((locale) =>
  Object.entries(locale.units).map(([word, unit]) => ({ word, unit, spaced: locale.spaced })),
).sort((a, b) => b.word.length - a.word.length);

/** The unit a same-period or comparison word names at its end ("the same quarter" → quarter, "week on week" → week), if any. */
function unitNamedAtEnd(written: string): TimeUnit | undefined {
  const text = written.trim().toLowerCase();
  return ENDING_UNIT_WORDS.find(
    ({ word, spaced }) => text.endsWith(word) && (!spaced || /(?:^|\s)$/u.test(text.slice(0, -word.length))),
  )?.unit;
}

/**
 * The unit holding the period a "same quarter" or "that quarter" points at: the nearest earlier
 * single period finer than the unit and inside one of it (July 2023 → Q3 2023). A period of the
 * unit itself, or one spanning several, is left to the other readings.
 */
function holdingReferent(earlier: TimeMention[], unit: TimeUnit | undefined): Period | undefined {
  if (!unit || unit === "day") return undefined;
  const antecedent = [...earlier].reverse().find((mention) => mention.periods.length === 1);
  if (!antecedent) return undefined;
  const period = antecedent.periods[0];
  const holding = unitPeriod(dayOf(period.from), unit, 0);
  const inside = holding.from <= period.from && period.to <= holding.to;
  const finer = holding.from !== period.from || holding.to !== period.to;
  return inside && finer ? holding : undefined;
}

/** True when a period is exactly one whole unit (one month, one quarter), not a run of them. */
function isOneUnit(period: Period, unit: ReturnType<typeof unitOfPeriod>): boolean {
  const whole = unitPeriod(dayOf(period.from), unit, 0);
  return whole.from === period.from && whole.to === period.to;
}

/** The calendar patterns above, in order: at one position the first pattern that matches wins. */
function findPatternExpressions(
  text: string,
  asOf: string,
  writtenYears: readonly { at: number; year: number }[],
  options: { fiscalYear?: FiscalYearOptions },
): TimeMention[] {
  const asOfDate = parseAsOf(asOf);
  const explicitYears = writtenYears.map((written) => ({ index: written.at, year: written.year }));
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

/**
 * The same period a number of years earlier or later (去年同期: -1). A month's end stays its end
 * (February 2024's 29th → 2023-02-28); any other day stays that day (year to date up to 20 May →
 * the same span up to 20 May a year earlier), the 29th of February becoming the 28th.
 */
export function shiftPeriodByYears(period: Period, years: number): Period {
  const shift = (iso: string, isEnd: boolean) => {
    const [year, month, day] = iso.split("-").map(Number);
    const monthLast = Number(monthEnd(year, month).slice(8));
    const shiftedEnd = monthEnd(year + years, month);
    if (isEnd && day === monthLast) return shiftedEnd;
    return `${year + years}-${pad(month)}-${pad(Math.min(day, Number(shiftedEnd.slice(8))))}`;
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
