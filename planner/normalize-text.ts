import { toSimplified as traditionalToSimplified } from "../domain/chinese-script.js";

/**
 * Folds a question for matching: full-width → half-width, lower case, Traditional → Simplified.
 * The result has exactly the same length as the input, so a match's offsets point into the
 * original text too (unknown terms and sub-questions are reported in the user's own script).
 */
export function normalizeForMatching(text: string): string {
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
