import type { EventAnchorWords } from "../event-anchor-words.js";

/** Chinese words (Simplified) that tie a period to an event: 自从 before it, 之后 / 以来 / 前后 after it. */
export const chineseEventAnchorWords: EventAnchorWords = {
  leading: ["自从", "自打"],
  trailing: ["之后", "以后", "以来", "之前", "以前", "前后", "后", "前"],
};
