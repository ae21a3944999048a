import type { Grain, Period } from "../../models/plan.js";
import type { PeriodPart, TimeUnit } from "../locales/time-locale.js";
import {
  addDays,
  type Day,
  dayOf,
  daysInMonth,
  grainOfUnit,
  isoOf,
  unitOfPeriod,
  unitPeriod,
  unitRun,
  validDay,
  weekdayOf,
} from "./calendar.js";
import type { CalendarParts, TimeToken, TimeValue, TokenContent } from "./time-tokens.js";

/** What every rule reads besides its tokens. */
export interface RuleContext {
  asOf: Day;
  asOfIso: string;
  /** The year written nearest to a position of the question, if the question writes any. */
  yearNear(position: number): number | undefined;
}

type Kind = TimeToken["kind"];
type TokenOf<K extends Kind> = Extract<TimeToken, { kind: K }>;
type Produced = TokenContent;

/**
 * One rule of the grammar (Duckling's shape): a name, a pattern of token tests, and a production
 * that composes the matched tokens into one, or gives nothing when they do not fit together.
 */
export interface TimeRule {
  name: string;
  pattern: ((token: TimeToken) => boolean)[];
  produce(tokens: TimeToken[], context: RuleContext, next: TimeToken | undefined): Produced | undefined;
}

const is =
  (...kinds: Kind[]) =>
  (token: TimeToken) =>
    kinds.includes(token.kind);
const calendarWith =
  (test: (parts: CalendarParts) => boolean) =>
  (token: TimeToken): boolean =>
    token.kind === "calendar" && test(token.parts);
/**
 * An ordinal that counts on its own (first, third). A weak one (头, also the end of 码头) is read
 * only after the period whose first units it picks (今年头两个月).
 */
const ordinal = (token: TimeToken) => token.kind === "ordinal" && !token.weak;
/** A day of a month beside a month name: digits or an ordinal word, never "a" or 一 (一共, a month). */
const dayNumber = (token: TimeToken) => ordinal(token) || (token.kind === "number" && token.digits);
/** A token that is a period already, or a calendar that can be read as one. */
const periodLike = (token: TimeToken) =>
  token.kind === "time" || token.kind === "calendar" || token.kind === "named_period";

/** The span of a number of units the calendar allows back or ahead (beyond it a number is something else). */
const MAX_UNITS_AWAY: Record<TimeUnit, number> = {
  day: 400,
  week: 104,
  month: 36,
  quarter: 12,
  half: 10,
  year: 10,
};

function time(period: Period, relative: boolean, conventions: string[] = [], toDate = false): Produced {
  return { kind: "time", value: { period, relative, conventions, ...(toDate ? { toDate } : {}) } };
}

const dayPeriod = (day: Day): Period => ({ grain: "day", from: isoOf(day), to: isoOf(day) });

const finer = (a: Grain, b: Grain): Grain => {
  const order: Grain[] = ["day", "week", "month", "quarter", "year"];
  return order[Math.min(order.indexOf(a), order.indexOf(b))];
};

/**
 * A calendar's parts as a period: a year, a half, quarter or month of a year, a day. Parts written
 * without a year take the nearest year written in the question ("Q3 vs Q4 2023"), else the latest
 * year in which they start by the as-of date, and say so (convention "yearless").
 * A weekday alone is no period (which Monday?).
 */
export function calendarPeriod(
  parts: CalendarParts,
  context: RuleContext,
  position: number,
): { period: Period; conventions: string[] } | undefined {
  const conventions: string[] = [];
  let year = parts.year;
  if (year === undefined) {
    if (parts.month === undefined && parts.quarter === undefined && parts.half === undefined)
      return undefined;
    const near = context.yearNear(position);
    if (near !== undefined) year = near;
    else {
      // The latest one that starts by as-of: asked on 2024-06-30, "9月" is September 2023.
      const thisYear = calendarPeriod({ ...parts, year: context.asOf.year }, context, position);
      year = thisYear && thisYear.period.from > context.asOfIso ? context.asOf.year - 1 : context.asOf.year;
      conventions.push("yearless");
    }
  }
  if (parts.day !== undefined) {
    if (parts.month === undefined || parts.quarter !== undefined || parts.half !== undefined)
      return undefined;
    const day = validDay(year, parts.month, parts.day);
    if (!day || (parts.weekday !== undefined && weekdayOf(day) !== parts.weekday)) return undefined;
    return { period: dayPeriod(day), conventions };
  }
  if (parts.weekday !== undefined) return undefined;
  const anchor = (month: number): Day => ({ year: year as number, month, day: 1 });
  if (parts.month !== undefined) return { period: unitPeriod(anchor(parts.month), "month", 0), conventions };
  if (parts.quarter !== undefined)
    return { period: unitPeriod(anchor(parts.quarter * 3), "quarter", 0), conventions };
  if (parts.half !== undefined) return { period: unitPeriod(anchor(parts.half * 6), "half", 0), conventions };
  return { period: unitPeriod(anchor(1), "year", 0), conventions };
}

/** A period-like token as a period, or undefined. */
function periodOf(token: TimeToken, context: RuleContext): TimeValue | undefined {
  if (token.kind === "time") return token.value;
  if (token.kind === "named_period")
    return { period: unitPeriod(context.asOf, token.unit, token.offset), relative: true, conventions: [] };
  if (token.kind === "calendar") {
    const read = calendarPeriod(token.parts, context, token.start);
    return read ? { ...read, relative: token.parts.yearRelative === true } : undefined;
  }
  if (token.kind === "unit")
    return { period: unitPeriod(context.asOf, token.unit, 0), relative: true, conventions: [] };
  return undefined;
}

/**
 * The part of a period a part word names (docs/planner.md, "conventions"): a week's first or last
 * three days; a month's days 1–10, 11–20 or 21 to its end; a quarter's first or last month; a
 * half's first or last quarter; a year's first or last quarter.
 */
function partOf(period: Period, part: PeriodPart): { period: Period; convention: string } | undefined {
  const unit = unitOfPeriod(period);
  const from = dayOf(period.from);
  const to = dayOf(period.to);
  if (unit === "week") {
    if (part === "middle") return undefined;
    const start = part === "start" ? from : addDays(to, -2);
    return {
      period: { grain: "day", from: isoOf(start), to: isoOf(addDays(start, 2)) },
      convention: "part-of-week",
    };
  }
  if (unit === "month") {
    const days =
      part === "start" ? [1, 10] : part === "middle" ? [11, 20] : [21, daysInMonth(from.year, from.month)];
    return {
      period: {
        grain: "day",
        from: isoOf({ ...from, day: days[0] }),
        to: isoOf({ ...from, day: days[1] }),
      },
      convention: "part-of-month",
    };
  }
  if (unit === "day" || part === "middle") return undefined;
  const inner: TimeUnit = unit === "quarter" ? "month" : "quarter";
  const piece = part === "start" ? unitPeriod(from, inner, 0) : unitPeriod(to, inner, 0);
  return { period: { ...piece, grain: "month" }, convention: `part-of-${unit}` };
}

/** The n-th (1-based; negative from the end) unit inside a period, or undefined when it does not fit. */
function nthUnitIn(container: Period, unit: TimeUnit, index: number, count = 1): Period | undefined {
  const first = unitPeriod(dayOf(container.from), unit, 0);
  if (first.from < container.from && unit !== "week") return undefined;
  const start = index > 0 ? index - 1 : undefined;
  const units: Period[] = [];
  // Units starting inside the container (a week belongs to the month its Monday falls in).
  for (let offset = unit === "week" && first.from < container.from ? 1 : 0; units.length < 60; offset += 1) {
    const period = unitPeriod(dayOf(container.from), unit, offset);
    if (period.from > container.to) break;
    units.push(period);
  }
  const begin = start ?? units.length + index - count + 1;
  const picked = units.slice(begin, begin + count);
  if (begin < 0 || picked.length !== count) return undefined;
  return { grain: grainOfUnit(unit), from: picked[0].from, to: picked[picked.length - 1].to };
}

const withinReach = (unit: TimeUnit, count: number) => count >= 1 && count <= MAX_UNITS_AWAY[unit];

/** True when a calendar can take the other's parts: no part given twice, no month beside a quarter. */
function mergeable(a: CalendarParts, b: CalendarParts): boolean {
  for (const key of ["year", "month", "day", "weekday", "quarter", "half"] as const)
    if (a[key] !== undefined && b[key] !== undefined) return false;
  const both = { ...a, ...b };
  const coarse = [both.month, both.quarter, both.half].filter((value) => value !== undefined).length;
  if (coarse > 1) return false;
  // A weekday goes only with a day of a month (Sunday, Feb 10), never with a bare year or month.
  if (both.weekday !== undefined && (both.day === undefined || both.month === undefined)) return false;
  return true;
}

/** The end of a range written without the year the other end has: it takes that year. */
function fillYear(parts: CalendarParts, from: CalendarParts): CalendarParts {
  if (parts.year !== undefined || from.year === undefined) return parts;
  return { ...parts, year: from.year, yearRelative: from.yearRelative };
}

/** The rules, most specific first: at every step the first rule that matches anywhere fires. */
export const TIME_RULES: TimeRule[] = [
  {
    name: "named-year",
    pattern: [is("named_year")],
    produce: ([token], { asOf }) => ({
      kind: "calendar",
      parts: { year: asOf.year + (token as TokenOf<"named_year">).offset, yearRelative: true },
    }),
  },
  {
    name: "half-word",
    pattern: [is("half_word")],
    produce: ([token]) => ({ kind: "calendar", parts: { half: (token as TokenOf<"half_word">).half } }),
  },
  {
    name: "calendar-merge",
    pattern: [is("calendar"), is("calendar")],
    produce: ([a, b]) => {
      const left = (a as TokenOf<"calendar">).parts;
      const right = (b as TokenOf<"calendar">).parts;
      if (!mergeable(left, right)) return undefined;
      return {
        kind: "calendar",
        parts: { ...left, ...right, yearRelative: left.yearRelative || right.yearRelative },
      };
    },
  },
  {
    // march 3, march third, february the 15th
    name: "month-then-day",
    pattern: [
      calendarWith(
        (parts) => parts.month !== undefined && parts.day === undefined && parts.weekday === undefined,
      ),
      dayNumber,
    ],
    produce: ([month, day]) => {
      const value = (day as TokenOf<"number">).value;
      if (value < 1 || value > 31) return undefined;
      return { kind: "calendar", parts: { ...(month as TokenOf<"calendar">).parts, day: value } };
    },
  },
  {
    // 15 of february, the first of march
    name: "day-then-month",
    pattern: [
      dayNumber,
      calendarWith(
        (parts) =>
          parts.month !== undefined &&
          parts.day === undefined &&
          parts.year === undefined &&
          parts.weekday === undefined,
      ),
    ],
    produce: ([day, month]) => {
      const value = (day as TokenOf<"number">).value;
      if (value < 1 || value > 31) return undefined;
      return { kind: "calendar", parts: { ...(month as TokenOf<"calendar">).parts, day: value } };
    },
  },
  {
    name: "named-day",
    pattern: [is("named_day")],
    produce: ([token], { asOf }) =>
      time(dayPeriod(addDays(asOf, (token as TokenOf<"named_day">).offset)), true),
  },
  {
    name: "named-period",
    pattern: [is("named_period")],
    produce: ([token], context) => {
      const value = periodOf(token, context);
      return value ? time(value.period, true) : undefined;
    },
  },
  {
    // 上季度末, 上个月底, 去年末 (上年末): the step names the unit before the part picks from it; read
    // as unit + part first (季度末), it was the current quarter's end, after as-of.
    name: "part-of-period",
    pattern: [is("step"), is("unit"), is("part")],
    produce: ([step, unit, part], context) => {
      const value = (step as TokenOf<"step">).value;
      const which = (unit as TokenOf<"unit">).unit;
      const picked = partOf(unitPeriod(context.asOf, which, value), (part as TokenOf<"part">).part);
      return picked ? time(picked.period, true, [picked.convention]) : undefined;
    },
  },
  {
    // 2024年初, 3月底, 年初
    name: "part-of-period",
    pattern: [(token) => periodLike(token) || token.kind === "unit", is("part")],
    produce: ([container, part], context) => partProduced(container, part, context),
  },
  {
    // early 2024, the beginning of the month, the end of last week
    name: "part-of-period",
    pattern: [is("part"), periodLike],
    produce: ([part, container], context) => partProduced(container, part, context),
  },
  {
    name: "part-of-period",
    pattern: [is("part"), is("unit")],
    produce: ([part, container], context) => partProduced(container, part, context),
  },
  {
    // bom, eoy: a part of the current unit in one word
    name: "part-of-period",
    pattern: [is("part_of_unit")],
    produce: ([token], context) => {
      const { part, unit } = token as TokenOf<"part_of_unit">;
      const picked = partOf(unitPeriod(context.asOf, unit, 0), part);
      return picked ? time(picked.period, true, [picked.convention]) : undefined;
    },
  },
  {
    // 上上个月: each 上 one more unit back
    name: "repeated-step",
    pattern: [is("step"), is("step")],
    produce: ([a, b]) => {
      const first = (a as TokenOf<"step">).value;
      const second = (b as TokenOf<"step">).value;
      if (first === 0 || Math.sign(first) !== Math.sign(second)) return undefined;
      return { kind: "step", value: first + second };
    },
  },
  {
    // 上一季度, 下一季度: written without a space, the count 一 belongs to the step, not to a Q1
    name: "step-unit",
    pattern: [
      (token) => token.kind === "step" && token.value !== 0,
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.quarter === 1),
    ],
    produce: ([step, quarter], { asOf }) =>
      step.end === quarter.start
        ? time(unitPeriod(asOf, "quarter", (step as TokenOf<"step">).value), true)
        : undefined,
  },
  {
    // the first quarter of last year, the second half of 2023, the first week of october 2014
    name: "nth-unit-of-period",
    pattern: [ordinal, is("unit"), periodLike],
    produce: ([ordinal, unit, container], context) => {
      const period = periodOf(container, context);
      if (!period) return undefined;
      const picked = nthUnitIn(
        period.period,
        (unit as TokenOf<"unit">).unit,
        (ordinal as TokenOf<"ordinal">).value,
      );
      return picked ? time(picked, period.relative) : undefined;
    },
  },
  {
    // the first two months of 2024, 今年前两个月 is composed the same way
    name: "first-units-of-period",
    pattern: [ordinal, is("number"), is("unit"), periodLike],
    produce: ([ordinal, count, unit, container], context) => {
      const period = periodOf(container, context);
      if (!period || (ordinal as TokenOf<"ordinal">).value !== 1) return undefined;
      const picked = nthUnitIn(
        period.period,
        (unit as TokenOf<"unit">).unit,
        1,
        (count as TokenOf<"number">).value,
      );
      return picked ? time(picked, period.relative) : undefined;
    },
  },
  {
    // the last two months of 2023, the last week of september 2014
    name: "last-units-of-period",
    pattern: [(token) => token.kind === "step" && token.value === -1, is("number"), is("unit"), periodLike],
    produce: ([, count, unit, container], context) => {
      const period = periodOf(container, context);
      if (!period || container.kind === "unit") return undefined;
      const value = (count as TokenOf<"number">).value;
      const picked = nthUnitIn(period.period, (unit as TokenOf<"unit">).unit, -1, value);
      return picked ? time(picked, period.relative) : undefined;
    },
  },
  {
    name: "last-unit-of-period",
    pattern: [
      (token) => token.kind === "step" && token.value === -1,
      is("unit"),
      (token) => token.kind === "time" || token.kind === "calendar",
    ],
    produce: ([, unit, container], context) => {
      const period = periodOf(container, context);
      if (!period) return undefined;
      const picked = nthUnitIn(period.period, (unit as TokenOf<"unit">).unit, -1);
      return picked ? time(picked, period.relative) : undefined;
    },
  },
  {
    // the first monday of this month, 十月第一个星期一
    name: "nth-weekday-of-period",
    pattern: [
      is("ordinal", "number"),
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.weekday !== undefined),
      (token) => periodLike(token) || token.kind === "unit",
    ],
    produce: ([ordinal, weekday, container], context) => {
      const period = periodOf(container, context);
      if (!period) return undefined;
      const wanted = (weekday as TokenOf<"calendar">).parts.weekday as number;
      const from = dayOf(period.period.from);
      const first = addDays(from, (wanted - weekdayOf(from) + 7) % 7);
      const day = addDays(first, 7 * ((ordinal as TokenOf<"ordinal">).value - 1));
      return isoOf(day) <= period.period.to ? time(dayPeriod(day), period.relative) : undefined;
    },
  },
  {
    name: "period-then-nth-weekday",
    pattern: [
      periodLike,
      is("ordinal", "number"),
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.weekday !== undefined),
    ],
    produce: ([container, ordinal, weekday], context) => {
      const period = periodOf(container, context);
      if (!period || container.kind === "unit" || unitOfPeriod(period.period) !== "month") return undefined;
      const wanted = (weekday as TokenOf<"calendar">).parts.weekday as number;
      const from = dayOf(period.period.from);
      const first = addDays(from, (wanted - weekdayOf(from) + 7) % 7);
      const day = addDays(first, 7 * ((ordinal as TokenOf<"number">).value - 1));
      return isoOf(day) <= period.period.to ? time(dayPeriod(day), period.relative) : undefined;
    },
  },
  {
    // 2023年前三季度: 三季度 read as a quarter name is the count of quarters after 前
    name: "period-then-first-units",
    pattern: [
      (token) => token.kind === "time" || token.kind === "calendar",
      (token) => token.kind === "ago" && token.direction === -1,
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.quarter !== undefined),
    ],
    produce: ([container, , quarters], context) => {
      const period = periodOf(container, context);
      if (!period || unitOfPeriod(period.period) !== "year") return undefined;
      const count = (quarters as TokenOf<"calendar">).parts.quarter as number;
      const picked = nthUnitIn(period.period, "quarter", 1, count);
      return picked ? time(picked, period.relative) : undefined;
    },
  },
  {
    // 2023年最后一个季度, 去年最后两个月: the last units of a period, written after it
    name: "period-then-last-units",
    pattern: [
      (token) => token.kind === "time" || token.kind === "calendar",
      (token) => token.kind === "step" && token.value === -1,
      is("number"),
      is("unit"),
    ],
    produce: ([container, , count, unit], context) => {
      const period = periodOf(container, context);
      if (!period) return undefined;
      const picked = nthUnitIn(
        period.period,
        (unit as TokenOf<"unit">).unit,
        -1,
        (count as TokenOf<"number">).value,
      );
      return picked ? time(picked, period.relative) : undefined;
    },
  },
  {
    // the month before last, the quarter after next
    name: "unit-then-step",
    pattern: [is("unit"), is("trailing_step")],
    produce: ([unit, step], { asOf }) =>
      time(unitPeriod(asOf, (unit as TokenOf<"unit">).unit, (step as TokenOf<"trailing_step">).value), true),
  },
  {
    // 今年前两个月, 今年头两个月, 2023年前三季度: the first units of a period, written after it
    name: "period-then-first-units",
    pattern: [
      periodLike,
      (token) =>
        (token.kind === "ago" && token.direction === -1) || (token.kind === "ordinal" && token.value === 1),
      is("number"),
      is("unit"),
    ],
    produce: ([container, , count, unit], context) => {
      const period = periodOf(container, context);
      if (!period || container.kind === "unit") return undefined;
      const picked = nthUnitIn(
        period.period,
        (unit as TokenOf<"unit">).unit,
        1,
        (count as TokenOf<"number">).value,
      );
      return picked ? time(picked, period.relative) : undefined;
    },
  },
  {
    // the three months ending march 2024, the last 3 months ending in march 2024
    name: "window-ending-at",
    pattern: [is("number"), is("unit"), is("ending"), periodLike],
    produce: ([count, unit, , end], context) => windowEnding(end, unit, count, context),
  },
  {
    // the three months to May 2024, the twelve months to March: a count of units up to a period
    name: "window-ending-at",
    pattern: [is("number"), is("unit"), is("range_to"), periodLike],
    produce: ([count, unit, , end], context) => windowEnding(end, unit, count, context),
  },
  {
    name: "window-ending-at",
    pattern: [is("step"), is("number"), is("unit"), is("ending"), periodLike],
    produce: ([step, count, unit, , end], context) =>
      (step as TokenOf<"step">).value === -1 ? windowEnding(end, unit, count, context) : undefined,
  },
  {
    // 截至2024年3月底的近三个月
    name: "window-ending-at",
    pattern: [
      is("ending"),
      periodLike,
      (token) => token.kind === "step" && token.value === -1,
      is("number"),
      is("unit"),
    ],
    produce: ([, end, , count, unit], context) => windowEnding(end, unit, count, context),
  },
  {
    name: "window-ending-at",
    pattern: [
      is("ending"),
      periodLike,
      (token) => token.kind === "ago" && token.direction === -1,
      is("number"),
      is("unit"),
    ],
    produce: ([, end, , count, unit], context) => windowEnding(end, unit, count, context),
  },
  {
    // 2 thursdays ago
    name: "weekdays-ago",
    pattern: [
      is("number"),
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.weekday !== undefined),
      is("ago"),
    ],
    produce: ([count, weekday, ago], { asOf }) => {
      const value = (count as TokenOf<"number">).value;
      const direction = (ago as TokenOf<"ago">).direction;
      const wanted = (weekday as TokenOf<"calendar">).parts.weekday as number;
      if (!withinReach("week", value)) return undefined;
      const nearest =
        direction < 0
          ? addDays(asOf, -(((weekdayOf(asOf) - wanted + 6) % 7) + 1))
          : addDays(asOf, ((wanted - weekdayOf(asOf) + 6) % 7) + 1);
      return time(dayPeriod(addDays(nearest, direction * 7 * (value - 1))), true);
    },
  },
  {
    // three days ago, a week ago, 两个月前, 三年前: the unit that many units away
    name: "units-ago",
    pattern: [is("number"), is("unit"), is("ago")],
    produce: ([count, unit, ago], { asOf }) => {
      const value = (count as TokenOf<"number">).value;
      const which = (unit as TokenOf<"unit">).unit;
      if (!withinReach(which, value)) return undefined;
      const direction = (ago as TokenOf<"ago">).direction;
      // A count of days or weeks back names a day (a week ago); of months, quarters or years, the
      // whole unit (three months ago: that month), the grain analytics data is recorded at.
      // A dataset recorded by week answers "two weeks ago" for the week holding that day (weeks-ago).
      if (which === "week") return time(dayPeriod(addDays(asOf, 7 * value * direction)), true, ["weeks-ago"]);
      return time(unitPeriod(asOf, which, value * direction), true, ["units-ago"]);
    },
  },
  {
    // monday of this week, sunday from last week
    name: "weekday-of-week",
    pattern: [
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.weekday !== undefined),
      (token) => token.kind === "time" && token.value.period.grain === "week",
    ],
    produce: ([weekday, week]) => weekdayIn(week, weekday),
  },
  {
    // last week's sunday, 上周二, 这周二
    name: "weekday-of-week",
    pattern: [
      (token) => token.kind === "time" && token.value.period.grain === "week",
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.weekday !== undefined),
    ],
    produce: ([week, weekday]) => weekdayIn(week, weekday),
  },
  {
    // last friday of october: the last such weekday inside a period
    name: "last-weekday-of-period",
    pattern: [
      (token) => token.kind === "step" && token.value === -1,
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.weekday !== undefined),
      (token) => token.kind === "time" || token.kind === "calendar",
    ],
    produce: ([, weekday, container], context) => {
      const period = periodOf(container, context);
      if (!period) return undefined;
      const wanted = (weekday as TokenOf<"calendar">).parts.weekday as number;
      const last = dayOf(period.period.to);
      const day = addDays(last, -((weekdayOf(last) - wanted + 7) % 7));
      return isoOf(day) >= period.period.from
        ? time(dayPeriod(day), period.relative, period.conventions)
        : undefined;
    },
  },
  {
    // last march, this january, next march: the month of that name before, in or after as-of's year
    name: "step-month",
    pattern: [
      is("step"),
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.month !== undefined),
    ],
    produce: ([step, month], { asOf }) => {
      const value = (step as TokenOf<"step">).value;
      const wanted = (month as TokenOf<"calendar">).parts.month as number;
      let year = asOf.year;
      if (value < 0 && wanted >= asOf.month) year -= 1;
      if (value > 0 && wanted <= asOf.month) year += 1;
      return time(unitPeriod({ year, month: wanted, day: 1 }, "month", 0), true);
    },
  },
  {
    // 20 of this month
    name: "day-of-month",
    pattern: [
      (token) => token.kind === "number" && token.digits && token.value >= 1 && token.value <= 31,
      (token) => token.kind === "time" && unitOfPeriod(token.value.period) === "month",
    ],
    produce: ([day, month]) => {
      const value = (month as TokenOf<"time">).value;
      const from = dayOf(value.period.from);
      const picked = validDay(from.year, from.month, (day as TokenOf<"number">).value);
      return picked ? time(dayPeriod(picked), value.relative) : undefined;
    },
  },
  {
    // last tuesday, 上星期二 (a weekday of the week a step away), this monday
    name: "step-weekday",
    pattern: [
      is("step"),
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.weekday !== undefined),
    ],
    produce: ([step, weekday], { asOf }) => {
      const week = unitPeriod(asOf, "week", (step as TokenOf<"step">).value);
      const wanted = (weekday as TokenOf<"calendar">).parts.weekday as number;
      return time(dayPeriod(addDays(dayOf(week.from), wanted - 1)), true, ["weekday-of-week"]);
    },
  },
  {
    // 20th of the previous month, 今个月二十号
    name: "day-of-month",
    pattern: [
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.day !== undefined),
      (token) => token.kind === "time" && unitOfPeriod(token.value.period) === "month",
    ],
    produce: ([day, month]) => dayIn(month, day),
  },
  {
    name: "day-of-month",
    pattern: [
      (token) => token.kind === "time" && unitOfPeriod(token.value.period) === "month",
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.day !== undefined),
    ],
    produce: ([month, day]) => dayIn(month, day),
  },
  {
    // the last 2 weeks, past 3 days, 近三个月, 上两周: whole units before the one holding as-of
    name: "rolling-units",
    pattern: [is("step"), is("number"), is("unit")],
    produce: ([step, count, unit], { asOf }, next) => {
      const direction = (step as TokenOf<"step">).value;
      const value = (count as TokenOf<"number">).value;
      const which = (unit as TokenOf<"unit">).unit;
      // "the last two quarters of last year": the count belongs to the container's rule.
      if (
        next?.joined &&
        (next.kind === "ending" ||
          next.kind === "time" ||
          next.kind === "calendar" ||
          next.kind === "named_year" ||
          next.kind === "step")
      )
        return undefined;
      if (!withinReach(which, value)) return undefined;
      // 上一季度, 上上一季度, this one week: one unit is the unit that many steps away; 近一年, the
      // past one year: the same unit, read as a window of one, whose note says so.
      if (value === 1)
        return time(
          unitPeriod(asOf, which, direction),
          true,
          (step as TokenOf<"step">).window && direction < 0 ? ["rolling-window"] : [],
        );
      if (direction === 0) return undefined;
      return time(
        direction < 0 ? unitRun(asOf, which, -1, value) : unitRun(asOf, which, value, value),
        true,
        direction < 0 ? ["rolling-window"] : [],
      );
    },
  },
  {
    // 前两天, 后三天
    name: "rolling-units",
    pattern: [is("ago"), is("number"), is("unit")],
    produce: ([ago, count, unit], { asOf }, next) => {
      const direction = (ago as TokenOf<"ago">).direction;
      const value = (count as TokenOf<"number">).value;
      const which = (unit as TokenOf<"unit">).unit;
      if (next?.joined && next.kind === "ago") return undefined;
      // 前一个月 is the one before a named month (the locales' "unit-before" pattern), not a window.
      if (value === 1 || !withinReach(which, value)) return undefined;
      return time(
        direction < 0 ? unitRun(asOf, which, -1, value) : unitRun(asOf, which, value, value),
        true,
        direction < 0 ? ["rolling-window"] : [],
      );
    },
  },
  {
    // 前三季度 alone: 三季度 read as a quarter name is the count of quarters after 前, a window of
    // that many whole quarters as 前三个季度 is (with a period before it, "period-then-first-units"
    // counts from that period's start); read as Q3 it was another period, with no note.
    name: "rolling-units",
    pattern: [
      (token) => token.kind === "ago" && token.direction === -1,
      calendarWith((parts) => Object.keys(parts).length === 1 && parts.quarter !== undefined),
    ],
    produce: ([, quarters], { asOf }) => {
      const value = (quarters as TokenOf<"calendar">).parts.quarter as number;
      if (value < 2) return undefined;
      return time(unitRun(asOf, "quarter", -1, value), true, ["rolling-window"]);
    },
  },
  {
    // two upcoming weeks
    name: "rolling-units",
    pattern: [is("number"), is("step"), is("unit")],
    produce: ([count, step, unit], { asOf }) => {
      const value = (count as TokenOf<"number">).value;
      const which = (unit as TokenOf<"unit">).unit;
      if ((step as TokenOf<"step">).value !== 1 || !withinReach(which, value)) return undefined;
      return time(unitRun(asOf, which, value, value), true);
    },
  },
  {
    // last week, this quarter, next month, 上周, 本季度, 这一年, the previous month
    name: "step-unit",
    pattern: [is("step"), is("unit")],
    produce: ([step, unit], { asOf }, next) => {
      // "the last month of this year" is one period: the step belongs to the container's rule.
      const value = (step as TokenOf<"step">).value;
      const which = (unit as TokenOf<"unit">).unit;
      if (
        value === -1 &&
        which !== "year" &&
        next?.joined &&
        (next.kind === "time" ||
          next.kind === "named_year" ||
          next.kind === "step" ||
          (next.kind === "calendar" && (next.parts.year !== undefined || next.parts.month !== undefined)))
      )
        return undefined;
      // The last half year, 近半年: the six whole months before as-of's (a half named from as-of is 上半年).
      if (which === "half" && value === -1)
        return time(unitRun(asOf, "month", -1, 6), true, ["rolling-window"]);
      // The past year, 过去一年 alone: a window of one whole year before as-of's, with its note.
      const window = (step as TokenOf<"step">).window && value < 0;
      if (window && which === "year" && !next?.joined)
        return time(unitPeriod(asOf, which, value), true, ["rolling-window"]);
      // A year named from as-of is a calendar year: march last year, the first quarter of this year.
      if (which === "year")
        return { kind: "calendar", parts: { year: asOf.year + value, yearRelative: true } };
      return time(unitPeriod(asOf, which, value), true, window ? ["rolling-window"] : []);
    },
  },
  {
    name: "step-unit",
    pattern: [is("step"), (token) => token.kind === "number" && token.value === 1, is("unit")],
    produce: ([step, , unit], { asOf }) => {
      const value = (step as TokenOf<"step">).value;
      const which = (unit as TokenOf<"unit">).unit;
      if (which === "year")
        return { kind: "calendar", parts: { year: asOf.year + value, yearRelative: true } };
      return time(unitPeriod(asOf, which, value), true);
    },
  },
  {
    // 2023年7-9月, 2024年1-4月: months of one year, the first written as a bare number
    name: "month-range",
    pattern: [
      calendarWith(
        (parts) =>
          parts.year !== undefined &&
          Object.keys(parts).every((key) => key === "year" || key === "yearRelative"),
      ),
      (token) => token.kind === "number" && token.digits && token.value >= 1 && token.value <= 12,
      is("range_to"),
      calendarWith(
        (parts) => parts.month !== undefined && parts.year === undefined && parts.day === undefined,
      ),
    ],
    produce: ([year, first, , last], context) => {
      const yearParts = (year as TokenOf<"calendar">).parts;
      const from = periodOf(
        {
          ...year,
          kind: "calendar",
          parts: { ...yearParts, month: (first as TokenOf<"number">).value },
        } as TimeToken,
        context,
      );
      const to = periodOf(
        {
          ...last,
          kind: "calendar",
          parts: { ...yearParts, month: (last as TokenOf<"calendar">).parts.month },
        } as TimeToken,
        context,
      );
      if (!from || !to || from.period.from > to.period.from) return undefined;
      return time(
        { grain: "month", from: from.period.from, to: to.period.to },
        yearParts.yearRelative === true,
      );
    },
  },
  {
    // 2023年第二到第三季度, 2023年二至三季度: quarters of one year, the first written as its number
    name: "quarter-range",
    pattern: [
      calendarWith(
        (parts) =>
          parts.year !== undefined &&
          Object.keys(parts).every((key) => key === "year" || key === "yearRelative"),
      ),
      (token) => token.kind === "number" && token.value >= 1 && token.value <= 4,
      is("range_to"),
      calendarWith(
        (parts) => parts.quarter !== undefined && parts.year === undefined && parts.month === undefined,
      ),
    ],
    produce: ([year, first, , last], context) =>
      sharedUnitRange(year as TokenOf<"calendar">, first, last, "quarter", context),
  },
  {
    // 3至5月, 3-5月, 第二到第三季度 with no year: the end written whole gives the unit and, read as
    // any yearless month or quarter is, the year; a first number after the last is the year before.
    name: "shared-unit-range",
    pattern: [
      (token) => token.kind === "number" && token.value >= 1 && token.value <= 12,
      is("range_to"),
      calendarWith(
        (parts) =>
          parts.year === undefined &&
          parts.day === undefined &&
          ((parts.month !== undefined && parts.quarter === undefined) ||
            (parts.quarter !== undefined && parts.month === undefined)),
      ),
    ],
    produce: ([first, to, last], context) =>
      // Written together (3至5月), never across spaces: "3 to May" may count something else.
      first.end === to.start && to.end === last.start
        ? sharedUnitRange(
            undefined,
            first,
            last,
            (last as TokenOf<"calendar">).parts.month ? "month" : "quarter",
            context,
          )
        : undefined,
  },
  {
    // 1-8 september, from 13 to 15 july: days of one month
    name: "day-range",
    pattern: [
      dayNumber,
      is("range_to"),
      dayNumber,
      calendarWith(
        (parts) => parts.month !== undefined && parts.day === undefined && parts.weekday === undefined,
      ),
    ],
    produce: ([first, , last, month], context) =>
      dayRange(
        month as TokenOf<"calendar">,
        (first as TokenOf<"number">).value,
        (last as TokenOf<"number">).value,
        context,
      ),
  },
  {
    // july 13-15, august 27th - 29th
    name: "day-range",
    pattern: [
      calendarWith(
        (parts) => parts.month !== undefined && parts.day !== undefined && parts.weekday === undefined,
      ),
      is("range_to"),
      dayNumber,
    ],
    produce: ([month, , last], context) => {
      const parts = (month as TokenOf<"calendar">).parts;
      return dayRange(
        month as TokenOf<"calendar">,
        parts.day as number,
        (last as TokenOf<"number">).value,
        context,
      );
    },
  },
  {
    // january to march last year, 去年1月到3月, q4 2023 through q2 2024, 1960 - 1961
    name: "range",
    pattern: [periodLike, is("range_to"), periodLike],
    produce: ([left, , right], context) => rangeOf(left, right, context),
  },
  {
    // January through the end of May: an ending word after a period, not after a count of units,
    // ends a range at the last period's end
    name: "range",
    pattern: [periodLike, is("ending"), periodLike],
    produce: ([left, , right], context) => rangeOf(left, right, context),
  },
  {
    name: "range",
    pattern: [is("between"), periodLike, is("and", "range_to"), periodLike],
    produce: ([, left, , right], context) => rangeOf(left, right, context),
  },
  {
    // year to date, 本季度到目前为止, 年初至今
    name: "to-date",
    pattern: [(token) => periodLike(token) || token.kind === "unit", is("to_date")],
    produce: ([start], context) => {
      const period = periodOf(start, context);
      if (!period || period.period.from > context.asOfIso) return undefined;
      return time({ grain: "day", from: period.period.from, to: context.asOfIso }, true, ["to-date"], true);
    },
  },
  {
    // from the start of 2024 to May, since March through May: the first period's start to the last's end
    name: "range",
    pattern: [
      is("since"),
      (token) => periodLike(token) || token.kind === "unit",
      is("range_to"),
      (token) => periodLike(token) || token.kind === "unit",
    ],
    produce: ([, left, , right], context) => {
      const bothCalendars = left.kind === "calendar" && right.kind === "calendar";
      const from = periodOf(
        bothCalendars ? { ...left, parts: fillYear(left.parts, right.parts) } : left,
        context,
      );
      const to = periodOf(
        bothCalendars ? { ...right, parts: fillYear(right.parts, left.parts) } : right,
        context,
      );
      if (!from || !to || from.period.from > to.period.to) return undefined;
      return time(
        { grain: finer(from.period.grain, to.period.grain), from: from.period.from, to: to.period.to },
        from.relative || to.relative,
        [...from.conventions, ...to.conventions],
      );
    },
  },
  {
    // since January, from the start of the year, 自从2024年1月: from the period's start to as-of
    name: "to-date",
    pattern: [is("since"), (token) => periodLike(token) || token.kind === "unit"],
    produce: ([, start], context, next) => {
      // "since March to May" is no since: the range rules read what they can.
      if (next?.kind === "range_to") return undefined;
      const period = periodOf(start, context);
      if (!period || period.period.from > context.asOfIso) return undefined;
      return time({ grain: "day", from: period.period.from, to: context.asOfIso }, true, ["to-date"], true);
    },
  },
  {
    // so far this year, until now this month: a to-date word before the period that holds as-of
    name: "to-date",
    pattern: [is("to_date"), periodLike],
    produce: ([, start], context) => {
      const period = periodOf(start, context);
      if (!period || period.period.from > context.asOfIso || period.period.to < context.asOfIso)
        return undefined;
      return time({ grain: "day", from: period.period.from, to: context.asOfIso }, true, ["to-date"], true);
    },
  },
  {
    name: "to-date",
    pattern: [is("to_date_unit")],
    produce: ([unit], context) => {
      const period = unitPeriod(context.asOf, (unit as TokenOf<"to_date_unit">).unit, 0);
      return time({ grain: "day", from: period.from, to: context.asOfIso }, true, ["to-date"], true);
    },
  },
  {
    // 2023年全年, full year 2023
    name: "whole-period",
    pattern: [
      calendarWith(
        (parts) =>
          parts.year !== undefined &&
          Object.keys(parts).every((key) => key === "year" || key === "yearRelative"),
      ),
      is("whole"),
    ],
    produce: ([year], context) => {
      const value = periodOf(year, context);
      return value ? time(value.period, value.relative) : undefined;
    },
  },
  {
    name: "whole-period",
    pattern: [
      is("whole"),
      calendarWith(
        (parts) =>
          parts.year !== undefined &&
          Object.keys(parts).every((key) => key === "year" || key === "yearRelative"),
      ),
    ],
    produce: ([, year], context) => {
      const value = periodOf(year, context);
      return value ? time(value.period, value.relative) : undefined;
    },
  },
  {
    // 全年 alone: the year written nearest in the question (2024年<a value>全年的…), as a yearless
    // quarter or half takes it; with none written, the as-of year. Other units (全月) are as-of's.
    name: "whole-period",
    pattern: [is("whole")],
    produce: ([whole], context) => {
      const unit = (whole as TokenOf<"whole">).unit;
      const near = unit === "year" ? context.yearNear(whole.start) : undefined;
      if (near !== undefined) return time(unitPeriod({ year: near, month: 1, day: 1 }, "year", 0), false);
      return time(unitPeriod(context.asOf, unit, 0), true, ["whole-current"]);
    },
  },
  {
    // third quarter, the second half: of the year written nearest, else of the as-of year
    name: "ordinal-unit",
    pattern: [
      ordinal,
      (token) => token.kind === "unit" && (token.unit === "quarter" || token.unit === "half"),
    ],
    produce: ([ordinal, unit], _context, next) => {
      if (next?.joined && (periodLike(next) || next.kind === "step")) return undefined;
      const value = (ordinal as TokenOf<"ordinal">).value;
      const which = (unit as TokenOf<"unit">).unit;
      if (value > (which === "quarter" ? 4 : 2)) return undefined;
      return { kind: "calendar", parts: which === "quarter" ? { quarter: value } : { half: value } };
    },
  },
  {
    // a calendar read on its own: 2023, 2023年5月, march 3 2015, 10/31/1974, 上半年
    name: "calendar",
    pattern: [is("calendar")],
    produce: ([token], context) => {
      const parts = (token as TokenOf<"calendar">).parts;
      // A month name that is also a common word (may) is read only beside a year or a day.
      if (token.weak && parts.year === undefined && parts.day === undefined) return undefined;
      const read = calendarPeriod(parts, context, token.start);
      return read ? time(read.period, parts.yearRelative === true, read.conventions) : undefined;
    },
  },
];

function dayRange(
  month: TokenOf<"calendar">,
  first: number,
  last: number,
  context: RuleContext,
): Produced | undefined {
  if (first > last) return undefined;
  const from = calendarPeriod({ ...month.parts, day: first }, context, month.start);
  const to = calendarPeriod({ ...month.parts, day: last }, context, month.start);
  if (!from || !to) return undefined;
  return time(
    { grain: "day", from: from.period.from, to: to.period.to },
    month.parts.yearRelative === true,
    from.conventions,
  );
}

function windowEnding(
  end: TimeToken,
  unit: TimeToken,
  count: TimeToken,
  context: RuleContext,
): Produced | undefined {
  const period = periodOf(end, context);
  const which = (unit as TokenOf<"unit">).unit;
  const value = (count as TokenOf<"number">).value;
  if (!period || !withinReach(which, value)) return undefined;
  return time(unitRun(dayOf(period.period.to), which, 0, value), period.relative, ["window-ending"]);
}

function weekdayIn(week: TimeToken, weekday: TimeToken): Produced | undefined {
  const value = (week as TokenOf<"time">).value;
  const wanted = (weekday as TokenOf<"calendar">).parts.weekday as number;
  return time(dayPeriod(addDays(dayOf(value.period.from), wanted - 1)), value.relative);
}

function dayIn(month: TimeToken, day: TimeToken): Produced | undefined {
  const value = (month as TokenOf<"time">).value;
  const from = dayOf(value.period.from);
  const picked = validDay(from.year, from.month, (day as TokenOf<"calendar">).parts.day as number);
  return picked ? time(dayPeriod(picked), value.relative) : undefined;
}

function partProduced(container: TimeToken, part: TimeToken, context: RuleContext): Produced | undefined {
  const period = periodOf(container, context);
  if (!period) return undefined;
  const picked = partOf(period.period, (part as TokenOf<"part">).part);
  return picked ? time(picked.period, period.relative, [picked.convention]) : undefined;
}

/**
 * A range whose first end is only a number of the unit the last end names (3至5月, 2023年第二到第三
 * 季度): the last end is read as written (with the year before it, if any), the first takes its year
 * and unit; a first number after the last one's is that year's predecessor (11至2月).
 */
function sharedUnitRange(
  year: TokenOf<"calendar"> | undefined,
  first: TimeToken,
  last: TimeToken,
  unit: "month" | "quarter",
  context: RuleContext,
): Produced | undefined {
  const number = (first as TokenOf<"number">).value;
  if (unit === "quarter" && number > 4) return undefined;
  const lastParts = (last as TokenOf<"calendar">).parts;
  const to = periodOf(
    { ...last, kind: "calendar", parts: { ...(year?.parts ?? {}), ...lastParts } } as TimeToken,
    context,
  );
  if (!to) return undefined;
  const lastNumber = unit === "month" ? lastParts.month : lastParts.quarter;
  if (lastNumber === undefined || number === lastNumber) return undefined;
  const toYear = Number(to.period.from.slice(0, 4));
  // With the year written, the first end must come before the last in it.
  if (year && number > lastNumber) return undefined;
  const fromYear = number > lastNumber ? toYear - 1 : toYear;
  const from = periodOf(
    {
      ...first,
      kind: "calendar",
      parts: unit === "month" ? { year: fromYear, month: number } : { year: fromYear, quarter: number },
    } as TimeToken,
    context,
  );
  if (!from) return undefined;
  return time(
    { grain: unit, from: from.period.from, to: to.period.to },
    to.relative || year?.parts.yearRelative === true,
    to.conventions,
  );
}

/** A range: each end read, the one without a year taking the other's; the first end must not be after the last. */
function rangeOf(left: TimeToken, right: TimeToken, context: RuleContext): Produced | undefined {
  let leftToken = left;
  let rightToken = right;
  if (left.kind === "calendar" && right.kind === "calendar") {
    leftToken = { ...left, parts: fillYear(left.parts, right.parts) };
    rightToken = { ...right, parts: fillYear(right.parts, left.parts) };
  }
  let from = periodOf(leftToken, context);
  const to = periodOf(rightToken, context);
  if (!from || !to) return undefined;
  // December to February 2024: the first end, given the last one's year, is in the year before.
  if (
    from.period.from > to.period.from &&
    left.kind === "calendar" &&
    left.parts.year === undefined &&
    leftToken.kind === "calendar"
  ) {
    const year = (leftToken.parts.year as number) - 1;
    from = periodOf({ ...leftToken, parts: { ...leftToken.parts, year } }, context);
    if (!from) return undefined;
  }
  if (from.period.from > to.period.from || from.period.to > to.period.to) return undefined;
  return time(
    { grain: finer(from.period.grain, to.period.grain), from: from.period.from, to: to.period.to },
    from.relative || to.relative,
    [...from.conventions, ...to.conventions],
  );
}

/** Matches the rules against the tokens until none applies (Duckling's saturation, greedy by rule order). */
export function applyTimeRules(tokens: TimeToken[], context: RuleContext): TimeToken[] {
  // A step composes only with what follows it (last month, 上个月, 近三周): one with nothing joined
  // after it is a character of another word (上 of 上海, 本 of 本田) and must not make the step of
  // a period before it wait for a container ("上个月上海仓" is last month at the Shanghai warehouse).
  const list = tokens.filter((token, index) => token.kind !== "step" || tokens[index + 1]?.joined === true);
  for (let changed = true, guard = 0; changed && guard < 200; guard += 1) {
    changed = false;
    for (const rule of TIME_RULES) {
      for (let index = 0; index + rule.pattern.length <= list.length; index += 1) {
        const slice = list.slice(index, index + rule.pattern.length);
        if (
          !slice.every((token, position) => rule.pattern[position](token) && (position === 0 || token.joined))
        )
          continue;
        const produced = rule.produce(slice, context, list[index + rule.pattern.length]);
        if (!produced) continue;
        list.splice(index, slice.length, {
          ...produced,
          start: slice[0].start,
          end: slice[slice.length - 1].end,
          joined: slice[0].joined,
          rule: rule.name,
        } as TimeToken);
        changed = true;
        break;
      }
      if (changed) break;
    }
  }
  return list;
}
