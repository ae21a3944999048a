// Traditional → Simplified, so 換貨 in a question finds 换货 in a document and the reverse.
import { toSimplified } from "../../shared/chinese-script.js";

const hanPattern = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
// A token is a run of CJK characters (Han, kana, Hangul) or a run of other letters and digits.
const tokenPattern =
  /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+)|([\p{L}\p{N}]+)/gu;

/** Normalises text for matching: NFKC (full-width → ASCII), lower case, Traditional folded to Simplified Chinese. */
export function foldText(text: string): string {
  const normalised = text.normalize("NFKC").toLowerCase();
  return hanPattern.test(normalised) ? toSimplified(normalised) : normalised;
}

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
 * The text the full-text index sees: words as they are, CJK runs as overlapping bigrams.
 * Chinese has no spaces, so a word tokenizer would see a whole sentence as one token; bigrams
 * (as Lucene's CJK analyser does) let BM25 match 换货 inside 可以换货吗 while English keeps
 * word-level BM25 with stemming.
 */
export function searchableText(text: string): string {
  return tokenize(foldText(text))
    .map((token) => (token.cjk ? characterBigrams(token.text).join(" ") : token.text))
    .join(" ");
}
