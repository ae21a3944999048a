import { periodLabelRange } from "../../domain/period-range.js";
import type { Grain } from "../../models/plan.js";
import { enclosingUnit, periodLabel } from "../period-broadening.js";
import { changeUnitOf } from "./format-number.js";
import type { KnownNumbers } from "./known-numbers.js";
import type { ResolvedPoint, Series } from "./summaries.js";

// "How did repair cost change from Q1 to Q2?" on monthly rows compares two quarters, not six
// months: the planner records the unit the question compared in (`asked.compared_by`), and the
// series the analysis reads are summed into those units — for a metric whose values add up
// (counts, durations, money), and only over units whose every row is there. A rate or a score
// does not add up, and a unit with a row missing has no total: those series keep their rows.

/**
 * Whether values of this unit add up to the value of a longer period: counts, and the units a
 * difference is said in as themselves (durations, money); not rates, scores or ratios.
 */
export function isAdditiveUnit(unit: string | undefined): boolean {
  if (unit === "count") return true;
  const changeUnit = changeUnitOf(unit);
  return changeUnit !== "" && changeUnit !== "percent_points" && changeUnit !== "points";
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Whether the points' periods follow one another without a gap from `from` to `to`. */
function coversWhole(points: ResolvedPoint[], from: string, to: string): boolean {
  const ranges = points
    .map((point) => (point.period ? periodLabelRange(point.period) : undefined))
    .sort((left, right) => (left?.from ?? "").localeCompare(right?.from ?? ""));
  let expected = from;
  for (const range of ranges) {
    if (!range || range.from !== expected) return false;
    expected = nextDay(range.to);
  }
  return ranges.length > 0 && expected === nextDay(to);
}

/**
 * The series with each one whose goal compared in a coarser unit summed into that unit; every
 * total is added to the known numbers as computed, for the number audit.
 */
export function seriesByComparedUnit(
  series: Series[],
  comparedBy: (goal: string) => Grain | undefined,
  known: KnownNumbers,
): Series[] {
  return series.map((entry) => {
    const grain = entry.points.map((point) => comparedBy(point.goal)).find((found) => found !== undefined);
    if (!grain || !isAdditiveUnit(entry.unit)) return entry;
    const groups = new Map<string, ResolvedPoint[]>();
    for (const point of entry.points) {
      const range = point.period ? periodLabelRange(point.period) : undefined;
      if (!range) return entry;
      const unit = enclosingUnit(range.from, grain);
      if (range.to > unit.to) return entry;
      const key = `${unit.from}..${unit.to}`;
      groups.set(key, [...(groups.get(key) ?? []), point]);
    }
    const totals: ResolvedPoint[] = [];
    for (const [key, members] of groups) {
      const [from, to] = key.split("..");
      if (!coversWhole(members, from, to)) return entry;
      const value = members.reduce((sum, point) => sum + point.value, 0);
      const period = periodLabel({ grain, from, to });
      known.add(value, "computed", { label: `total of ${entry.metric} for ${period}` });
      // The unit's label is a period the answer names; it is the question's own, read as dates.
      known.addText(period, "computed", { label: `period ${period} the question compared in` });
      totals.push({
        ...members[0],
        period,
        value,
        rows: members.flatMap((point) => point.rows),
        derivation: "sum",
      });
    }
    return totals.length >= 2 ? { ...entry, points: totals } : entry;
  });
}
