// The words the reflector reads passages and sub-questions with, per language: what asks for each
// kind of answer, what a sentence says when it gives one, the words that carry no subject. The
// planner's question words are planner/locales/; these are what the grader and the answer check
// need to read a policy's sentences. Every entry is a regular-expression source matched on folded
// text (Simplified Chinese, lower case); the rules in answer-kind.ts and key-terms.ts are
// language-free and join every registered language's entries.

/** The kinds of answer a policy sub-question asks for, in the order their cues are tried. */
export const CUED_KINDS = [
  "who_pays",
  "how_long",
  "amount",
  // After how_long and amount: 多少天 asks how long and 多少钱 how much; any other 多少 asks how many.
  "count",
  "date",
  "reason",
  "procedure",
  // A ceiling ("the most credit per month", 上限) is asked after every other kind but yes/no.
  "limit",
  "yes_no",
] as const;
export type CuedKind = (typeof CUED_KINDS)[number];

/** One language's passage words; every member required, so the compiler lists what a new language lacks. */
export interface PassageWords {
  code: string;
  /** What asks for each kind ("who pays", 谁付; "how long", 多久). */
  questionCues: Record<CuedKind, readonly string[]>;
  /** What a sentence says to answer each kind, apart from who pays (below). */
  answers: Record<Exclude<CuedKind, "who_pays">, readonly string[]>;
  /** Who pays: a party and a cost word in one sentence, or a paying construction alone. */
  payingParties: readonly string[];
  costWords: readonly string[];
  payingConstructions: readonly string[];
  /** A yes/no question about a charge (要收费吗, "is it charged"): a price answers it, a duration does not. */
  chargeCues: readonly string[];
  /**
   * Verbs of paying in an amount ask ("what fee do I pay", 要交多少钱): the ask's own words, as its
   * question words are, so no subject word a stating sentence must name ("Rebooking fee: CNY 5").
   */
  payingVerbs: readonly string[];
  /** Words a search adds to find the passages a missing kind would live in. */
  searchHints: Record<CuedKind, string>;
  /**
   * What a "which" question chooses among: one capture group around the noun ("station" of
   * "which station paid the most", 航站 of 哪个航站). An answering sentence must name it.
   */
  chosenNoun: readonly string[];
  /** What a count question counts: one capture group around the counted noun. */
  countedNoun: readonly string[];
  /** Numbers and classifiers a count is stated with, before its noun ("5个积分", "12 points"). */
  countNumerals: readonly string[];
  countClassifiers: readonly string[];
  /** Words with no subject of their own: question words, particles, glue. Whole words. */
  stopWords: readonly string[];
  /**
   * Words by which a sentence points back at the one before it for what it is about ("every such
   * return", "上述情形"): a quoted sentence with one is quoted with that sentence, which holds its
   * condition ("may return … within 30 days").
   */
  backReferences: readonly string[];
}
