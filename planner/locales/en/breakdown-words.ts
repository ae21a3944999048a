import type { BreakdownCues } from "../breakdown-cues.js";

/** English words of a breakdown or ranking ("which complaints came up most often", "top 3 reasons"). */
export const englishBreakdownCues: BreakdownCues = {
  ranking: [
    "most often",
    "most common",
    "most commonly",
    "most frequent",
    "most frequently",
    "main",
    "top",
    "leading",
    "ranking",
    "ranked",
    "rank",
    "breakdown",
    "broken down",
    "least often",
    "least common",
  ],
  superlatives: [
    "most",
    "highest",
    "lowest",
    "least",
    "fewest",
    "biggest",
    "largest",
    "smallest",
    "best",
    "worst",
  ],
  ascending: ["least", "fewest", "lowest", "smallest", "least often", "least common", "bottom"],
  topWords: ["top", "bottom"],
  rankWords: [],
  kindNouns: ["reasons", "reason", "causes", "types", "kinds", "problems", "issues", "faults"],
};
