import { toSimplified as traditionalToSimplified } from "../domain/chinese-script.js";

/**
 * Foldings of the catalog's own words read from the vocabulary cache (vocabulary-cache.ts, keyed
 * by this file's code too): several planner steps fold catalog synonyms per question, and without
 * these an English question would build OpenCC's dictionary just to fold the catalog's Chinese.
 */
const knownFoldings = new Map<string, string>();

/** Remembers foldings computed by normalizeForMatching in an earlier process of the same code. */
export function rememberFoldings(foldings: Iterable<[string, string]>): void {
  for (const [text, folded] of foldings) knownFoldings.set(text, folded);
}

/**
 * Folds a question for matching: full-width → half-width, lower case, Traditional → Simplified.
 * The result has exactly the same length as the input, so a match's offsets point into the
 * original text too (unknown terms and sub-questions are reported in the user's own script).
 */
export function normalizeForMatching(text: string): string {
  const known = knownFoldings.get(text);
  if (known !== undefined) return known;
  let folded = "";
  for (const character of text) {
    const compatible = character.normalize("NFKC");
    const single = compatible.length === character.length ? compatible : character;
    const lowered = single.toLowerCase();
    folded += lowered.length === single.length ? lowered : single;
  }
  const converted = traditionalToSimplified(folded);
  if (converted.length === folded.length) return converted;
  // A phrase rule changed the length: convert character by character instead.
  return [...folded]
    .map((character) => {
      const one = traditionalToSimplified(character);
      return one.length === character.length ? one : character;
    })
    .join("");
}
