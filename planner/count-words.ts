import { parseChineseNumeral } from "../domain/chinese-numerals.js";
import { LANGUAGE_LOCALES } from "./locales/index.js";

/** Every locale's count words (one home: planner/locales/<code>/ `countWords`). */
const COUNT_WORDS: Readonly<Record<string, number>> = Object.assign(
  Object.create(null),
  ...LANGUAGE_LOCALES.map((locale) => locale.countWords),
);

/**
 * A count as a question writes it: digits (3), a count word of any locale (three, lower case) or a
 * Chinese numeral (三, 两, 十二); undefined for anything else.
 */
export function parseCount(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  return Object.hasOwn(COUNT_WORDS, text) ? COUNT_WORDS[text] : parseChineseNumeral(text);
}
