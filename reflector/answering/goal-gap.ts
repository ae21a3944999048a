import type { Gap } from "../../models/answer.js";
import type { SubGoal } from "../../models/plan.js";
import type { StepResult } from "../../models/step-result.js";
import { adviceForKind, needsOcrAdvice } from "../gap-advice.js";
import { failureWords, type GapMessage } from "../messages/gap-message.js";
import { messageFields, renderGap } from "../messages/render-message.js";
import type { AnswerContext } from "./answer-context.js";

/**
 * A gap said by a message: what is missing in the answer's language (after the goal's subject,
 * when given), what a person should check, and the message's code and parameters for machines.
 * Every gap of the answer path that a message says is made here.
 */
export function messageGap(
  context: Pick<AnswerContext, "labels">,
  goal: string,
  message: GapMessage,
  check: string,
  subject?: SubGoal,
): Gap {
  return { goal, missing: renderGap(message, context.labels, subject), check, ...messageFields(message) };
}

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
  // Stopped by Ctrl-C: nothing to check at the source (an empty check: the answer says none).
  const check =
    said.code === "interrupted"
      ? ""
      : region !== undefined
        ? needsOcrAdvice(region, context.language)
        : adviceForKind(kind, context.language);
  return messageGap(context, goal.id, said, check, goal);
}
