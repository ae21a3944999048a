/** Longest rule text accepted; rules live in YAML and plans, so anything longer is a mistake or an attack. */
export const MAX_RULE_LENGTH = 10_000;

/** Deepest nesting of parentheses, NOT, any()/all() and calls; keeps the recursive parser far from the stack limit. */
export const MAX_NESTING_DEPTH = 64;

/** Longest regular expression accepted after `matches`. */
export const MAX_PATTERN_LENGTH = 256;
