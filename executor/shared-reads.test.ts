/**
 * Concurrent steps of runs sharing one adapter pool (a warm worker's jobs) that need the same read
 * share one fetch (adapters/shared-reads.ts): fetched once, each run with its own step result,
 * evidence and raw snapshot; a failure reaches every waiter typed; one waiter giving up does not
 * cancel the others' read; a read that ended is never reused.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SourceAdapter } from "../adapters/adapter.js";
import { AdapterPool } from "../adapters/registry.js";
import { sharedReadKey } from "../adapters/shared-reads.js";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import type { ExecutionPlan, SubGoal } from "../models/plan.js";
import { StepError } from "../models/step-error.js";
import { TemporaryFolders } from "../test/support/temporary-workspace.js";
import { executePlan } from "./execute-plan.js";

const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

/** What the adapter saw of each fetch: when it ended and whether its signal was aborted then. */
interface Fetches {
  started: number;
  ended: { aborted: boolean }[];
}

/**
 * A source whose read takes the goal's description's milliseconds ("ok:300", "fail:100"), writes a
 * trace line as it starts and ends, and stops early when its signal aborts.
 */
function countingAdapter(name: string, fetches: Fetches): SourceAdapter {
  return {
    kind: "file",
    name,
    describe: () => ({ name, kind: "file", trust: 1, datasets: [], text_search: false }),
    async fetch(goal, context) {
      fetches.started += 1;
      context.trace("test", `read:${goal.id}:start`);
      const [behaviour, milliseconds] = goal.description.split(":");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Number(milliseconds));
        context.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      fetches.ended.push({ aborted: context.signal.aborted });
      context.signal.throwIfAborted();
      context.trace("test", `read:${goal.id}:end`);
      if (behaviour === "fail")
        throw new StepError("server_error", "HTTP 503 from the source", { status: 503 });
      return { request: `GET /${goal.id}`, body: { value: Number(milliseconds) } };
    },
    normalize(raw, goal) {
      const body = raw.body as { value: number };
      return {
        kind: "table",
        columns: [{ name: "value", type: "number" }],
        rows: [{ value: body.value }],
        provenance: [{ source: goal.source }],
        notes: [],
      };
    },
    close: async () => {},
  };
}

function workspace(): Workspace {
  const folder = folders.withFiles({
    "triangulate.yaml":
      "sources:\n  fast:\n    kind: file\n    concurrency: 4\n    datasets: { d: { path: x.csv } }\n",
  });
  return loadWorkspace(folder, { environment: {} });
}

function plan(description: string, goal: Partial<SubGoal> = {}): ExecutionPlan {
  return {
    question: "q",
    as_of: "2024-03-01",
    strategy: "auto",
    planner: "manual",
    sub_goals: [
      {
        id: "g1",
        description,
        source: "fast",
        params: { filters: {} },
        expected_format: "table",
        validation: "",
        required: true,
        ...goal,
      },
    ],
  };
}

function traceLines(result: Awaited<ReturnType<typeof executePlan>>): string[] {
  return result.trace.events.map((event) => event.line);
}

describe("shared reads on one adapter pool", () => {
  it("fetch once for concurrent runs needing the same read; each run records its own step, evidence and raw snapshot", async () => {
    const fetches: Fetches = { started: 0, ended: [] };
    const space = workspace();
    const pool = new AdapterPool(space, async (name) => countingAdapter(name, fetches));
    const runs = await Promise.all(
      // The same read; what is done with it (the rule, required) may differ.
      [plan("ok:300"), plan("ok:300", { validation: "rows >= 1", required: false }), plan("ok:300")].map(
        (each) => executePlan(each, space, { adapters: pool }),
      ),
    );
    expect(fetches.started).toBe(1);
    expect(runs.map((run) => run.results[0].status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const evidence = runs.map((run) => run.results[0].evidence);
    expect(evidence[1]).toEqual(evidence[0]);
    expect(evidence[1]).not.toBe(evidence[0]);
    for (const run of runs) {
      expect(new Set(runs.map((each) => each.directory)).size).toBe(3);
      expect(existsSync(path.join(run.directory ?? "", "raw/g1-1.json"))).toBe(true);
      const step = JSON.parse(readFileSync(path.join(run.directory ?? "", "step-g1.json"), "utf8"));
      expect(step.result.evidence.rows).toEqual([{ value: 300 }]);
      // Every run's trace has what the read said, the joiners' too.
      expect(traceLines(run)).toEqual(expect.arrayContaining(["read:g1:start", "read:g1:end"]));
    }
    expect(runs.filter((run) => traceLines(run).some((line) => line.includes(":shared:")))).toHaveLength(2);
    expect(pool.reads.size).toBe(0);
  });

  it("never reuses a read that has ended, and does not share reads that differ", async () => {
    const fetches: Fetches = { started: 0, ended: [] };
    const space = workspace();
    const pool = new AdapterPool(space, async (name) => countingAdapter(name, fetches));
    await executePlan(plan("ok:20"), space, { adapters: pool, record: false });
    await executePlan(plan("ok:20"), space, { adapters: pool, record: false });
    expect(fetches.started).toBe(2);
    await Promise.all([
      executePlan(plan("ok:100"), space, { adapters: pool, record: false }),
      executePlan(plan("ok:100", { dataset: "d" }), space, { adapters: pool, record: false }),
      executePlan({ ...plan("ok:100"), as_of: "2024-04-01" }, space, { adapters: pool, record: false }),
    ]);
    expect(fetches.started).toBe(5);
  });

  it("fail for every waiter with the read's typed error", async () => {
    const fetches: Fetches = { started: 0, ended: [] };
    const space = workspace();
    const pool = new AdapterPool(space, async (name) => countingAdapter(name, fetches));
    const runs = await Promise.all(
      [1, 2].map(() => executePlan(plan("fail:150"), space, { adapters: pool, record: false })),
    );
    expect(fetches.started).toBe(1);
    for (const run of runs)
      expect(run.results[0]).toMatchObject({
        status: "failed",
        error_kind: "server_error",
        attempts: [{ http_status: 503 }],
      });
  });

  it("go on for the other waiters when one waiter's step times out, and stop when none is left", async () => {
    const fetches: Fetches = { started: 0, ended: [] };
    const space = workspace();
    const pool = new AdapterPool(space, async (name) => countingAdapter(name, fetches));
    const [impatient, patient] = await Promise.all([
      executePlan(plan("ok:400"), space, { adapters: pool, record: false, stepTimeoutMs: 100 }),
      executePlan(plan("ok:400"), space, { adapters: pool, record: false, stepTimeoutMs: 2000 }),
    ]);
    expect(impatient.results[0]).toMatchObject({ status: "failed", error_kind: "timeout" });
    expect(patient.results[0].status).toBe("succeeded");
    expect(fetches).toEqual({ started: 1, ended: [{ aborted: false }] });
    // Every waiter gone: the read is cancelled, and the next step reads anew.
    const both = await Promise.all(
      [1, 2].map(() =>
        executePlan(plan("ok:400"), space, { adapters: pool, record: false, stepTimeoutMs: 100 }),
      ),
    );
    expect(both.map((run) => run.results[0].error_kind)).toEqual(["timeout", "timeout"]);
    expect(fetches.started).toBe(2);
    expect(fetches.ended[1]).toEqual({ aborted: true });
    expect(pool.reads.size).toBe(0);
  });
});

describe("sharedReadKey", () => {
  const goal: SubGoal = plan("ok:1").sub_goals[0];
  const context = { asOf: "2024-03-01", attempt: 1, hints: {} };
  it("is the same for what does not change the request, different for what does", () => {
    const key = sharedReadKey(goal, context);
    expect(
      sharedReadKey({ ...goal, validation: "rows >= 1", required: false, depends_on: ["g2"] }, context),
    ).toBe(key);
    for (const other of [
      sharedReadKey({ ...goal, params: { filters: { region: "East" } } }, context),
      sharedReadKey({ ...goal, dataset: "d" }, context),
      sharedReadKey({ ...goal, id: "g2" }, context),
      sharedReadKey(goal, { ...context, asOf: "2024-03-02" }),
      sharedReadKey(goal, { ...context, attempt: 2 }),
      sharedReadKey(goal, { ...context, hints: { useFallback: true } }),
    ])
      expect(other).not.toBe(key);
    // Key order does not matter.
    const filters = { filters: { region: "East", product: "A" } };
    const reordered = { filters: { product: "A", region: "East" } };
    expect(sharedReadKey({ ...goal, params: filters }, context)).toBe(
      sharedReadKey({ ...goal, params: reordered }, context),
    );
  });
});
