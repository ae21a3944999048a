import { foldText } from "../../../domain/text-folding.js";
import { stemWord, stopWords } from "./english-words.js";

// A token is a run of CJK characters (Han, kana, Hangul) or a run of other letters and digits.
const tokenPattern =
  /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+)|([\p{L}\p{N}]+)/gu;

/** One token of folded text: a word, or a run of CJK characters that has no spaces to split on. */
export interface TextToken {
  text: string;
  cjk: boolean;
}

/** Splits folded text into word tokens and CJK runs, in order. */
export function tokenize(foldedText: string): TextToken[] {
  const tokens: TextToken[] = [];
  for (const match of foldedText.matchAll(tokenPattern)) {
    if (match[1]) tokens.push({ text: match[1], cjk: true });
    else if (match[2]) tokens.push({ text: match[2], cjk: false });
  }
  return tokens;
}

/** Overlapping character bigrams of a CJK run ("换货政策" → 换货 货政 政策); a lone character stays itself. */
export function characterBigrams(run: string): string[] {
  const characters = [...run];
  if (characters.length < 2) return characters;
  const bigrams: string[] = [];
  for (let index = 0; index + 1 < characters.length; index += 1)
    bigrams.push(characters[index] + characters[index + 1]);
  return bigrams;
}

/**
 * Writes a number as one token: thousands separators dropped and the decimal point spelled
 * "p" ("$1,452.4" → "$1452p4"), because the full-text tokenizer splits on punctuation and
 * would otherwise index "1", "452" and "4", which match every small number in a question.
 */
export function joinNumbers(foldedText: string): string {
  return foldedText.replace(/(?<=\d),(?=\d{3}(?!\d))/g, "").replace(/(?<=\d)\.(?=\d)/g, "p");
}

/**
 * Joins two stemmed words into one full-text token ("total" + "asset" → "totalxasset"). The
 * joiner is a letter because the tokenizer splits on everything that is not a letter or digit.
 */
export function wordBigram(left: string, right: string): string {
  return `${left}x${right}`;
}

/**
 * The text the full-text index sees, and the form a query is searched with: stop words
 * dropped, numbers as single tokens, words as they are (the index stems them), plus a token
 * per pair of adjacent words (stemmed) so "total assets" ranks a passage with that phrase
 * above one that has "total" and "assets" far apart. Pairs do not cross a line or a table cell
 * ("|"). Chinese has no spaces, so a CJK run becomes overlapping character bigrams (as
 * Lucene's CJK analyser does), which lets BM25 match 换货 inside 可以换货吗.
 */
export function searchableText(text: string): string {
  const output: string[] = [];
  for (const segment of joinNumbers(foldText(text)).split(/[\n|]/)) {
    let previous: string | undefined;
    for (const token of tokenize(segment)) {
      if (token.cjk) {
        output.push(...characterBigrams(token.text));
        previous = undefined;
        continue;
      }
      // A stop word is skipped without breaking the pair: "revenue in 2019" pairs revenue with 2019.
      if (stopWords.has(token.text)) continue;
      output.push(token.text);
      const stem = stemWord(token.text);
      if (previous !== undefined) output.push(wordBigram(previous, stem));
      previous = stem;
    }
  }
  return output.join(" ");
}
