import { foldText } from "../domain/text-folding.js";
import type { AskedPeriodReading, Grain, Period } from "../models/plan.js";
import { periodUnits } from "./asked-for.js";
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
  question: string,
): AskedPeriodReading | undefined {
  if (defaulted) return { how: "default", period: fitted };
  const time = times.find((mention) => mention.periods.some((period) => covers(period, wanted)));
  const written = time?.text.trim() ? asWritten(question, time.text.trim()) : undefined;
  if (time?.kind === "relative") return { how: "relative", period: wanted, written };
  if (time?.note && time.kind === "absolute") return { how: "assumed", period: wanted, written };
  if (fitted.from !== wanted.from || fitted.to !== wanted.to)
    return { how: "widened", period: fitted, written };
  return undefined;
}

const GRAIN_SIZE: Record<Grain, number> = { day: 0, week: 1, month: 2, quarter: 3, year: 4 };

/**
 * The unit a question compared in when it is coarser than the source's: "from Q1 to Q2 2025" on
 * monthly rows is two quarters, not six months, so the answer compares quarter against quarter.
 * Only for two or more whole units of the written grain (a lone "2024" on monthly rows asks the
 * year's months, as before); weeks do not nest in months and are left alone.
 */
export function comparedUnitOf(wanted: Period, fitted: Period): Grain | undefined {
  if (wanted.grain === "week" || fitted.grain === "week") return undefined;
  if (GRAIN_SIZE[wanted.grain] <= GRAIN_SIZE[fitted.grain]) return undefined;
  // Dates the calendar arithmetic cannot step through ("14 a.d.") compare in nothing.
  if (!/^[1-9]\d{3}-/.test(wanted.from) || !/^[1-9]\d{3}-/.test(wanted.to)) return undefined;
  const units = periodUnits(wanted);
  if (units.length < 2 || units[0].from !== wanted.from || units[units.length - 1].to !== wanted.to)
    return undefined;
  return wanted.grain;
}

/**
 * The question's own words for a time read from its folded form (上个月 of 上個月, "last quarter"
 * of "Last Quarter"): the answer quotes what the user wrote, in the user's script. Time spans are
 * found in the question after its corrections, so their offsets need not point into the original.
 */
export function asWritten(question: string, written: string): string {
  const wanted = foldText(written);
  const length = [...written].length;
  const characters = [...question];
  for (let start = 0; start + length <= characters.length; start += 1) {
    const window = characters.slice(start, start + length).join("");
    if (foldText(window) === wanted) return window;
  }
  return written;
}
