import { pointHasAskedKeys } from "../answer-check.js";
import { periodStart } from "../metric-points.js";
import { periodLabel } from "../period-broadening.js";
import type { AnswerView, ViewContext } from "./answer-view.js";
import type { Series } from "./summaries.js";

function directionOf(change: number): "up" | "down" | "flat" {
  return Math.abs(change) < 1e-9 ? "flat" : change > 0 ? "up" : "down";
}

/**
 * A direction the question took for granted ("why did complaints rise") that the evidence
 * contradicts: the asked period's value against the period before it, or against the base the
 * question named (同比: a year earlier; the plan's `asked.explain`), for the asked metric and keys.
 * The answer says it first ("It did not rise: … fell from 44 in 2023-Q3 to 40 in 2023-Q4").
 * A premise the evidence bears out, or one it cannot judge (fewer than two periods), says nothing.
 */
export function premiseViews(context: ViewContext, series: Series[]): AnswerView["premises"] {
  const { labels } = context;
  const views: AnswerView["premises"] = [];
  const seen = new Set<Series>();
  for (const outcome of context.input.outcomes) {
    const asked = outcome.planned.asked;
    if (asked?.kind !== "metric" || !asked.premise) continue;
    const lastAsked = asked.periods.at(-1);
    const candidates = series.filter(
      (entry) =>
        entry.metric === asked.metric &&
        entry.points.every((point) => pointHasAskedKeys(point, asked.keys, outcome.goal)),
    );
    for (const entry of candidates) {
      if (seen.has(entry)) continue;
      const points = entry.points.filter((point) => point.period !== undefined);
      // The asked period's point: the last one starting at or before the last asked period.
      const upTo = lastAsked ? points.filter((point) => periodStart(point.period) <= lastAsked.from) : points;
      const lastIndex = upTo.length - 1;
      if (lastIndex < 1) continue;
      // Measured from the base the question named (a year earlier for 同比) when the plan records
      // one, else from the period just before.
      const base = asked.explain?.base;
      const before =
        (base && upTo.slice(0, lastIndex).find((point) => periodStart(point.period) === base.from)) ||
        points[lastIndex - 1];
      const last = points[lastIndex];
      const change = last.value - before.value;
      const actual = directionOf(change);
      if (actual === asked.premise) continue;
      seen.add(entry);
      // Sources that disagree at the asked period and fall on both sides of the base: the fused
      // value decides the direction, and the answer says that a source shows the stated one.
      const disputed =
        last.comparison?.outcome === "conflict" &&
        last.comparison.values.some((value) => directionOf(value.value - before.value) === asked.premise)
          ? last.comparison.values.map((value) => ({
              source: value.source,
              value: context.amount(value.value, entry.unit),
            }))
          : [];
      views.push({
        stated: asked.premise,
        actual,
        metric: labels.metric(entry.metric),
        keys: labels.keys(entry.keys),
        before: context.amount(before.value, entry.unit),
        beforePeriod: before.period ?? (lastAsked ? periodLabel(lastAsked) : ""),
        last: context.amount(last.value, entry.unit),
        lastPeriod: last.period ?? "",
        disputed,
      });
    }
  }
  return views;
}
