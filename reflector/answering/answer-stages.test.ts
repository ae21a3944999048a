import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nunjucks from "nunjucks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Workspace } from "../../config/workspace.js";
import type { Run } from "../../executor/execute-plan.js";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import { ExecutionPlan } from "../../models/plan.js";
import { demoWorkspace, failed, goal, result, table } from "../../test/support/reflector/fixtures.js";
import type { GoalOutcome } from "../synthesizer/goal-outcome.js";
import { Labels } from "../synthesizer/labels.js";
import { synthesizeAnswer } from "../synthesizer/synthesize.js";
import type { AnswerContext } from "./answer-context.js";
import type { ExecutedGoals, GradedOutcomes } from "./answer-stages.js";
import { checkOutcomes } from "./check-outcomes.js";
import { coverFailedGoals } from "./covered-failures.js";

// The answer path runs one way: each stage returns a new value and leaves what it was given as it
// was. The inputs are frozen all the way down, so a stage that changed one would throw (modules are strict).

/** Freezes a value and everything it holds; returns it. */
function deepFreeze<Value>(value: Value): Value {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const workspace = demoWorkspace();
const february = { grain: "month" as const, from: "2024-02-01", to: "2024-02-29" };
const asked = {
  kind: "metric" as const,
  metric: "return_rate",
  keys: { product: "A", region: "East" },
  periods: [february],
};
const params = { metric: "return_rate", filters: { product: "A", region: "East" }, period: february };
const onSalesBi = goal({ id: "g1", source: "sales_bi", dataset: "returns", params, asked });
const onSupportBi = goal({
  id: "g2",
  source: "support_bi",
  dataset: "returns",
  params,
  asked,
  required: false,
});
const northGoal = goal({
  id: "g3",
  source: "sales_bi",
  dataset: "returns",
  params: { ...params, filters: { product: "B", region: "North" } },
  asked: { ...asked, keys: { product: "B", region: "North" } },
});

function context(language: "en" | "zh-Hans"): AnswerContext & { trace: TraceRecorder } {
  const trace = new TraceRecorder();
  return {
    plan: ExecutionPlan.parse({
      question: "What was product A's return rate in East China in February 2024?",
      as_of: "2024-06-30",
      planner: "manual",
      strategy: "standard",
      sub_goals: [onSalesBi, onSupportBi, northGoal],
    }),
    workspace,
    options: {},
    run: { trace } as unknown as Run,
    language,
    labels: new Labels(workspace.config.catalog, language),
    trace,
  };
}

/** g1 timed out on sales_bi; g2 (support_bi) holds February; g3 found only nearby months, broadened to the quarter. */
function graded(): GradedOutcomes {
  const rows = (product: string, region: string, months: string[], source: string) =>
    table(
      months.map((month) => ({ product, region, month, return_rate: 4.6 })),
      source,
      { units: { return_rate: "percent" } },
    );
  const outcomes: GoalOutcome[] = [
    {
      goal: onSalesBi,
      planned: onSalesBi,
      status: "failed",
      result: failed("g1", "sales_bi", "timeout", { error_message: "no answer within 4000 ms" }),
      reason: "timeout",
    },
    {
      goal: onSupportBi,
      planned: onSupportBi,
      status: "answered",
      result: result("g2", "support_bi"),
      evidence: rows("A", "East", ["2024-02"], "support_bi"),
    },
    {
      goal: northGoal,
      planned: northGoal,
      status: "answered",
      result: result("g3", "sales_bi"),
      evidence: rows("B", "North", ["2024-01", "2024-03"], "sales_bi"),
    },
  ];
  return {
    stage: "graded",
    outcomes,
    gaps: [{ goal: "g1", missing: "timeout", check: "" }],
    broadenings: [
      { goal: "g3", from: "2024-02", to: "2024-Q1", reason: "no data for 2024-02; broadened to 2024-Q1" },
    ],
  };
}

const executed = { histories: new Map() } as unknown as ExecutedGoals;

describe("the answer stages", () => {
  afterEach(() => vi.restoreAllMocks());

  it("cover and check return new values and leave the frozen stage before them as it was", () => {
    const given = deepFreeze(graded());
    const before = JSON.stringify(given);
    const answering = context("en");
    const covered = coverFailedGoals(answering, executed, given);
    expect(covered).not.toBe(given);
    // The required goal moved from the failed source to the one that answered, in the new value only.
    expect(covered.outcomes.map((outcome) => outcome.planned.required)).toEqual([false, true, true]);
    expect(covered.gaps.map((gap) => gap.code)).toEqual(["answered_by_other_source"]);
    const checked = checkOutcomes(answering, deepFreeze(covered));
    expect(checked.stage).toBe("checked");
    expect(checked.outcomes.map((outcome) => outcome.check?.status)).toEqual([
      undefined,
      "answered",
      "insufficient",
    ]);
    expect(checked.gaps.map((gap) => gap.goal)).toEqual(["g1", "g3"]);
    expect(checked.broadenings[0].reason).toContain("only to show context");
    expect(JSON.stringify(given)).toBe(before);
    expect(covered.outcomes.every((outcome) => outcome.check === undefined)).toBe(true);
    expect(covered.broadenings[0].reason).not.toContain("only to show context");
    expect(answering.trace.lines()).toEqual([
      "fallback:g1:sales_bi→support_bi",
      "check:g2:answered",
      expect.stringMatching(
        /^check:g3:insufficient:no value of return_rate for product=B, region=North for 2024-02/,
      ),
    ]);
  });

  it("decides the status before the view and renders the template once, items as data", async () => {
    const answering = context("zh-Hans");
    const checked = checkOutcomes(answering, coverFailedGoals(answering, executed, deepFreeze(graded())));
    const input = deepFreeze({
      question: answering.plan.question,
      language: answering.language,
      labels: answering.labels,
      outcomes: checked.outcomes,
      comparisons: [],
      broadenings: checked.broadenings,
      gaps: checked.gaps,
      workspace,
    });
    const render = vi.spyOn(nunjucks.Environment.prototype, "render");
    const synthesis = await synthesizeAnswer(input);
    const answerRenders = render.mock.calls.filter(([name]) => String(name).startsWith("answer."));
    expect(answerRenders.map(([name]) => name)).toEqual(["answer.zh-Hans.njk"]);
    // The status was in the view the template was given, not patched in after it.
    expect(answerRenders[0][1]).toMatchObject({ status: "partial" });
    expect(synthesis.answer.status).toBe("partial");
    expect(synthesis.answer.text.startsWith("部分回答")).toBe(true);
    // Each item's own text came out of that one rendering, and is what the whole answer says of it.
    // The failed goal another source covered is no item of its own.
    expect(synthesis.answer.items).toHaveLength(2);
    for (const item of synthesis.answer.items) {
      expect(item.text).not.toBe("");
      expect(synthesis.answer.text).toContain(item.text);
    }
  });
});

describe("a workspace's own answer template", () => {
  it("that keeps no item text gives items an empty text and says so in the trace", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "triangulate-own-template-"));
    try {
      mkdirSync(path.join(root, "templates"));
      writeFileSync(
        path.join(root, "templates", "answer.en.njk"),
        "{% for it in items %}{{ it.label }}: {{ it.values.length }} values\n{% endfor %}",
      );
      const own = new Workspace(root, workspace.file, workspace.config);
      const trace = new TraceRecorder();
      const answered = graded().outcomes[1];
      const synthesis = await synthesizeAnswer({
        question: "What was product A's return rate in East China in February 2024?",
        language: "en",
        outcomes: [answered],
        comparisons: [],
        broadenings: [],
        gaps: [],
        workspace: own,
        trace,
      });
      expect(synthesis.answer.text).toBe("Return rate: 1 values");
      expect(synthesis.answer.items.map((item) => item.text)).toEqual([""]);
      expect(trace.lines()).toContain("synthesize:template:no item text kept for g2");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
