// What the span resolution reports for each rewrite: its own file so that the word-form matcher
// (used by the vocabulary, which resolve-spans reads) can name it without an import circle.

/** Why a span of the question was rewritten to a catalog term. */
export type CorrectionReason =
  | "run_together"
  | "typo"
  | "homophone"
  | "measure_head"
  | "change_event"
  | "quantifier"
  | "topic_phrase"
  | "value_noun"
  /** A term's code and word written apart in one clause (WMS一共发布了几个版本 → WMS版本). */
  | "split_term"
  /** An English word form of a catalog term that is not a plain inflection (install → installs). */
  | "word_form";

/** One span rewritten to a catalog term: what was written, what it now reads. */
export interface SpanCorrection {
  written: string;
  corrected: string;
  reason: CorrectionReason;
}
