import { parseChineseNumeral } from "../../domain/chinese-numerals.js";
import type { Period } from "../../models/plan.js";
import type {
  PeriodComparison,
  PeriodPart,
  TimeLocale,
  TimePattern,
  TimeUnit,
} from "../locales/time-locale.js";

/** The known parts of a calendar expression not yet resolved (chrono's "parsing components"). */
export interface CalendarParts {
  year?: number;
  /** True when the year came from a word relative to as-of (去年, last year). */
  yearRelative?: boolean;
  month?: number;
  day?: number;
  weekday?: number;
  quarter?: number;
  half?: number;
}

/** A period the grammar has read, with what it assumed. */
export interface TimeValue {
  period: Period;
  /** Read relative to as-of (last week, 去年) rather than written as a date. */
  relative: boolean;
  /** Conventions applied, named (docs/planner.md lists them); the planner says each in a note. */
  conventions: string[];
  /** A period up to the as-of day (year to date, 年初至今). */
  toDate?: boolean;
}

/** One token of a question's time: an atom read from locale data, or one composed by a rule. */
export type TimeToken = {
  start: number;
  end: number;
  /** True when only whitespace and filler words lie between the previous token and this one. */
  joined: boolean;
  /** The rule (or locale pattern) that made the token. */
  rule: string;
  /** A word also common outside time (may): read only when composed with a year or a day. */
  weak?: boolean;
} & (
  | { kind: "calendar"; parts: CalendarParts }
  | { kind: "number"; value: number; digits: boolean }
  | { kind: "ordinal"; value: number }
  | { kind: "unit"; unit: TimeUnit }
  | { kind: "step"; value: number; window?: true }
  | { kind: "trailing_step"; value: number }
  | { kind: "named_day"; offset: number }
  | { kind: "named_year"; offset: number }
  | { kind: "named_period"; unit: TimeUnit; offset: number }
  | { kind: "ago"; direction: -1 | 1 }
  | { kind: "range_to" }
  | { kind: "between" }
  | { kind: "and" }
  | { kind: "ending" }
  | { kind: "to_date" }
  | { kind: "since" }
  | { kind: "to_date_unit"; unit: TimeUnit }
  | { kind: "part"; part: PeriodPart }
  | { kind: "part_of_unit"; part: PeriodPart; unit: TimeUnit }
  | { kind: "whole"; unit: TimeUnit }
  | { kind: "half_word"; half: 1 | 2 }
  | { kind: "comparison"; comparison: PeriodComparison; unit?: TimeUnit }
  | { kind: "filler" }
  | { kind: "time"; value: TimeValue }
);

/** A token's content without its place: Omit applied to each member of the union. */
export type TokenContent = TimeToken extends infer Member
  ? Member extends unknown
    ? Omit<Member, "start" | "end" | "joined" | "rule">
    : never
  : never;
type AtomPayload = TokenContent;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A word table entry as an alternative of the lexicon: the word, what it gives, and its rule name. */
interface WordEntry {
  word: string;
  payload: AtomPayload;
  rule: string;
  weak: boolean;
}

function wordEntries(locale: TimeLocale): WordEntry[] {
  const entries: WordEntry[] = [];
  const add = (words: Iterable<string>, rule: string, payload: (word: string) => AtomPayload) => {
    for (const word of words)
      entries.push({
        word,
        payload: payload(word),
        rule: `${locale.code}:${rule}`,
        weak: locale.weakWords.includes(word),
      });
  };
  add(Object.keys(locale.months), "month", (word) => ({
    kind: "calendar",
    parts: { month: locale.months[word] },
  }));
  add(Object.keys(locale.weekdays), "weekday", (word) => ({
    kind: "calendar",
    parts: { weekday: locale.weekdays[word] },
  }));
  add(Object.keys(locale.units), "unit", (word) => ({ kind: "unit", unit: locale.units[word] }));
  add(Object.keys(locale.steps), "step", (word) => ({
    kind: "step",
    value: locale.steps[word],
    ...(locale.windowSteps.includes(word) ? { window: true as const } : {}),
  }));
  add(locale.pointingSteps, "pointing-step", () => ({ kind: "step", value: 0 }));
  add(Object.keys(locale.trailingSteps), "trailing-step", (word) => ({
    kind: "trailing_step",
    value: locale.trailingSteps[word],
  }));
  add(Object.keys(locale.namedDays), "named-day", (word) => ({
    kind: "named_day",
    offset: locale.namedDays[word],
  }));
  add(Object.keys(locale.namedYears), "named-year", (word) => ({
    kind: "named_year",
    offset: locale.namedYears[word],
  }));
  add(Object.keys(locale.namedPeriods), "named-period", (word) => ({
    kind: "named_period",
    ...locale.namedPeriods[word],
  }));
  add(Object.keys(locale.numbers), "number-word", (word) => ({
    kind: "number",
    value: locale.numbers[word],
    digits: false,
  }));
  add(Object.keys(locale.ordinals), "ordinal", (word) => ({ kind: "ordinal", value: locale.ordinals[word] }));
  add(Object.keys(locale.ago), "ago", (word) => ({ kind: "ago", direction: locale.ago[word] }));
  add(locale.rangeTo, "range-to", () => ({ kind: "range_to" }));
  add(locale.between, "between", () => ({ kind: "between" }));
  add(locale.and, "and", () => ({ kind: "and" }));
  add(locale.ending, "ending", () => ({ kind: "ending" }));
  add(locale.toDate, "to-date", () => ({ kind: "to_date" }));
  add(locale.since, "since", () => ({ kind: "since" }));
  add(Object.keys(locale.toDateUnits), "to-date-unit", (word) => ({
    kind: "to_date_unit",
    unit: locale.toDateUnits[word],
  }));
  add(Object.keys(locale.parts), "part", (word) => ({ kind: "part", part: locale.parts[word] }));
  add(Object.keys(locale.partsOfUnits), "part-of-unit", (word) => ({
    kind: "part_of_unit",
    ...locale.partsOfUnits[word],
  }));
  add(Object.keys(locale.whole), "whole", (word) => ({ kind: "whole", unit: locale.whole[word] }));
  add(Object.keys(locale.halves), "half", (word) => ({ kind: "half_word", half: locale.halves[word] }));
  add(Object.keys(locale.comparisons), "comparison", (word) => ({
    kind: "comparison",
    comparison: locale.comparisons[word],
    ...(locale.comparisonUnits[word] ? { unit: locale.comparisonUnits[word] } : {}),
  }));
  add(locale.fillers, "filler", () => ({ kind: "filler" }));
  return entries;
}

/** A number written in digits, English words of the locale, or Chinese numerals. */
function readNumber(text: string | undefined, words: Record<string, number>): number | undefined {
  if (text === undefined || text === "") return undefined;
  if (/^\d+$/u.test(text)) return Number(text);
  if (Object.hasOwn(words, text)) return words[text];
  // 二零一五: a year written digit by digit
  if (/^[零〇一二三四五六七八九]{4}$/u.test(text))
    return Number(
      [...text].map((digit) => "零一二三四五六七八九".indexOf(digit === "〇" ? "零" : digit)).join(""),
    );
  if (text === "廿") return 20;
  if (text.startsWith("廿")) return 20 + (parseChineseNumeral(text.slice(1)) ?? Number.NaN);
  return parseChineseNumeral(text);
}

function fullYear(text: string, value: number): number {
  return text.length === 2 && /^\d{2}$/u.test(text) ? (value >= 50 ? 1900 : 2000) + value : value;
}

/** What a locale pattern's match gives, or undefined when its numbers are out of range. */
function patternPayload(
  pattern: TimePattern,
  groups: Record<string, string | undefined>,
  locale: TimeLocale,
  monthWords: Record<string, number>,
): AtomPayload | undefined {
  const number = (name: string) => readNumber(groups[name], locale.numbers);
  if (pattern.kind === "number") {
    const value = number("count");
    return value === undefined || Number.isNaN(value) ? undefined : { kind: "number", value, digits: false };
  }
  const parts: CalendarParts = {};
  const yearText = groups.year;
  if (yearText !== undefined) {
    const year = number("year");
    if (year === undefined || Number.isNaN(year)) return undefined;
    parts.year = pattern.literalYear ? year : fullYear(yearText, year);
  }
  if (groups.month !== undefined) {
    const month = Object.hasOwn(monthWords, groups.month) ? monthWords[groups.month] : number("month");
    if (month === undefined || !(month >= 1 && month <= 12)) return undefined;
    parts.month = month;
  }
  if (groups.day !== undefined) {
    const day = number("day");
    if (day === undefined || !(day >= 1 && day <= 31)) return undefined;
    parts.day = day;
  }
  if (groups.quarter !== undefined) {
    const quarter = number("quarter");
    if (quarter === undefined || !(quarter >= 1 && quarter <= 4)) return undefined;
    parts.quarter = quarter;
  }
  if (Object.keys(parts).length === 0) return undefined;
  return { kind: "calendar", parts };
}

interface Lexicon {
  /** One alternation of every word of every locale, longest first. */
  words: RegExp;
  entries: Map<string, WordEntry>;
  patterns: { pattern: TimePattern; regex: RegExp; locale: TimeLocale }[];
  monthWords: Record<string, number>;
}

const lexicons = new WeakMap<readonly TimeLocale[], Lexicon>();

function lexiconOf(locales: readonly TimeLocale[]): Lexicon {
  const cached = lexicons.get(locales);
  if (cached) return cached;
  const entries = new Map<string, WordEntry>();
  const spaced = new Set<string>();
  for (const locale of locales)
    for (const entry of wordEntries(locale)) {
      if (!entries.has(entry.word)) entries.set(entry.word, entry);
      if (locale.spaced) spaced.add(entry.word);
    }
  // Latin words match whole (no letter or digit on either side); Chinese words anywhere. A
  // spaced language joins the words of a compound with a hyphen as often as with a space
  // (month-on-month, year-to-date, week-over-week): a space of a listed word matches either.
  const alternatives = [...entries.keys()]
    .sort((a, b) => b.length - a.length)
    .map((word) => {
      if (!spaced.has(word)) return escapeRegExp(word);
      const compound = escapeRegExp(word).replaceAll(" ", "[ -]");
      return /^[a-z0-9]/u.test(word)
        ? `(?<![a-z0-9])${compound}${/[a-z0-9]$/u.test(word) ? "(?![a-z0-9])" : ""}`
        : compound;
    });
  const monthWords = Object.assign({}, ...locales.map((locale) => locale.months)) as Record<string, number>;
  const lexicon: Lexicon = {
    words: new RegExp(alternatives.join("|"), "yu"),
    entries,
    patterns: locales.flatMap((locale) =>
      locale.patterns.map((pattern) => ({ pattern, regex: new RegExp(pattern.pattern, "yu"), locale })),
    ),
    monthWords,
  };
  lexicons.set(locales, lexicon);
  return lexicon;
}

/** Only whitespace and punctuation that never carries time. */
const BLANK = /^[\s,.;:!?()（）'"“”‘’]*$/u;

/**
 * The time tokens of a folded question (planner/normalize-text.ts), left to right: at each position
 * the longest word or pattern of any locale; digits with nothing longer are a number. Fillers are
 * dropped, and each kept token records whether only blanks and fillers separate it from the last.
 */
export function tokenizeTime(text: string, locales: readonly TimeLocale[]): TimeToken[] {
  const lexicon = lexiconOf(locales);
  const tokens: TimeToken[] = [];
  let lastEnd = 0;
  let position = 0;
  while (position < text.length) {
    let best: { end: number; payload: AtomPayload; rule: string; weak?: boolean } | undefined;
    lexicon.words.lastIndex = position;
    const word = lexicon.words.exec(text);
    if (word && word[0].length > 0) {
      // A compound written with hyphens is the listed word written with spaces, unless listed as written.
      const entry = lexicon.entries.get(word[0]) ?? lexicon.entries.get(word[0].replaceAll("-", " "));
      if (entry)
        best = { end: position + word[0].length, payload: entry.payload, rule: entry.rule, weak: entry.weak };
    }
    for (const { pattern, regex, locale } of lexicon.patterns) {
      regex.lastIndex = position;
      const match = regex.exec(text);
      if (!match || match[0].trim() === "") continue;
      const end = position + match[0].length;
      if (best && end <= best.end) continue;
      const payload = patternPayload(pattern, match.groups ?? {}, locale, lexicon.monthWords);
      if (payload) best = { end, payload, rule: `${locale.code}:${pattern.name}` };
    }
    if (!best) {
      const digits = /\d+/uy;
      digits.lastIndex = position;
      const match = /[a-z]/u.test(text[position - 1] ?? "") ? null : digits.exec(text);
      if (match && !/[a-z]/u.test(text[position + match[0].length] ?? ""))
        best = {
          end: position + match[0].length,
          payload: { kind: "number", value: Number(match[0]), digits: true },
          rule: "number",
        };
    }
    if (!best) {
      // Skip a whole Latin word or one other character.
      const skip = /[a-z0-9]+/uy;
      skip.lastIndex = position;
      const match = skip.exec(text);
      position += match ? match[0].length : 1;
      continue;
    }
    const joined = BLANK.test(text.slice(lastEnd, position));
    if (best.payload.kind === "filler") {
      // A filler keeps the chain joined when it is itself joined to what came before.
      if (joined) lastEnd = best.end;
    } else {
      tokens.push({
        ...best.payload,
        start: position,
        end: best.end,
        joined,
        rule: best.rule,
        ...(best.weak ? { weak: true } : {}),
      } as TimeToken);
      lastEnd = best.end;
    }
    position = best.end;
  }
  return tokens;
}
