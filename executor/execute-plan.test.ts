import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SourceAdapter } from "../adapters/adapter.js";
import { AdapterPool } from "../adapters/registry.js";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import type { ExecutionPlan, SubGoal } from "../models/plan.js";
import { StepError } from "../models/step-error.js";
import { TemporaryFolders } from "../test/support/temporary-workspace.js";
import { PlanError } from "./check-plan.js";
import { executePlan, startRun } from "./execute-plan.js";
import { readPlanFile } from "./read-plan-file.js";

const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

/**
 * An adapter for testing the executor itself (the unit under test here): each call waits a fixed
 * time, then answers or fails as the goal's description says. Real sources are tested in their
 * own folders and end to end through the file source below.
 */
function scriptedAdapter(name: string, calls: string[]): SourceAdapter {
  return {
    kind: "file",
    name,
    describe: () => ({ name, kind: "file", trust: 1, datasets: [], text_search: false }),
    async fetch(goal, context) {
      calls.push(`${goal.id}:start`);
      const [behaviour, milliseconds] = goal.description.split(":");
      if (behaviour === "hang") await new Promise(() => {});
      await new Promise((resolve) => setTimeout(resolve, Number(milliseconds ?? 0)));
      calls.push(`${goal.id}:end`);
      if (behaviour === "rate")
        throw new StepError("rate_limited", "slow down", { status: 429, retryAfterSeconds: 2 });
      if (behaviour === "secret")
        return { request: "GET /x?token=super-secret-value", body: { echoed: "super-secret-value" } };
      void context;
      return { request: `GET /${goal.id}`, body: { value: Number(milliseconds) } };
    },
    normalize(raw, goal) {
      const body = raw.body as { value?: number };
      return {
        kind: "table",
        columns: [{ name: "value", type: "number" }],
        rows: [{ value: body.value ?? 0 }],
        provenance: [{ source: goal.source }],
        notes: [],
      };
    },
    close: async () => {},
  };
}

function scriptedWorkspace(concurrency = 4): Workspace {
  const folder = folders.withFiles({
    "triangulate.yaml": `sources:\n  fast:\n    kind: file\n    description: "\${SOME_TOKEN}"\n    concurrency: ${concurrency}\n    datasets: { d: { path: x.csv } }\n  other:\n    kind: file\n    datasets: { d: { path: x.csv } }\n`,
  });
  return loadWorkspace(folder, { environment: { SOME_TOKEN: "super-secret-value" } });
}

function plan(goals: Partial<SubGoal>[]): ExecutionPlan {
  return {
    question: "q",
    as_of: "2024-03-01",
    strategy: "auto",
    planner: "manual",
    sub_goals: goals.map((goal, index) => ({
      id: `g${index + 1}`,
      description: "ok:10",
      source: "fast",
      params: { filters: {} },
      expected_format: "table",
      validation: "",
      required: true,
      ...goal,
    })),
  };
}

describe("executePlan", () => {
  it("runs independent goals concurrently and respects the per-source limit", async () => {
    const calls: string[] = [];
    const workspace = scriptedWorkspace(4);
    const pool = new AdapterPool(workspace, async (name) => scriptedAdapter(name, calls));
    const goals = Array.from({ length: 4 }, () => ({ description: "ok:150" }));
    let started = Date.now();
    const concurrent = await executePlan(plan(goals), workspace, { adapters: pool, record: false });
    const concurrentMs = Date.now() - started;
    expect(concurrent.status).toBe("succeeded");
    expect(concurrentMs).toBeLessThan(450);
    started = Date.now();
    await executePlan(plan(goals), workspace, { adapters: pool, record: false, sequential: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    const limited = scriptedWorkspace(1);
    started = Date.now();
    await executePlan(plan(goals), limited, {
      adapters: new AdapterPool(limited, async (name) => scriptedAdapter(name, [])),
      record: false,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
  });

  it("holds a source's limit across the runs sharing one pool, before each attempt's clock starts", async () => {
    // Two runs on one pool (a warm worker's two jobs), a source that takes one request at a time:
    // the second run's step waits for the first one's, and the wait is not counted in its timeout.
    // (Their reads differ: the same read would be shared, executor/shared-reads.test.ts.)
    const calls: string[] = [];
    const workspace = scriptedWorkspace(1);
    const pool = new AdapterPool(workspace, async (name) => scriptedAdapter(name, calls));
    const started = Date.now();
    const runs = await Promise.all(
      ["ok:250", "ok:251"].map((description) =>
        executePlan(plan([{ description }]), workspace, {
          adapters: pool,
          record: false,
          stepTimeoutMs: 400,
        }),
      ),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    expect(calls).toEqual(["g1:start", "g1:end", "g1:start", "g1:end"]);
    expect(runs.map((run) => run.results[0].status)).toEqual(["succeeded", "succeeded"]);
    for (const run of runs) expect(run.results[0].attempts[0].duration_ms).toBeLessThan(400);
  });

  it("waits for dependencies and skips goals whose dependency failed", async () => {
    const calls: string[] = [];
    const workspace = scriptedWorkspace();
    const pool = new AdapterPool(workspace, async (name) => scriptedAdapter(name, calls));
    const result = await executePlan(
      plan([
        { description: "ok:50" },
        { description: "ok:1", depends_on: ["g1"] },
        { description: "rate:1" },
        { description: "ok:1", depends_on: ["g3"] },
      ]),
      workspace,
      { adapters: pool, record: false },
    );
    expect(calls.indexOf("g2:start")).toBeGreaterThan(calls.indexOf("g1:end"));
    expect(calls).not.toContain("g4:start");
    expect(result.results.map((step) => step.status)).toEqual([
      "succeeded",
      "succeeded",
      "failed",
      "unresolved",
    ]);
    expect(result.results[2]).toMatchObject({
      error_kind: "rate_limited",
      attempts: [{ http_status: 429, retry_after_seconds: 2 }],
    });
    expect(result.status).toBe("partial");
  });

  it("times out a step whose adapter never answers, even if it ignores the signal", async () => {
    const workspace = scriptedWorkspace();
    const pool = new AdapterPool(workspace, async (name) => scriptedAdapter(name, []));
    const started = Date.now();
    const result = await executePlan(plan([{ description: "hang" }, { description: "ok:5" }]), workspace, {
      adapters: pool,
      record: false,
      stepTimeoutMs: 200,
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(result.results[0]).toMatchObject({ status: "failed", error_kind: "timeout" });
    expect(result.results[1].status).toBe("succeeded");
  });

  it("stops at the overall deadline", async () => {
    const workspace = scriptedWorkspace(1);
    const pool = new AdapterPool(workspace, async (name) => scriptedAdapter(name, []));
    const result = await executePlan(
      plan([{ description: "ok:200" }, { description: "ok:200" }, { description: "ok:200" }]),
      workspace,
      { adapters: pool, record: false, deadlineMs: 300 },
    );
    expect(result.results.filter((step) => step.error_kind === "timeout").length).toBeGreaterThanOrEqual(1);
  });

  it("writes a complete, redacted run directory", async () => {
    const workspace = scriptedWorkspace();
    const pool = new AdapterPool(workspace, async (name) => scriptedAdapter(name, []));
    const result = await executePlan(
      plan([{ description: "secret:1" }, { description: "ok:1" }]),
      workspace,
      { adapters: pool },
    );
    const directory = result.directory!;
    expect(readdirSync(directory).sort()).toEqual([
      "plan.json",
      "raw",
      "run.json",
      "step-g1.json",
      "step-g2.json",
      "trace.jsonl",
    ]);
    for (const file of ["step-g1.json", "raw/g1-1.json", "trace.jsonl"]) {
      expect(readFileSync(path.join(directory, file), "utf8")).not.toContain("super-secret-value");
    }
    const step = JSON.parse(readFileSync(path.join(directory, "step-g1.json"), "utf8"));
    expect(step.result).toMatchObject({ status: "succeeded", raw_snapshot: "raw/g1-1.json" });
    expect(readFileSync(path.join(directory, "trace.jsonl"), "utf8")).toMatch(/fetch:g1:fast:ok:1 rows/);
    // No temp files or hidden partial folders are left behind.
    expect(readdirSync(path.dirname(directory)).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("lets the reflector re-run a goal in the same run with more attempts", async () => {
    const workspace = scriptedWorkspace();
    const pool = new AdapterPool(workspace, async (name) => scriptedAdapter(name, []));
    const run = await startRun(plan([{ description: "rate:1" }]), workspace, {
      adapters: pool,
      record: false,
    });
    await run.execute(run.plan.sub_goals);
    const retried = await run.execute([{ ...run.plan.sub_goals[0], description: "ok:1" }], {
      hints: { g1: { timeoutMs: 500 } },
    });
    expect(retried[0].status).toBe("succeeded");
    expect(retried[0].attempts.map((attempt) => attempt.error_kind ?? "ok")).toEqual(["rate_limited", "ok"]);
    expect(retried[0].attempts[1].timeout_ms).toBe(500);
    await run.close();
  });
});

describe("the demo plan over CSV exports", () => {
  it("answers the required goals and reports the month with no data", async () => {
    const root = folders.demoWorkspace();
    const workspace = loadWorkspace(root, { environment: {} });
    const saved = await readPlanFile(path.join(root, "plans/returns-east-vs-north.json"), workspace);
    const result = await executePlan(saved, workspace);
    const byGoal = Object.fromEntries(result.results.map((step) => [step.goal_id, step]));
    expect(byGoal.g1.evidence?.kind === "table" && byGoal.g1.evidence.rows[0].return_rate).toBe(5.2);
    expect(byGoal.g2.evidence?.kind === "table" && byGoal.g2.evidence.rows[0].return_rate).toBe(3.1);
    expect(byGoal.g3.validation?.passed).toBe(true);
    expect(byGoal.g4).toMatchObject({ status: "failed", error_kind: "no_results" });
    // g4 is optional, so the run still succeeded.
    expect(result.status).toBe("succeeded");
    expect(existsSync(path.join(result.directory!, "run.json"))).toBe(true);
  });

  it("fails validation with the clause that failed", async () => {
    const root = folders.demoWorkspace();
    const workspace = loadWorkspace(root, { environment: {} });
    const saved = await readPlanFile(path.join(root, "plans/returns-east-vs-north.json"), workspace);
    saved.sub_goals = [{ ...saved.sub_goals[0], validation: "rows >= 1 AND return_rate > 10" }];
    const result = await executePlan(saved, workspace, { record: false });
    expect(result.results[0]).toMatchObject({ status: "failed", error_kind: "validation_failed" });
    expect(result.results[0].validation?.failed_clause).toMatch(/return_rate > 10/);
  });

  it("treats a rule that cannot be evaluated as a validation failure and refuses a rule that does not parse before fetching", async () => {
    const root = folders.demoWorkspace();
    const workspace = loadWorkspace(root, { environment: {} });
    const saved = await readPlanFile(path.join(root, "plans/returns-east-vs-north.json"), workspace);
    saved.sub_goals = [
      { ...saved.sub_goals[0], validation: "no_such_column > 1" },
      { ...saved.sub_goals[1], id: "g2", validation: "rows >= (" },
    ];
    const refused = await executePlan(saved, workspace).catch((failure) => failure);
    expect(refused).toBeInstanceOf(PlanError);
    expect(refused.message).toMatch(/sub_goals\.1\(g2\)\.validation: the rule does not parse/);
    expect(existsSync(path.join(root, ".triangulate", "runs"))).toBe(false);
    saved.sub_goals = [saved.sub_goals[0]];
    const result = await executePlan(saved, workspace, { record: false });
    expect(result.results[0]).toMatchObject({ status: "failed", error_kind: "validation_failed" });
    expect(result.results[0].error_message).toMatch(/rule error/);
  });

  it("rejects plans naming unknown sources, datasets and dimensions before fetching", async () => {
    const root = folders.demoWorkspace();
    const workspace = loadWorkspace(root, { environment: {} });
    const file = path.join(root, "bad-plan.json");
    const bad = JSON.parse(readFileSync(path.join(root, "plans/returns-east-vs-north.json"), "utf8"));
    bad.sub_goals[0].source = "sales_export";
    bad.sub_goals[1].dataset = "retruns";
    bad.sub_goals[2].params.filters = { regoin: "East" };
    (await import("node:fs")).writeFileSync(file, JSON.stringify(bad));
    const error = await readPlanFile(file, workspace).catch((failure) => failure);
    expect(error).toBeInstanceOf(PlanError);
    expect(error.message).toMatch(/unknown source `sales_export`.*did you mean `sales_exports`/);
    expect(error.message).toMatch(/no dataset `retruns`.*did you mean `returns`/);
    expect(error.message).toMatch(/unknown dimension `regoin`/);
    expect(existsSync(path.join(root, ".triangulate", "runs"))).toBe(false);
  });

  it("reports schema errors with line and column", async () => {
    const root = folders.demoWorkspace();
    const workspace = loadWorkspace(root, { environment: {} });
    const file = path.join(root, "broken.json");
    (await import("node:fs")).writeFileSync(
      file,
      '{\n  "question": "q",\n  "as_of": "2024-13-01",\n  "sub_goals": []\n}\n',
    );
    const error = await readPlanFile(file, workspace).catch((failure) => failure);
    expect(error.message).toMatch(/3:\d+ as_of/);
    expect(error.message).toMatch(/sub_goals/);
  });
});
