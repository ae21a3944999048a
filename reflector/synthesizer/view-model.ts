import { trustOf as trustOfSource } from "../../domain/trust.js";
import type { AnswerStatus } from "../../models/answer.js";
import type { TableEvidence } from "../../models/evidence.js";
import type { Grain } from "../../models/plan.js";
import { wholeUnitOf } from "../breakdowns.js";
import { toAnswerConflict } from "../conflicts.js";
import { messageCatalog } from "../messages/render-message.js";
import { type GoalTableInput, isEventTable, pointsOfGoals } from "../metric-points.js";
import { aggregateViews, correlationViews, differenceViews, trendViews } from "./analysis-views.js";
import type { AnswerView, BuiltView, ViewContext, ViewInput } from "./answer-view.js";
import { breakdownViews, sharedNameViews } from "./breakdown-views.js";
import { CitationRegistry } from "./citations.js";
import { seriesByComparedUnit } from "./compared-units.js";
import { agreementViews, conflictViews } from "./conflict-views.js";
import { absenceViews, alignmentViews } from "./event-views.js";
import { explanationViews } from "./explanation-views.js";
import { formatAmount, moneyWords } from "./format-number.js";
import { broadenedViews, gapViews } from "./gap-views.js";
import { itemStatus } from "./goal-outcome.js";
import { itemViews } from "./item-views.js";
import {
  collectComparisonNumbers,
  collectDerivedPoints,
  collectInputNumbers,
  KnownNumbers,
} from "./known-numbers.js";
import type { Labels } from "./labels.js";
import { periodReadingViews } from "./period-reading-views.js";
import { premiseViews } from "./premise-views.js";
import { buildSeries, type ResolvedPoint, resolvePoints } from "./summaries.js";

export type { AnswerView, BuiltView, ItemView, ValueView, ViewInput } from "./answer-view.js";

/** The answered table goals that list events (tickets, releases), which summaries place beside the series. */
function eventTablesOf(input: ViewInput): GoalTableInput[] {
  const eventTables: GoalTableInput[] = [];
  for (const outcome of input.outcomes) {
    if (outcome.status !== "answered" || outcome.evidence?.kind !== "table") continue;
    if (isEventTable(outcome.goal, outcome.evidence))
      eventTables.push({ goal: outcome.goal, evidence: outcome.evidence });
  }
  return eventTables;
}

/**
 * The series that analysis (differences, trends) is built from: points of goals that established
 * something asked (a goal whose every value is context contributes its values as context lines
 * only), and no records counted per day, which are a list, not a trend.
 */
function seriesOf(input: ViewInput, points: ResolvedPoint[]) {
  const insufficientGoals = new Set(
    input.outcomes
      .filter((outcome) => itemStatus(outcome) === "insufficient")
      .map((outcome) => outcome.goal.id),
  );
  return buildSeries(
    points.filter(
      (point) =>
        !insufficientGoals.has(point.goal) && !(point.derivation === "count" && point.periodName === "day"),
    ),
  );
}

/**
 * The coarser unit each metric goal's question compared in, by goal id: the planner's
 * `asked.compared_by`, else the unit two or more goals of the metric each ask whole as its finer
 * parts ("repair cost in 2025-Q3 compared with 2024-Q3" on monthly rows asks two quarters, each as
 * its months: `wholeUnitOf`). Before, such a question was answered with the trend from the first
 * month to the last, a month against a month.
 */
function comparedUnitOf(input: ViewInput) {
  const wholeUnits = new Map<string, { metric: string; grain: Grain; from: string }>();
  for (const outcome of input.outcomes) {
    const asked = outcome.planned.asked;
    if (asked?.kind !== "metric" || asked.compared_by) continue;
    const whole = wholeUnitOf(asked.periods);
    if (whole)
      wholeUnits.set(outcome.goal.id, { metric: asked.metric, grain: whole.grain, from: whole.from });
  }
  return (goalId: string): Grain | undefined => {
    const asked = input.outcomes.find((outcome) => outcome.goal.id === goalId)?.planned.asked;
    if (asked?.kind !== "metric") return undefined;
    if (asked.compared_by) return asked.compared_by;
    const mine = wholeUnits.get(goalId);
    if (!mine) return undefined;
    const others = [...wholeUnits.values()].filter(
      (other) => other.metric === mine.metric && other.grain === mine.grain && other.from !== mine.from,
    );
    return others.length > 0 ? mine.grain : undefined;
  };
}

/**
 * Builds the answer's view from the reflector's checked outcomes: items, computed summaries,
 * conflicts, gaps, and the status already decided (`answerStatus`), in the labels' language.
 */
export function buildAnswerView(
  input: ViewInput,
  decided: { status: AnswerStatus; labels: Labels },
): BuiltView {
  const { workspace } = input;
  const known = new KnownNumbers();
  const catalog = messageCatalog(input.language);
  const context: ViewContext = {
    input,
    workspace,
    labels: decided.labels,
    citations: new CitationRegistry(catalog.citation),
    known,
    evidenceOf: (goalId) =>
      input.outcomes.find((outcome) => outcome.goal.id === goalId)?.evidence as TableEvidence,
    amount: (value, unit) => formatAmount(value, unit, (money) => catalog.unit(money)),
    moneyWords: (unit) => moneyWords(unit, (money) => catalog.unit(money)),
  };
  collectInputNumbers(input, known);
  const eventTables = eventTablesOf(input);
  const allPoints = pointsOfGoals(input.outcomes, workspace.config.catalog);
  collectDerivedPoints(allPoints, known);
  const points = resolvePoints(allPoints, input.comparisons, (source) =>
    trustOfSource(workspace.config.sources, source),
  );
  const series = seriesByComparedUnit(seriesOf(input, points), comparedUnitOf(input), known);
  const conflicts = input.comparisons.filter((comparison) => comparison.outcome === "conflict");
  collectComparisonNumbers(input.comparisons, known);

  // Citations are numbered in this order: items first, then the inputs of aggregates.
  const { items, itemCitations } = itemViews(context, points);
  // Summaries add their computed numbers in this order.
  const differences = differenceViews(context, series);
  const trends = trendViews(context, series);
  const periodReadings = periodReadingViews(context);
  const explanations = explanationViews(context, series);
  // An explained change lists its events as candidate explanations, cited; the plain alignment
  // lines of the same metric and keys would say it twice.
  const keyParts = (keys: string) => keys.split(" · ").sort().join(" · ");
  const alignments = alignmentViews(context, eventTables, series).filter(
    (alignment) =>
      !explanations.some(
        (explanation) =>
          explanation.metric === alignment.metric && keyParts(explanation.keys) === keyParts(alignment.keys),
      ),
  );
  const correlations = correlationViews(context, series);
  const absences = absenceViews(context, eventTables);
  const aggregates = aggregateViews(context);
  const premises = premiseViews(context, series);
  const breakdowns = breakdownViews(context);
  const sharedNames = sharedNameViews(context, eventTables);
  const view: AnswerView = {
    language: input.language,
    question: input.question,
    status: decided.status,
    items,
    differences,
    trends,
    alignments,
    absences,
    explanations,
    periodReadings,
    premises,
    breakdowns,
    sharedNames,
    aggregates,
    correlations,
    conflicts: conflictViews(context, conflicts, points),
    agreements: agreementViews(context),
    gaps: gapViews(input),
    broadened: broadenedViews(input),
  };
  return {
    view,
    citations: context.citations,
    known: known.numbers,
    conflicts: conflicts.map(toAnswerConflict),
    items: itemCitations,
  };
}
