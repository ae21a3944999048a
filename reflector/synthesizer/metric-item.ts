import type { SubGoal } from "../../models/plan.js";
import { pointHasAskedKeys, pointInPeriod } from "../answer-check.js";
import type { MetricPoint } from "../metric-points.js";
import { type ItemView, linesLeftOut, MAX_LINES, type ValueView, type ViewContext } from "./answer-view.js";
import { formatNumber } from "./format-number.js";
import { type GoalOutcome, itemStatus } from "./goal-outcome.js";
import type { ResolvedPoint } from "./summaries.js";

/** Cites the rows behind a metric point. */
export function citePoint(context: ViewContext, point: MetricPoint): number {
  return context.citations.rows(point.goal, point.source, context.evidenceOf(point.goal), point.rows);
}

/** A point that is not for the asked keys or period: shown as context, never as the answer. */
function isContext(outcome: GoalOutcome, goal: SubGoal, point: MetricPoint): boolean {
  const asked = outcome.planned.asked;
  return (
    asked?.kind === "metric" &&
    !(
      pointHasAskedKeys(point, asked.keys, goal) &&
      (asked.periods.length === 0 ||
        asked.periods.some((unit) => pointInPeriod(point, unit, goal)) ||
        // A why-question's base period is fetched to measure the change from: not context.
        (asked.explain !== undefined && pointInPeriod(point, asked.explain.base, goal)))
    )
  );
}

/** One value line: the keys, the value in its unit, its citation, and the sources' values when they were compared. */
function valueView(context: ViewContext, outcome: GoalOutcome, point: ResolvedPoint): ValueView {
  const { labels, citations } = context;
  const comparison = point.comparison;
  return {
    keys: labels.keys(point.keys, point.period),
    value: context.amount(point.value, point.unit),
    cite: citePoint(context, point),
    context: isContext(outcome, outcome.goal, point),
    ...(comparison
      ? {
          conflict: {
            values: comparison.values.map((entry) => ({
              source: entry.source,
              value: context.amount(entry.value, point.unit),
              weight: formatNumber(entry.weight),
              cite: citations.rows(entry.goal, entry.source, context.evidenceOf(entry.goal), entry.rows),
            })),
            resolved: comparison.resolved === null ? null : context.amount(comparison.resolved, point.unit),
            policy: comparison.policy,
            outcome: comparison.outcome,
          },
        }
      : {}),
  };
}

/** The item of a metric goal: its resolved points (at most MAX_LINES), each cited. */
export function metricItem(
  context: ViewContext,
  outcome: GoalOutcome,
  points: ResolvedPoint[],
  metric: string,
): ItemView {
  const gap = outcome.check?.gap;
  // Data that ends before the asked period: its last value is the context, not every period before it.
  const endsAt =
    outcome.check?.status === "insufficient" && gap?.code === "metric_periods_missing"
      ? gap.dataEnds
      : undefined;
  const mine = points.filter(
    (point) => point.goal === outcome.goal.id && (endsAt === undefined || point.period === endsAt),
  );
  // The asked periods without a value are said in the item itself, before any context (issue 29
  // item 7): "老城区 · 2024-11：无数值（数据截至 2024-09，最后的数值为 18.2%）".
  const missing =
    outcome.check?.status !== "answered" && gap?.code === "metric_periods_missing"
      ? {
          keys: context.labels.keys(gap.keys, gap.periods.join(", ")),
          ...(gap.dataEnds ? { dataEnds: gap.dataEnds } : {}),
          ...(gap.lastValue ? { lastValue: `${gap.lastValue}${context.moneyWords(gap.lastUnit)}` } : {}),
        }
      : undefined;
  return {
    kind: "metric",
    goal: outcome.goal.id,
    label: context.labels.metric(metric),
    ...(missing ? { missing } : {}),
    values: mine.slice(0, MAX_LINES).map((point) => valueView(context, outcome, point)),
    more: linesLeftOut(context, mine.length, MAX_LINES),
    status: itemStatus(outcome) as "answered" | "partial" | "insufficient",
  };
}
