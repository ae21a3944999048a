import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import { askedFor, premiseOf } from "../../planner/asked-for.js";
import { demoWorkspace, goal, table } from "../../test/support/reflector/fixtures.js";
import { compareSources } from "../conflicts.js";
import { pointsOfGoals } from "../metric-points.js";
import type { GoalOutcome } from "./goal-outcome.js";
import { synthesizeAnswer } from "./synthesize.js";

// Issue 29.2: a question that states a direction the evidence contradicts is told so first.
const workspace = demoWorkspace();
const quarters = { grain: "quarter" as const, from: "2023-07-01", to: "2023-12-31" };

function outcomeFor(question: string, values: [string, number][]): GoalOutcome {
  const planned = goal({
    id: "g1",
    source: "tickets",
    dataset: "complaints",
    params: { metric: "complaints", filters: { category: "Delivery" }, period: quarters },
  });
  const withAsked = { ...planned, asked: askedFor(planned, question) };
  return {
    goal: withAsked,
    planned: withAsked,
    status: "answered",
    evidence: table(
      values.map(([quarter, value]) => ({ category: "Delivery", quarter, complaints: value })),
      "tickets",
      { units: { complaints: "count" } },
    ),
  };
}

async function answerText(
  question: string,
  language: "en" | "zh-Hans" | "zh-Hant",
  values: [string, number][],
) {
  const outcomes = [outcomeFor(question, values)];
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
  return synthesis.answer.text;
}

const fell: [string, number][] = [
  ["2023-Q3", 44],
  ["2023-Q4", 40],
];

describe("a premise the evidence contradicts", () => {
  it("reads the stated direction in English, Simplified and Traditional Chinese, and none when two or none are stated", () => {
    expect(premiseOf("Why did complaints about delivery rise in Q4 2023 compared with Q3?")).toBe("up");
    expect(premiseOf("Why have returns dropped since March?")).toBe("down");
    expect(premiseOf("为什么2023年第四季度物流投诉上升了？")).toBe("up");
    expect(premiseOf("為什麼第四季的投訴下降了")).toBe("down");
    expect(premiseOf("How did complaints change from Q3 to Q4?")).toBeUndefined();
    expect(premiseOf("Did complaints rise or fall?")).toBeUndefined();
  });

  it("is said first, with both figures, in the question's language", async () => {
    const english = await answerText(
      "Why did complaints about delivery rise in Q4 2023 compared with Q3?",
      "en",
      fell,
    );
    expect(english.split("\n")[0]).toBe(
      "It did not rise: Complaints (Delivery) fell from 44 in 2023-Q3 to 40 in 2023-Q4.",
    );
    const chinese = await answerText("为什么2023年第四季度物流投诉比第三季度上升了？", "zh-Hans", fell);
    expect(chinese.split("\n")[0]).toMatch(/^并未上升：.*从 2023-Q3 的 44 下降至 2023-Q4 的 40。$/);
    const traditional = await answerText("為什麼2023年第四季物流投訴比第三季上升了？", "zh-Hant", fell);
    expect(traditional.split("\n")[0]).toMatch(/^並未上升：.*從 2023-Q3 的 44 下降至 2023-Q4 的 40。$/);
  });

  it("says the sources disagree when one of them shows the stated direction", async () => {
    // Round-11 Jadebay (seen): "It did not rise" from a trust-weighted value while the portal's
    // own figure rose; the disagreement was only in the Conflicts section.
    const question = "Why did complaints about delivery rise in Q4 2023 compared with Q3?";
    const trusted = outcomeFor(question, fell);
    const grid = outcomeFor(question, [
      ["2023-Q3", 44],
      ["2023-Q4", 46],
    ]);
    const portal = {
      ...grid,
      goal: { ...grid.goal, id: "g2", source: "support_bi" },
      planned: { ...grid.planned, id: "g2", source: "support_bi" },
      evidence:
        grid.evidence?.kind === "table"
          ? { ...grid.evidence, provenance: grid.evidence.provenance.map(() => ({ source: "support_bi" })) }
          : grid.evidence,
    } as GoalOutcome;
    const texts: string[] = [];
    for (const language of ["en", "zh-Hant"] as const) {
      const outcomes = [trusted, portal];
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
      texts.push(synthesis.answer.text.split("\n")[0]);
    }
    expect(texts[0]).toBe(
      "It did not rise: Complaints (Delivery) fell from 44 in 2023-Q3 to 42.4 in 2023-Q4, by the trust-weighted value; the sources disagree on 2023-Q4 (tickets 40, support_bi 46), and one of them shows it rising.",
    );
    expect(texts[1]).toContain(
      "各來源在 2023-Q4 的數值不一致（tickets 40、support_bi 46），其中有來源顯示為上升",
    );
  });

  it("says nothing when the evidence bears the premise out", async () => {
    const rose: [string, number][] = [
      ["2023-Q3", 40],
      ["2023-Q4", 44],
    ];
    const text = await answerText(
      "Why did complaints about delivery rise in Q4 2023 compared with Q3?",
      "en",
      rose,
    );
    expect(text).not.toContain("did not rise");
  });
});
