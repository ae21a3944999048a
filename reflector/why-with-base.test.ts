import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../executor/trace-recorder.js";
import type { Period, SubGoal } from "../models/plan.js";
import { demoWorkspace, goal, table } from "../test/support/reflector/fixtures.js";
import { withBeforeWindow } from "./answering/before-window.js";
import { compareSources } from "./conflicts.js";
import { pointsOfGoals } from "./metric-points.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";
import { synthesizeAnswer } from "./synthesizer/synthesize.js";
import { checkWhy } from "./why-check.js";

// Issue 29 item 1: "why did it rise year over year (同比) / month over month (环比)" is measured
// from the base the operation names. The plan holds that base as a goal of its own
// (asked.comparison.role = base): the run fetches no other period for it, the why check asks no
// "why" of the base, and the premise is checked against the base, not against the month before.
const workspace = demoWorkspace();
const month = (from: string, to: string): Period => ({ grain: "month", from, to });
const may2024 = month("2024-05-01", "2024-05-31");
const may2023 = month("2023-05-01", "2023-05-31");
const window = month("2023-05-01", "2024-06-30");
const keys = { product: "A", region: "East" };

function metricOutcome(
  id: string,
  period: Period,
  role: "period" | "base",
  rows: [string, number][],
): GoalOutcome {
  const planned: SubGoal = {
    ...goal({
      id,
      source: "sales_bi",
      dataset: "returns",
      params: { metric: "return_rate", filters: keys, period },
    }),
    asked: {
      kind: "metric",
      metric: "return_rate",
      keys,
      periods: [period],
      operation: "why",
      premise: "up",
      comparison: { kind: "year_over_year", role },
      ...(role === "period" ? { explain: { base: may2023, window } } : {}),
    },
  };
  return {
    goal: planned,
    planned,
    status: "answered",
    check: { status: "answered", found: rows.map(([label]) => label), missing: [] },
    evidence: table(
      rows.map(([label, value]) => ({ ...keys, month: label, return_rate: value })),
      "sales_bi",
      { units: { return_rate: "percent" } },
    ),
  };
}

function eventOutcome(rows: Record<string, string>[]): GoalOutcome {
  const planned: SubGoal = {
    ...goal({
      id: "g3",
      source: "tickets",
      params: { event: "logistics_provider_change", filters: { region: "East" }, period: window },
      expected_format: "records",
    }),
    asked: {
      kind: "event",
      event: "logistics_provider_change",
      keys: { region: "East" },
      window,
      operation: "why",
    },
  };
  return {
    goal: planned,
    planned,
    status: "answered",
    check: { status: "answered", found: rows.map((row) => row.key), missing: [] },
    evidence: table(rows, "tickets"),
  };
}

const providerChange = {
  key: "LOG-101",
  region: "East",
  from_provider: "SwiftShip",
  to_provider: "EastExpress",
  change_date: "2024-01-15",
};

describe("a why asked against a stated base", () => {
  it("fetches no period before a comparison's goal: its base is a goal of its own", () => {
    const base = metricOutcome("g1", may2023, "base", [["2023-05", 3.5]]).planned;
    const asked = metricOutcome("g2", may2024, "period", [["2024-05", 3.2]]).planned;
    expect(withBeforeWindow(base)).toBeUndefined();
    expect(withBeforeWindow(asked)).toBeUndefined();
    // Without the comparison, the same goal asked why is fetched from its base on.
    const plain: SubGoal = {
      ...asked,
      asked: { ...(asked.asked as Extract<SubGoal["asked"], { kind: "metric" }>), comparison: undefined },
    };
    expect(withBeforeWindow(plain)?.params.period?.from).toBe("2023-05-01");
  });

  it("asks no why of the base; an event within base..asked explains the asked month", () => {
    const outcomes = () => [
      metricOutcome("g1", may2023, "base", [["2023-05", 3.5]]),
      metricOutcome("g2", may2024, "period", [["2024-05", 3.2]]),
    ];
    expect(checkWhy([...outcomes(), eventOutcome([providerChange])])).toEqual([]);
    const none = checkWhy([...outcomes(), eventOutcome([])]);
    expect(
      none.map((entry) => [entry.goal, entry.gap.code, "period" in entry.gap && entry.gap.period]),
    ).toEqual([["g2", "why_no_event_aligned", "2023-05..2024-05"]]);
  });

  it.each([
    [
      "en",
      "Why did product A's return rate in East China rise year over year in May 2024?",
      /^It did not rise: .*fell from 3\.5% in 2023-05 to 3\.2% in 2024-05\.$/,
    ],
    [
      "zh-Hans",
      "为什么2024年5月华东区A产品的退货率同比上升了？",
      /^并未上升：.*从 2023-05 的 3\.5% 下降至 2024-05 的 3\.2%。$/,
    ],
    [
      "zh-Hant",
      "為什麼2024年5月華東區A產品的退貨率同比上升了？",
      /^並未上升：.*從 2023-05 的 3\.5% 下降至 2024-05 的 3\.2%。$/,
    ],
  ] as const)(
    "%s: the premise is checked against the base, not the month before",
    async (language, question, first) => {
      // The asked goal's rows hold April too (a source that returns more than asked): April's 3.0
      // would make May a rise; the base a year earlier makes it a fall.
      const outcomes = [
        metricOutcome("g1", may2023, "base", [["2023-05", 3.5]]),
        metricOutcome("g2", may2024, "period", [
          ["2024-04", 3.0],
          ["2024-05", 3.2],
        ]),
        eventOutcome([providerChange]),
      ];
      const synthesis = await synthesizeAnswer({
        question,
        language,
        outcomes,
        comparisons: compareSources(pointsOfGoals(outcomes, workspace.config.catalog), workspace.config),
        broadenings: [],
        gaps: [],
        workspace,
        trace: new TraceRecorder(),
      });
      expect(synthesis.audit.passed).toBe(true);
      expect(synthesis.answer.text.split("\n")[0]).toMatch(first);
      expect(synthesis.answer.text).toContain("LOG-101");
    },
  );

  it("lists candidate explanations only for a change measured at both ends", async () => {
    const answerOf = async (baseRows: [string, number][]) => {
      const outcomes = [
        metricOutcome("g1", may2023, "base", baseRows),
        metricOutcome("g2", may2024, "period", [["2024-05", 3.9]]),
        eventOutcome([providerChange]),
      ];
      const synthesis = await synthesizeAnswer({
        question: "Why did product A's return rate in East China rise year over year in May 2024?",
        language: "en",
        outcomes,
        comparisons: compareSources(pointsOfGoals(outcomes, workspace.config.catalog), workspace.config),
        broadenings: [],
        gaps: [],
        workspace,
        trace: new TraceRecorder(),
      });
      expect(synthesis.audit.passed).toBe(true);
      return synthesis.answer.text;
    };
    const measured = await answerOf([["2023-05", 3.5]]);
    expect(measured).toContain("Candidate explanations");
    expect(measured).toContain("rose from 3.5% in 2023-05 to 3.9% in 2024-05");
    // No value a year earlier (the data starts later): no change to line events up with.
    const unmeasured = await answerOf([]);
    expect(unmeasured).not.toContain("Candidate explanations");
  });
});
