import type { Workspace } from "../../config/workspace.js";
import { trustOf as trustOfSource } from "../../domain/trust.js";
import type { Broadening, Gap } from "../../models/answer.js";
import type { CellValue, TableEvidence } from "../../models/evidence.js";
import { pointHasAskedKeys, pointInPeriod } from "../answer-check.js";
import { type MetricComparison, toAnswerConflict } from "../conflicts.js";
import {
  dateColumnOf,
  type GoalTableInput,
  isEventTable,
  type MetricPoint,
  pointsOfGoals,
} from "../metric-points.js";
import { type KnownNumber, knownNumbersInText } from "../number-audit.js";
import { periodLabel } from "../period-broadening.js";
import { askedAggregates } from "./aggregates.js";
import { CitationRegistry } from "./citations.js";
import { formatNumber, formatSigned, formatValue } from "./format-number.js";
import type { GoalOutcome } from "./goal-outcome.js";
import { itemStatus } from "./goal-outcome.js";
import { type AnswerLanguage, Labels } from "./labels.js";
import { ocrOfCell } from "./ocr-caveats.js";
import {
  alignEvents,
  buildSeries,
  correlations,
  differences,
  eventAbsences,
  resolvePoints,
  trends,
} from "./summaries.js";

/** One value line of a metric item. */
interface ValueView {
  keys: string;
  value: string;
  cite: number;
  /** Not for the asked keys or period: shown as context, never as the answer. */
  context: boolean;
  conflict?: {
    values: { source: string; value: string; weight: string; cite: number }[];
    resolved: string | null;
    policy: string;
    outcome: string;
  };
}

/** One item of the answer, per sub-goal; templates phrase it per kind. */
export type ItemView =
  | {
      kind: "metric";
      goal: string;
      label: string;
      values: ValueView[];
      more: number;
      status: "answered" | "partial" | "insufficient";
    }
  | {
      kind: "events";
      goal: string;
      label: string;
      events: { key: string; date: string; detail: string; cite: number }[];
      more: number;
      absent: { value: string; period: string }[];
      status: "answered" | "partial" | "insufficient";
    }
  | {
      kind: "records";
      goal: string;
      label: string;
      rows: { text: string; cite: number }[];
      more: number;
      status: "answered" | "partial" | "insufficient";
    }
  | {
      kind: "text";
      goal: string;
      question: string;
      sufficient: boolean;
      quotes: { text: string; cite: number }[];
      missing?: string;
      answerKind: string;
      aspect: string;
      status: "answered" | "insufficient";
    }
  | { kind: "failed"; goal: string; label: string; reason: string; status: "failed" };

/** Everything the answer templates need, numbers already formatted. */
export interface AnswerView {
  language: AnswerLanguage;
  question: string;
  status: string;
  items: ItemView[];
  differences: {
    metric: string;
    left: string;
    right: string;
    leftValue: string;
    rightValue: string;
    difference: string;
    percentPoints: boolean;
    relative: string | null;
    higher: "left" | "right" | "equal";
  }[];
  trends: {
    metric: string;
    keys: string;
    direction: string;
    first: string;
    last: string;
    firstPeriod: string;
    lastPeriod: string;
    largestFrom?: string;
    largestTo?: string;
    largestChange?: string;
    percentPoints: boolean;
  }[];
  alignments: {
    event: string;
    eventKey: string;
    date: string;
    metric: string;
    keys: string;
    period: string;
    value: string;
    beforePeriod?: string;
    beforeValue?: string;
    change?: string;
    direction?: string;
    percentPoints: boolean;
  }[];
  absences: { event: string; value: string; period: string }[];
  /** Counts, totals and means the question asked for, each with how it was computed and its inputs cited. */
  aggregates: { label: string; value: string; operation: string; inputs: number; cites: number[] }[];
  correlations: { left: string; right: string; coefficient: string; periods: number }[];
  conflicts: {
    metric: string;
    keys: string;
    values: { source: string; value: string; weight: string }[];
    resolved: string | null;
    policy: string;
  }[];
  agreements: { metric: string; keys: string; sources: string; value: string }[];
  gaps: (Gap & { kind?: string; aspect?: string; source?: string })[];
  broadened: Broadening[];
}

/** The view, the citations and every number the answer may use. */
export interface BuiltView {
  view: AnswerView;
  citations: CitationRegistry;
  known: KnownNumber[];
  conflicts: ReturnType<typeof toAnswerConflict>[];
  items: { goal: string; status: ItemView["status"]; citations: number[] }[];
}

/** Inputs of the view. */
export interface ViewInput {
  question: string;
  language: AnswerLanguage;
  outcomes: GoalOutcome[];
  comparisons: MetricComparison[];
  broadenings: Broadening[];
  gaps: Gap[];
  workspace: Workspace;
}

const MAX_LINES = 8;
// Columns that say what kind of record it is rather than what happened.
const BOOKKEEPING_COLUMNS = /^(status|event|type|issue_?type|kind)$/;

/** The column naming an event: the issue key, else the first text column (a version, a campaign). */
function eventKeyColumn(evidence: TableEvidence, dateColumn: string | undefined): string | undefined {
  return (
    evidence.columns.find((column) => column.name === "key")?.name ??
    evidence.columns.find(
      (column) =>
        column.type === "string" && column.name !== dateColumn && !BOOKKEEPING_COLUMNS.test(column.name),
    )?.name
  );
}

/** What happened in an event row: its other text columns, dimension values in the answer's language. */
function eventDetail(
  evidence: TableEvidence,
  row: Record<string, CellValue>,
  keyColumn: string | undefined,
  dateColumn: string | undefined,
  labels: Labels,
  workspace: Workspace,
): string {
  const eventNames = Object.keys(workspace.config.catalog.events);
  return evidence.columns
    .filter(
      (column) =>
        column.name !== keyColumn && column.name !== dateColumn && !BOOKKEEPING_COLUMNS.test(column.name),
    )
    .map((column) =>
      column.name in workspace.config.catalog.dimensions
        ? labels.value(column.name, cellText(row[column.name]))
        : cellText(row[column.name]),
    )
    .filter((text) => text && !eventNames.includes(text))
    .join(" · ");
}

function cellText(value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "number") return formatNumber(value, 4);
  return String(value);
}

/** Builds the answer's view from the reflector's outcomes: items, computed summaries, conflicts, gaps. */
export function buildAnswerView(input: ViewInput): BuiltView {
  const { workspace, language } = input;
  const labels = new Labels(workspace.config.catalog, language);
  const citations = new CitationRegistry();
  const known: KnownNumber[] = [...knownNumbersInText(input.question, "question")];
  const trustOf = (source: string) => trustOfSource(workspace.config.sources, source);
  const addKnown = (value: number, origin: KnownNumber["origin"], extra: Partial<KnownNumber> = {}) =>
    known.push({ value, origin, ...extra });

  // Every value in every piece of evidence is a number the answer may quote.
  for (const outcome of input.outcomes) {
    const evidence = outcome.evidence;
    if (!evidence) continue;
    if (evidence.kind === "table") {
      evidence.rows.forEach((row, index) => {
        for (const [column, value] of Object.entries(row)) {
          if (typeof value === "number")
            addKnown(value, "evidence", {
              goal: outcome.goal.id,
              label: `${outcome.goal.source} row ${index + 1}`,
              ...ocrOfCell(evidence, index, column),
            });
          else if (typeof value === "string")
            known.push(...knownNumbersInText(value, "evidence", { goal: outcome.goal.id }));
        }
      });
    } else {
      for (const passage of evidence.passages)
        known.push(
          ...knownNumbersInText(passage.text, "evidence", { goal: outcome.goal.id, label: passage.chunk_id }),
        );
    }
    // Periods the plan asked for (and broadened to) are the question's own numbers.
    for (const subGoal of [outcome.goal, outcome.planned]) {
      const period = subGoal.params.period;
      if (!period) continue;
      known.push(
        ...knownNumbersInText(`${period.from} ${period.to} ${periodLabel(period)}`, "question", {
          goal: subGoal.id,
        }),
      );
    }
  }
  for (const broadening of input.broadenings)
    known.push(
      ...knownNumbersInText(`${broadening.from} ${broadening.to}`, "computed", { goal: broadening.goal }),
    );
  // Failure reasons and gaps quote run facts (HTTP 500, 20000ms); they are the run's own numbers, not claims about the data.
  for (const outcome of input.outcomes)
    if (outcome.reason)
      known.push(
        ...knownNumbersInText(outcome.reason, "computed", { goal: outcome.goal.id, label: "run detail" }),
      );
  for (const gap of input.gaps)
    known.push(...knownNumbersInText(`${gap.missing} ${gap.check}`, "computed", { label: "gap" }));
  for (const [, source] of Object.entries(workspace.config.sources))
    addKnown(source.trust, "computed", { label: "trust weight from triangulate.yaml" });

  const tables: GoalTableInput[] = [];
  const eventTables: GoalTableInput[] = [];
  for (const outcome of input.outcomes) {
    if (outcome.status !== "answered" || outcome.evidence?.kind !== "table") continue;
    const entry = { goal: outcome.goal, evidence: outcome.evidence };
    if (isEventTable(outcome.goal, outcome.evidence)) eventTables.push(entry);
    else tables.push(entry);
  }
  const allPoints = pointsOfGoals(input.outcomes, workspace.config.catalog.metrics);
  for (const point of allPoints.filter((candidate) => candidate.derivation !== "cell"))
    addKnown(point.value, "computed", { goal: point.goal, label: `${point.derivation} of ${point.metric}` });
  const points = resolvePoints(allPoints, input.comparisons, trustOf);
  // Analysis (differences, trends) is built from goals that established something asked; a goal
  // whose every value is context contributes its values as context lines only.
  const insufficientGoals = new Set(
    input.outcomes
      .filter((outcome) => itemStatus(outcome) === "insufficient")
      .map((outcome) => outcome.goal.id),
  );
  // Records counted per day are a list, not a trend.
  const series = buildSeries(
    points.filter(
      (point) =>
        !insufficientGoals.has(point.goal) && !(point.derivation === "count" && point.periodName === "day"),
    ),
  );
  const evidenceOf = (goalId: string) =>
    input.outcomes.find((outcome) => outcome.goal.id === goalId)?.evidence as TableEvidence;
  const citePoint = (point: MetricPoint) =>
    citations.rows(point.goal, point.source, evidenceOf(point.goal), point.rows);

  const conflicts = input.comparisons.filter((comparison) => comparison.outcome === "conflict");
  for (const comparison of input.comparisons) {
    if (comparison.resolved !== null)
      addKnown(comparison.resolved, "computed", { label: `${comparison.policy} of ${comparison.metric}` });
    addKnown(comparison.relativeDifference * 100, "computed", { label: "relative spread between sources" });
  }

  const items: ItemView[] = [];
  const itemCitations: BuiltView["items"] = [];
  // Goals whose every point was folded into another goal's (a second source for the same keys) corroborate; they get no item.
  const owners = new Set(points.map((point) => point.goal));
  for (const outcome of input.outcomes) {
    const goal = outcome.goal;
    const before = citations.citations.length;
    if (outcome.status === "failed") {
      // A failed optional goal is reported among the gaps only: it was a cross-check, not part of the question.
      if (outcome.planned.required === false) continue;
      items.push({
        kind: "failed",
        goal: goal.id,
        label: goal.description,
        reason: outcome.reason ?? "failed",
        status: "failed",
      });
    } else if (outcome.evidence?.kind === "text") {
      const grade = outcome.grade;
      const quotes = (grade?.supporting ?? []).slice(0, 2).map((sentence) => ({
        text: sentence.text,
        cite: citations.passage(goal.id, goal.source, sentence),
      }));
      if (quotes.length === 0 && grade?.sufficient && outcome.evidence.passages[0]) {
        const passage = outcome.evidence.passages[0];
        quotes.push({
          text: passage.text.slice(0, 240),
          cite: citations.passage(goal.id, goal.source, passage),
        });
      }
      const textAnswered = itemStatus(outcome) === "answered";
      items.push({
        kind: "text",
        goal: goal.id,
        question: outcome.planned.params.query ?? outcome.planned.description,
        sufficient: textAnswered,
        quotes,
        ...(grade?.missing ? { missing: grade.missing } : {}),
        answerKind: grade?.kind ?? "general",
        aspect: grade?.aspect ?? "",
        status: textAnswered ? "answered" : "insufficient",
      });
    } else if (outcome.evidence?.kind === "table") {
      const evidence = outcome.evidence;
      if (isEventTable(goal, evidence)) {
        const dateColumn = dateColumnOf(evidence);
        const keyColumn = eventKeyColumn(evidence, dateColumn);
        const events = evidence.rows.slice(0, MAX_LINES).map((row, index) => ({
          key: keyColumn ? cellText(row[keyColumn]) : "",
          date: dateColumn ? cellText(row[dateColumn]).slice(0, 10) : "",
          detail: eventDetail(evidence, row, keyColumn, dateColumn, labels, workspace),
          cite: citations.rows(goal.id, goal.source, evidence, [index]),
        }));
        const absent = eventAbsences([{ goal, evidence }], (subGoal) =>
          subGoal.params.period ? periodLabel(subGoal.params.period) : undefined,
        )
          .filter((absence) => absence.goal === goal.id)
          .map((absence) => ({
            value: absence.value ? labels.value(absence.dimension, absence.value) : "",
            period: absence.period ?? "",
          }));
        // Two sources listing the same kind of event are told apart by their source.
        const sameEvent =
          input.outcomes.filter(
            (other) =>
              other.goal.params.event &&
              other.goal.params.event === goal.params.event &&
              other.goal.source !== goal.source,
          ).length > 0;
        const label = `${goal.params.event ? labels.event(goal.params.event) : goal.description}${sameEvent ? ` (${goal.source})` : ""}`;
        items.push({
          kind: "events",
          goal: goal.id,
          label,
          events,
          more: Math.max(0, evidence.rows.length - MAX_LINES),
          absent,
          status: itemStatus(outcome) as "answered" | "partial" | "insufficient",
        });
      } else if (goal.params.metric) {
        if (!owners.has(goal.id)) continue;
        const mine = points.filter((point) => point.goal === goal.id);
        const asked = outcome.planned.asked;
        const isContext = (point: MetricPoint) =>
          asked?.kind === "metric" &&
          !(
            pointHasAskedKeys(point, asked.keys, goal) &&
            (asked.periods.length === 0 || asked.periods.some((unit) => pointInPeriod(point, unit, goal)))
          );
        const values: ValueView[] = mine.slice(0, MAX_LINES).map((point) => {
          const comparison = point.comparison;
          return {
            keys: labels.keys(point.keys, point.period),
            value: formatValue(point.value, point.unit),
            cite: citePoint(point),
            context: isContext(point),
            ...(comparison
              ? {
                  conflict: {
                    values: comparison.values.map((entry) => ({
                      source: entry.source,
                      value: formatValue(entry.value, point.unit),
                      weight: formatNumber(entry.weight),
                      cite: citations.rows(entry.goal, entry.source, evidenceOf(entry.goal), entry.rows),
                    })),
                    resolved:
                      comparison.resolved === null ? null : formatValue(comparison.resolved, point.unit),
                    policy: comparison.policy,
                    outcome: comparison.outcome,
                  },
                }
              : {}),
          };
        });
        items.push({
          kind: "metric",
          goal: goal.id,
          label: labels.metric(goal.params.metric),
          values,
          more: Math.max(0, mine.length - MAX_LINES),
          status: itemStatus(outcome) as "answered" | "partial" | "insufficient",
        });
      } else {
        const rows = evidence.rows.slice(0, MAX_LINES).map((row, index) => ({
          text: evidence.columns
            .map((column) => cellText(row[column.name]))
            .filter(Boolean)
            .join(" · "),
          cite: citations.rows(goal.id, goal.source, evidence, [index]),
        }));
        items.push({
          kind: "records",
          goal: goal.id,
          label: goal.description,
          rows,
          more: Math.max(0, evidence.rows.length - MAX_LINES),
          status: itemStatus(outcome) as "answered" | "partial" | "insufficient",
        });
      }
    } else {
      items.push({
        kind: "failed",
        goal: goal.id,
        label: goal.description,
        reason: outcome.reason ?? "no evidence",
        status: "failed",
      });
    }
    const added = citations.citations.slice(before).map((_, index) => before + index + 1);
    itemCitations.push({ goal: goal.id, status: items.at(-1)!.status, citations: added });
  }

  const differenceViews = differences(series).map((difference) => {
    addKnown(difference.difference, "computed", { label: `difference of ${difference.metric}` });
    if (difference.relative !== null)
      addKnown(difference.relative, "computed", { label: `relative difference of ${difference.metric}` });
    return {
      metric: labels.metric(difference.metric),
      left: labels.keys(difference.left.keys, difference.left.period),
      right: labels.keys(difference.right.keys, difference.right.period),
      leftValue: formatValue(difference.left.value, difference.unit),
      rightValue: formatValue(difference.right.value, difference.unit),
      difference: formatNumber(Math.abs(difference.difference)),
      percentPoints: difference.unit === "percent",
      relative: difference.relative === null ? null : `${formatNumber(Math.abs(difference.relative), 1)}%`,
      higher: (difference.difference > 0 ? "left" : difference.difference < 0 ? "right" : "equal") as
        | "left"
        | "right"
        | "equal",
    };
  });
  const trendViews = trends(series).map((trend) => {
    addKnown(trend.change, "computed", { label: `change of ${trend.series.metric}` });
    if (trend.largest)
      addKnown(trend.largest.change, "computed", { label: `largest change of ${trend.series.metric}` });
    const first = trend.series.points[0];
    const last = trend.series.points[trend.series.points.length - 1];
    return {
      metric: labels.metric(trend.series.metric),
      keys: labels.keys(trend.series.keys),
      direction: trend.direction,
      first: formatValue(first.value, trend.series.unit),
      last: formatValue(last.value, trend.series.unit),
      firstPeriod: first.period ?? "",
      lastPeriod: last.period ?? "",
      ...(trend.largest && trend.series.points.length >= 3
        ? {
            largestFrom: trend.largest.from.period ?? "",
            largestTo: trend.largest.to.period ?? "",
            largestChange: formatSigned(trend.largest.change),
          }
        : {}),
      percentPoints: trend.series.unit === "percent",
    };
  });
  const seenAlignments = new Set<string>();
  const uniqueAlignments = alignEvents(eventTables, series).filter((alignment) => {
    // The same event reported by two sources (tickets and the release notes) is placed once.
    const id = `${alignment.date}|${alignment.series.metric}|${JSON.stringify(alignment.series.keys)}`;
    if (seenAlignments.has(id)) return false;
    seenAlignments.add(id);
    return true;
  });
  const alignmentViews = uniqueAlignments.slice(0, 8).map((alignment) => {
    if (alignment.change !== undefined)
      addKnown(alignment.change, "computed", { label: "change around an event" });
    const eventGoal = eventTables.find((entry) => entry.goal.id === alignment.goal)?.goal;
    const eventEvidence = eventTables.find((entry) => entry.goal.id === alignment.goal)!.evidence;
    const dateColumn = dateColumnOf(eventEvidence);
    const keyColumn = eventKeyColumn(eventEvidence, dateColumn);
    const detail = eventDetail(eventEvidence, alignment.event, keyColumn, dateColumn, labels, workspace);
    return {
      event: eventGoal?.params.event ? labels.event(eventGoal.params.event) : (eventGoal?.description ?? ""),
      eventKey: `${keyColumn ? cellText(alignment.event[keyColumn]) : ""}${detail ? ` (${detail})` : ""}`,
      date: alignment.date,
      metric: labels.metric(alignment.series.metric),
      keys: labels.keys(alignment.series.keys),
      period: alignment.within.period ?? "",
      value: formatValue(alignment.within.value, alignment.series.unit),
      ...(alignment.before
        ? {
            beforePeriod: alignment.before.period ?? "",
            beforeValue: formatValue(alignment.before.value, alignment.series.unit),
            change: formatNumber(Math.abs(alignment.change ?? 0)),
            direction: (alignment.change ?? 0) > 0 ? "up" : (alignment.change ?? 0) < 0 ? "down" : "flat",
          }
        : {}),
      percentPoints: alignment.series.unit === "percent",
    };
  });
  const correlationViews = correlations(series).map((correlation) => {
    addKnown(correlation.coefficient, "computed", { label: "correlation" });
    addKnown(correlation.periods, "computed", { label: "periods compared" });
    return {
      left: labels.metric(correlation.left.metric),
      right: labels.metric(correlation.right.metric),
      coefficient: formatNumber(correlation.coefficient),
      periods: correlation.periods,
    };
  });
  const absences = eventAbsences(eventTables, (goal) =>
    goal.params.period ? periodLabel(goal.params.period) : undefined,
  ).map((absence) => {
    const goal = eventTables.find((entry) => entry.goal.id === absence.goal)!.goal;
    return {
      event: goal.params.event ? labels.event(goal.params.event) : goal.description,
      value: absence.value ? labels.value(absence.dimension, absence.value) : "",
      period: absence.period ?? "",
    };
  });

  const aggregateViews = askedAggregates(input.outcomes, workspace.config.catalog).map((aggregate) => {
    const how =
      aggregate.operation === "count"
        ? `count of ${aggregate.inputs} rows`
        : `${aggregate.operation === "total" ? "sum" : "mean"} of ${aggregate.inputs} values`;
    addKnown(aggregate.value, "computed", {
      goal: aggregate.goal,
      label: `${how} of ${aggregate.subject.metric ?? aggregate.subject.event}`,
    });
    addKnown(aggregate.inputs, "computed", { goal: aggregate.goal, label: "inputs of the computation" });
    const evidence = evidenceOf(aggregate.goal);
    return {
      label: aggregate.subject.metric
        ? labels.metric(aggregate.subject.metric)
        : labels.event(aggregate.subject.event ?? ""),
      value:
        aggregate.operation === "count"
          ? String(aggregate.value)
          : formatValue(aggregate.value, aggregate.unit),
      operation: aggregate.operation,
      inputs: aggregate.inputs,
      cites: aggregate.rows
        .slice(0, MAX_LINES)
        .map((row) => citations.rows(aggregate.goal, aggregate.source, evidence, [row])),
    };
  });

  const status = "answered";
  const view: AnswerView = {
    language,
    question: input.question,
    status,
    items,
    differences: differenceViews,
    trends: trendViews,
    alignments: alignmentViews,
    absences,
    aggregates: aggregateViews,
    correlations: correlationViews,
    conflicts: conflicts.map((comparison) => {
      const unit =
        points.find((point) => point.comparison === comparison)?.unit ??
        (workspace.config.catalog.metrics[comparison.metric]?.unit === "percent" ? "percent" : undefined);
      return {
        metric: labels.metric(comparison.metric),
        keys: Object.entries(comparison.keys)
          .map(([dimension, value]) => labels.value(dimension, value))
          .join(" · "),
        values: comparison.values.map((entry) => ({
          source: entry.source,
          value: formatValue(entry.value, unit),
          weight: formatNumber(entry.weight),
        })),
        resolved: comparison.resolved === null ? null : formatValue(comparison.resolved, unit),
        policy: comparison.policy,
      };
    }),
    agreements: input.comparisons
      .filter((comparison) => comparison.outcome === "agreed")
      .map((comparison) => {
        const unit =
          workspace.config.catalog.metrics[comparison.metric]?.unit === "percent" ? "percent" : undefined;
        return {
          metric: labels.metric(comparison.metric),
          keys: Object.entries(comparison.keys)
            .map(([dimension, value]) => labels.value(dimension, value))
            .join(" · "),
          sources: comparison.values.map((entry) => entry.source).join(", "),
          value: formatValue(comparison.resolved ?? 0, unit),
        };
      }),
    gaps: input.gaps.map((gap) => {
      // Gaps of graded text goals carry what was asked, so each language can phrase them.
      const outcome = input.outcomes.find((candidate) => candidate.goal.id === gap.goal);
      return outcome?.grade && !outcome.grade.sufficient
        ? { ...gap, kind: outcome.grade.kind, aspect: outcome.grade.aspect, source: outcome.goal.source }
        : gap;
    }),
    broadened: input.broadenings.filter(
      (broadening, index, all) =>
        all.findIndex((other) => other.from === broadening.from && other.to === broadening.to) === index,
    ),
  };
  return { view, citations, known, conflicts: conflicts.map(toAnswerConflict), items: itemCitations };
}
