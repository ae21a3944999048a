import { stemWord, stopWords } from "../store/english-words.js";
import { characterBigrams, foldText, tokenize } from "../store/text-folding.js";
import type { Embedder } from "./embedder.js";

/** FNV-1a, 32 bits: fast, stable across runs and platforms, good enough spread for feature hashing. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The weighted features of a text: word unigrams and bigrams, CJK character bigrams. */
export function hashedFeatures(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (feature: string, weight: number) => counts.set(feature, (counts.get(feature) ?? 0) + weight);
  let previousWord: string | undefined;
  for (const token of tokenize(foldText(text))) {
    if (token.cjk) {
      previousWord = undefined;
      for (const bigram of characterBigrams(token.text)) add(`c:${bigram}`, 1);
      continue;
    }
    if (stopWords.has(token.text)) {
      previousWord = undefined;
      continue;
    }
    const word = stemWord(token.text);
    add(`w:${word}`, 1);
    if (previousWord !== undefined) add(`b:${previousWord} ${word}`, 0.5);
    previousWord = word;
  }
  return counts;
}

/**
 * The embedded default: deterministic, offline, no model. Each feature is hashed into one of
 * `dimensions` slots with a hashed sign (the "hashing trick"), weighted 1 + ln(count), and the
 * vector is L2-normalised so cosine similarity measures shared words and bigrams. It has no
 * semantics beyond shared surface features: "refund" does not find "money back".
 */
export class HashedEmbedder implements Embedder {
  readonly id: string;

  constructor(readonly dimensions: number = 384) {
    this.id = `hashed-v1:${dimensions}`;
  }

  /** Embeds one text synchronously. */
  embedOne(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    for (const [feature, count] of hashedFeatures(text)) {
      const hash = fnv1a(feature);
      const sign = fnv1a(feature, 0x9747b28c) & 1 ? 1 : -1;
      vector[hash % this.dimensions] += sign * (1 + Math.log(count));
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    if (norm === 0) {
      // A text with no features still needs a valid unit vector for cosine distance.
      vector[0] = 1;
      return vector;
    }
    const scale = 1 / Math.sqrt(norm);
    for (let index = 0; index < vector.length; index += 1) vector[index] *= scale;
    return vector;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }
}
