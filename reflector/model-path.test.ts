import { afterEach, describe, expect, it } from "vitest";
import { Workspace } from "../config/workspace.js";
import { TraceRecorder } from "../executor/trace-recorder.js";
import type { Passage } from "../models/evidence.js";
import { WorkspaceConfig } from "../models/workspace.js";
import { demoWorkspace, goal, result, table } from "../test/support/reflector/fixtures.js";
import { type OllamaLoopback, startOllamaLoopback } from "../test/support/reflector/ollama-loopback.js";
import { runRetrievalLoop } from "./agentic-retrieval.js";
import { gradePassages } from "./grader.js";
import { gradeWithModel } from "./model-grader.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";
import { synthesizeAnswer } from "./synthesizer/synthesize.js";

let loopback: OllamaLoopback | undefined;
afterEach(async () => {
  await loopback?.close();
  loopback = undefined;
});

function withModel(url: string, model: { writer?: string; grader?: string }): Workspace {
  const base = demoWorkspace();
  return new Workspace(
    base.root,
    base.file,
    WorkspaceConfig.parse({ ...base.config, model: { host: url, timeout_seconds: 5, ...model } }),
  );
}

function returnsOutcome(): GoalOutcome[] {
  const subGoal = goal({
    id: "g1",
    source: "sales_bi",
    dataset: "returns",
    params: { metric: "return_rate", filters: { product: "A", region: "East" } },
  });
  return [
    {
      goal: subGoal,
      planned: subGoal,
      status: "answered",
      evidence: table([{ product: "A", region: "East", month: "2024-01", return_rate: 5.2 }], "sales_bi", {
        units: { return_rate: "percent" },
      }),
    },
  ];
}

describe("the writer model", () => {
  it("is overruled by the number audit when it invents a number", async () => {
    loopback = await startOllamaLoopback(["Product A's East return rate was 7.3% in 2024-01 [1]."]);
    const trace = new TraceRecorder();
    const synthesis = await synthesizeAnswer({
      question: "A East return rate",
      language: "en",
      outcomes: returnsOutcome(),
      comparisons: [],
      broadenings: [],
      gaps: [],
      workspace: withModel(loopback.url, { writer: "writer-model" }),
      trace,
    });
    expect(synthesis.writer).toBe("template");
    expect(synthesis.answer.text).toContain("5.2%");
    expect(trace.lines()).toContain("synthesize:template:audit failed: 7.3% not in evidence");
    // The prompt carried the template answer for the model to rephrase.
    expect(loopback.requests[0].messages[0].content).toContain("5.2%");
  });
  it("phrases the answer when every number checks out", async () => {
    loopback = await startOllamaLoopback([
      "In January 2024 (2024-01), product A's return rate in East China was 5.2% [1].",
    ]);
    const synthesis = await synthesizeAnswer({
      question: "A East return rate",
      language: "en",
      outcomes: returnsOutcome(),
      comparisons: [],
      broadenings: [],
      gaps: [],
      workspace: withModel(loopback.url, { writer: "writer-model" }),
    });
    expect(synthesis.writer).toBe("model");
    expect(synthesis.answer.numbers.map((reference) => [reference.text, reference.origin])).toEqual([
      ["2024", "evidence"],
      ["2024-01", "evidence"],
      ["5.2%", "evidence"],
    ]);
  });
  it("falls back to the template when the model server is down", async () => {
    const trace = new TraceRecorder();
    const synthesis = await synthesizeAnswer({
      question: "q",
      language: "en",
      outcomes: returnsOutcome(),
      comparisons: [],
      broadenings: [],
      gaps: [],
      workspace: withModel("http://127.0.0.1:9", { writer: "writer-model" }),
      trace,
    });
    expect(synthesis.writer).toBe("template");
    expect(trace.lines().some((line) => line.startsWith("synthesize:template:writer unavailable"))).toBe(
      true,
    );
  });
});

const passages: Passage[] = [
  {
    chunk_id: "c1",
    document: "policy.pdf",
    page: 1,
    section: "運費",
    text: "因本店錯誤而換貨時，運費由本店負擔。",
    score: 1,
  },
];

describe("the grader model", () => {
  it("uses a valid structured reply", async () => {
    loopback = await startOllamaLoopback([
      JSON.stringify({ sufficient: false, missing_aspect: "the return address", supporting_chunk_ids: [] }),
    ]);
    const grade = await gradeWithModel(
      "運費誰出？",
      passages,
      withModel(loopback.url, { grader: "grader-model" }).config.model,
    );
    expect(grade).toMatchObject({
      sufficient: false,
      missing: "the return address",
      grader: "model:grader-model",
    });
    expect(loopback.requests[0].format).toMatchObject({ type: "object" });
  });
  it("falls back to the deterministic grade on an invalid reply", async () => {
    loopback = await startOllamaLoopback(['{"sufficient": "maybe"}']);
    const grade = await gradeWithModel(
      "運費誰出？",
      passages,
      withModel(loopback.url, { grader: "grader-model" }).config.model,
    );
    expect(grade.grader).toBe("deterministic");
    expect(grade.sufficient).toBe(true);
    expect(grade.fallbackReason).toContain("invalid reply");
  });
});

describe("the retrieval decision model", () => {
  it("follows a valid RETRIEVE decision and ignores an invalid one", async () => {
    loopback = await startOllamaLoopback([
      JSON.stringify({
        action: "RETRIEVE",
        rewritten_query: "替換商品 寄出 天數",
        reasoning: "need delivery time",
      }),
      "not json",
    ]);
    const workspace = withModel(loopback.url, { grader: "grader-model" });
    const subGoal = goal({
      id: "g3",
      source: "handbook",
      expected_format: "text",
      params: { query: "多久能收到新品？" },
    });
    const asked: string[] = [];
    const trace = new TraceRecorder();
    const outcome = await runRetrievalLoop(
      subGoal,
      result("g3", "handbook", { evidence: { kind: "text", source: "handbook", passages, notes: [] } }),
      async (next) => {
        asked.push(next.params.query ?? "");
        return result("g3", "handbook", {
          evidence: { kind: "text", source: "handbook", passages, notes: [] },
        });
      },
      async (question, found) => gradePassages(question, found),
      { strategy: "agentic", maxSteps: 3, minDocs: 1, model: workspace.config.model!, trace },
    );
    expect(asked[0]).toBe("替換商品 寄出 天數");
    expect(trace.lines().some((line) => line.includes("model decision unusable"))).toBe(true);
    expect(outcome.steps).toBe(3);
  });
});
