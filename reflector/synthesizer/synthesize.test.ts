import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import type { Evidence } from "../../models/evidence.js";
import { demoWorkspace, goal, table } from "../../test/support/reflector/fixtures.js";
import { compareSources } from "../conflicts.js";
import { gradePassages } from "../grader.js";
import { pointsOfGoals } from "../metric-points.js";
import { auditNumbers, extractNumbers } from "../number-audit.js";
import type { GoalOutcome } from "./goal-outcome.js";
import { synthesizeAnswer } from "./synthesize.js";

const workspace = demoWorkspace();
const percent = { units: { return_rate: "percent" } };
const january = { grain: "month" as const, from: "2024-01-01", to: "2024-01-31" };
const salesEast = goal({
  id: "g1",
  source: "sales_bi",
  dataset: "returns",
  params: { metric: "return_rate", filters: { product: "A", region: "East" }, period: january },
});
const supportEast = goal({
  id: "g2",
  source: "support_bi",
  dataset: "returns",
  params: { metric: "return_rate", filters: { product: "A", region: "East" }, period: january },
});
const salesNorth = goal({
  id: "g3",
  source: "sales_bi",
  dataset: "returns",
  params: { metric: "return_rate", filters: { product: "B", region: "North" }, period: january },
});
const changes = goal({
  id: "g4",
  source: "tickets",
  dataset: "provider_changes",
  expected_format: "records",
  params: {
    event: "logistics_provider_change",
    filters: { region: ["East", "North"] },
    period: { grain: "month", from: "2023-12-01", to: "2024-01-31" },
  },
});

function rows(product: string, region: string, values: [string, number][], source: string): Evidence {
  return table(
    values.map(([month, value]) => ({ product, region, month, return_rate: value })),
    source,
    percent,
  );
}

function flagshipOutcomes(): GoalOutcome[] {
  const events: Evidence = {
    kind: "table",
    columns: [
      { name: "key", type: "string" },
      { name: "region", type: "string" },
      { name: "from_provider", type: "string" },
      { name: "to_provider", type: "string" },
      { name: "change_date", type: "date" },
    ],
    rows: [
      {
        key: "LOG-101",
        region: "East",
        from_provider: "SwiftShip",
        to_provider: "EastExpress",
        change_date: "2024-01-15",
      },
    ],
    provenance: [{ source: "tickets", url: "http://127.0.0.1:4200/browse/LOG-101", issue_key: "LOG-101" }],
    notes: [],
  };
  return [
    {
      goal: salesEast,
      planned: salesEast,
      status: "answered",
      evidence: rows(
        "A",
        "East",
        [
          ["2023-12", 3.4],
          ["2024-01", 5.2],
        ],
        "sales_bi",
      ),
    },
    {
      goal: supportEast,
      planned: supportEast,
      status: "answered",
      evidence: rows(
        "A",
        "East",
        [
          ["2023-12", 3.4],
          ["2024-01", 5.9],
        ],
        "support_bi",
      ),
    },
    {
      goal: salesNorth,
      planned: salesNorth,
      status: "answered",
      evidence: rows(
        "B",
        "North",
        [
          ["2023-12", 3.0],
          ["2024-01", 3.1],
        ],
        "sales_bi",
      ),
    },
    { goal: changes, planned: changes, status: "answered", evidence: events },
  ];
}

async function synthesize(language: "en" | "zh-Hans" | "zh-Hant", question: string) {
  const outcomes = flagshipOutcomes();
  const comparisons = compareSources(pointsOfGoals(outcomes, workspace.config.catalog), workspace.config);
  const trace = new TraceRecorder();
  const synthesis = await synthesizeAnswer({
    question,
    language,
    outcomes,
    comparisons,
    broadenings: [],
    gaps: [],
    workspace,
    trace,
  });
  if (process.env.TRIANGULATE_PRINT)
    console.log(synthesis.answer.text + "\n" + synthesis.markdown.split("## Sources")[1]);
  return { synthesis, trace };
}

describe("synthesizeAnswer on flagship question 1", () => {
  it("answers in English with the fused rate, weights, the difference in pp and the East change", async () => {
    const { synthesis, trace } = await synthesize(
      "en",
      "Compare product A's return rate in East China in January 2024 with product B's in North China, and relate it to logistics provider changes",
    );
    const text = synthesis.answer.text;
    expect(synthesis.answer.status).toBe("answered");
    expect(text).toContain("5.49%");
    expect(text).toContain("weight 0.85");
    expect(text).toContain("weight 0.6");
    expect(text).toContain("2.39 percentage points");
    expect(text).toContain("LOG-101");
    expect(text).toContain("2024-01-15 falls in 2024-01");
    expect(text).toMatch(/No logistics provider change in North/);
    expect(synthesis.answer.conflicts[0]).toMatchObject({ metric: "return_rate", resolved: 5.4897 });
    expect(synthesis.audit.passed).toBe(true);
    // Every number in the text is listed with its origin.
    const tokens = extractNumbers(text);
    expect(synthesis.answer.numbers).toHaveLength(tokens.length);
    expect(trace.lines().some((line) => line.startsWith("synthesize:template:en:"))).toBe(true);
  });
  it("answers in Simplified Chinese", async () => {
    const { synthesis } = await synthesize(
      "zh-Hans",
      "对比A产品在华东区2024年1月的退货率与B产品在华北区同期的退货率，并结合两地物流服务商变更记录分析可能原因",
    );
    const text = synthesis.answer.text;
    expect(text).toContain("退货率");
    expect(text).toContain("华东");
    expect(text).toContain("2.39 个百分点");
    expect(text).toContain("权重 0.85");
    expect(synthesis.audit.passed).toBe(true);
  });
  it("answers in Traditional Chinese", async () => {
    const { synthesis } = await synthesize(
      "zh-Hant",
      "對比A產品在華東區2024年1月的退貨率與B產品在華北區同期的退貨率",
    );
    const text = synthesis.answer.text;
    expect(text).toContain("退貨率");
    expect(text).toContain("華東");
    expect(text).toContain("個百分點");
    expect(synthesis.audit.passed).toBe(true);
  });
});

describe("synthesizeAnswer on the policy question", () => {
  it("is partial with the third sub-question as a gap", async () => {
    const passages = [
      {
        chunk_id: "p#1",
        document: "return-policy.pdf",
        page: 2,
        section: "客製化商品",
        text: "客製化刻字商品僅於本店作業錯誤時（刻錯名字）可辦理換貨。",
        score: 1,
      },
      {
        chunk_id: "p#2",
        document: "return-policy.pdf",
        page: 2,
        section: "運費",
        text: "因本店錯誤所辦理之換貨，運費由本店負擔。",
        score: 1,
      },
    ];
    const questions = [
      "客製化保溫杯刻錯名字，可以換貨嗎？",
      "客製化保溫杯刻錯名字，運費誰出？",
      "客製化保溫杯刻錯名字，多久能收到新品？",
    ];
    const outcomes: GoalOutcome[] = questions.map((question, index) => {
      const subGoal = goal({
        id: `g${index + 1}`,
        source: "handbook",
        expected_format: "text",
        params: { query: question },
      });
      const grade = gradePassages(question, passages);
      return {
        goal: subGoal,
        planned: subGoal,
        status: grade.sufficient ? "answered" : "insufficient",
        evidence: { kind: "text", source: "handbook", passages, notes: [] },
        grade,
      };
    });
    const gaps = [
      {
        goal: "g3",
        missing: outcomes[2].grade!.missing!,
        check: "ask the store how long a replacement takes",
      },
    ];
    const synthesis = await synthesizeAnswer({
      question: questions.join(""),
      language: "zh-Hant",
      outcomes,
      comparisons: [],
      broadenings: [],
      gaps,
      workspace,
    });
    expect(synthesis.answer.status).toBe("partial");
    expect(synthesis.answer.items.map((item) => item.status)).toEqual([
      "answered",
      "answered",
      "insufficient",
    ]);
    expect(synthesis.answer.items[0].citations[0]).toMatchObject({ document: "return-policy.pdf", page: 2 });
    expect(synthesis.answer.text).toContain("缺口");
    expect(auditNumbers(synthesis.answer.text, []).unmatched.length).toBeGreaterThanOrEqual(0);
    expect(synthesis.audit.passed).toBe(true);
  });
});
