import { periodLabelRange } from "../domain/period-range.js";
import { rangeFit } from "../domain/stated-range.js";
import { foldText } from "../domain/text-folding.js";
import type { TableEvidence, TextEvidence } from "../models/evidence.js";
import type { Asked, FilterValue, Period, SubGoal } from "../models/plan.js";
import type { Catalog } from "../models/workspace.js";
import { type AnswerKind, chosenNoun, kindOfAspect, sentenceAnswers, statesCount } from "./answer-kind.js";
import type { Grade } from "./grader.js";
import { termGroups, termOccurs } from "./key-terms.js";
import type { GapMessage } from "./messages/gap-message.js";
import {
  catalogUnitOfPlainColumn,
  dateColumnOf,
  type MetricPoint,
  metricPoints,
  periodStart,
} from "./metric-points.js";
import { periodLabel } from "./period-broadening.js";
import { formatValue } from "./synthesizer/format-number.js";

// "Answered" means the evidence establishes exactly what the planner recorded as asked: a value for
// the asked keys and period, an event search over the asked keys and window, or a sentence stating the
// asked aspect about the asked subject. Whatever else the (maybe broadened) evidence holds is context.

/** The verdict on one sub-goal, beside the reflector's "the step succeeded". */
export interface AnswerCheck {
  status: "answered" | "partial" | "insufficient";
  /** The gap, as a message each answer language says in its words, when not answered. */
  gap?: GapMessage;
  /** Values for the asked keys in other periods were found: shown as context (the answer is then partial, not unanswerable). */
  context?: boolean;
  /** Asked periods with a value (labels), and those without. */
  found: string[];
  missing: string[];
}

function values(filter: FilterValue): string[] {
  return Array.isArray(filter) ? filter : [filter];
}

function unitLabel(period: Period): string {
  return periodLabel(period);
}

/**
 * Whether a metric point is for the asked keys. A key the point does not carry (the source has no such
 * column) counts only when the goal as run still filtered on it: then the source selected the rows.
 */
export function pointHasAskedKeys(
  point: MetricPoint,
  keys: Record<string, FilterValue>,
  run: SubGoal,
): boolean {
  return Object.entries(keys).every(([dimension, wanted]) => {
    const value = point.keys[dimension];
    if (value === undefined) {
      const filter = run.params.filters[dimension];
      // Neither a column nor a filter: the source does not keep the metric by this dimension, so
      // its value is the one for every value of it (the check calls the answer partial for it).
      if (filter === undefined) return true;
      return values(filter).every((entry) => values(wanted).includes(entry));
    }
    return values(wanted).includes(value);
  });
}

/**
 * The asked dimensions the source cannot tell: no point carries them and the run did not filter
 * by them (the planner found no dataset of the metric offering them, and kept them in the asked
 * keys). A value found is then the figure over all of that dimension, never its answer in full.
 */
export function untoldKeys(points: MetricPoint[], keys: Record<string, FilterValue>, run: SubGoal): string[] {
  return Object.keys(keys).filter(
    (dimension) =>
      run.params.filters[dimension] === undefined &&
      points.every((point) => point.keys[dimension] === undefined),
  );
}

/** Whether a point's period lies inside the asked unit (a coarser value — the quarter for a month — does not). */
export function pointInPeriod(point: MetricPoint, unit: Period, run: SubGoal): boolean {
  if (!point.period) {
    // No period column: the source was asked for exactly this period, or the value is not for it.
    const period = run.params.period;
    return period !== undefined && period.from >= unit.from && period.to <= unit.to;
  }
  const range = periodLabelRange(point.period);
  return range !== undefined && range.from >= unit.from && range.to <= unit.to;
}

/**
 * The values of a listed key ("each hotel", "Shanghai and Nanjing") without a value in an asked
 * period that other values of the list have: the answer lists the others, so the value missing
 * would drop out unsaid (Nanjing's 2024-Q1 review score, when Nanjing opened in 2024-Q2). Only a
 * dimension the points carry is checked: a source that does not keep it is `untoldKeys`'. The gap
 * names the values that miss the same periods as the first missing one, so it says exactly what
 * is missing; `labels` lists every value and period missing.
 */
function listedValuesMissing(
  asked: Extract<Asked, { kind: "metric" }>,
  forKeys: MetricPoint[],
  run: SubGoal,
): { keys: Record<string, FilterValue>; periods: string[]; labels: string[] } | undefined {
  for (const [dimension, wanted] of Object.entries(asked.keys)) {
    const listed = values(wanted);
    if (listed.length < 2 || !forKeys.some((point) => point.keys[dimension] !== undefined)) continue;
    const missingPeriods = new Map<string, string[]>();
    for (const value of listed)
      for (const unit of asked.periods)
        if (!forKeys.some((point) => point.keys[dimension] === value && pointInPeriod(point, unit, run)))
          missingPeriods.set(value, [...(missingPeriods.get(value) ?? []), unitLabel(unit)]);
    const [first] = missingPeriods.values();
    if (!first) continue;
    const same = [...missingPeriods].filter(([, periods]) => periods.join() === first.join());
    const names = same.map(([value]) => value);
    return {
      keys: { ...asked.keys, [dimension]: names.length === 1 ? names[0] : names },
      periods: first,
      labels: [...missingPeriods].flatMap(([value, periods]) =>
        periods.map((period) => `${value} ${period}`),
      ),
    };
  }
  return undefined;
}

/** The latest period label among points, for "data ends 2024-06". */
function latestPeriod(points: MetricPoint[]): string | undefined {
  return points
    .map((point) => point.period)
    .filter((period): period is string => Boolean(period))
    .sort((left, right) => periodStart(left).localeCompare(periodStart(right)))
    .at(-1);
}

/** The points of one goal's table, computed at the planned grain and filters. */
export function askedPoints(
  run: SubGoal,
  planned: SubGoal,
  evidence: TableEvidence,
  catalog: Catalog,
): MetricPoint[] {
  const goal: SubGoal = {
    ...run,
    params: { ...run.params, period: planned.params.period ?? run.params.period },
  };
  return metricPoints([{ goal, evidence }], {
    additive: (metric) => catalog.metrics[metric]?.unit === "count",
    // As the answer reads them (pointsOfGoals): a plain money column is in the catalog's currency,
    // so a gap's last value says it ("data ends 2019-Q4 at 150.2 thousand CNY").
    fallbackUnit: (metric) => catalogUnitOfPlainColumn(catalog.metrics[metric]?.unit),
  });
}

/** Checks a metric goal's table against what was asked. */
export function checkMetric(
  asked: Extract<Asked, { kind: "metric" }>,
  run: SubGoal,
  planned: SubGoal,
  evidence: TableEvidence,
  catalog: Catalog,
): AnswerCheck {
  const points = askedPoints(run, planned, evidence, catalog).filter(
    (point) => point.metric === asked.metric,
  );
  const forKeys = points.filter((point) => pointHasAskedKeys(point, asked.keys, run));
  const untold = untoldKeys(points, asked.keys, run);
  const notKeptBy =
    untold.length > 0
      ? {
          metric: asked.metric,
          dimensions: untold,
          source: run.source,
          dataset: run.dataset ?? "",
          keys: asked.keys,
        }
      : undefined;
  const broader = (check: AnswerCheck): AnswerCheck =>
    notKeptBy && check.status === "answered"
      ? { ...check, status: "partial", gap: { code: "metric_not_kept_by", ...notKeptBy } }
      : check;
  if (
    points.some((point) => point.derivation === "count") &&
    catalog.metrics[asked.metric]?.unit !== "count"
  ) {
    // Counting rows gives the value only of a metric that is a count of records (complaints as tickets).
    return {
      status: "insufficient",
      gap: { code: "metric_count_not_value", metric: asked.metric, source: run.source },
      found: [],
      missing: asked.periods.map(unitLabel),
    };
  }
  if (asked.periods.length === 0) {
    return forKeys.length > 0
      ? broader({ status: "answered", found: [], missing: [] })
      : {
          status: "insufficient",
          gap: { code: "metric_value_absent", metric: asked.metric, keys: asked.keys },
          found: [],
          missing: [],
        };
  }
  const found: string[] = [];
  const missing: string[] = [];
  for (const unit of asked.periods) {
    if (forKeys.some((point) => pointInPeriod(point, unit, run))) found.push(unitLabel(unit));
    else missing.push(unitLabel(unit));
  }
  if (missing.length === 0) {
    const unlisted = listedValuesMissing(asked, forKeys, run);
    if (!unlisted) return broader({ status: "answered", found, missing });
    return {
      status: "partial",
      gap: {
        code: "metric_periods_missing",
        metric: asked.metric,
        keys: unlisted.keys,
        periods: unlisted.periods,
        context: false,
      },
      found,
      missing: unlisted.labels,
    };
  }
  const latest = latestPeriod(forKeys);
  const firstMissing = asked.periods.find((unit) => missing.includes(unitLabel(unit)));
  const dataEnds =
    latest && firstMissing && (periodLabelRange(latest)?.to ?? latest) < firstMissing.from
      ? latest
      : undefined;
  // Where the data ends and its last value, not every other period (issue 29, brief context).
  const lastValues = dataEnds
    ? [...new Set(forKeys.filter((point) => point.period === dataEnds).map((point) => point.value))]
    : [];
  const lastPoint = forKeys.find((point) => point.period === dataEnds);
  const lastValue =
    lastValues.length === 1 && lastPoint ? formatValue(lastPoint.value, lastPoint.unit) : undefined;
  return {
    status: found.length > 0 ? "partial" : "insufficient",
    ...(forKeys.length > 0 ? { context: true } : {}),
    gap: {
      code: "metric_periods_missing",
      metric: asked.metric,
      keys: asked.keys,
      periods: missing,
      ...(dataEnds ? { dataEnds } : {}),
      ...(lastValue ? { lastValue } : {}),
      ...(lastValue && lastPoint?.unit ? { lastUnit: lastPoint.unit } : {}),
      context: forKeys.length > 0,
      ...(notKeptBy ? { notKeptBy } : {}),
    },
    found,
    missing,
  };
}

function rowMatchesKeys(row: TableEvidence["rows"][number], keys: Record<string, FilterValue>): boolean {
  return Object.entries(keys).every(([dimension, wanted]) => {
    const cell = row[dimension];
    return typeof cell === "string" && values(wanted).includes(cell);
  });
}

/**
 * Checks an event goal: the search must have covered the asked keys and window (a broader search
 * covers them; one that lost a key column cannot tell), and rows outside them are context.
 */
export function checkEvent(
  asked: Extract<Asked, { kind: "event" }>,
  run: SubGoal,
  evidence: TableEvidence,
): AnswerCheck {
  const subject = `${asked.event}${
    Object.keys(asked.keys).length > 0
      ? ` for ${Object.entries(asked.keys)
          .map(([dimension, value]) => `${dimension}=${values(value).join("|")}`)
          .join(", ")}`
      : ""
  }${asked.window ? ` in ${periodLabel(asked.window)}` : ""}`;
  for (const dimension of Object.keys(asked.keys)) {
    const filtered = run.params.filters[dimension] !== undefined;
    const hasColumn = evidence.columns.some((column) => column.name === dimension);
    if (!filtered && !hasColumn && evidence.rows.length > 0)
      // The events found are for every value of the dimension: shown as context, not as the answer.
      return {
        status: "insufficient",
        context: true,
        gap: {
          code: "event_filter_dropped",
          event: asked.event,
          keys: asked.keys,
          ...(asked.window ? { window: periodLabel(asked.window) } : {}),
          dimension,
          source: run.source,
        },
        found: [],
        missing: [],
      };
  }
  const window = asked.window;
  if (
    window &&
    run.params.period &&
    (run.params.period.from > window.from || run.params.period.to < window.to)
  )
    return {
      status: "insufficient",
      gap: { code: "event_window_uncovered", window: periodLabel(window) },
      found: [],
      missing: [],
    };
  const dateColumn = dateColumnOf(evidence);
  const inside = evidence.rows.filter((row) => {
    if (
      !rowMatchesKeys(
        row,
        Object.fromEntries(
          Object.entries(asked.keys).filter(([d]) => evidence.columns.some((c) => c.name === d)),
        ),
      )
    )
      return false;
    if (!window || !dateColumn) return true;
    const date = String(row[dateColumn] ?? "").slice(0, 10);
    return date >= window.from && date <= window.to;
  });
  // Finding none in a search that covered the asked keys and window is an answer: "none".
  return { status: "answered", found: inside.length > 0 ? [subject] : [], missing: [] };
}

/**
 * Whether a sentence states the aspect about the subject: both in the same sentence, with two of
 * the subject's words (one when it has one; overlapping Chinese terms are one word, termGroups). A word of the situation the question states before
 * its ask may be the second ("我的行李延误送达了，几天内可以申请索赔" is answered by the row "延误行李 …
 * 索赔期限: 行李送达之日起21天内"), never the only one: the sentence must name what is asked.
 */
export function sentenceStates(
  kind: AnswerKind,
  subject: string[],
  sentence: string,
  situation: string[] = [],
): boolean {
  const folded = foldText(sentence);
  const subjectGroups = termGroups(subject);
  const situationGroups = termGroups(situation);
  // The situation stands in for a missing subject word, never adds one to find: a sentence about
  // every device ("寄修的设备…5个工作日内…寄回") answers the ask about this one's.
  const needed = Math.min(2, subjectGroups.length);
  const mentions = (group: string[]) => group.some((term) => termOccurs(term, folded));
  const mentioned = subjectGroups.filter(mentions).length;
  const situated = situationGroups.filter(mentions).length;
  if (subjectGroups.length > 0 && mentioned === 0) return false;
  if (!sentenceAnswers(kind, folded, subject.join(" "))) return false;
  // An ask naming nothing of its own after a stated situation ("If I rebook … five hours before the showtime,
  // what fee do I pay?") is about that situation: a sentence naming the word alone ("pays a
  // replacement fee of CNY 20") states another case's answer.
  if (subjectGroups.length === 0 && situationGroups.length > 0 && situated === 0) return false;
  if (mentioned >= needed) return true;
  // The stand-in is for an ask of few words, the sentence naming half of them (one word of four,
  // "airport" of "use the airport lounge for free", is another subject in the same situation),
  // and one clause of it — a table cell with its header, "索赔期限: 行李送达之日起21天内" — must
  // name the asked word and state the answer itself: "延误超过4小时者…补偿运费的2%" names the
  // compensation beside a delay's hours, not how long its payment takes.
  if (2 * mentioned < subjectGroups.length || mentioned + situated < needed) return false;
  // The asked word must be more than the answer's own word: 免费 of "可以免费升舱吗" is what
  // "免费改签" says about rebooking, not the upgrade asked.
  const named = subjectGroups.filter((group) => group.some((term) => !sentenceAnswers(kind, term)));
  return folded
    .split(/[，,；;]/)
    .some(
      (clause) =>
        named.some((group) => group.some((term) => termOccurs(term, clause))) &&
        sentenceAnswers(kind, clause, subject.join(" ")),
    );
}

/** Checks a text goal's grade: a supporting sentence must state the asked aspect about the asked subject. */
export function checkText(
  asked: Extract<Asked, { kind: "text" }>,
  grade: Grade | undefined,
  evidence: TextEvidence,
): AnswerCheck {
  const kind = kindOfAspect(asked.aspect);
  const about = asked.subject.length > 0 ? asked.subject.slice(0, 4).join(" ") : undefined;
  if (!grade?.sufficient)
    return {
      status: "insufficient",
      gap: {
        code: "passages_insufficient",
        aspect: asked.aspect,
        ...(about ? { about } : {}),
        ...(grade?.shortfall ? { shortfall: grade.shortfall, clause: grade.aspect } : {}),
      },
      found: [],
      missing: [],
    };
  const chosen = chosenNoun(grade.question);
  const stated = grade.supporting.some(
    (sentence) =>
      sentenceStates(kind, asked.subject, sentence.text, asked.situation) &&
      // A condition whose ranges leave out the quantity the question states is another case
      // ("More than 24 hours: No fee" for a rebooking five hours before the showtime); a yes/no
      // is answered by it all the same ("refunded when cancelled at least 72 hours before" says no
      // for two days before).
      (kind === "yes_no" || rangeFit(grade.question, sentence.text) !== "outside") &&
      (asked.counted === undefined || statesCount(foldText(sentence.text), asked.counted)) &&
      (chosen === undefined || termOccurs(chosen, foldText(sentence.text))),
  );
  if (stated || (evidence.passages.length === 0 && asked.aspect === "general"))
    return { status: "answered", found: [], missing: [] };
  return {
    status: "insufficient",
    gap: { code: "text_aspect_missing", aspect: asked.aspect, ...(about ? { about } : {}) },
    found: [],
    missing: [],
  };
}
