import { trustOf } from "../../domain/trust.js";
import type { Gap } from "../../models/answer.js";
import type { SubGoal } from "../../models/plan.js";
import { saidOf } from "../../models/step-message.js";
import { checkOutcome } from "../check-outcome.js";
import { adviceForKind } from "../gap-advice.js";
import type { GapMessage } from "../messages/gap-message.js";
import type { FailedSource } from "../rules/rule.js";
import { asksSameNumber } from "../same-number.js";
import type { GoalOutcome } from "../synthesizer/goal-outcome.js";
import type { AnswerContext } from "./answer-context.js";
import type { ExecutedGoals, GradedOutcomes } from "./answer-stages.js";
import { messageGap } from "./goal-gap.js";

const sourceName = (goal: { source: string; dataset?: string }) =>
  goal.dataset ? `${goal.source}/${goal.dataset}` : goal.source;

/** The gap that states the failed sources, why each failed, and the sources the value shown is from. */
function fallbackGap(context: AnswerContext, goal: SubGoal, failed: FailedSource[], from: SubGoal[]): Gap {
  const message: GapMessage = {
    code: "answered_by_other_source",
    failed: failed.map((source) => ({
      source: sourceName(source),
      ...(source.kind ? { kind: source.kind } : {}),
      ...(source.said ? { said: source.said } : {}),
      ...(source.message ? { upstream: source.message } : {}),
    })),
    from: from.map(sourceName),
  };
  return messageGap(context, goal.id, message, adviceForKind(failed.at(-1)?.kind, context.language), goal);
}

/**
 * The number is there when any source holds it. A metric goal whose sources failed while another
 * goal of the plan (the cross-check on another source) answered the same metric, keys and periods
 * is not a missing answer: when it was the required one, the most trusted answering goal becomes
 * required in its place and it becomes optional; either way its gap names each failed source, why
 * it failed and the sources the value shown comes from (fused as usual when they disagree). A goal the reflector moved to another
 * source that answered states the sources it left the same way. Returns the outcomes and gaps so
 * covered; the graded ones it is given stay as they were.
 */
export function coverFailedGoals(
  context: AnswerContext,
  executed: ExecutedGoals,
  graded: GradedOutcomes,
): GradedOutcomes {
  const { workspace, run } = context;
  const trust = (goal: SubGoal) => trustOf(workspace.config.sources, goal.source);
  // A value for the asked keys and periods, not only nearby periods shown as context.
  const holdsAskedValue = (other: GoalOutcome) => {
    const check = checkOutcome(other, workspace.config.catalog);
    return (
      check === undefined ||
      check.status === "answered" ||
      (check.status === "partial" && check.found.length > 0)
    );
  };
  // This stage's own copies, changed as goals are covered; an outcome whose planned goal changes is a new object.
  const outcomes = [...graded.outcomes];
  const gaps = [...graded.gaps];
  for (const [index, outcome] of outcomes.entries()) {
    const left = executed.histories.get(outcome.planned.id)?.failedSources ?? [];
    if (outcome.status === "failed") coverFailure(index, left);
    else if (left.length > 0) stateFailures(outcome, left, [outcome.goal]);
  }
  return { stage: "graded", outcomes, gaps, broadenings: graded.broadenings };

  function coverFailure(index: number, left: FailedSource[]): void {
    const outcome = outcomes[index];
    if (!outcome.planned.params.metric) return;
    const covering = [...outcomes.entries()]
      .filter(
        ([, other]) =>
          other !== outcome &&
          other.status !== "failed" &&
          other.evidence?.kind === "table" &&
          asksSameNumber(other.planned, outcome.planned) &&
          holdsAskedValue(other),
      )
      .sort(([, first], [, second]) => trust(second.goal) - trust(first.goal));
    if (covering.length === 0) return;
    if (outcome.planned.required !== false) {
      outcomes[index] = { ...outcome, planned: { ...outcome.planned, required: false } };
      const [mostTrusted, other] = covering[0];
      outcomes[mostTrusted] = { ...other, planned: { ...other.planned, required: true } };
    }
    const result = outcome.result;
    const last: FailedSource = {
      source: outcome.goal.source,
      ...(outcome.goal.dataset ? { dataset: outcome.goal.dataset } : {}),
      ...(result?.error_kind ? { kind: result.error_kind } : {}),
      ...(result?.error_message ? { message: result.error_message } : {}),
      ...saidOf(result),
    };
    // The goal's own gap (or the reflector's reason) is replaced by the one that says where the value is from.
    const own = gaps.findIndex((existing) => existing.goal === outcome.planned.id);
    if (own >= 0) gaps.splice(own, 1);
    stateFailures(
      outcomes[index],
      [...left, last],
      covering.map(([, other]) => other.goal),
    );
  }

  function stateFailures(outcome: GoalOutcome, failed: FailedSource[], from: SubGoal[]): void {
    gaps.push(fallbackGap(context, outcome.planned, failed, from));
    run.trace.add(
      "reflect",
      `fallback:${outcome.planned.id}:${failed.map((source) => source.source).join(",")}→${from.map((goal) => goal.source).join(",")}`,
      { failed: failed.map((source) => ({ source: source.source, kind: source.kind ?? null })) },
      outcome.planned.id,
    );
  }
}
