import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import { goalLines } from "../test/support/planner/goal-lines.js";
import { CatalogPlanner } from "./catalog-planner.js";

// Issue 25: a period tied to an event instead of a date ("since the POS upgrade", "before and after
// the recipe change", 自从…以来, 换配方之后) has no date before the event's records are fetched. A
// measure whose only period is such a phrase is asked back, naming the phrase and why — never given
// the default month with a note saying the question named no period. With a period of its own the
// measure is planned as written and the event searched around it. Two catalogs nobody wrote these
// wordings for (blind round 11's Maple & Rye, seen; test/fixtures/quayside-catalog), three scripts.
const root = path.resolve(import.meta.dirname, "..");
const maplerye = loadWorkspace(path.join(root, "test/held-out/round11/maplerye"), { environment: {} });
const quayside = loadWorkspace(path.join(root, "test/fixtures/quayside-catalog"), { environment: {} });
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const planner = new CatalogPlanner();
const MAPLE = "2025-07-16";
const QUAY = "2024-07-10";
const plan = (question: string, workspace: Workspace, asOf: string) =>
  planner.planSync(question, { workspace, asOf, strategy: "auto" });

describe("a measure whose only period is tied to an event is asked back", () => {
  it.each([
    ["What was the waste rate in Shanghai since the POS upgrade?", maplerye, MAPLE, "since the POS upgrade"],
    [
      "Compare the waste rate of bread in Nanjing before and after the recipe change.",
      maplerye,
      MAPLE,
      "before and after the recipe change",
    ],
    [
      "What was the waste rate in Shanghai in the month after the recipe change?",
      maplerye,
      MAPLE,
      "after the recipe change",
    ],
    ["杭州自从收银系统升级以来的报损率是多少？", maplerye, MAPLE, "自从收银系统升级以来"],
    ["換配方之後南京麵包的報損率怎麼樣？", maplerye, MAPLE, "換配方之後"],
    [
      "How many crane moves did the Upper terminal make after the TOS upgrade?",
      quayside,
      QUAY,
      "after the TOS upgrade",
    ],
    ["TOS升级以来上港码头的吊装次数是多少？", quayside, QUAY, "TOS升级以来"],
    ["吊機停機前後內港的平均堆存時長有什麼變化？", quayside, QUAY, "吊機停機前後"],
    // The change verb before the event's object (换 + 承运商) is quoted with it.
    ["换承运商之后华东区的退货率怎么样？", demo, "2024-06-30", "换承运商之后"],
  ])("%s → asks which period, quoting %s", (question, workspace, asOf, written) => {
    const outcome = plan(question, workspace, asOf);
    expect(outcome.plan, question).toBeUndefined();
    expect(outcome.clarification?.spans.map((span) => span.written)).toEqual([written]);
    expect(outcome.message).toContain(written);
    expect(outcome.message).not.toMatch(/not in the catalog|不在目录|不在目錄/u);
  });

  it.each([
    [
      "What was the waste rate in Shanghai in May 2025 after the recipe change?",
      maplerye,
      MAPLE,
      "waste_rate city=Shanghai month 2025-05-01..2025-05-31",
    ],
    [
      "2025年5月换配方之后上海的报损率是多少？",
      maplerye,
      MAPLE,
      "waste_rate city=Shanghai month 2025-05-01..2025-05-31",
    ],
    [
      "TOS升級以後，2024年5月上港碼頭的吊裝次數是多少？",
      quayside,
      QUAY,
      "crane_moves terminal=Upper month 2024-05-01..2024-05-31",
    ],
  ])("%s → with a period of its own, planned as written", (question, workspace, asOf, goal) => {
    expect(goalLines(question, plan(question, workspace, asOf))).toContain(goal);
  });
});
