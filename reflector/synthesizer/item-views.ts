import type { TableEvidence } from "../../models/evidence.js";
import { sentenceStates } from "../answer-check.js";
import { kindOfAspect } from "../answer-kind.js";
import { withAntecedent } from "../antecedent-sentences.js";
import { renderGap, renderSubject } from "../messages/render-message.js";
import { isEventTable } from "../metric-points.js";
import { type BuiltView, type ItemView, linesLeftOut, MAX_LINES, type ViewContext } from "./answer-view.js";
import { eventsItem } from "./event-views.js";
import { cellText } from "./format-number.js";
import { type GoalOutcome, itemStatus } from "./goal-outcome.js";
import { metricItem } from "./metric-item.js";
import type { ResolvedPoint } from "./summaries.js";

/** The item of a graded text goal: up to two supporting sentences (else the first passage when sufficient), cited. */
function textItem(context: ViewContext, outcome: GoalOutcome): ItemView {
  const { goal, grade } = outcome;
  const { citations } = context;
  // The sentences that state the ask (answer-check.ts) are its answer, with the other supporting
  // sentences of their passage as its context ("may return within 30 days" beside the restocking
  // fee); one of another passage that merely shares a word ("申请" of a refund sentence beside the
  // claim-window row) is shown only when nothing states the ask.
  const asked = outcome.planned.asked;
  const supporting = grade?.supporting ?? [];
  const stating =
    asked?.kind === "text"
      ? supporting.filter((sentence) =>
          sentenceStates(kindOfAspect(asked.aspect), asked.subject, sentence.text, asked.situation),
        )
      : [];
  const shown =
    stating.length > 0
      ? [
          ...stating,
          ...supporting.filter(
            (sentence) =>
              !stating.includes(sentence) && stating.some((stated) => stated.chunk_id === sentence.chunk_id),
          ),
        ]
      : supporting;
  const passages = outcome.evidence?.kind === "text" ? outcome.evidence.passages : [];
  const quotes = shown.slice(0, 2).map((sentence) => {
    const from = passages.find((candidate) => candidate.chunk_id === sentence.chunk_id);
    return {
      // A sentence pointing back ("every such return") is quoted with the one it points at.
      text: from ? withAntecedent(sentence.text, from.text) : sentence.text,
      cite: citations.passage(goal.id, goal.source, sentence),
    };
  });
  const passage = passages[0];
  if (quotes.length === 0 && grade?.sufficient && passage)
    quotes.push({ text: passage.text.slice(0, 240), cite: citations.passage(goal.id, goal.source, passage) });
  const textAnswered = itemStatus(outcome) === "answered";
  return {
    kind: "text",
    goal: goal.id,
    question: outcome.planned.params.query ?? outcome.planned.description,
    sufficient: textAnswered,
    quotes,
    ...(grade?.missing ? { missing: grade.missing } : {}),
    answerKind: grade?.kind ?? "general",
    aspect: grade?.aspect ?? "",
    status: textAnswered ? "answered" : "insufficient",
  };
}

/** The item of a table goal that is neither events nor a metric: its rows as text, cited. */
function recordsItem(context: ViewContext, outcome: GoalOutcome, evidence: TableEvidence): ItemView {
  const { goal } = outcome;
  const rows = evidence.rows.slice(0, MAX_LINES).map((row, index) => ({
    text: evidence.columns
      .map((column) => cellText(row[column.name]))
      .filter(Boolean)
      .join(" · "),
    cite: context.citations.rows(goal.id, goal.source, evidence, [index]),
  }));
  return {
    kind: "records",
    goal: goal.id,
    label: renderSubject(goal, context.labels),
    rows,
    more: linesLeftOut(context, evidence.rows.length, MAX_LINES),
    status: itemStatus(outcome) as "answered" | "partial" | "insufficient",
  };
}

function failedItem(context: ViewContext, outcome: GoalOutcome, reason: string): ItemView {
  return {
    kind: "failed",
    goal: outcome.goal.id,
    label: renderSubject(outcome.goal, context.labels),
    reason: outcome.message ? renderGap(outcome.message, context.labels) : (outcome.reason ?? reason),
    status: "failed",
  };
}

/**
 * The item of one goal, or none: a failed optional goal is reported among the gaps only (it was a
 * cross-check, not part of the question), and a metric goal whose every point was folded into
 * another goal's (a second source for the same keys) corroborates and gets no item.
 */
function itemOf(context: ViewContext, outcome: GoalOutcome, points: ResolvedPoint[], owners: Set<string>) {
  const { goal, evidence } = outcome;
  if (outcome.status === "failed")
    return outcome.planned.required === false ? undefined : failedItem(context, outcome, "failed");
  if (evidence?.kind === "text") return textItem(context, outcome);
  if (evidence?.kind !== "table") return failedItem(context, outcome, "no evidence");
  if (isEventTable(goal, evidence)) return eventsItem(context, outcome, evidence);
  if (goal.params.metric)
    return owners.has(goal.id) ? metricItem(context, outcome, points, goal.params.metric) : undefined;
  return recordsItem(context, outcome, evidence);
}

/** The items of the answer, one per goal in the plan's order, with the citations each added. */
export function itemViews(
  context: ViewContext,
  points: ResolvedPoint[],
): { items: ItemView[]; itemCitations: BuiltView["items"] } {
  const items: ItemView[] = [];
  const itemCitations: BuiltView["items"] = [];
  const owners = new Set(points.map((point) => point.goal));
  for (const outcome of context.input.outcomes) {
    const before = context.citations.citations.length;
    const item = itemOf(context, outcome, points, owners);
    if (!item) continue;
    items.push(item);
    const added = context.citations.citations.slice(before).map((_, index) => before + index + 1);
    itemCitations.push({ goal: outcome.goal.id, status: item.status, citations: added });
  }
  return { items, itemCitations };
}
