import type { SubGoal } from "../models/plan.js";

/** A value with its keys sorted, so that two records written in another order compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([left], [right]) => left.localeCompare(right))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  return value;
}

/**
 * What a metric goal asks for, as one comparable text: the metric, the keys and the periods the
 * question asked (`asked`, which no broadening changes; a plan without it compares its filters and
 * period). Two goals on different sources with the same text ask for the same number.
 */
export function askedNumber(goal: SubGoal): string | undefined {
  const metric = goal.params.metric;
  if (!metric) return undefined;
  const asked = goal.asked?.kind === "metric" ? goal.asked : undefined;
  return JSON.stringify(
    canonical(
      asked
        ? { metric, keys: asked.keys, periods: asked.periods, operation: asked.operation }
        : { metric, keys: goal.params.filters, period: goal.params.period },
    ),
  );
}

/** Whether two goals ask for the same metric value (the same keys and periods), whatever their sources. */
export function asksSameNumber(left: SubGoal, right: SubGoal): boolean {
  const asked = askedNumber(left);
  return asked !== undefined && asked === askedNumber(right);
}
