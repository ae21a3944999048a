import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import { demoWorkspace, goal, table } from "../../test/support/reflector/fixtures.js";
import { compareSources } from "../conflicts.js";
import { pointsOfGoals } from "../metric-points.js";
import type { GoalOutcome } from "./goal-outcome.js";
import { synthesizeAnswer } from "./synthesize.js";

// A change is said in its metric's unit, with its relative size: points for a score (NPS),
// hours for a duration, the currency for money, pp for a rate. Before, only rates had a unit and a
// two-period trend had no change figure at all ("fell from 45 to 39").

const workspace = demoWorkspace();
const quarters = { grain: "quarter" as const, from: "2024-01-01", to: "2024-06-30" };

function outcome(
  id: string,
  metric: string,
  unit: string,
  values: [string, number][],
  keys = {},
): GoalOutcome {
  const subGoal = goal({
    id,
    source: "sales_bi",
    dataset: "returns",
    params: { metric, filters: keys, period: quarters },
  });
  return {
    goal: subGoal,
    planned: subGoal,
    status: "answered",
    evidence: table(
      values.map(([quarter, value]) => ({ ...keys, quarter, [metric]: value })),
      "sales_bi",
      { units: { [metric]: unit } },
    ),
  };
}

async function answerText(
  language: "en" | "zh-Hans" | "zh-Hant",
  outcomes: GoalOutcome[],
  answering = workspace,
): Promise<string> {
  const comparisons = compareSources(pointsOfGoals(outcomes, answering.config.catalog), answering.config);
  const synthesis = await synthesizeAnswer({
    question: "How did it change?",
    language,
    outcomes,
    comparisons,
    broadenings: [],
    gaps: [],
    workspace: answering,
    trace: new TraceRecorder(),
  });
  expect(synthesis.audit.passed).toBe(true);
  return synthesis.answer.text;
}

const nps = () => [
  outcome("g1", "nps", "score", [
    ["2024-Q1", 45],
    ["2024-Q2", 39],
  ]),
];

describe("changes in the metric's unit", () => {
  it("gives a score's two-period change in points with its relative size, in three languages", async () => {
    expect(await answerText("en", nps())).toContain(
      "fell from 45 in 2024-Q1 to 39 in 2024-Q2 (-6 points, -13.3% relative)",
    );
    expect(await answerText("zh-Hans", nps())).toContain("2024-Q2 的 39（-6 分，相对 -13.3%）");
    expect(await answerText("zh-Hant", nps())).toContain("2024-Q2 的 39（-6 分，相對 -13.3%）");
  });
  it("says a duration's change in its time unit", async () => {
    const outcomes = [
      outcome("g1", "resolution_time", "hours", [
        ["2024-Q1", 10],
        ["2024-Q2", 11.5],
      ]),
    ];
    expect(await answerText("en", outcomes)).toContain("(+1.5 hours, +15% relative)");
    expect(await answerText("zh-Hans", outcomes)).toContain("（+1.5 小时，相对 +15%）");
  });
  it("says a difference of money in its currency and a rate's in percentage points", async () => {
    const money = [
      outcome("g1", "revenue", "CNY", [["2024-Q2", 5200]], { region: "East" }),
      outcome("g2", "revenue", "CNY", [["2024-Q2", 4000]], { region: "North" }),
    ];
    expect(await answerText("en", money)).toMatch(/higher by 1200 CNY \(30% relative\)/);
    const rates = [
      outcome("g1", "return_rate", "percent", [["2024-Q2", 5.2]], { region: "East" }),
      outcome("g2", "return_rate", "percent", [["2024-Q2", 3.1]], { region: "North" }),
    ];
    expect(await answerText("en", rates)).toContain("higher by 2.1 percentage points");
    expect(await answerText("zh-Hant", rates)).toContain("高出 2.1 個百分點");
  });
  it("gives a count's change without a unit word", async () => {
    const outcomes = [
      outcome("g1", "complaints", "count", [
        ["2024-Q1", 44],
        ["2024-Q2", 40],
      ]),
    ];
    expect(await answerText("en", outcomes)).toContain("to 40 in 2024-Q2 (-4, -9.1% relative)");
  });
  it("takes a duration's or money's unit from the catalog when the source's column names none", async () => {
    // harbor-clinics' CSV holds wait times as plain numbers; its catalog says they are minutes.
    const clinics = loadWorkspace(path.resolve(import.meta.dirname, "../../test/workspaces/harbor-clinics"), {
      environment: {},
    });
    const waits = () => [
      outcome("g1", "wait_time", "", [
        ["2024-Q1", 19],
        ["2024-Q2", 27],
      ]),
    ];
    const plain = waits().map((entry) => ({
      ...entry,
      evidence:
        entry.evidence?.kind === "table"
          ? { ...entry.evidence, columns: entry.evidence.columns.map(({ unit: _unit, ...column }) => column) }
          : entry.evidence,
    }));
    expect(await answerText("en", plain, clinics)).toContain("(+8 minutes, +42.1% relative)");
    expect(await answerText("zh-Hans", plain, clinics)).toContain("（+8 分钟，相对 +42.1%）");
    expect(await answerText("zh-Hant", plain, clinics)).toContain("（+8 分鐘，相對 +42.1%）");
  });
});
