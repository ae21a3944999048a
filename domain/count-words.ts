import { parseChineseNumeral } from "./chinese-numerals.js";

/** English number words a question spells a small count with ("the three regions", "last six months"). */
export const ENGLISH_NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/**
 * A count as a question writes it: digits (3), an English word (three, lower case) or a Chinese
 * numeral (三, 两, 十二); undefined for anything else.
 */
export function parseCount(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  return Object.hasOwn(ENGLISH_NUMBER_WORDS, text) ? ENGLISH_NUMBER_WORDS[text] : parseChineseNumeral(text);
}
