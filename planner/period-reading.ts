import type { AskedPeriodReading, Period } from "../models/plan.js";
import type { TimeMention } from "./time-expressions.js";

// An answer states the period it is for whenever the question did not name that period outright
// (issue 29, "the period said"): "last quarter" read against as-of, no period at all (the default),
// a bare month assumed to be last year's, or a month widened to a quarterly source's quarter.
// The planner records how on the goal's `asked.period_reading`; the answer says it first.

const covers = (outer: Period, inner: Period) => outer.from <= inner.from && inner.to <= outer.to;

/**
 * How one metric goal's period was read: `wanted` is the period at the question's grain (undefined
 * when the question named none and `defaulted` is the default used), `fitted` the one planned at
 * the source's grain. Undefined when the question named the period outright and it was planned as it is.
 */
export function periodReadingOf(
  wanted: Period,
  fitted: Period,
  defaulted: boolean,
  times: TimeMention[],
): AskedPeriodReading | undefined {
  if (defaulted) return { how: "default", period: fitted };
  const time = times.find((mention) => mention.periods.some((period) => covers(period, wanted)));
  if (time?.kind === "relative") return { how: "relative", period: wanted, written: time.text.trim() };
  if (time?.note && time.kind === "absolute")
    return { how: "assumed", period: wanted, written: time.text.trim() };
  if (fitted.from !== wanted.from || fitted.to !== wanted.to)
    return { how: "widened", period: fitted, written: time?.text.trim() || undefined };
  return undefined;
}
