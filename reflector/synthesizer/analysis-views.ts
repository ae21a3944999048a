import { askedAggregates } from "./aggregates.js";
import { type AnswerView, MAX_LINES, type ViewContext } from "./answer-view.js";
import { changeUnitOf, formatNumber, formatSigned } from "./format-number.js";
import { correlations, differences, type Series, trends } from "./summaries.js";

// The numbers the answer computes itself; each is added to the known numbers as it is shown.

/** Differences between two values of the same metric, absolute and relative. */
export function differenceViews(context: ViewContext, series: Series[]): AnswerView["differences"] {
  const { labels, known } = context;
  return differences(series).map((difference) => {
    known.add(difference.difference, "computed", { label: `difference of ${difference.metric}` });
    if (difference.relative !== null)
      known.add(difference.relative, "computed", { label: `relative difference of ${difference.metric}` });
    return {
      metric: labels.metric(difference.metric),
      left: labels.keys(difference.left.keys, difference.left.period),
      right: labels.keys(difference.right.keys, difference.right.period),
      leftValue: context.amount(difference.left.value, difference.unit),
      rightValue: context.amount(difference.right.value, difference.unit),
      difference: formatNumber(Math.abs(difference.difference)),
      changeUnit: changeUnitOf(difference.unit),
      relative: difference.relative === null ? null : `${formatNumber(Math.abs(difference.relative), 1)}%`,
      higher: difference.difference > 0 ? "left" : difference.difference < 0 ? "right" : "equal",
    };
  });
}

/** The direction of each series over its periods, with its largest change when it has three or more. */
export function trendViews(context: ViewContext, series: Series[]): AnswerView["trends"] {
  const { labels, known } = context;
  return trends(series).map((trend) => {
    known.add(trend.change, "computed", { label: `change of ${trend.series.metric}` });
    if (trend.largest)
      known.add(trend.largest.change, "computed", { label: `largest change of ${trend.series.metric}` });
    const first = trend.series.points[0];
    const last = trend.series.points[trend.series.points.length - 1];
    const relative = first.value === 0 ? null : (trend.change / Math.abs(first.value)) * 100;
    if (relative !== null)
      known.add(relative, "computed", { label: `relative change of ${trend.series.metric}` });
    return {
      metric: labels.metric(trend.series.metric),
      keys: labels.keys(trend.series.keys),
      direction: trend.direction,
      first: context.amount(first.value, trend.series.unit),
      last: context.amount(last.value, trend.series.unit),
      firstPeriod: first.period ?? "",
      lastPeriod: last.period ?? "",
      ...(trend.largest && trend.series.points.length >= 3
        ? {
            largestFrom: trend.largest.from.period ?? "",
            largestTo: trend.largest.to.period ?? "",
            largestChange: formatSigned(trend.largest.change),
          }
        : {}),
      change: formatSigned(trend.change),
      relative: relative === null ? null : `${formatSigned(relative, 1)}%`,
      changeUnit: changeUnitOf(trend.series.unit),
    };
  });
}

/** Correlations between two metrics over the periods they share. */
export function correlationViews(context: ViewContext, series: Series[]): AnswerView["correlations"] {
  const { labels, known } = context;
  return correlations(series).map((correlation) => {
    known.add(correlation.coefficient, "computed", { label: "correlation" });
    known.add(correlation.periods, "computed", { label: "periods compared" });
    return {
      left: labels.metric(correlation.left.metric),
      right: labels.metric(correlation.right.metric),
      coefficient: formatNumber(correlation.coefficient),
      periods: correlation.periods,
    };
  });
}

/** Counts, totals and means the question asked for, with how each was computed and its inputs cited. */
export function aggregateViews(context: ViewContext): AnswerView["aggregates"] {
  const { labels, known, citations, workspace } = context;
  return askedAggregates(context.input.outcomes, workspace.config.catalog).map((aggregate) => {
    const how =
      aggregate.operation === "count"
        ? `count of ${aggregate.inputs} rows`
        : `${aggregate.operation === "total" ? "sum" : "mean"} of ${aggregate.inputs} values`;
    known.add(aggregate.value, "computed", {
      goal: aggregate.goal,
      label: `${how} of ${aggregate.subject.metric ?? aggregate.subject.event}`,
    });
    known.add(aggregate.inputs, "computed", { goal: aggregate.goal, label: "inputs of the computation" });
    const evidence = context.evidenceOf(aggregate.goal);
    return {
      label: aggregate.subject.metric
        ? labels.metric(aggregate.subject.metric)
        : labels.event(aggregate.subject.event ?? ""),
      value:
        aggregate.operation === "count"
          ? String(aggregate.value)
          : context.amount(aggregate.value, aggregate.unit),
      operation: aggregate.operation,
      inputs: aggregate.inputs,
      cites: aggregate.rows
        .slice(0, MAX_LINES)
        .map((row) => citations.rows(aggregate.goal, aggregate.source, evidence, [row])),
    };
  });
}
