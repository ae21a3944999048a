/** English words joining two items of a list or two clauses (East and North, A or B, and then). */
export const englishConnectives: readonly string[] = [
  "and",
  "or",
  "vs",
  "versus",
  "as well as",
  "along with",
];
