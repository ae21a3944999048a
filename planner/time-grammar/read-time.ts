import type { Period } from "../../models/plan.js";
import { TIME_LOCALES } from "../locales/index.js";
import type { PeriodComparison, TimeUnit } from "../locales/time-locale.js";
import { dayOf } from "./calendar.js";
import { applyTimeRules } from "./time-rules.js";
import { tokenizeTime } from "./time-tokens.js";

/** A period the grammar read in the question, with where it is and which rule read it. */
export interface GrammarSpan {
  start: number;
  end: number;
  /** The rule that made the outermost token (range, to-date, units-ago …). */
  rule: string;
  period: Period;
  relative: boolean;
  /** Conventions applied (docs/planner.md): each is said in a note. */
  conventions: string[];
  toDate: boolean;
}

/** A comparison word the grammar read (同比, month over month). */
export interface ComparisonSpan {
  start: number;
  end: number;
  comparison: PeriodComparison;
  /** The unit the word compares (week on week, 周环比), when it names one. */
  unit?: TimeUnit;
}

/** What the grammar made of a question: its periods, its comparisons, and time-like text it could not read. */
export interface GrammarReading {
  spans: GrammarSpan[];
  comparisons: ComparisonSpan[];
  /** Atoms that are clearly about time (a weekday, a day of a month) left over by every rule. */
  leftovers: { start: number; end: number }[];
  /** Years the question writes (2023, 24年; not 去年 or last year), where they are written. */
  writtenYears: { at: number; year: number }[];
}

/**
 * Reads the time in a folded question (planner/normalize-text.ts) as of an ISO day: locale data →
 * tokens → rules, to saturation. Months and quarters written without a year are left as they are
 * (the caller knows the question's other years).
 */
export function readTimeGrammar(text: string, asOf: string): GrammarReading {
  const atoms = tokenizeTime(text, TIME_LOCALES);
  // Years written in the question (not 去年 or last year): a month or quarter without one takes the nearest.
  const written = atoms.flatMap((atom) =>
    atom.kind === "calendar" && atom.parts.year !== undefined
      ? [{ at: atom.start, year: atom.parts.year }]
      : [],
  );
  const yearNear = (position: number) =>
    written.length === 0
      ? undefined
      : [...written].sort((a, b) => Math.abs(a.at - position) - Math.abs(b.at - position))[0].year;
  const tokens = applyTimeRules(atoms, { asOf: dayOf(asOf), asOfIso: asOf, yearNear });
  const spans: GrammarSpan[] = [];
  const comparisons: ComparisonSpan[] = [];
  const leftovers: { start: number; end: number }[] = [];
  // A part word right beside a period that no rule could apply to it (the middle of 2024, mid 2024:
  // a year has no middle in the conventions) is time the grammar did not read: asked back, not
  // dropped to plan the whole period.
  const besideTime = (index: number, step: 1 | -1): boolean => {
    let at = index;
    for (;;) {
      const joined = step === 1 ? tokens[at + 1]?.joined : tokens[at].joined;
      const next = tokens[at + step];
      if (!next || !joined) return false;
      if (next.kind === "time") return true;
      if (next.kind !== "filler") return false;
      at += step;
    }
  };
  // The token right beside (no filler, no punctuation) in that direction is a period.
  const boundsTime = (index: number, step: 1 | -1): boolean => {
    const joined = step === 1 ? tokens[index + 1]?.joined : tokens[index].joined;
    return joined === true && tokens[index + step]?.kind === "time";
  };
  for (const [index, token] of tokens.entries()) {
    if (token.kind === "part" && (besideTime(index, 1) || besideTime(index, -1)))
      leftovers.push({ start: token.start, end: token.end });
    // "before March 2024", 2024年3月之前, "after Q1", 三季度以后: a bound word no rule read right
    // beside a period leaves it open at one end; planning the period itself answered another
    // question. English writes the word before the period, Chinese after it; a period on the
    // other side is not bound by it ("May 2025 after the recipe change", TOS升级以后，2024年5月).
    if (
      token.kind === "ago" &&
      boundsTime(index, /[a-z]/iu.test(text.slice(token.start, token.end)) ? 1 : -1)
    )
      leftovers.push({ start: token.start, end: token.end });
    // "until April 2024", 到2024年4月: the end of a range no rule found a start for.
    // "up to April 2024", 截至2024年4月 alone: an ending word no window or range took is the same open end.
    if (
      (token.kind === "range_to" || token.kind === "ending") &&
      boundsTime(index, 1) &&
      tokens[index - 1]?.kind !== "time"
    )
      leftovers.push({ start: token.start, end: token.end });
    if (token.kind === "time")
      spans.push({
        start: token.start,
        end: token.end,
        rule: token.rule,
        period: token.value.period,
        relative: token.value.relative,
        conventions: token.value.conventions,
        toDate: token.value.toDate === true,
      });
    else if (token.kind === "comparison")
      comparisons.push({
        start: token.start,
        end: token.end,
        comparison: token.comparison,
        ...(token.unit ? { unit: token.unit } : {}),
      });
    else if (token.kind === "calendar" && !token.weak && !askedAbout(text, token.start))
      leftovers.push({ start: token.start, end: token.end });
  }
  return { spans, comparisons, leftovers, writtenYears: written };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// "which day", 哪天, 哪一天, 几月份: an interrogative right before a unit asks for a date within the
// clause's period; each locale's `askingWords`, Latin ones as whole words.
const ASKED_ABOUT = new RegExp(
  `(?:${TIME_LOCALES.flatMap((locale) =>
    locale.askingWords.map((word) => (locale.spaced ? `\\b${escapeRegExp(word)}\\s+` : escapeRegExp(word))),
  ).join("|")})$`,
  "u",
);

/** Whether the unit starting at `start` is asked about (which day, 哪天) rather than named. */
export function askedAbout(text: string, start: number): boolean {
  return ASKED_ABOUT.test(text.slice(Math.max(0, start - 12), start));
}

let timeWordPattern: RegExp | undefined;

/**
 * Every place the question writes a word that is about time (locale `timeWords` and weekday names):
 * text no rule reads there is time the planner must not replace with a default period.
 */
export function findTimeWords(text: string): { start: number; end: number }[] {
  if (!timeWordPattern) {
    const words = TIME_LOCALES.flatMap((locale) =>
      [...locale.timeWords, ...Object.keys(locale.weekdays)]
        .filter((word) => !locale.weakWords.includes(word))
        .map((word) =>
          locale.spaced ? `(?<![a-z0-9])${escapeRegExp(word)}(?![a-z0-9])` : escapeRegExp(word),
        )
        .concat(locale.timeLikePatterns),
    );
    timeWordPattern = new RegExp(words.sort((a, b) => b.length - a.length).join("|"), "gu");
  }
  return [...text.matchAll(timeWordPattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}
