import { detectLanguage } from "../../domain/language.js";
import type { Broadening, Gap } from "../../models/answer.js";
import { checkOutcome } from "../check-outcome.js";
import { adviceForKind, documentsAdvice, eventSourcesAdvice } from "../gap-advice.js";
import type { GoalOutcome } from "../synthesizer/goal-outcome.js";
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
  for (const why of checkWhy(outcomes)) {
    context.run.trace.add("check", `check:${why.goal}:partial:${why.gap}`, {}, why.goal);
    gaps.push({ goal: why.goal, missing: why.gap, check: eventSourcesAdvice(languageOf(context)) });
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
  for (const outcome of outcomes) {
    const check = checkOutcome(outcome, context.workspace.config.catalog);
    if (!check) continue;
    outcome.check = check;
    context.run.trace.add(
      "check",
      `check:${outcome.planned.id}:${check.status}${check.gap ? `:${check.gap}` : ""}`,
      { found: check.found, missing: check.missing },
      outcome.planned.id,
    );
    if (check.status === "answered" || !check.gap) continue;
    if (gaps.some((gap) => gap.goal === outcome.planned.id && gap.missing === check.gap)) continue;
    // The grader's own gap already says what the passages lack; the check's replaces it when stricter.
    const existing = gaps.findIndex((gap) => gap.goal === outcome.planned.id);
    const gap = {
      goal: outcome.planned.id,
      missing: `${outcome.planned.description}: ${check.gap}`,
      check:
        outcome.planned.asked?.kind === "text"
          ? documentsAdvice(outcome.goal.source, languageOf(context))
          : adviceForKind("not_found", languageOf(context)),
    };
    if (existing >= 0) gaps[existing] = { ...gaps[existing], missing: gap.missing };
    else gaps.push(gap);
  }
}

/** The answer's language: the caller's, else the question's. */
function languageOf(context: AnswerContext) {
  return context.options.language ?? detectLanguage(context.plan.question);
}
