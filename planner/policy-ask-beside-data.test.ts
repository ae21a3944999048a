import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import { goalLines } from "../test/support/planner/goal-lines.js";
import { CatalogPlanner } from "./catalog-planner.js";

// Issue 25: a policy ask inside a data question is its own sub-goal, a knowledge-base search of
// its own clause — also when its topic's word is guarded by a measure of the same stem (demo:
// "return" is the returns metric's stem and the return-policy topic's word), when a value named in
// it would otherwise qualify the data clause's measure, and when it is joined with no comma. Its
// words are the search's query: none is reported as unused. Three catalogs with a pdf_kb source
// (the demo, test/held-out/hearthwell, test/fixtures/quayside-catalog), three scripts.
const root = path.resolve(import.meta.dirname, "..");
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const hearthwell = loadWorkspace(path.join(root, "test/held-out/hearthwell"), { environment: {} });
const quayside = loadWorkspace(path.join(root, "test/fixtures/quayside-catalog"), { environment: {} });
// Two catalogs with no document topic at all (blind rounds 10 and 11, seen).
const maplerye = loadWorkspace(path.join(root, "test/held-out/round11/maplerye"), { environment: {} });
const harborline = loadWorkspace(path.join(root, "test/held-out/round10/harborline"), { environment: {} });
const planner = new CatalogPlanner();

const UNUSED = /was not used|未被使用/u;

function planOf(question: string, workspace: Workspace, asOf: string) {
  const outcome = planner.planSync(question, { workspace, asOf, strategy: "auto" });
  const searches = (outcome.plan?.sub_goals ?? [])
    .filter((goal) => goal.expected_format === "text")
    .map((goal) => goal.params.query);
  const unused = (outcome.spans ?? []).filter((span) => span.role === "unused");
  return { goals: goalLines(question, outcome), searches, warnings: outcome.warnings, unused };
}

describe("a policy ask beside a data ask is searched on its own, its words its query", () => {
  const demoReturns = ["return_rate region=East month 2024-05-01..2024-05-31", "text"];
  const hearthwellClaims = [
    "text",
    "warranty_claim_rate product_line=AC,service_zone=Guangdong month 2024-03-01..2024-03-31",
  ];
  const quayMoves = ["crane_moves terminal=Upper month 2024-03-01..2024-03-31", "text"];
  it.each([
    // The topic's word guarded by the returns metric (same stem), asked as a duration a rule sets.
    [
      "What was the return rate in East China in May 2024, and how many days do customers have to return an item?",
      demo,
      "2024-06-30",
      demoReturns,
      "how many days do customers have to return an item?",
    ],
    [
      "2024年5月华东区的退货率是多少？客户有几天时间可以退货？",
      demo,
      "2024-06-30",
      demoReturns,
      "客户有几天时间可以退货？",
    ],
    [
      "2024年5月華東區的退貨率是多少？客戶有幾天時間可以退貨？",
      demo,
      "2024-06-30",
      demoReturns,
      "客戶有幾天時間可以退貨？",
    ],
    // Joined with no comma: the policy ask is cut at its connective, its value (product B) the search's.
    [
      "What was the return rate in East China in May 2024 and what does the return policy say about product B?",
      demo,
      "2024-06-30",
      demoReturns,
      "what does the return policy say about product B?",
    ],
    // A value named in the policy ask (water heater) qualifies no measure of the data clause.
    [
      "What was the warranty claim rate for air conditioners in Guangdong in March 2024, and how long is the warranty on a water heater?",
      hearthwell,
      "2024-06-30",
      hearthwellClaims,
      "how long is the warranty on a water heater?",
    ],
    [
      "2024年3月广东空调的保修索赔率是多少？热水器的保修期是多久？",
      hearthwell,
      "2024-06-30",
      hearthwellClaims,
      "热水器的保修期是多久？",
    ],
    [
      "2024年3月廣東空調的保修索賠率是多少？熱水器的保固期是多久？",
      hearthwell,
      "2024-06-30",
      hearthwellClaims,
      "熱水器的保固期是多久？",
    ],
    [
      "What were the Upper terminal's crane moves in March 2024, and how is demurrage charged for reefers?",
      quayside,
      "2024-07-10",
      quayMoves,
      "how is demurrage charged for reefers?",
    ],
    [
      "上港码头2024年3月的吊装次数是多少？冷藏箱的滞箱费怎么收？",
      quayside,
      "2024-07-10",
      quayMoves,
      "冷藏箱的滞箱费怎么收？",
    ],
    [
      "上港碼頭2024年3月的吊裝次數是多少？冷藏箱的滯箱費怎麼收？",
      quayside,
      "2024-07-10",
      quayMoves,
      "冷藏箱的滯箱費怎麼收？",
    ],
  ])("%s", (question, workspace, asOf, goals, search) => {
    const plan = planOf(question, workspace, asOf);
    expect(plan.goals).toEqual(goals);
    expect(plan.searches).toEqual([search]);
    expect(plan.warnings.filter((warning) => UNUSED.test(warning))).toEqual([]);
    expect(plan.unused).toEqual([]);
  });

  it("keeps two data asks joined with no comma one clause, and a rule's word alone no policy ask", () => {
    expect(
      planOf("What was the return rate of product A in May 2024 and how did it change?", demo, "2024-06-30")
        .searches,
    ).toEqual([]);
    // "return" with no rule asked (a figure) is no document topic: the guard leaves it unread.
    const counted = planner.planSync("How many customers return an item in East China in May 2024?", {
      workspace: demo,
      asOf: "2024-06-30",
      strategy: "auto",
    });
    expect((counted.plan?.sub_goals ?? []).filter((goal) => goal.expected_format === "text")).toEqual([]);
  });
});

describe("a document ask no topic of the catalog covers is reported, and lends no value to the data asks", () => {
  const NOT_PLANNED =
    /is not planned: the workspace's catalog has no document topic|未列入计划：工作区目录中没有对应的文档主题|未列入計畫：工作區目錄中沒有對應的文件主題/u;
  it.each([
    // Three asks: a metric, an event list and a policy; "bread" of the policy ask is no filter.
    [
      "What was the waste rate in Hangzhou in May 2025, which recipe changes happened that month, and what does the food safety policy say about expired bread?",
      maplerye,
      "2025-07-16",
      [
        "recipe_change  month 2025-05-01..2025-05-31",
        "waste_rate city=Hangzhou month 2025-05-01..2025-05-31",
      ],
    ],
    [
      "2025年5月杭州的报损率是多少？食品安全规定对过期面包怎么说？",
      maplerye,
      "2025-07-16",
      ["waste_rate city=Hangzhou month 2025-05-01..2025-05-31"],
    ],
    [
      "2025年5月杭州的報損率是多少？食品安全規定對過期麵包怎麼說？",
      maplerye,
      "2025-07-16",
      ["waste_rate city=Hangzhou month 2025-05-01..2025-05-31"],
    ],
    [
      "How many passenger complaints did Northgate get in October 2024 and what is the refund policy for night buses?",
      harborline,
      "2024-11-20",
      ["passenger_complaints depot=Northgate month 2024-10-01..2024-10-31"],
    ],
    [
      "2024年10月北门车场的乘客投诉有多少？夜班线的退款政策是什么？",
      harborline,
      "2024-11-20",
      ["passenger_complaints depot=Northgate month 2024-10-01..2024-10-31"],
    ],
    [
      "2024年10月北門車場的乘客投訴有多少？夜班線的退款政策是什麼？",
      harborline,
      "2024-11-20",
      ["passenger_complaints depot=Northgate month 2024-10-01..2024-10-31"],
    ],
  ])("%s", (question, workspace, asOf, goals) => {
    const plan = planOf(question, workspace, asOf);
    expect(plan.goals).toEqual(goals);
    expect(plan.warnings.filter((warning) => NOT_PLANNED.test(warning))).toHaveLength(1);
    expect(plan.warnings.filter((warning) => UNUSED.test(warning))).toEqual([]);
    expect(plan.unused).toEqual([]);
  });
});
