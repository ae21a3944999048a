import { foldText } from "../domain/text-folding.js";
import { sentencesOf } from "./grader.js";
import { alternation } from "./locales/index.js";

// A policy sentence that points back ("A restocking fee of 5% … is charged on every such return.")
// does not say by itself what it is about: the sentence before it does ("Dealers may return
// unopened and undamaged stock within 30 days of delivery."). Quoted alone, the answer loses the
// condition the fee applies under; quoted with it, the reader has both, as the document says them.

const BACK_REFERENCE = alternation((words) => words.backReferences);

/**
 * The sentence as it should be quoted from its passage: with the sentence before it when it
 * points back with a language's back-reference words (`backReferences`), else as it is. A table
 * row (not one of the passage's sentences) and a passage's first sentence stand alone.
 */
export function withAntecedent(sentence: string, passageText: string): string {
  if (!BACK_REFERENCE.test(foldText(sentence))) return sentence;
  const sentences = sentencesOf(passageText);
  const index = sentences.indexOf(sentence);
  if (index <= 0) return sentence;
  const before = sentences[index - 1];
  // Chinese sentences join without a space, others with one.
  return /[。！？；]$/.test(before) ? `${before}${sentence}` : `${before} ${sentence}`;
}
