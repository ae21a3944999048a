import { readFileSync } from "node:fs";
import type { Workspace } from "../../config/workspace.js";
import type { PlanOutcome } from "../../planner/planner.js";
import { corpusPath } from "./corpora.js";

/** One expression of Duckling's time corpus (test/corpora/time-expressions/duckling/README.md). */
export interface CorpusExpression {
  lang: "en" | "zh";
  text: string;
  grain: string;
  from: string;
  to: string;
  after_reference: boolean;
}

/** Duckling's reference day: every expression of the corpus is resolved against it. */
export const CORPUS_REFERENCE_DAY = "2013-02-12";

/** Every expression of the corpus, in file order. */
export function readTimeCorpus(): CorpusExpression[] {
  const file = corpusPath("time-expressions", "duckling", "time-expressions.jsonl");
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CorpusExpression);
}

const hasHan = (text: string) => /[\u4e00-\u9fff]/u.test(text);

/**
 * A metric question around an expression, built from whatever catalog the workspace has: its first
 * metric offered with two dimensions, and the first value of each of those dimensions, in the
 * English and Chinese synonyms the catalog gives them. Nothing here names a demo word.
 */
export function metricQuestionBuilder(workspace: Workspace): (expression: CorpusExpression) => string {
  const { catalog } = workspace.config;
  const datasets = Object.values(workspace.config.sources).flatMap((source) =>
    Object.values(
      (source as { datasets?: Record<string, { offers?: { metrics?: string[]; dimensions?: string[] } }> })
        .datasets ?? {},
    ),
  );
  const offer = datasets.find(
    (dataset) => (dataset.offers?.metrics?.length ?? 0) > 0 && (dataset.offers?.dimensions?.length ?? 0) >= 2,
  );
  if (!offer?.offers?.metrics || !offer.offers.dimensions)
    throw new Error("the workspace offers no metric by two dimensions");
  const metricName = offer.offers.metrics[0];
  const metric = catalog.metrics[metricName];
  const englishMetric = (metric.label ?? metricName).toLowerCase();
  const chineseMetric = (metric.synonyms ?? []).find(hasHan) ?? metricName;
  const valueWords = (dimension: string) => {
    const [value, synonyms] = Object.entries(catalog.dimensions[dimension].values)[0];
    // The English synonym that keeps the value as a word (product A, East China), else the value.
    const english =
      synonyms.find(
        (synonym) => !hasHan(synonym) && synonym.toLowerCase().split(" ").includes(value.toLowerCase()),
      ) ?? value;
    const chinese = synonyms.find(hasHan) ?? value;
    return { english, chinese };
  };
  const [first, second] = offer.offers.dimensions.map(valueWords);
  return (expression) =>
    expression.lang === "en"
      ? `What was ${first.english}'s ${englishMetric} in ${second.english} ${expression.text}?`
      : `${expression.text}${second.chinese}${first.chinese}的${chineseMetric}是多少？`;
}

/**
 * Expressions the project reads differently from Duckling on purpose, each convention described in
 * docs/planner.md ("Time conventions") and said in a note when applied: text → the period planned.
 */
export const DOCUMENTED_READINGS: Readonly<Record<string, string>> = {
  // "N months / years ago" is the whole month or year that many back (analytics data is recorded
  // by month); Duckling gives the day three months back, and for years the month two years back.
  "three months ago": "2012-11-01..2012-11-30",
  "two years ago": "2011-01-01..2011-12-31",
  // "N days / weeks ago" is the day that many back (兩天前: 2013-02-10); Duckling reads the Chinese
  // forms as the last N days or weeks up to the reference day.
  兩天前: "2013-02-10..2013-02-10",
  兩天之前: "2013-02-10..2013-02-10",
  兩日前: "2013-02-10..2013-02-10",
  兩日之前: "2013-02-10..2013-02-10",
  兩星期前: "2013-01-29..2013-01-29",
  兩星期之前: "2013-01-29..2013-01-29",
  兩個禮拜前: "2013-01-29..2013-01-29",
  兩個禮拜之前: "2013-01-29..2013-01-29",
  // "All week" is the whole week holding the reference day, Monday to Sunday (ISO, as "this week");
  // Duckling's "all week" ends on the Saturday.
  "all week": "2013-02-11..2013-02-17",
  // The end of a year is its last quarter (and its beginning the first); Duckling's end of a year
  // is September to December.
  "end of 2012": "2012-10-01..2012-12-31",
  "at the end of 2012": "2012-10-01..2012-12-31",
  // A month or quarter without a year is the latest one that starts by the as-of date (asked on
  // 2013-02-12, "March" is March 2012); Duckling gives the coming one, a forecast.
  March: "2012-03-01..2012-03-31",
  "in March": "2012-03-01..2012-03-31",
  "during March": "2012-03-01..2012-03-31",
  "3月": "2012-03-01..2012-03-31",
  "3月份": "2012-03-01..2012-03-31",
  三月: "2012-03-01..2012-03-31",
  "third quarter": "2012-07-01..2012-09-30",
  "third qtr": "2012-07-01..2012-09-30",
};

/** How a planned question compares with Duckling's reading of its expression. */
export type CorpusVerdict = "exact" | "documented" | "refused" | "wrong";

/** What the planner made of one corpus question: the verdict and the periods it planned. */
export interface CorpusOutcome {
  verdict: CorpusVerdict;
  periods: string[];
}

/**
 * Exact when every metric sub-goal asks Duckling's days; documented when they ask a reading the
 * project documents as its own (`accepted`, from..to); refused when there is no plan (a refusal or
 * a question back); anything else is wrong.
 */
export function judgeOutcome(
  outcome: PlanOutcome,
  expression: CorpusExpression,
  accepted: readonly string[] = [],
): CorpusOutcome {
  if (!outcome.plan) return { verdict: "refused", periods: [] };
  const periods = [
    ...new Set(
      outcome.plan.sub_goals
        .filter((goal) => goal.params.metric !== undefined)
        .map((goal) => `${goal.params.period?.from}..${goal.params.period?.to}`),
    ),
  ];
  const single = periods.length === 1 ? periods[0] : undefined;
  if (single === `${expression.from}..${expression.to}`) return { verdict: "exact", periods };
  if (single !== undefined && accepted.includes(single)) return { verdict: "documented", periods };
  return { verdict: "wrong", periods };
}
