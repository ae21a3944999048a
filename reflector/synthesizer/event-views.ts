import type { CellValue, TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import { messageCatalog } from "../messages/render-message.js";
import { dateColumnOf, type GoalTableInput } from "../metric-points.js";
import { periodLabel } from "../period-broadening.js";
import { type AnswerView, type ItemView, linesLeftOut, MAX_LINES, type ViewContext } from "./answer-view.js";
import { cellText, changeUnitOf, formatNumber } from "./format-number.js";
import { type GoalOutcome, itemStatus } from "./goal-outcome.js";
import { type EventTable, eventListRole, sameEvent, sameEventOtherDate } from "./same-events.js";
import { alignEvents, eventAbsences, type Series } from "./summaries.js";

// Columns that say what kind of record it is rather than what happened.
const BOOKKEEPING_COLUMNS = /^(status|event|type|issue_?type|kind)$/;

/** The column naming an event: the issue key, else the first text column (a version, a campaign). */
export function eventKeyColumn(evidence: TableEvidence, dateColumn: string | undefined): string | undefined {
  return (
    evidence.columns.find((column) => column.name === "key")?.name ??
    evidence.columns.find(
      (column) =>
        column.type === "string" && column.name !== dateColumn && !BOOKKEEPING_COLUMNS.test(column.name),
    )?.name
  );
}

/** What happened in an event row: its other text columns, dimension values in the answer's language. */
export function eventDetail(
  context: ViewContext,
  evidence: TableEvidence,
  row: Record<string, CellValue>,
  keyColumn: string | undefined,
  dateColumn: string | undefined,
): string {
  const { catalog } = context.workspace.config;
  const eventNames = Object.keys(catalog.events);
  return evidence.columns
    .filter(
      (column) =>
        column.name !== keyColumn && column.name !== dateColumn && !BOOKKEEPING_COLUMNS.test(column.name),
    )
    .map((column) =>
      column.name in catalog.dimensions
        ? context.labels.value(column.name, cellText(row[column.name]))
        : upstreamWords(context, cellText(row[column.name])),
    )
    .filter((text) => text && !eventNames.includes(text))
    .join(" · ");
}

/**
 * A record's own text as the answer shows it: quoted when written in another language than the
 * answer's (an English title in a Chinese answer, Chinese in an English one), so it reads as the
 * upstream's words and not as a sentence of the answer.
 */
function upstreamWords(context: ViewContext, text: string): string {
  const foreign = context.labels.language === "en" ? /\p{Script=Han}/u.test(text) : /[A-Za-z]{2,}/.test(text);
  return text && foreign ? messageCatalog(context.labels.language).quote(text) : text;
}

const periodOfGoal = (subGoal: SubGoal) =>
  subGoal.params.period ? periodLabel(subGoal.params.period) : undefined;

/** One event line of a table's row: key, date, what happened, cited. */
function eventLine(context: ViewContext, table: EventTable, index: number) {
  const { evidence, outcome } = table;
  const row = evidence.rows[index];
  const dateColumn = dateColumnOf(evidence);
  const keyColumn = eventKeyColumn(evidence, dateColumn);
  return {
    key: keyColumn ? cellText(row[keyColumn]) : "",
    date: dateColumn ? cellText(row[dateColumn]).slice(0, 10) : "",
    detail: eventDetail(context, evidence, row, keyColumn, dateColumn),
    cite: context.citations.rows(outcome.goal.id, outcome.goal.source, evidence, [index]),
    alsoCites: [] as number[],
    /** Other sources that list the same event on another day. */
    otherDates: [] as { source: string; date: string }[],
  };
}

/**
 * The item of an event goal: its events (date, key, what happened), each cited, and the asked
 * values with none. The same event asked of several sources is one item, the most trusted
 * source's: an event other sources list too is cited from each, one only they list is marked with
 * its source; the other sources' goals get no item of their own (undefined).
 */
export function eventsItem(
  context: ViewContext,
  outcome: GoalOutcome,
  evidence: TableEvidence,
): ItemView | undefined {
  const { goal } = outcome;
  const { labels } = context;
  const role = eventListRole(context, outcome);
  if (role.role === "folded") return undefined;
  const own: EventTable = { outcome, evidence };
  const dimensions = new Set(Object.keys(context.workspace.config.catalog.dimensions));
  const events: (ReturnType<typeof eventLine> & { onlyIn?: string })[] = evidence.rows
    .slice(0, MAX_LINES)
    .map((_, index) => eventLine(context, own, index));
  for (const peer of role.peers)
    peer.evidence.rows.forEach((_, peerRow) => {
      const match = events.findIndex(
        (_, ownRow) =>
          ownRow < evidence.rows.length &&
          sameEvent({ evidence, row: ownRow }, { evidence: peer.evidence, row: peerRow }, dimensions),
      );
      // The same key on another day: one event whose date the sources disagree on, said beside it.
      const keyed =
        match >= 0
          ? -1
          : events.findIndex(
              (_, ownRow) =>
                ownRow < evidence.rows.length &&
                sameEventOtherDate(
                  { evidence, row: ownRow, keyColumn: eventKeyColumn(evidence, dateColumnOf(evidence)) },
                  {
                    evidence: peer.evidence,
                    row: peerRow,
                    keyColumn: eventKeyColumn(peer.evidence, dateColumnOf(peer.evidence)),
                  },
                  dimensions,
                ),
            );
      const cite = () =>
        context.citations.rows(peer.outcome.goal.id, peer.outcome.goal.source, peer.evidence, [peerRow]);
      if (match >= 0) events[match].alsoCites.push(cite());
      else if (keyed >= 0) {
        events[keyed].alsoCites.push(cite());
        events[keyed].otherDates.push({
          source: peer.outcome.goal.source,
          date: eventLine(context, peer, peerRow).date,
        });
      } else if (events.length < MAX_LINES)
        events.push({ ...eventLine(context, peer, peerRow), onlyIn: peer.outcome.goal.source });
    });
  const absent = eventAbsences([{ goal, evidence }], periodOfGoal)
    .filter((absence) => absence.goal === goal.id)
    .map((absence) => ({
      value: absence.value ? labels.value(absence.dimension, absence.value) : "",
      period: absence.period ?? "",
    }));
  // Two sources listing the same kind of event for other keys are told apart by their source.
  const otherSource =
    role.peers.length === 0 &&
    context.input.outcomes.some(
      (other) =>
        other.goal.params.event &&
        other.goal.params.event === goal.params.event &&
        other.goal.source !== goal.source,
    );
  const label = `${goal.params.event ? labels.event(goal.params.event) : goal.description}${otherSource ? ` (${goal.source})` : ""}`;
  return {
    kind: "events",
    goal: goal.id,
    label,
    events,
    more: linesLeftOut(context, evidence.rows.length, MAX_LINES),
    absent,
    status: itemStatus(outcome) as "answered" | "partial" | "insufficient",
  };
}

/** Events placed on the metric series around them (the same event from two sources once), with the change. */
export function alignmentViews(
  context: ViewContext,
  eventTables: GoalTableInput[],
  series: Series[],
): AnswerView["alignments"] {
  const { labels, known } = context;
  const seenAlignments = new Set<string>();
  const uniqueAlignments = alignEvents(eventTables, series).filter((alignment) => {
    // The same event reported by two sources (tickets and the release notes) is placed once.
    const id = `${alignment.date}|${alignment.series.metric}|${JSON.stringify(alignment.series.keys)}`;
    if (seenAlignments.has(id)) return false;
    seenAlignments.add(id);
    return true;
  });
  return uniqueAlignments.slice(0, MAX_LINES).map((alignment) => {
    if (alignment.change !== undefined)
      known.add(alignment.change, "computed", { label: "change around an event" });
    const eventGoal = eventTables.find((entry) => entry.goal.id === alignment.goal)?.goal;
    const eventEvidence = eventTables.find((entry) => entry.goal.id === alignment.goal)!.evidence;
    const dateColumn = dateColumnOf(eventEvidence);
    const keyColumn = eventKeyColumn(eventEvidence, dateColumn);
    const detail = eventDetail(context, eventEvidence, alignment.event, keyColumn, dateColumn);
    return {
      event: eventGoal?.params.event ? labels.event(eventGoal.params.event) : (eventGoal?.description ?? ""),
      eventKey: `${keyColumn ? cellText(alignment.event[keyColumn]) : ""}${detail ? ` (${detail})` : ""}`,
      date: alignment.date,
      metric: labels.metric(alignment.series.metric),
      keys: labels.keys(alignment.series.keys),
      period: alignment.within.period ?? "",
      value: context.amount(alignment.within.value, alignment.series.unit),
      ...(alignment.before
        ? {
            beforePeriod: alignment.before.period ?? "",
            beforeValue: context.amount(alignment.before.value, alignment.series.unit),
            change: formatNumber(Math.abs(alignment.change ?? 0)),
            direction: (alignment.change ?? 0) > 0 ? "up" : (alignment.change ?? 0) < 0 ? "down" : "flat",
          }
        : {}),
      changeUnit: changeUnitOf(alignment.series.unit),
    };
  });
}

/** Asked values (a product, a region) for which an event table holds no event in the period. */
export function absenceViews(context: ViewContext, eventTables: GoalTableInput[]): AnswerView["absences"] {
  const { labels } = context;
  const views = eventAbsences(eventTables, periodOfGoal).map((absence) => {
    const goal = eventTables.find((entry) => entry.goal.id === absence.goal)!.goal;
    return {
      event: goal.params.event ? labels.event(goal.params.event) : goal.description,
      value: absence.value ? labels.value(absence.dimension, absence.value) : "",
      period: absence.period ?? "",
    };
  });
  // Two sources of one event that both found none say one thing: it is said once.
  return views.filter(
    (view, index) =>
      views.findIndex(
        (other) => other.event === view.event && other.value === view.value && other.period === view.period,
      ) === index,
  );
}
