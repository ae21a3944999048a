// English words of a question that asks why a metric moved ("why did returns rise", "what drove
// the drop"): the planner plans the metric at its base period too and every event source that can
// explain it, and the answer lists the events that line up with the change (planner/why-goals.ts).

/** Phrases asking for the cause of a change, matched as whole words on the folded question. */
export const EXPLAIN_WORDS = [
  "why",
  "how come",
  "what caused",
  "what causes",
  "what explains",
  "what explained",
  "what drove",
  "what drives",
  "what is behind",
  "what was behind",
  "what's behind",
  "reason for",
  "reasons for",
  "the reason",
  "account for",
  "accounts for",
];
