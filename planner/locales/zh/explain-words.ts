// Chinese words of a question that asks why a metric moved (为什么上升, 下降的原因, 怎么回事), in
// Simplified script (Traditional is folded before matching): the planner plans the metric at its
// base period too and every event source that can explain it (planner/why-goals.ts).

/** Words asking for the cause of a change, matched anywhere in the folded question. */
export const EXPLAIN_WORDS = [
  "为什么",
  "为何",
  "什么原因",
  "原因",
  "怎么回事",
  "怎么会",
  "归因",
  "是什么导致",
  "什么导致",
];
