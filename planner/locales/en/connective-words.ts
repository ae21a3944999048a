/** English words joining two items of a list or two clauses (East and North, A or B, and then). */
export const englishConnectives: readonly string[] = [
  "and",
  "or",
  "vs",
  "versus",
  "as well as",
  "along with",
];

/** Words that put a clause after the one before: an ask or a request after them is a clause of its own. */
export const englishSequenceWords: readonly string[] = ["then", "also"];
