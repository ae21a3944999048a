import { localeWords } from "./locales/index.js";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";
import type { Vocabulary } from "./vocabulary.js";

const HAN = /[\u4e00-\u9fff]/u;
const cache = new WeakMap<Vocabulary, (text: string) => boolean>();

/**
 * Whether a question that matched no catalog term still speaks of business data: a word every
 * workspace shares (data, 报表, quarter; planner/locales/<code>/data-cue-words.ts) or a word of
 * this workspace's own catalog — a two-character piece of a Han term (退货 of 退货率, 物流 of
 * 物流服务商) or a Latin word of a term ("carrier" of "carrier change"). Nothing of any one
 * workspace is written here: the catalog's words come from the catalog.
 */
export function dataCueTest(vocabulary: Vocabulary): (text: string) => boolean {
  const cached = cache.get(vocabulary);
  if (cached) return cached;
  const han = new Set(localeWords("dataCues", false));
  const latin = new Set(localeWords("dataCues", true));
  for (const entry of vocabulary.entries()) {
    const text = entry.text.toLowerCase();
    if (HAN.test(text)) {
      const characters = [...text].filter((character) => HAN.test(character));
      for (let index = 0; index + 1 < characters.length; index += 1)
        han.add(`${characters[index]}${characters[index + 1]}`);
    }
    for (const word of text.split(/[^a-z]+/u))
      if (word.length >= 3 && !ENGLISH_STOP_WORDS.has(word)) latin.add(word);
  }
  const hanCues = [...han];
  const test = (text: string) => {
    if (hanCues.some((cue) => text.includes(cue))) return true;
    // Latin cues match whole words, in the singular or the plural ("carriers", "reports").
    return (text.match(/[a-z]+/gu) ?? []).some(
      (word) => latin.has(word) || latin.has(word.replace(/e?s$/u, "")),
    );
  };
  cache.set(vocabulary, test);
  return test;
}
