import { localeWords } from "./locales/index.js";
import type { Mention } from "./vocabulary.js";

/** A word that refers, with no noun, to the two values of one dimension the question named. */
export interface PairReference {
  start: number;
  end: number;
  dimension: string;
  /** The two values, in the order the question writes them. */
  values: string[];
}

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// "which of the two", both of them, 两者, 二者: per language (planner/locales/<code>/quantifier-words.ts).
const PAIR_REFERENCES = new RegExp(
  [
    ...localeWords("pairReferences", true)
      .sort((a, b) => b.length - a.length)
      .map((word) => `(?<![a-z0-9])${escapeRegex(word)}(?![a-z0-9])`),
    ...localeWords("pairReferences", false)
      .sort((a, b) => b.length - a.length)
      .map(escapeRegex),
  ].join("|"),
  "gu",
);

/**
 * The pair words of a (folded) question that refer to two named values: "Kunming's on-time rate on
 * international routes compared with domestic routes, and which of the two had the longer delay"
 * asks the delay of both route types. They refer only when exactly one dimension has exactly two
 * values named; otherwise which two is not said, and none is returned (the words stay to be read
 * by the other rules, or reported).
 */
export function findPairReferences(normalized: string, mentions: readonly Mention[]): PairReference[] {
  const valuesOf = new Map<string, string[]>();
  for (const mention of mentions) {
    if (mention.kind !== "dimension" || mention.value === undefined) continue;
    const values = valuesOf.get(mention.name) ?? [];
    if (!values.includes(mention.value)) values.push(mention.value);
    valuesOf.set(mention.name, values);
  }
  const pairs = [...valuesOf].filter(([, values]) => values.length === 2);
  if (pairs.length !== 1) return [];
  const [dimension, values] = pairs[0];
  return [...normalized.matchAll(PAIR_REFERENCES)]
    .map((match) => ({ start: match.index, end: match.index + match[0].length }))
    .filter((span) => !mentions.some((mention) => mention.start < span.end && span.start < mention.end))
    .map((span) => ({ ...span, dimension, values: [...values] }));
}
