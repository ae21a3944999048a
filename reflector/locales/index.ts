import { englishPassageWords } from "./en/passage-words.js";
import type { PassageWords } from "./passage-words.js";
import { chinesePassageWords } from "./zh/passage-words.js";

/** Every language the reflector reads passages in: a new language is its folder and one line here. */
export const PASSAGE_WORDS: readonly PassageWords[] = [englishPassageWords, chinesePassageWords];

/** One alternation of every language's entries of a list, as a regular expression. */
export function alternation(pick: (words: PassageWords) => readonly string[], flags = ""): RegExp {
  const sources = PASSAGE_WORDS.flatMap((words) => pick(words).map((source) => `(?:${source})`));
  // An empty list matches nothing.
  return new RegExp(sources.length > 0 ? sources.join("|") : "(?!)", flags);
}
