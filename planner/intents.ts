import { LANGUAGE_LOCALES } from "./locales/index.js";
import type { IntentCues } from "./locales/intent-cue-patterns.js";

/** What the user wants done with the data. */
export type Intent = "compare" | "trend" | "correlate" | "lookup" | "policy";

// Every language's cues (planner/locales/<code>/intent-cues.ts), one pattern per intent.
const cuePattern = (intent: keyof IntentCues) =>
  new RegExp(LANGUAGE_LOCALES.flatMap((locale) => locale.intentCues[intent]).join("|"), "u");
const CUES: Record<Exclude<Intent, "lookup" | "policy">, RegExp> = {
  compare: cuePattern("compare"),
  trend: cuePattern("trend"),
  correlate: cuePattern("correlate"),
};
const POLICY_CUES = cuePattern("policy");
const FIGURE_CUES = cuePattern("figure");

/** True when a (folded) text asks about a rule: what is allowed, obliged or promised (must, 多久). */
export function asksPolicy(normalized: string): boolean {
  return POLICY_CUES.test(normalized);
}

/** True when a (folded) text asks for a figure: how many, number of, 多少, 几次. */
export function asksFigure(normalized: string): boolean {
  return FIGURE_CUES.test(normalized);
}

/**
 * The intents a normalised question expresses, from cue words in Chinese and English.
 * `policy` needs a document topic as well; `lookup` is what is left when nothing else applies.
 */
export function detectIntents(normalized: string, hasTopic: boolean, hasData: boolean): Intent[] {
  const intents: Intent[] = [];
  for (const [intent, cue] of Object.entries(CUES) as [Intent, RegExp][])
    if (cue.test(normalized)) intents.push(intent);
  if (hasTopic && (POLICY_CUES.test(normalized) || !hasData)) intents.push("policy");
  if (
    hasData &&
    !intents.some((intent) => intent === "compare" || intent === "trend" || intent === "correlate")
  )
    intents.push("lookup");
  return intents;
}
