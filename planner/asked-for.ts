import { foldText } from "../domain/text-folding.js";
import type { Asked, AskedOperation, ExecutionPlan, Period, SubGoal } from "../models/plan.js";
import {
  answerKindOf,
  aspectOfKind,
  countedNoun,
  situationTerms,
  subjectTerms,
} from "../reflector/answer-kind.js";
import { keyTerms } from "../reflector/key-terms.js";
import { enclosingUnit } from "../reflector/period-broadening.js";
import { EXPLAIN_WORDS as ENGLISH_EXPLAIN } from "./locales/en/explain-words.js";
import { FALL_WORDS as ENGLISH_FALL, RISE_WORDS as ENGLISH_RISE } from "./locales/en/premise-words.js";
import { EXPLAIN_WORDS as CHINESE_EXPLAIN } from "./locales/zh/explain-words.js";
import { FALL_WORDS as CHINESE_FALL, RISE_WORDS as CHINESE_RISE } from "./locales/zh/premise-words.js";

// The one home of "what would answer this sub-goal": both planners call withAskedFor on the plan they
// built, so the record is made from the goal as planned, before any broadening can touch it.

// Cues are matched on folded text (Simplified Chinese, lower case); "why" before the aggregates so
// "why did the total rise" asks for a reason.
const OPERATION_CUES: [AskedOperation, RegExp][] = [
  ["why", wordsPattern([...ENGLISH_EXPLAIN, ...CHINESE_EXPLAIN])],
  ["average", /\baverage\b|\bmean\b|平均/],
  ["total", /\btotal\b|\bsum of\b|altogether|in all\b|总共|合计|总计|总数|一共/],
  [
    "count",
    /how many|number of|多少(个|件|次|起|条|单|家|项|笔|份)|几(个|件|次|起|条|单|家|项|笔|份)|数量|次数/,
  ],
];

const PREMISE_CUES: ["up" | "down", RegExp][] = [
  ["up", wordsPattern([...ENGLISH_RISE, ...CHINESE_RISE])],
  ["down", wordsPattern([...ENGLISH_FALL, ...CHINESE_FALL])],
];

/** One pattern for a word list: Latin words whole, Chinese words anywhere. */
function wordsPattern(words: string[]): RegExp {
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const latin = escaped.filter((word) => /^[a-z' ]+$/.test(word));
  const other = escaped.filter((word) => !/^[a-z' ]+$/.test(word));
  return new RegExp([`\\b(?:${latin.join("|")})\\b`, ...other].join("|"));
}

/**
 * The direction a question states for a metric ("why did returns rise", "下降的原因"), when it
 * states exactly one: the answer says first when the evidence contradicts it.
 */
export function premiseOf(question: string): "up" | "down" | undefined {
  const folded = foldText(question);
  const stated = PREMISE_CUES.filter(([, cue]) => cue.test(folded)).map(([direction]) => direction);
  return stated.length === 1 ? stated[0] : undefined;
}

/** What the question does with the values it asks for: read, count, total, average, explain. */
export function operationOf(question: string): AskedOperation {
  const folded = foldText(question);
  for (const [operation, cue] of OPERATION_CUES) if (cue.test(folded)) return operation;
  return "value";
}

const MAX_PERIODS = 60;

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * A period cut into units of its grain (2024-01-01..2024-03-31 by month → three months); a span of
 * more than 60 units stays one period, asked as a whole.
 */
export function periodUnits(period: Period): Period[] {
  const units: Period[] = [];
  let cursor = period.from;
  while (cursor <= period.to) {
    if (units.length === MAX_PERIODS) return [period];
    const unit = enclosingUnit(cursor, period.grain);
    units.push({ grain: period.grain, from: unit.from, to: unit.to });
    cursor = nextDay(unit.to);
  }
  return units;
}

/** What would answer one sub-goal of a plan for this question. */
export function askedFor(goal: SubGoal, question: string, read?: AskedOperation): Asked {
  const operation = read ?? operationOf(question);
  const premise = premiseOf(question);
  const keys = { ...goal.params.filters };
  if (goal.params.event)
    return {
      kind: "event",
      event: goal.params.event,
      keys,
      ...(goal.params.period ? { window: goal.params.period } : {}),
      operation,
    };
  if (goal.params.metric)
    return {
      kind: "metric",
      metric: goal.params.metric,
      keys,
      periods: goal.params.period ? periodUnits(goal.params.period) : [],
      operation,
      ...(premise ? { premise } : {}),
    };
  const text = goal.params.query ?? goal.description;
  const kind = answerKindOf(text);
  const counted = kind === "count" ? countedNoun(text) : undefined;
  // A subject term is a word: anything with punctuation (an address, a path) is never a term.
  const words = (terms: string[]) => terms.filter((term) => /^[\p{L}\p{N}_-]+$/u.test(term)).slice(0, 20);
  const situation = words(situationTerms(text, kind, keyTerms));
  return {
    kind: "text",
    aspect: aspectOfKind(kind),
    ...(counted && /^[\p{L}-]+$/u.test(counted) ? { counted } : {}),
    subject: words(subjectTerms(text, kind, keyTerms)),
    ...(situation.length > 0 ? { situation } : {}),
    operation,
  };
}

/**
 * The plan with an `asked` record on every sub-goal. A hand-written plan keeps the records it has;
 * a model's plan gets them recomputed (`replace`), so a model cannot ask for less than its goals fetch.
 * `operation` is the planner's own reading of the question's operation, when it has one (outside
 * the catalog terms and cues it took: planner/why-goals.ts).
 */
export function withAskedFor(
  plan: ExecutionPlan,
  options: { replace?: boolean; operation?: AskedOperation } = {},
): ExecutionPlan {
  return {
    ...plan,
    sub_goals: plan.sub_goals.map((goal) =>
      goal.asked && !options.replace
        ? goal
        : { ...goal, asked: askedFor(goal, plan.question, options.operation) },
    ),
  };
}
