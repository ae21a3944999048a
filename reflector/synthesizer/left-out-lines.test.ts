import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import { demoWorkspace, goal, table } from "../../test/support/reflector/fixtures.js";
import { compareSources } from "../conflicts.js";
import { pointsOfGoals } from "../metric-points.js";
import type { GoalOutcome } from "./goal-outcome.js";
import { synthesizeAnswer } from "./synthesize.js";

// "… and 3 more" / "……另有 3 条" is a number the answer computed: the audit traces it. Before,
// it passed only when the evidence happened to hold the same number, and a Chinese answer of
// twelve months failed its audit on "另有 4 条".

const workspace = demoWorkspace();

function months(count: number): GoalOutcome {
  const subGoal = goal({
    id: "g1",
    source: "sales_bi",
    dataset: "returns",
    params: {
      metric: "revenue",
      filters: {},
      period: { grain: "month", from: "2024-01-01", to: `2024-${String(count).padStart(2, "0")}-28` },
    },
  });
  const rows = Array.from({ length: count }, (_, index) => ({
    month: `2024-${String(index + 1).padStart(2, "0")}`,
    revenue: 50000 + index * 1000 + 17,
  }));
  return {
    goal: subGoal,
    planned: subGoal,
    status: "answered",
    evidence: table(rows, "sales_bi", { units: { revenue: "CNY" } }),
  };
}

describe("lines left out of a list", () => {
  for (const [language, words] of [
    ["en", "… and 3 more"],
    ["zh-Hans", "……另有 3 条"],
    ["zh-Hant", "……另有 3 條"],
  ] as const)
    it(`says how many in ${language} and traces the count`, async () => {
      const outcomes = [months(11)];
      const synthesis = await synthesizeAnswer({
        question: "Revenue by month?",
        language,
        outcomes,
        comparisons: compareSources(pointsOfGoals(outcomes, workspace.config.catalog), workspace.config),
        broadenings: [],
        gaps: [],
        workspace,
        trace: new TraceRecorder(),
      });
      expect(synthesis.answer.text).toContain(words);
      expect(synthesis.audit.passed).toBe(true);
    });
});
