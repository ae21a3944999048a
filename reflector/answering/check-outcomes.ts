import { trustOf } from "../../domain/trust.js";
import type { Gap } from "../../models/answer.js";
import type { AnswerCheck } from "../answer-check.js";
import { checkBreakdowns } from "../breakdown-check.js";
import { checkOutcome } from "../check-outcome.js";
import { adviceForKind, breakdownAdvice, documentsAdvice, eventSourcesAdvice } from "../gap-advice.js";
import type { GapMessage } from "../messages/gap-message.js";
import { messageFields, renderGap } from "../messages/render-message.js";
import type { GoalOutcome } from "../synthesizer/goal-outcome.js";
import { Labels } from "../synthesizer/labels.js";
import { checkWhy } from "../why-check.js";
import type { AnswerContext } from "./answer-context.js";
import type { CheckedOutcomes, GradedOutcomes } from "./answer-stages.js";
import { messageGap } from "./goal-gap.js";

/**
 * Nothing is called answered before its evidence is checked against what the plan says was asked:
 * each outcome gets its check (and a gap when it falls short), a "why" question without its cause
 * gets a gap, a breakdown nothing can give gets one, and a broadening that found only context says
 * so. Returns the checked outcomes; the graded ones stay as they were.
 */
export function checkOutcomes(context: AnswerContext, graded: GradedOutcomes): CheckedOutcomes {
  // Traces stay in English whatever the answer's language: they are read by people debugging a run.
  const english = new Labels(context.workspace.config.catalog, "en");
  const asked = checkAgainstAsked(context, graded, english);
  const gaps = [...asked.gaps];
  // The same change read from two sources is one "why" left open: its gap is said once.
  const saidWhy = new Set<string>();
  for (const why of checkWhy(asked.outcomes)) {
    traceCheck(context, why.goal, "partial", why.gap, english);
    const said = JSON.stringify(why.gap);
    if (saidWhy.has(said)) continue;
    saidWhy.add(said);
    gaps.push(messageGap(context, why.goal, why.gap, eventSourcesAdvice(context.language)));
  }
  const { config } = context.workspace;
  for (const breakdown of checkBreakdowns(asked.outcomes, config.catalog, (source) =>
    trustOf(config.sources, source),
  )) {
    traceCheck(context, breakdown.goal, "partial", breakdown.gap, english);
    gaps.push(messageGap(context, breakdown.goal, breakdown.gap, breakdownAdvice(context.language)));
  }
  const broadenings = graded.broadenings.map((broadening) => {
    const outcome = asked.outcomes.find((candidate) => candidate.planned.id === broadening.goal);
    return outcome?.check && outcome.check.status !== "answered"
      ? {
          ...broadening,
          reason: `${broadening.reason} — only to show context; the values found are not for what was asked`,
          context_only: true,
        }
      : broadening;
  });
  return { stage: "checked", outcomes: asked.outcomes, gaps, broadenings };
}

/** A check in the trace, in English: `check:<goal>:<status>[:<what is missing>]`. */
function traceCheck(
  context: AnswerContext,
  goal: string,
  status: string,
  message: GapMessage | undefined,
  english: Labels,
  detail: Record<string, unknown> = {},
): void {
  context.run.trace.add(
    "check",
    `check:${goal}:${status}${message ? `:${renderGap(message, english)}` : ""}`,
    detail,
    goal,
  );
}

/**
 * Each outcome's evidence against its goal's `asked`: the outcome with its check, and a gap for a
 * shortfall (or the grader's gap made stricter).
 */
function checkAgainstAsked(
  context: AnswerContext,
  graded: GradedOutcomes,
  english: Labels,
): { outcomes: GoalOutcome[]; gaps: Gap[] } {
  const gaps = [...graded.gaps];
  const outcomes = graded.outcomes.map((outcome) => {
    const check = checkOutcome(outcome, context.workspace.config.catalog);
    if (!check) return outcome;
    traceCheck(context, outcome.planned.id, check.status, check.gap, english, {
      found: check.found,
      missing: check.missing,
    });
    if (check.status !== "answered" && check.gap) addCheckGap(context, gaps, outcome, check.gap);
    return { ...outcome, check };
  });
  return { outcomes, gaps };
}

/** The check's gap of an outcome, into this stage's own list: new, or the grader's gap made stricter. */
function addCheckGap(
  context: AnswerContext,
  gaps: Gap[],
  outcome: GoalOutcome,
  message: NonNullable<AnswerCheck["gap"]>,
): void {
  const id = outcome.planned.id;
  const gap = messageGap(
    context,
    id,
    message,
    outcome.planned.asked?.kind === "text"
      ? documentsAdvice(outcome.goal.source, context.language)
      : adviceForKind("not_found", context.language),
    outcome.planned,
  );
  if (gaps.some((existing) => existing.goal === id && existing.missing === gap.missing)) return;
  // The grader's own gap already says what the passages lack; the check's replaces it when stricter.
  const existing = gaps.findIndex((candidate) => candidate.goal === id);
  if (existing >= 0) gaps[existing] = { ...gaps[existing], missing: gap.missing, ...messageFields(message) };
  else gaps.push(gap);
}
