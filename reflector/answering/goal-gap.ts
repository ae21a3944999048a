import type { Gap } from "../../models/answer.js";
import type { SubGoal } from "../../models/plan.js";
import type { StepResult } from "../../models/step-result.js";
import { adviceForKind, needsOcrAdvice } from "../gap-advice.js";
import { failureWords, type GapMessage } from "../messages/gap-message.js";
import { messageFields, renderGap } from "../messages/render-message.js";
import type { AnswerContext } from "./answer-context.js";

/**
 * The gap of a goal that stayed unresolved: what is missing (the failure, the step's own message
 * quoted, what reflection concluded) and what to check, in the answer's language.
 */
export function gapFor(
  context: Pick<AnswerContext, "labels" | "language">,
  goal: SubGoal,
  result: StepResult | undefined,
  message: GapMessage | undefined,
): Gap {
  const kind = result?.error_kind ?? "no_results";
  const region =
    result?.error_details?.needs_ocr === true ? String(result.error_details.region ?? "an image") : undefined;
  const said: GapMessage =
    kind === "interrupted"
      ? { code: "interrupted" }
      : (message ?? {
          code: "step_failed",
          kind: result?.error_kind ?? "failed",
          ...failureWords(result),
        });
  return {
    goal: goal.id,
    missing: renderGap(said, context.labels, goal),
    // Stopped by Ctrl-C: nothing to check at the source (an empty check: the answer says none).
    check:
      said.code === "interrupted"
        ? ""
        : region !== undefined
          ? needsOcrAdvice(region, context.language)
          : adviceForKind(kind, context.language),
    ...messageFields(said),
  };
}
