import { foldText } from "../domain/text-folding.js";
import { PASSAGE_WORDS } from "./locales/index.js";

// Question words and glue: they say what kind of answer is wanted, not what it is about. Every
// language's words (reflector/locales/): Chinese ones are single segments, English ones words.
const STOP_WORDS = new Set(PASSAGE_WORDS.flatMap((words) => words.stopWords));

const CJK_CHARACTER = /^[\u3400-\u9fff\uf900-\ufaff]+$/;

let segmenter: Intl.Segmenter | undefined;

/**
 * Content terms of a question, folded to Simplified Chinese and lower case: English words, Chinese
 * words (Intl.Segmenter), and the bigrams of every run of Chinese content words, so a compound
 * matches however the segmenter split it (换货运费 → 换货, 货运, 运费).
 */
export function keyTerms(text: string): string[] {
  segmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  const folded = foldText(text);
  const terms: string[] = [];
  let run = "";
  const flushRun = () => {
    const characters = [...run];
    for (let index = 0; index + 1 < characters.length; index++)
      terms.push(characters[index] + characters[index + 1]);
    run = "";
  };
  for (const { segment, isWordLike } of segmenter.segment(folded)) {
    if (!isWordLike) {
      flushRun();
      continue;
    }
    if (CJK_CHARACTER.test(segment)) {
      if (STOP_WORDS.has(segment)) {
        flushRun();
        continue;
      }
      if ([...segment].length >= 2) terms.push(segment);
      run += segment;
      continue;
    }
    flushRun();
    if (/^\d+$/.test(segment) || segment.length < 3 || STOP_WORDS.has(segment)) continue;
    terms.push(segment);
  }
  flushRun();
  return [...new Set(terms)];
}

/** Whether a term occurs in folded text; English words also match their stem (replacement ↔ replacements). */
export function termOccurs(term: string, foldedText: string): boolean {
  if (foldedText.includes(term)) return true;
  if (/^[a-z]+$/.test(term) && term.length > 4)
    return foldedText.includes(term.replace(/(es|s|ed|ing)$/, ""));
  return false;
}
