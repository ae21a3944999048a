/**
 * How one language asks what the assistant itself can look up ("what can you do", 你都能帮我查哪些数据):
 * regular-expression sources over the whole question, and the words stripped before they are
 * tried. `planner/capability-question.ts` reads every locale's table and holds no words.
 */
export interface CapabilityPhrases {
  /** Words dropped wherever they stand as whole words (please, here): they change nothing asked. */
  fillers: readonly string[];
  /**
   * Words dropped where they open the question, one group after the other, at most one word of
   * each group (a greeting "hi", then 请问今天): what follows them is the question.
   */
  openers: readonly (readonly string[])[];
  /** Contracted spellings written out before matching (what's → what is). */
  spellings: Readonly<Record<string, string>>;
  /**
   * Patterns (regular-expression sources, anchored by the reader) each of which, matching the
   * whole cleaned question, makes it a question about the assistant's scope. In a spaced
   * language words are separated by one space; in an unspaced one nothing separates them.
   */
  patterns: readonly string[];
}
