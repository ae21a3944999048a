import type { MetricComparison } from "../conflicts.js";
import type { AnswerView, ViewContext } from "./answer-view.js";
import { formatNumber } from "./format-number.js";
import type { ResolvedPoint } from "./summaries.js";

function unitOfMetric(context: ViewContext, metric: string): "percent" | undefined {
  return context.workspace.config.catalog.metrics[metric]?.unit === "percent" ? "percent" : undefined;
}

function keysText(context: ViewContext, comparison: MetricComparison): string {
  return Object.entries(comparison.keys)
    .map(([dimension, value]) => context.labels.value(dimension, value))
    .join(" · ");
}

/** Sources that disagree on a value: each source's value and weight, and what the policy resolved. */
export function conflictViews(
  context: ViewContext,
  conflicts: MetricComparison[],
  points: ResolvedPoint[],
): AnswerView["conflicts"] {
  return conflicts.map((comparison) => {
    const unit =
      points.find((point) => point.comparison === comparison)?.unit ??
      unitOfMetric(context, comparison.metric);
    return {
      metric: context.labels.metric(comparison.metric),
      keys: keysText(context, comparison),
      values: comparison.values.map((entry) => ({
        source: entry.source,
        value: context.amount(entry.value, unit),
        weight: formatNumber(entry.weight),
      })),
      resolved: comparison.resolved === null ? null : context.amount(comparison.resolved, unit),
      policy: comparison.policy,
    };
  });
}

/** Sources that agree on a value. */
export function agreementViews(context: ViewContext): AnswerView["agreements"] {
  return context.input.comparisons
    .filter((comparison) => comparison.outcome === "agreed")
    .map((comparison) => ({
      metric: context.labels.metric(comparison.metric),
      keys: keysText(context, comparison),
      sources: comparison.values.map((entry) => entry.source).join(", "),
      value: context.amount(comparison.resolved ?? 0, unitOfMetric(context, comparison.metric)),
    }));
}
