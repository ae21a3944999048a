import { parseCount } from "./count-words.js";
import { dimensionNouns } from "./dimension-nouns.js";
import { localeWords } from "./locales/index.js";
import { normalizeForMatching } from "./normalize-text.js";
import { CHINESE_STOP_WORDS, ENGLISH_STOP_WORDS } from "./stop-words.js";
import type { Vocabulary } from "./vocabulary.js";

/** A name written where a dimension's values are written, that is no value of it. */
export interface UnknownValueSpan {
  start: number;
  end: number;
  dimension: string;
  /** The name alone (Z of product Z), to suggest a near value for. */
  name: string;
  /** The dimension's values are short codes (A, B, C): a near code may be suggested. */
  coded: boolean;
}

const HAN = /[\u4e00-\u9fff]/u;
const CODE = "[a-z0-9]{1,3}";

/** Where a dimension's noun sits in its values' names: before (product A, 产品A) or after (East China, 华东区). */
interface NounUse {
  dimension: string;
  noun: string;
  before: boolean;
  after: boolean;
}

interface DimensionShape {
  uses: NounUse[];
  /** Every value is a short code (A, B, C): an unknown one is a short code too (product Z). */
  coded: Set<string>;
  /** Every word of a value's names, folded: such a word beside the noun is no unknown value. */
  valueWords: Set<string>;
}

const shapes = new WeakMap<Vocabulary, DimensionShape>();

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** How the workspace writes its dimensions' nouns beside their values, learnt from the synonyms. */
function shapeOf(vocabulary: Vocabulary): DimensionShape {
  const cached = shapes.get(vocabulary);
  if (cached) return cached;
  const nouns = dimensionNouns(vocabulary);
  const uses: NounUse[] = [];
  const coded = new Set<string>();
  const valueWords = new Set<string>();
  for (const [dimension, definition] of Object.entries(vocabulary.catalog.dimensions)) {
    const names = Object.entries(definition.values).map(([value, synonyms]) => [
      normalizeForMatching(value),
      ...synonyms.map((synonym) => normalizeForMatching(synonym)),
    ]);
    if (
      Object.keys(definition.values).every((value) => new RegExp(`^${CODE}$`, "u").test(value.toLowerCase()))
    )
      coded.add(dimension);
    for (const name of names.flat()) for (const word of name.split(/[\s-]+/u)) valueWords.add(word);
    const owned = [...nouns.latin, ...nouns.han].filter(([, owner]) => owner === dimension);
    for (const [noun] of owned) {
      let before = false;
      let after = false;
      for (const name of names.flat()) {
        if (name === noun) continue;
        if (HAN.test(noun)) {
          if (name.startsWith(noun)) before = true;
          if (name.endsWith(noun)) after = true;
        } else {
          if (name.startsWith(`${noun} `)) before = true;
          if (name.endsWith(` ${noun}`)) after = true;
        }
      }
      if (before || after) uses.push({ dimension, noun, before, after });
    }
  }
  const shape = { uses, coded, valueWords };
  shapes.set(vocabulary, shape);
  return shape;
}

const LATIN_QUANTIFIERS = new Set([
  ...localeWords("quantifiers", true),
  ...localeWords("pairQuantifiers", true),
]);
const HAN_QUANTIFIERS = [
  ...localeWords("quantifiers", false),
  ...localeWords("pairQuantifiers", false),
  ...localeWords("classifiers", false),
  ...localeWords("determiners", false),
];

/** Words that count, point or quantify (either region, 两个区, 这款产品): no name of a value. */
function countsOrPoints(word: string): boolean {
  return (
    ENGLISH_STOP_WORDS.has(word) ||
    CHINESE_STOP_WORDS.has(word) ||
    parseCount(word) !== undefined ||
    LATIN_QUANTIFIERS.has(word) ||
    HAN_QUANTIFIERS.some((quantifier) => word.includes(quantifier))
  );
}

/**
 * Names written beside a dimension's noun the way the workspace writes its values ("product Z"
 * beside "product A", "Central China" beside "East China", Z产品, 华中区 beside 华东区) that are
 * no value of it. Everything is learnt from the catalog: which words name a dimension, on which
 * side of a value they go, and whether values are short codes.
 */
export function unknownDimensionValues(normalized: string, vocabulary: Vocabulary): UnknownValueSpan[] {
  const { uses, coded, valueWords } = shapeOf(vocabulary);
  const found: UnknownValueSpan[] = [];
  const nouns = dimensionNouns(vocabulary);
  const add = (start: number, end: number, dimension: string, name: string) => {
    if (valueWords.has(name) || countsOrPoints(name)) return;
    // A whole noun of a dimension (业务线 beside 支线 and 干线) names that dimension, not a value of another.
    if (nouns.han.has(normalized.slice(start, end)) || nouns.latin.has(normalized.slice(start, end))) return;
    found.push({ start, end, dimension, name, coded: coded.has(dimension) });
  };
  for (const { dimension, noun, before, after } of uses) {
    if (!normalized.includes(noun)) continue;
    const quoted = escapeRegex(noun);
    const latinName = coded.has(dimension) ? CODE : "[a-z][a-z'-]+";
    if (!HAN.test(noun)) {
      if (before)
        for (const match of normalized.matchAll(new RegExp(`\\b${quoted}s? (${latinName})\\b`, "gu")))
          add(match.index, match.index + match[0].length, dimension, match[1]);
      if (after)
        for (const match of normalized.matchAll(new RegExp(`\\b(${latinName}) ${quoted}s?\\b`, "gu")))
          add(match.index, match.index + match[0].length, dimension, match[1]);
      continue;
    }
    // A Han noun with a Latin code (Z产品, 产品Z) or, for names written in Han, two Han characters (华中区).
    if (after) {
      for (const match of normalized.matchAll(new RegExp(`(?<![a-z0-9])(${CODE})\\s?${quoted}`, "gu")))
        add(match.index, match.index + match[0].length, dimension, match[1]);
      if (!coded.has(dimension))
        for (const match of normalized.matchAll(new RegExp(`([\\u4e00-\\u9fff]{2})${quoted}`, "gu")))
          add(match.index, match.index + match[0].length, dimension, match[1]);
    }
    if (before || coded.has(dimension))
      for (const match of normalized.matchAll(new RegExp(`${quoted}\\s?(${CODE})(?![a-z0-9])`, "gu")))
        add(match.index, match.index + match[0].length, dimension, match[1]);
  }
  return found;
}
