import type { CapabilityPhrases } from "../capability-phrases.js";

// The things a user asks the assistant to look at, in general words.
const THINGS =
  "data|information|info|metrics|figures|numbers|things|questions|sources|datasets|reports|topics|stuff";
// What the assistant is asked to do with them.
const DO =
  "look up|look into|look at|find|find out|check|query|answer|do|tell me|tell me about|show me|report on|report|help me with|help with|help me|help|access|see|cover|fetch|get";

/** English questions about what the assistant can look up, folded (lower case). */
export const englishCapabilityPhrases: CapabilityPhrases = {
  fillers: ["please", "exactly", "here", "right now", "today"],
  openers: [["hi", "hello", "hey"]],
  spellings: { "what's": "what is" },
  patterns: [
    // what can you look up for me · what kind of questions can you answer · what else can you do
    `(?:so |and |ok |okay )?(?:what|which)(?: else)?(?: (?:kinds?|sorts?|types?) of)?(?: (?:${THINGS}))? (?:can|could|do|will) (?:you|i)(?: actually| even| really)? (?:${DO})(?: you)?(?: about| with| on| for)?(?: (?:for )?(?:me|us))?`,
    // what data do you have (access to) · which metrics do you know · what sources are there
    `(?:what|which)(?: (?:kinds?|sorts?|types?) of)? (?:${THINGS}) (?:do you (?:have|hold|know|know about|cover|support|have access to|offer)|are (?:there|available)|is (?:there|available)|can i ask about)`,
    // what do you know (about) · what do you cover · what are you able to do
    "what (?:do you (?:know|cover|offer|support)(?: about)?|are you able to do|are your capabilities)",
  ],
};
