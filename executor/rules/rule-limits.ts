/** Most failing rows an outcome carries (the reflector and people need examples, not the whole table). */
export const MAX_FAILING_ROWS = 5;

/**
 * Work one rule evaluation may do, in pattern instructions × characters matched: RE2 runs in
 * time linear in the input but proportional to the compiled program too, and `(?i)[^z]{1000}z`
 * compiles to a thousand instructions, so 40 cells of 10,000 characters cost 35 s of CPU. 50 M
 * units is about 2 s on this machine for the densest pattern; ordinary rules use a few thousand.
 */
export const MAX_RULE_WORK = 50_000_000;

/**
 * Work units one millisecond of matching does on this machine (MAX_RULE_WORK is about 2 s for the
 * densest pattern). A single match cannot be interrupted once it runs, so before a match the
 * evaluation estimates how long it will take and stops at once when it would end past the deadline.
 */
export const RULE_WORK_PER_MS = MAX_RULE_WORK / 2_000;
