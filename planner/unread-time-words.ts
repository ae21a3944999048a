import { TIME_LOCALES } from "./locales/index.js";
import type { TimeMention } from "./time-expressions.js";
import { askedAbout } from "./time-grammar/read-time.js";

/** Each locale's time words (its `timeWords` and weekday names, not the words also common outside time). */
const timeWords = (spaced: boolean) =>
  TIME_LOCALES.filter((locale) => locale.spaced === spaced).flatMap((locale) =>
    [...locale.timeWords, ...Object.keys(locale.weekdays)].filter((word) => !locale.weakWords.includes(word)),
  );
const LATIN = new Set(timeWords(true));
const HAN = timeWords(false).sort((a, b) => b.length - a.length);

/**
 * Time words of the question that no time span covers ("last week" when the grammar reads no
 * weeks, 上周, 年初至今): the question names a time the planner did not read, so a default period
 * would answer another question. Offsets in the folded question; the words as written. `read` is
 * every span another reading took: the times, and the catalog terms (天 of 天津仓 is no day).
 */
export function unreadTimeWords(
  normalized: string,
  original: string,
  taken: Pick<TimeMention, "start" | "end">[],
): string[] {
  // A unit asked about (哪天, which day) is a question word, as the time reader has it.
  const read = (start: number, end: number) =>
    askedAbout(normalized, start) || taken.some((span) => span.start < end && start < span.end);
  const found: string[] = [];
  const hanFound: { start: number; end: number }[] = [];
  for (const match of normalized.matchAll(
    /(?:\b(last|this|next|past|a|one|two|three|four)\s+)?\b([a-z]+)\b/gu,
  )) {
    const start = match.index + (match[1] && !LATIN.has(match[1]) ? 0 : match[0].length - match[2].length);
    if (LATIN.has(match[2]) && !read(match.index, match.index + match[0].length))
      found.push(original.slice(match[1] ? match.index : start, match.index + match[0].length));
  }
  for (const word of HAN)
    for (let index = normalized.indexOf(word); index >= 0; index = normalized.indexOf(word, index + 1)) {
      const end = index + word.length;
      if (!read(index, end) && !hanFound.some((span) => span.start <= index && end <= span.end))
        hanFound.push({ start: index, end });
    }
  // In the question's order, neighbouring words as one (年初 + 至今 → 年初至今).
  hanFound.sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of hanFound) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return [...found, ...merged.map((span) => original.slice(span.start, span.end))];
}

/** Whether a word the catalog does not know is a time word (上周, yesterday): asked back as a period, not refused as a term. */
export function isTimeLikeWord(folded: string): boolean {
  if (LATIN.has(folded)) return true;
  // Made only of time words (年初至今 = 年初 + 至今).
  let rest = folded;
  for (const word of HAN) rest = rest.split(word).join("");
  return rest === "" && folded !== "";
}
