import { trustOf } from "../../domain/trust.js";
import type { Broadening, Gap } from "../../models/answer.js";
import { checkBreakdowns } from "../breakdown-check.js";
import { checkOutcome } from "../check-outcome.js";
import { adviceForKind, breakdownAdvice, documentsAdvice, eventSourcesAdvice } from "../gap-advice.js";
import { messageFields, renderGap } from "../messages/render-message.js";
import type { GoalOutcome } from "../synthesizer/goal-outcome.js";
import { Labels } from "../synthesizer/labels.js";
import { checkWhy } from "../why-check.js";
import type { AnswerContext } from "./answer-context.js";

/**
 * Nothing is called answered before its evidence is checked against what the plan says was asked:
 * each outcome gets its check (and a gap when it falls short), a "why" question without its cause
 * gets a gap, and a broadening that found only context says so.
 */
export function checkOutcomes(
  context: AnswerContext,
  outcomes: GoalOutcome[],
  gaps: Gap[],
  broadenings: Broadening[],
): void {
  checkAgainstAsked(context, outcomes, gaps);
  // Traces stay in English whatever the answer's language: they are read by people debugging a run.
  const english = new Labels(context.workspace.config.catalog, "en");
  for (const why of checkWhy(outcomes)) {
    context.run.trace.add("check", `check:${why.goal}:partial:${renderGap(why.gap, english)}`, {}, why.goal);
    gaps.push({
      goal: why.goal,
      missing: renderGap(why.gap, context.labels),
      check: eventSourcesAdvice(context.language),
      ...messageFields(why.gap),
    });
  }
  const { config } = context.workspace;
  for (const breakdown of checkBreakdowns(outcomes, config.catalog, (source) =>
    trustOf(config.sources, source),
  )) {
    context.run.trace.add(
      "check",
      `check:${breakdown.goal}:partial:${renderGap(breakdown.gap, english)}`,
      {},
      breakdown.goal,
    );
    gaps.push({
      goal: breakdown.goal,
      missing: renderGap(breakdown.gap, context.labels),
      check: breakdownAdvice(context.language),
      ...messageFields(breakdown.gap),
    });
  }
  for (const [index, broadening] of broadenings.entries()) {
    const outcome = outcomes.find((candidate) => candidate.planned.id === broadening.goal);
    if (outcome?.check && outcome.check.status !== "answered")
      broadenings[index] = {
        ...broadening,
        reason: `${broadening.reason} — only to show context; the values found are not for what was asked`,
      };
  }
}

/** Each outcome's evidence against its goal's `asked`; a shortfall adds a gap or makes the grader's stricter. */
function checkAgainstAsked(context: AnswerContext, outcomes: GoalOutcome[], gaps: Gap[]): void {
  const english = new Labels(context.workspace.config.catalog, "en");
  for (const outcome of outcomes) {
    const check = checkOutcome(outcome, context.workspace.config.catalog);
    if (!check) continue;
    outcome.check = check;
    context.run.trace.add(
      "check",
      `check:${outcome.planned.id}:${check.status}${check.gap ? `:${renderGap(check.gap, english)}` : ""}`,
      { found: check.found, missing: check.missing },
      outcome.planned.id,
    );
    if (check.status === "answered" || !check.gap) continue;
    const missing = renderGap(check.gap, context.labels, outcome.planned);
    if (gaps.some((gap) => gap.goal === outcome.planned.id && gap.missing === missing)) continue;
    // The grader's own gap already says what the passages lack; the check's replaces it when stricter.
    const existing = gaps.findIndex((gap) => gap.goal === outcome.planned.id);
    const gap: Gap = {
      goal: outcome.planned.id,
      missing,
      check:
        outcome.planned.asked?.kind === "text"
          ? documentsAdvice(outcome.goal.source, context.language)
          : adviceForKind("not_found", context.language),
      ...messageFields(check.gap),
    };
    if (existing >= 0)
      gaps[existing] = { ...gaps[existing], missing: gap.missing, ...messageFields(check.gap) };
    else gaps.push(gap);
  }
}
