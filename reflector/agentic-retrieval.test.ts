import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../executor/trace-recorder.js";
import type { Passage } from "../models/evidence.js";
import type { SubGoal } from "../models/plan.js";
import { goal, result } from "../test/support/reflector/fixtures.js";
import { mergePassages, runRetrievalLoop } from "./agentic-retrieval.js";
import { gradePassages } from "./grader.js";

const passage = (chunk: string, text: string): Passage => ({
  chunk_id: chunk,
  document: "policy.pdf",
  page: 1,
  section: "s",
  text,
  score: 1,
});
const refund = passage("c1", "退款將於退回商品送達後 7 個工作天內辦理。");
const shipping = passage("c2", "換貨新品於收到退回商品後 3 個工作天內寄出。");

// A knowledge base that answers a query by keyword, like the real index would rank it.
function knowledgeBase(corpus: Passage[], seen: SubGoal[]) {
  return async (asked: SubGoal) => {
    seen.push(asked);
    const query = asked.params.query ?? "";
    const filtered = Object.keys(asked.params.filters).length > 0 ? [] : corpus;
    const hits = filtered.filter((entry) =>
      query.split(/\s+/).some((word) => word && entry.text.includes(word.replace("寄出", "寄出"))),
    );
    return result(asked.id, "handbook", {
      evidence: { kind: "text", source: "handbook", passages: hits, notes: [] },
    });
  };
}
const grade = async (question: string, passages: Passage[]) => gradePassages(question, passages);

describe("runRetrievalLoop", () => {
  const kbGoal = goal({
    id: "g3",
    source: "handbook",
    expected_format: "text",
    params: { query: "多久能收到新品？" },
  });
  it("rewrites the query towards the missing aspect and merges passages", async () => {
    const seen: SubGoal[] = [];
    const trace = new TraceRecorder();
    const first = result("g3", "handbook", {
      evidence: { kind: "text", source: "handbook", passages: [refund], notes: [] },
    });
    const outcome = await runRetrievalLoop(kbGoal, first, knowledgeBase([refund, shipping], seen), grade, {
      strategy: "agentic",
      maxSteps: 3,
      minDocs: 1,
      trace,
    });
    expect(outcome.grade.sufficient).toBe(true);
    expect(outcome.passages.map((entry) => entry.chunk_id)).toEqual(["c1", "c2"]);
    expect(outcome.steps).toBe(2);
    expect(trace.lines().some((line) => line.startsWith("agentic:g3:step2:retrieve:"))).toBe(true);
  });
  it("stops at maxSteps and names what is missing", async () => {
    const seen: SubGoal[] = [];
    const first = result("g3", "handbook", {
      evidence: { kind: "text", source: "handbook", passages: [refund], notes: [] },
    });
    const outcome = await runRetrievalLoop(kbGoal, first, knowledgeBase([refund], seen), grade, {
      strategy: "agentic",
      maxSteps: 3,
      minDocs: 1,
    });
    expect(outcome.grade.sufficient).toBe(false);
    expect(outcome.steps).toBeLessThanOrEqual(3);
    expect(seen.length).toBeLessThanOrEqual(2);
  });
  it("relaxes filters when nothing is found (CRAG)", async () => {
    const seen: SubGoal[] = [];
    const filtered = goal({ ...kbGoal, params: { query: "新品 寄出", filters: { tags: "policy" } } });
    const first = result("g3", "handbook", {
      evidence: { kind: "text", source: "handbook", passages: [], notes: [] },
    });
    const outcome = await runRetrievalLoop(filtered, first, knowledgeBase([shipping], seen), grade, {
      strategy: "agentic",
      maxSteps: 3,
      minDocs: 1,
    });
    expect(outcome.relaxed).toEqual(["tags"]);
    expect(seen[0].params.filters).toEqual({});
  });
  it("makes one retrieval under the standard strategy", async () => {
    const seen: SubGoal[] = [];
    const first = result("g3", "handbook", {
      evidence: { kind: "text", source: "handbook", passages: [refund], notes: [] },
    });
    const outcome = await runRetrievalLoop(kbGoal, first, knowledgeBase([refund, shipping], seen), grade, {
      strategy: "standard",
      maxSteps: 3,
      minDocs: 1,
    });
    expect(seen).toHaveLength(0);
    expect(outcome.grade.sufficient).toBe(false);
  });
  it("merges by chunk id", () => {
    expect(mergePassages([refund], [refund, shipping]).map((entry) => entry.chunk_id)).toEqual(["c1", "c2"]);
  });
});
