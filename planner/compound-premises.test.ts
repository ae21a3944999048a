// Issue 29 item 2, premises in a compound question (seen on round-11 Jadebay): "Why did main bursts
// in Harbour rise and complaints in Harbour fall?" stated two directions, so the question-wide
// premise was none and the false one (complaints rose) was never said. Each metric now takes the
// direction its own words state.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

const root = path.resolve(import.meta.dirname, "..");
const jadebay = loadWorkspace(path.join(root, "test/held-out/round11/jadebay/workspace"), {
  environment: {},
});
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const planner = new CatalogPlanner();

/** Each metric goal's metric and premise. */
function premises(workspace: Workspace, question: string, asOf: string): [string, string | undefined][] {
  const goals = planner.planSync(question, { workspace, asOf, strategy: "auto" }).plan?.sub_goals ?? [];
  return [
    ...new Map(
      goals.flatMap((goal) =>
        goal.asked?.kind === "metric" ? [[goal.asked.metric, goal.asked.premise] as const] : [],
      ),
    ),
  ];
}

describe("a premise per metric when the question states two directions", () => {
  it("reads each metric's own direction in English, Simplified and Traditional Chinese", () => {
    for (const question of [
      "Why did main bursts in Harbour rise and complaints in Harbour fall in September 2025?",
      "为什么2025年9月港口区爆管次数上升，投诉下降？",
      // 而 joins the two clauses: a function word, not an unknown term the question is refused for.
      "为什么2025年9月港口区爆管次数上升而投诉下降？",
      "為什麼2025年9月港口區的爆管次數上升、客戶投訴下降？",
    ])
      expect(premises(jadebay, question, "2025-11-15"), question).toEqual([
        ["main_bursts", "up"],
        ["complaints", "down"],
      ]);
  });
  it("keeps one direction for every metric, and none for a metric whose words state none", () => {
    expect(
      premises(
        jadebay,
        "Why did main bursts and complaints in Harbour rise in September 2025?",
        "2025-11-15",
      ),
    ).toEqual([
      ["main_bursts", "up"],
      ["complaints", "up"],
    ]);
    expect(
      premises(demo, "Did complaints rise or fall in Q4 2023?", "2024-06-30").every(
        ([, premise]) => premise === undefined,
      ),
    ).toBe(true);
  });
});
