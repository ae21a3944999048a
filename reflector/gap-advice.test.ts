import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SourceAdapter } from "../adapters/adapter.js";
import { AdapterPool, createAdapter } from "../adapters/registry.js";
import { loadWorkspace } from "../config/load-workspace.js";
import { ExecutionPlan } from "../models/plan.js";
import { answerPlan } from "./answer-loop.js";
import { englishAdviceSentences } from "./gap-advice.js";

// Issue 17.6: a Chinese question's gaps say what to check in Chinese on every failure path (not
// found, timeout, source down, interrupted, validation failed), through the real executor,
// reflector and synthesizer over the demo's CSV exports (the failing paths wrap the file adapter).
const folder = mkdtempSync(path.join(tmpdir(), "triangulate-gap-advice-"));
cpSync("demo/workspace", folder, { recursive: true, filter: (source) => !source.includes(".triangulate") });
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Path = "not found" | "timeout" | "source down" | "interrupted" | "validation failed";

function plan(question: string, failure: Path): ExecutionPlan {
  const february = failure === "not found";
  return ExecutionPlan.parse({
    question,
    as_of: "2024-06-30",
    sub_goals: [
      {
        id: "g1",
        description: question,
        source: "sales_exports",
        dataset: "returns",
        params: {
          metric: "return_rate",
          filters: { product: february ? "C" : "A", region: february ? "West" : "East" },
          period: february
            ? { grain: "month", from: "2024-02-01", to: "2024-02-29" }
            : { grain: "month", from: "2024-01-01", to: "2024-01-31" },
        },
        expected_format: "table",
        validation: failure === "validation failed" ? "rows >= 100" : "rows >= 1",
      },
    ],
  });
}

function pool(workspace: ReturnType<typeof loadWorkspace>, failure: Path): AdapterPool {
  return new AdapterPool(workspace, async (name, config, each) => {
    const real = await createAdapter(name, config, each);
    if (failure === "not found" || failure === "validation failed") return real;
    const wrapped: SourceAdapter = {
      kind: real.kind,
      name: real.name,
      describe: () => real.describe(),
      normalize: (raw, goal) => real.normalize(raw, goal),
      close: () => real.close(),
      fetch: () => {
        if (failure === "source down")
          return Promise.reject(
            Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
          );
        return new Promise(() => {}); // hangs: the step timeout or the interrupt ends it
      },
    };
    return wrapped;
  });
}

const QUESTIONS = {
  "zh-Hans": "C产品在华西区2024年2月的退货率是多少",
  "zh-Hant": "C產品在華西區2024年2月的退貨率是多少",
} as const;
const PATHS: Path[] = ["not found", "timeout", "source down", "interrupted", "validation failed"];
const CHINESE_CHECK = { "zh-Hans": "请人工核实", "zh-Hant": "請人工核實" } as const;

describe("gap advice in the question's language", () => {
  for (const [language, question] of Object.entries(QUESTIONS) as [keyof typeof QUESTIONS, string][]) {
    for (const failure of PATHS) {
      it(`${language}, ${failure}: no English advice sentence`, async () => {
        const workspace = loadWorkspace(folder, { environment: {} });
        const controller = new AbortController();
        if (failure === "interrupted") setTimeout(() => controller.abort(new Error("Ctrl-C")), 150);
        const adapters = pool(workspace, failure);
        const { answer } = await answerPlan(plan(question, failure), workspace, {
          adapters,
          record: false,
          maxIterations: 0,
          stepTimeoutMs: 300,
          ...(failure === "interrupted" ? { signal: controller.signal } : {}),
        });
        await adapters.close();
        expect(answer.status).not.toBe("answered");
        expect(answer.gaps.length).toBeGreaterThan(0);
        const everything = `${answer.text}\n${JSON.stringify(answer.gaps)}`;
        for (const sentence of englishAdviceSentences()) expect(everything).not.toContain(sentence);
        if (failure === "interrupted") {
          expect(answer.gaps.every((gap) => gap.check === "")).toBe(true);
          expect(answer.text).not.toContain(CHINESE_CHECK[language]);
        } else {
          expect(answer.text).toContain(CHINESE_CHECK[language]);
        }
      });
    }
  }
});

describe("a Chinese question the catalog cannot plan", () => {
  it("gets its check in Chinese too", async () => {
    const { askQuestion } = await import("../planner/ask.js");
    const workspace = loadWorkspace(folder, { environment: {} });
    for (const question of ["Z产品2024年1月的毛利率是多少？", "Z產品2024年1月的毛利率是多少？"]) {
      const result = await askQuestion(question, workspace, { asOf: "2024-06-30" });
      expect(result.answer.status).toBe("unanswerable");
      const everything = JSON.stringify(result.answer);
      for (const sentence of englishAdviceSentences()) expect(everything).not.toContain(sentence);
      expect(result.answer.gaps[0]?.check).toMatch(/catalog（/);
    }
  });
});
