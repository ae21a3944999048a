/**
 * What a message made only of small talk does: greets, checks the assistant is there, thanks,
 * sympathises ("辛苦了"), acknowledges ("好的") or closes the conversation ("今天先这样").
 */
export type SmallTalkAct = "greeting" | "check_in" | "thanks" | "acknowledge" | "farewell";

/** One language's small-talk phrases per act, folded (lower case; Chinese in Simplified). */
export type SmallTalkPhrases = Record<SmallTalkAct, readonly string[]>;
