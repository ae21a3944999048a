import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import { demoWorkspace, goal, table } from "../../test/support/reflector/fixtures.js";
import { compareSources } from "../conflicts.js";
import { pointsOfGoals } from "../metric-points.js";
import { isAdditiveUnit, seriesByComparedUnit } from "./compared-units.js";
import type { GoalOutcome } from "./goal-outcome.js";
import { KnownNumbers } from "./known-numbers.js";
import { buildSeries, type ResolvedPoint, trends } from "./summaries.js";
import { synthesizeAnswer } from "./synthesize.js";

const point = (period: string, value: number, unit: string): ResolvedPoint => ({
  goal: "g1",
  source: "s",
  metric: "repair_cost",
  keys: { district: "Old Town" },
  periodName: "month",
  period,
  value,
  unit,
  rows: [Number(period.slice(5, 7))],
  derivation: "cell",
});
const months = (unit: string, values: number[]) =>
  values.map((value, index) => point(`2025-0${index + 1}`, value, unit));

// Round-11 Jadebay (seen, a probe of the lead's): "How did repair cost change from Q1 to Q2 2025?"
// on monthly rows was answered with the six-month trend, January to June: another question.
describe("series by the unit the question compared in", () => {
  it("sums an additive metric's months into quarters, and the trend compares the quarters", () => {
    const known = new KnownNumbers();
    const [series] = seriesByComparedUnit(
      buildSeries(months("CNY", [252200, 271300, 245000, 264600, 243700, 278900])),
      () => "quarter",
      known,
    );
    expect(series.points.map((total) => [total.period, total.value, total.derivation])).toEqual([
      ["2025-Q1", 768500, "sum"],
      ["2025-Q2", 787200, "sum"],
    ]);
    expect(trends([series])[0].change).toBe(18700);
    expect(known.numbers.map((number) => number.value)).toContain(768500);
  });

  it("keeps the months of a rate, of a quarter with a month missing, and of a goal that compared nothing", () => {
    const known = new KnownNumbers();
    const rates = buildSeries(months("percent", [3.1, 3.4, 3.2, 3.0, 2.9, 3.3]));
    expect(seriesByComparedUnit(rates, () => "quarter", known)[0].points).toHaveLength(6);
    const gap = buildSeries(months("count", [2, 4, 6, 2, 4]));
    expect(seriesByComparedUnit(gap, () => "quarter", known)[0].points).toHaveLength(5);
    const plain = buildSeries(months("count", [2, 4, 6, 2, 4, 3]));
    expect(seriesByComparedUnit(plain, () => undefined, known)[0].points).toHaveLength(6);
  });

  it("adds up counts, durations and money, not rates or scores", () => {
    expect(["count", "hours", "CNY", "kCNY", "USD"].every(isAdditiveUnit)).toBe(true);
    expect(["percent", "score", "points", "ratio", undefined].some(isAdditiveUnit)).toBe(false);
  });
});

// Seen on Jadebay: "How did repair cost in Harbour in 2025-Q3 compare with 2024-Q3?" plans two
// goals, each asking its quarter as the source's months, with no `compared_by`: the answer gave the
// trend from 2024-07 to 2025-09, a month against a month.
describe("two goals each asking a whole quarter as its months", () => {
  const quarterGoal = (id: string, year: number) => {
    const months = [7, 8, 9].map((month) => ({
      grain: "month" as const,
      from: `${year}-0${month}-01`,
      to: `${year}-0${month}-${month === 9 ? 30 : 31}`,
    }));
    const subGoal = goal({
      id,
      source: "sales_bi",
      dataset: "returns",
      params: {
        metric: "revenue",
        filters: {},
        period: { grain: "month", from: `${year}-07-01`, to: `${year}-09-30` },
      },
      asked: { kind: "metric", metric: "revenue", keys: {}, periods: months },
    });
    return subGoal;
  };
  const outcome = (id: string, year: number, values: number[]): GoalOutcome => {
    const subGoal = quarterGoal(id, year);
    return {
      goal: subGoal,
      planned: subGoal,
      status: "answered",
      evidence: table(
        values.map((value, index) => ({ month: `${year}-0${index + 7}`, revenue: value })),
        "sales_bi",
        { units: { revenue: "CNY" } },
      ),
    };
  };
  it("compares the two quarters' sums, in each language", async () => {
    const workspace = demoWorkspace();
    const outcomes = [
      outcome("g1", 2024, [174700, 189000, 197500]),
      outcome("g2", 2025, [195600, 196500, 160900]),
    ];
    const texts: string[] = [];
    for (const language of ["en", "zh-Hans"] as const) {
      const synthesis = await synthesizeAnswer({
        question: "How did it compare?",
        language,
        outcomes,
        comparisons: compareSources(pointsOfGoals(outcomes, workspace.config.catalog), workspace.config),
        broadenings: [],
        gaps: [],
        workspace,
        trace: new TraceRecorder(),
      });
      expect(synthesis.audit.passed).toBe(true);
      texts.push(synthesis.answer.text);
    }
    expect(texts[0]).toContain(
      "fell from 561200 CNY in 2024-Q3 to 553000 CNY in 2025-Q3 (-8200 CNY, -1.5% relative)",
    );
    expect(texts[1]).toContain("从 2024-Q3 的 561200 元 下降至 2025-Q3 的 553000 元");
  });
});
