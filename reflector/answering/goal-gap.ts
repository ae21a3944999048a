import type { Gap } from "../../models/answer.js";
import type { SubGoal } from "../../models/plan.js";
import type { StepResult } from "../../models/step-result.js";
import { adviceForKind, interruptedGap, needsOcrAdvice } from "../gap-advice.js";
import type { AnswerLanguage } from "../synthesizer/labels.js";

/** The gap of a goal that stayed unresolved: what is missing (with the step's own message) and what to check. */
export function gapFor(
  goal: SubGoal,
  result: StepResult | undefined,
  reason: string,
  language?: AnswerLanguage,
): Gap {
  const kind = result?.error_kind ?? "no_results";
  const region =
    result?.error_details?.needs_ocr === true ? String(result.error_details.region ?? "an image") : undefined;
  // Stopped by Ctrl-C: nothing to check at the source (an empty check: the answer says none).
  if (kind === "interrupted")
    return { goal: goal.id, missing: `${goal.description}: ${interruptedGap(language)}`, check: "" };
  return {
    goal: goal.id,
    missing: `${goal.description}: ${reason}`,
    check: region !== undefined ? needsOcrAdvice(region, language) : adviceForKind(kind, language),
  };
}
