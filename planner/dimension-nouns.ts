import { normalizeForMatching } from "./normalize-text.js";
import type { Vocabulary } from "./vocabulary.js";

const HAN = /[\u4e00-\u9fff]/u;

/** The words that name a dimension itself, learnt from its values' synonyms. */
export interface DimensionNouns {
  /** Latin word → dimension: "product" (product A, product B), "china" (East China…), "plan". */
  latin: Map<string, string>;
  /** Han suffix → dimension: 产品 (A产品, B产品), 区 and 地区 (华东区, 华东地区…). */
  han: Map<string, string>;
}

const cache = new WeakMap<Vocabulary, DimensionNouns>();

/**
 * A word shared by the synonyms of at least two values of one dimension, and of half of them or
 * more, other than the values themselves, names the dimension ("product A", "product B" →
 * product); so does the dimension's own name. Chinese: a one- or two-character suffix shared the
 * same way (A产品, B产品 → 产品).
 */
export function dimensionNouns(vocabulary: Vocabulary): DimensionNouns {
  const cached = cache.get(vocabulary);
  if (cached) return cached;
  const latin = new Map<string, string>();
  const han = new Map<string, string>();
  for (const [dimension, definition] of Object.entries(vocabulary.catalog.dimensions)) {
    const latinCounts = new Map<string, number>();
    const hanCounts = new Map<string, number>();
    for (const [value, synonyms] of Object.entries(definition.values)) {
      const words = new Set<string>();
      const suffixes = new Set<string>();
      for (const synonym of synonyms) {
        const lowered = synonym.toLowerCase();
        if (HAN.test(lowered)) {
          for (const length of [1, 2])
            if (
              lowered.length > length &&
              HAN.test(lowered.slice(-length)) &&
              /^[\u4e00-\u9fff]+$/u.test(lowered.slice(-length))
            )
              suffixes.add(lowered.slice(-length));
        } else {
          for (const word of lowered.split(/[\s-]+/))
            if (word.length >= 3 && word !== value.toLowerCase()) words.add(word);
        }
      }
      for (const word of words) latinCounts.set(word, (latinCounts.get(word) ?? 0) + 1);
      for (const suffix of suffixes) hanCounts.set(suffix, (hanCounts.get(suffix) ?? 0) + 1);
    }
    // A noun is shared by at least two values and half of them: 区 of 华东区…华西区 names the region,
    // while 丢失, shared by two of ten sub-types (工单丢失, 包裹丢失), is a word of those two values
    // (流失率 is no unknown sub-type).
    const values = Object.keys(definition.values).length;
    const shared = (count: number) => count >= 2 && count * 2 >= values;
    for (const [word, count] of latinCounts)
      if (shared(count) && !latin.has(word)) latin.set(word, dimension);
    for (const [suffix, count] of hanCounts)
      if (shared(count) && !han.has(suffix)) han.set(suffix, dimension);
    // The dimension's own name, its words joined by spaces ("service_zone" → "service zone").
    const own = dimension.toLowerCase().replace(/[_-]+/g, " ");
    if (own.length >= 3 && !latin.has(own)) latin.set(own, dimension);
    // What the workspace says the dimension is called: its synonyms and labels (渠道, 门店, "channel").
    const named = [
      ...definition.synonyms,
      ...(definition.label ? [definition.label] : []),
      ...Object.values(definition.labels ?? {}),
    ];
    for (const name of named) {
      const folded = normalizeForMatching(name.trim());
      if (/^[\u4e00-\u9fff]{1,4}$/u.test(folded)) {
        if (!han.has(folded)) han.set(folded, dimension);
      } else if (/^[a-z][a-z ]{2,}$/u.test(folded) && !latin.has(folded)) latin.set(folded, dimension);
    }
  }
  const nouns = { latin, han };
  cache.set(vocabulary, nouns);
  return nouns;
}
