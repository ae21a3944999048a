import { foldText } from "../../../domain/text-folding.js";
import { stemWord, stopWords } from "../store/english-words.js";
import { characterBigrams, tokenize } from "../store/text-folding.js";
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

/** Length of the character n-grams of a word ("<revenue>" → "<rev", "reve", …, "nue>"). */
const characterGramLength = 4;
/** Weight of one character n-gram against 1 for a whole word. */
const characterGramWeight = 0.5;

/**
 * The weighted features of a text: stemmed words (1), adjacent word pairs (0.5), character
 * 4-grams of each word with its boundaries (0.5 each), CJK character bigrams (1). The
 * character n-grams are what the full-text index does not have: "inventories" and
 * "inventory", "non-current" and "noncurrent", "investing" and "investments" share most of
 * them, so the vector ranking finds what the word-level ranking misses.
 */
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
    // Numbers have no useful pieces: "2019" and "2018" share "<201".
    if (/\d/.test(token.text)) continue;
    const bounded = `<${token.text}>`;
    for (let start = 0; start + characterGramLength <= bounded.length; start += 1)
      add(`g:${bounded.slice(start, start + characterGramLength)}`, characterGramWeight);
  }
  return counts;
}

/** Sublinear term weight: 1 + ln(count) from one occurrence up, the weight itself below (a pair or n-gram seen once). */
function termWeight(count: number): number {
  return count >= 1 ? 1 + Math.log(count) : count;
}

/**
 * The embedded default: deterministic, offline, no model. Each feature is hashed into one of
 * `dimensions` slots with a hashed sign (the "hashing trick"), weighted sublinearly in its
 * count, and the vector is L2-normalised so cosine similarity measures shared words, pairs and
 * word pieces. It has no semantics beyond shared surface features: "refund" does not find
 * "money back". v2 added the character n-grams.
 */
export class HashedEmbedder implements Embedder {
  readonly id: string;

  constructor(readonly dimensions: number = 384) {
    this.id = `hashed-v2:${dimensions}`;
  }

  /** Embeds one text synchronously. */
  embedOne(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    for (const [feature, count] of hashedFeatures(text)) {
      const hash = fnv1a(feature);
      const sign = fnv1a(feature, 0x9747b28c) & 1 ? 1 : -1;
      vector[hash % this.dimensions] += sign * termWeight(count);
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
