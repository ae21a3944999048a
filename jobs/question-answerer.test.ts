import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AdapterPool } from "../adapters/registry.js";
import { createTemporaryWorkspace } from "../test/support/jobs/job-test-workspace.js";
import { defaultQuestionAnswerer } from "./question-answerer.js";

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The `result` of every step file of a run folder, as JSON has it, in file-name order. */
function stepFiles(directory: string): unknown[] {
  return readdirSync(directory)
    .filter((name) => /^step-.*\.json$/.test(name))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(directory, name), "utf8")).result);
}

describe("defaultQuestionAnswerer", () => {
  it.each([
    ["a saved plan", { id: "compare", plan: "plans/compare.json" }],
    [
      "a free-text question",
      {
        id: "free",
        question: "Return rate of product A in East China vs product B in North China in January 2024",
      },
    ],
  ])(
    "hands back the pipeline's own results for %s, the same the run folder's step files hold",
    async (_, question) => {
      const fixture = createTemporaryWorkspace({ aEastJanuary: 5.2 });
      cleanups.push(fixture.cleanup);
      const workspace = fixture.workspace();
      const adapters = new AdapterPool(workspace);
      cleanups.push(() => adapters.close());
      const outcome = await defaultQuestionAnswerer(question, {
        workspace,
        asOf: "2024-01-31",
        adapters,
        signal: new AbortController().signal,
        options: {},
      });
      expect(outcome.answer.status).toBe("answered");
      expect(outcome.exitCode).toBe(0);
      expect(outcome.plan?.sub_goals.map((goal) => goal.id)).toEqual(["g1", "g2"]);
      expect(outcome.results.map((result) => [result.goal_id, result.status])).toEqual([
        ["g1", "succeeded"],
        ["g2", "succeeded"],
      ]);
      expect(outcome.trace.length).toBeGreaterThan(0);
      // What the report used to read back from disk is what the pipeline already held.
      expect(JSON.parse(JSON.stringify(outcome.results))).toEqual(stepFiles(outcome.runDirectory!));
    },
  );
});
