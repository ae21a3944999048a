import type { EventAnchorWords } from "../event-anchor-words.js";

/** English words that tie a period to an event: they stand before it ("since the POS upgrade"). */
export const englishEventAnchorWords: EventAnchorWords = {
  leading: [
    "since",
    "ever since",
    "after",
    "before",
    "before and after",
    "following",
    "prior to",
    "in the run-up to",
    "in the wake of",
    "around",
  ],
  trailing: [],
};
