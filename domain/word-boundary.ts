// Matching a name from the YAML or the question as a whole word, in any script.
//
// JavaScript's `\b` is ASCII-only: it never holds after a CJK character ("下一頁\b" never matches
// "下一頁"), and it holds inside "Ünter". Chinese and Japanese are written without spaces, so a name
// that ends in a Han or kana character is a whole word wherever it stands; a name that ends in a
// letter or digit of a spaced script (Latin, Cyrillic, full-width Latin, Hangul …) must not run
// on into another such letter or digit. Every pattern built here needs the `u` flag.

/** A character of a script written without spaces between words. */
const UNSPACED_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]/u;

/** A letter, digit or underscore of a spaced script continues a word; a Han or kana character does not. */
const WORD_CONTINUES =
  "(?![\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30fc\\u3005])[\\p{L}\\p{N}_]";

/**
 * Literal text for a pattern, outside a character class. Only the syntax characters are escaped:
 * with the `u` flag any other escape (a backslash before the hyphen of "Wi-Fi") is a syntax error.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The lookbehind that must hold before a word that starts with `first`. */
function boundaryBefore(first: string | undefined): string {
  if (first === undefined || UNSPACED_CHARACTER.test(first) || !/[\p{L}\p{N}_]/u.test(first)) return "";
  return `(?<!${WORD_CONTINUES})`;
}

/** The lookahead that must hold after a word that ends with `last`. */
function boundaryAfter(last: string | undefined): string {
  if (last === undefined || UNSPACED_CHARACTER.test(last) || !/[\p{L}\p{N}_]/u.test(last)) return "";
  return `(?!${WORD_CONTINUES})`;
}

/**
 * The source of a regular expression (for the `u` flag) that matches `name` as a whole word:
 * literal text, with a boundary at each end that suits the script of the character there.
 */
export function wholeWordPattern(name: string): string {
  const characters = Array.from(name);
  return `${boundaryBefore(characters[0])}${escapeRegExp(name)}${boundaryAfter(characters.at(-1))}`;
}

/** Boundaries around a pattern source whose edges are known to be letters of a spaced script. */
export const SPACED_WORD_START = `(?<!${WORD_CONTINUES})`;
export const SPACED_WORD_END = `(?!${WORD_CONTINUES})`;

/** Whether `text` contains `name` as a whole word (case-insensitive). */
export function containsWholeWord(text: string, name: string): boolean {
  return new RegExp(wholeWordPattern(name), "iu").test(text);
}
