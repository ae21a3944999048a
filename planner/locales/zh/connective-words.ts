/** Chinese words joining two items of a list or two clauses (华东和华北, 以及, 并说明). */
export const chineseConnectives: readonly string[] = [
  "和",
  "与",
  "及",
  "跟",
  "或",
  "以及",
  "并",
  "并且",
  "还有",
  "同时",
];

/** Words that put a clause after the one before: an ask or a request after them is a clause of its own. */
export const chineseSequenceWords: readonly string[] = ["然后", "再"];
