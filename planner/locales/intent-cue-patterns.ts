/**
 * One language's cues of an intent, as regular-expression sources matched in the folded question
 * (a pattern, not a word, where the cue has a shape: 比…高, "changed over"). Read by
 * planner/intents.ts; any one cue of any language sets the intent.
 */
export interface IntentCues {
  compare: readonly string[];
  trend: readonly string[];
  correlate: readonly string[];
  /** Asking about a rule (can I, how long, who pays, 政策): a policy question when a topic is named. */
  policy: readonly string[];
  /**
   * Asking for a figure (how many, number of, 多少, 几): a clause with one asks data, even beside
   * a document topic ("under the charter, how many complaints did we get?").
   */
  figure: readonly string[];
}
