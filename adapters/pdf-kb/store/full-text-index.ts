/**
 * Options of the full-text (inverted) index on `search_text`. The text arrives with CJK runs
 * already cut into bigrams (see text-folding.ts), so LanceDB's "simple" tokenizer (split on
 * whitespace and punctuation) indexes Chinese bigrams and English words alike; English words
 * are stemmed and stop words dropped, which leaves the CJK bigrams untouched.
 */
export const fullTextIndexOptions = {
  baseTokenizer: "simple",
  lowercase: true,
  stem: true,
  language: "English",
  removeStopWords: true,
  asciiFolding: true,
  withPosition: false,
} as const;

/** The column the full-text index covers. */
export const fullTextColumn = "search_text";
