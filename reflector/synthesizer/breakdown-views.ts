import { trustOf } from "../../domain/trust.js";
import type { TableEvidence } from "../../models/evidence.js";
import { breakdownsOf } from "../breakdowns.js";
import { dateColumnOf, type GoalTableInput } from "../metric-points.js";
import { type NamedValue, sharedNames } from "../shared-names.js";
import { type AnswerView, linesLeftOut, MAX_LINES, type ViewContext } from "./answer-view.js";
import { eventKeyColumn } from "./event-views.js";
import { cellText, changeUnitOf, formatNumber, formatSigned } from "./format-number.js";

/**
 * The breakdowns the question asked for (which … most often, 高频, top 3): each period's ranking with
 * every kind's value cited to the rows it was counted or summed from, and each kind's change from
 * the first period to the last. Every number shown is added to the known numbers with how it was
 * computed, for the number audit.
 */
export function breakdownViews(context: ViewContext): AnswerView["breakdowns"] {
  const { workspace, labels, known, citations } = context;
  const { config } = workspace;
  const computed = breakdownsOf(context.input.outcomes, config.catalog, (source) =>
    trustOf(config.sources, source),
  );
  return computed.map((breakdown) => {
    const shown = Math.min(breakdown.top ?? MAX_LINES, MAX_LINES);
    // The whole span's ranking first: it answers "which led in Q2"; the periods' rankings follow.
    const ranked = breakdown.total
      ? [{ ...breakdown.total, total: true }, ...breakdown.periods]
      : breakdown.periods;
    const periods = ranked.map((period) => {
      const evidence = context.evidenceOf(period.goal) as TableEvidence;
      return {
        period: period.period,
        ...("total" in period ? { total: true } : {}),
        source: period.source,
        entries: period.entries.slice(0, shown).map((entry, _index, entries) => {
          // Equal values share a rank (1, 1, 3): a tie is never ordered by name as if one led.
          const rank = entries.findIndex((other) => other.amount === entry.amount) + 1;
          known.add(rank, "computed", {
            goal: period.goal,
            label: `rank of ${breakdown.dimension}=${entry.value}`,
          });
          known.add(entry.amount, "computed", {
            goal: period.goal,
            label: `${entry.derivation} of ${breakdown.metric} for ${breakdown.dimension}=${entry.value} in ${period.period}`,
          });
          return {
            rank,
            value: labels.value(breakdown.dimension, entry.value),
            amount: context.amount(entry.amount, breakdown.unit),
            cite: citations.rows(period.goal, period.source, evidence, entry.rows),
          };
        }),
        more: linesLeftOut(context, period.entries.length, shown),
      };
    });
    const changes = breakdown.changes.slice(0, MAX_LINES).map((change) => {
      // A kind with no records in a period was counted zero times: that zero is computed too.
      for (const end of [change.from, change.to])
        known.add(end, "computed", {
          label: `${breakdown.metric} for ${breakdown.dimension}=${change.value} at an end of the change`,
        });
      known.add(change.change, "computed", {
        label: `change of ${breakdown.metric} for ${breakdown.dimension}=${change.value}`,
      });
      if (change.relative !== null)
        known.add(change.relative, "computed", {
          label: `relative change of ${breakdown.metric} for ${breakdown.dimension}=${change.value}`,
        });
      return {
        value: labels.value(breakdown.dimension, change.value),
        from: context.amount(change.from, breakdown.unit),
        to: context.amount(change.to, breakdown.unit),
        change: formatSigned(change.change),
        relative: change.relative === null ? null : `${formatSigned(change.relative, 1)}%`,
      };
    });
    // A dimension with no name in the answer's language is left unnamed ("退款排名"), never in another.
    const dimensionName = labels.dimension(breakdown.dimension);
    const rising = breakdown.changes.filter((change) => change.change > 0);
    return {
      metric: labels.metric(breakdown.metric),
      dimension: dimensionName,
      keys: labels.keys(breakdown.keys),
      order: breakdown.order,
      ...(breakdown.top ? { top: breakdown.top } : {}),
      periods,
      firstPeriod: breakdown.periods[0].period,
      lastPeriod: breakdown.periods[breakdown.periods.length - 1].period,
      changes,
      changeUnit: changeUnitOf(breakdown.unit),
      grewMost: rising[0] ? labels.value(breakdown.dimension, rising[0].value) : null,
      grewMostBy: rising[0] ? formatNumber(rising[0].change) : null,
    };
  });
}

/**
 * Events that share a name with what the question broke down by (a release's "Service Desk" and
 * the category Service; "Ticketing" and the sub-type Ticket lost), each cited, with the change of
 * the kind it shares the name with. Only for questions that asked for a breakdown.
 */
export function sharedNameViews(
  context: ViewContext,
  eventTables: GoalTableInput[],
): AnswerView["sharedNames"] {
  const { workspace, labels, citations } = context;
  const { config } = workspace;
  const computed = breakdownsOf(context.input.outcomes, config.catalog, (source) =>
    trustOf(config.sources, source),
  );
  if (computed.length === 0 || eventTables.length === 0) return [];
  const values: NamedValue[] = [];
  const changes = new Map<string, string>();
  for (const breakdown of computed) {
    for (const [dimension, value] of Object.entries(breakdown.keys))
      for (const one of Array.isArray(value) ? value : [value]) values.push({ dimension, value: one });
    for (const change of breakdown.changes) {
      values.push({ dimension: breakdown.dimension, value: change.value });
      changes.set(
        `${breakdown.dimension}\u0000${change.value}`,
        `${context.amount(change.from, breakdown.unit)} → ${context.amount(change.to, breakdown.unit)}`,
      );
    }
    if (breakdown.changes.length === 0)
      for (const entry of breakdown.periods[0].entries)
        values.push({ dimension: breakdown.dimension, value: entry.value });
  }
  const tables = eventTables.map(({ goal, evidence }) => ({
    goal: goal.id,
    source: goal.source,
    evidence,
    trust: trustOf(config.sources, goal.source),
  }));
  return sharedNames(tables, values, config.catalog)
    .slice(0, MAX_LINES)
    .map((shared) => {
      const table = tables.find((candidate) => candidate.goal === shared.goal) as (typeof tables)[number];
      const dateColumn = dateColumnOf(table.evidence);
      const keyColumn = eventKeyColumn(table.evidence, dateColumn);
      const row = table.evidence.rows[shared.row];
      const event = eventTables.find((candidate) => candidate.goal.id === shared.goal)?.goal.params.event;
      const dimensionName = labels.dimension(shared.dimension);
      return {
        event: event ? labels.event(event) : "",
        key: keyColumn ? cellText(row[keyColumn]) : "",
        date: dateColumn ? cellText(row[dateColumn]).slice(0, 10) : "",
        text: shared.text,
        shared: shared.shared,
        with: `${dimensionName ? `${dimensionName} ` : ""}${labels.value(shared.dimension, shared.value)}`,
        change: changes.get(`${shared.dimension}\u0000${shared.value}`) ?? null,
        cite: citations.rows(shared.goal, shared.source, table.evidence, [shared.row]),
      };
    });
}
