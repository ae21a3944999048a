import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import { demoWorkspace, goal, table } from "../../test/support/reflector/fixtures.js";
import { compareSources } from "../conflicts.js";
import { pointsOfGoals } from "../metric-points.js";
import type { GoalOutcome } from "./goal-outcome.js";
import { synthesizeAnswer } from "./synthesize.js";

// Every money figure carries its currency, in the answer's words: item lines, a series' ends and
// a difference's two sides, not only the change between them. Before, "Kunming · 2025-04: 31800"
// stood bare while the change beside it said "+8000 CNY".

const workspace = demoWorkspace();

function outcome(id: string, unit: string, values: [string, number][], keys = {}): GoalOutcome {
  const subGoal = goal({
    id,
    source: "sales_bi",
    dataset: "returns",
    params: {
      metric: "revenue",
      filters: keys,
      period: { grain: "month", from: "2024-01-01", to: "2024-03-31" },
    },
  });
  return {
    goal: subGoal,
    planned: subGoal,
    status: "answered",
    evidence: table(
      values.map(([month, value]) => ({ ...keys, month, revenue: value })),
      "sales_bi",
      { units: { revenue: unit } },
    ),
  };
}

async function answerText(language: "en" | "zh-Hans" | "zh-Hant", outcomes: GoalOutcome[]): Promise<string> {
  const comparisons = compareSources(pointsOfGoals(outcomes, workspace.config.catalog), workspace.config);
  const synthesis = await synthesizeAnswer({
    question: "How did revenue change?",
    language,
    outcomes,
    comparisons,
    broadenings: [],
    gaps: [],
    workspace,
    trace: new TraceRecorder(),
  });
  // The currency words hold no number the audit could miss.
  expect(synthesis.audit.passed).toBe(true);
  return synthesis.answer.text;
}

const series = () => [
  outcome("g1", "CNY", [
    ["2024-01", 31800],
    ["2024-02", 34600],
    ["2024-03", 39800],
  ]),
];

describe("money figures with their currency", () => {
  it("says the currency after every value of a series and its change, in three languages", async () => {
    const english = await answerText("en", series());
    expect(english).toContain("2024-01: 31800 CNY");
    expect(english).toContain("from 31800 CNY in 2024-01 to 39800 CNY in 2024-03 (+8000 CNY");
    const simplified = await answerText("zh-Hans", series());
    expect(simplified).toContain("2024-01：31800 元");
    expect(simplified).toContain("39800 元");
    const traditional = await answerText("zh-Hant", series());
    expect(traditional).toContain("2024-01：31800 元");
  });
  it("says a scaled currency's words on both sides of a difference", async () => {
    const money = [
      outcome("g1", "kCNY", [["2024-03", 52]], { region: "East" }),
      outcome("g2", "kCNY", [["2024-03", 40]], { region: "North" }),
    ];
    const english = await answerText("en", money);
    expect(english).toMatch(/52 thousand CNY/);
    expect(english).toMatch(/40 thousand CNY/);
    expect(english).toMatch(/higher by 12 thousand CNY/);
    expect(await answerText("zh-Hans", money)).toContain("52 千元");
  });
  it("leaves a rate and a count as they were", async () => {
    const rates = [outcome("g1", "percent", [["2024-01", 5.2]])];
    expect(await answerText("en", rates)).toContain("2024-01: 5.2%");
    const counts = [outcome("g1", "count", [["2024-01", 12]])];
    const text = await answerText("en", counts);
    expect(text).toContain("2024-01: 12");
    expect(text).not.toMatch(/12 [A-Z]{3}/);
  });
});
