import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTemporaryWorkspace, jobYaml } from "../test/support/jobs/job-test-workspace.js";
import { loadJob } from "./job-file.js";
import { runJob } from "./job-runner.js";
import { openHistory } from "./open-history.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe("runJob over a file source", () => {
  it("writes dated reports, records the numbers, and shows what changed since the previous run", async () => {
    const fixture = createTemporaryWorkspace({ aEastJanuary: 5.2 });
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    const job = loadJob(workspace, "returns-test");
    const now = new Date("2024-02-05T02:00:00Z");

    const first = await runJob(job, workspace, { now });
    expect(first.exitCode).toBe(0);
    expect(first.report.status).toBe("answered");
    expect(first.report.as_of).toBe("2024-01-31");
    expect(first.report.changes.previous_run).toBeUndefined();
    expect(first.report.files).toEqual([
      "reports/returns-test-2024-01-31.md",
      "reports/returns-test-2024-01-31.html",
      "reports/returns-test-2024-01-31.json",
    ]);
    const compare = first.report.questions.find((question) => question.id === "compare")!;
    expect(compare.numbers.map((number) => `${number.key}=${number.value}`)).toEqual([
      "return_rate{product=A,region=East,month=2024-01}=5.2",
      "return_rate{product=B,region=North,month=2024-01}=3.1",
    ]);

    // The export changes between runs: A/East January is revised from 5.2 % to 4.1 %.
    fixture.writeCsv(4.1);
    const second = await runJob(job, workspace, { now: new Date("2024-02-12T02:00:00Z") });
    expect(second.exitCode).toBe(0);
    expect(second.report.changes.previous_run?.id).toBe(first.report.run_id);
    const highlighted = second.report.changes.changes.filter((change) => change.highlighted);
    expect(highlighted.map((change) => change.text)).toEqual([
      "Return rate A/East 2024-01 5.2 % → 4.1 %, −1.1 pp",
    ]);
    expect(highlighted[0].threshold).toBe("change_pp > 1");
    expect(
      second.report.changes.changes.filter((change) => change.kind === "unchanged").length,
    ).toBeGreaterThan(0);

    const markdown = readFileSync(path.join(fixture.root, "reports/returns-test-2024-01-31.md"), "utf8");
    expect(markdown).toContain("## Changed since the previous run");
    expect(markdown).toContain(
      "**⚠ Return rate A/East 2024-01 5.2 % → 4.1 %, −1.1 pp** (beyond change_pp > 1)",
    );
    expect(markdown).toContain("| A | East | 2024-01 | 4.1 |");
    const json = JSON.parse(
      readFileSync(path.join(fixture.root, "reports/returns-test-2024-01-31.json"), "utf8"),
    );
    expect(json.run_id).toBe(second.report.run_id);
    expect(json.questions).toHaveLength(2);

    const history = await openHistory(workspace);
    try {
      const runs = await history.listRuns({ job: "returns-test" });
      expect(runs.map((run) => run.status)).toEqual(["answered", "answered"]);
      expect(
        (await history.numbers(second.report.run_id)).find(
          (number) => number.key === "return_rate{product=A,region=East,month=2024-01}",
        )?.value,
      ).toBe(4.1);
      expect((await history.questions(first.report.run_id)).map((question) => question.question_id)).toEqual([
        "compare",
        "trend",
      ]);
    } finally {
      await history.close();
    }
  });

  it("matches a number across periods when the as-of date moves on", async () => {
    const fixture = createTemporaryWorkspace({
      job: `name: returns-test
as_of: "2024-01-31"
questions:
  - { id: latest, plan: plans/compare.json }
thresholds:
  - { metric: return_rate, change_relative: 0.1 }
`,
    });
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    const job = loadJob(workspace, "returns-test");
    await runJob(job, workspace, {});
    // Same plan moved to February: A/East 5.2 (Jan) → 3.8 (Feb) is matched on product and region.
    const plan = JSON.parse(readFileSync(path.join(fixture.root, "plans/compare.json"), "utf8"));
    for (const goal of plan.sub_goals)
      goal.params.period = { grain: "month", from: "2024-02-01", to: "2024-02-29" };
    writeFileSync(path.join(fixture.root, "plans/compare.json"), JSON.stringify(plan));
    const second = await runJob(job, workspace, { asOf: "2024-02-29" });
    const texts = second.report.changes.changes.map((change) => change.text);
    expect(texts).toContain("Return rate A/East 2024-02 (vs 2024-01) 5.2 % → 3.8 %, −1.4 pp");
    expect(
      second.report.changes.changes.find((change) => change.text.startsWith("Return rate A/East"))
        ?.highlighted,
    ).toBe(true);
    expect(
      second.report.changes.changes.find((change) => change.text.startsWith("Return rate B/North"))
        ?.highlighted,
    ).toBe(false);
  });

  it("exits 2 when a question is partial and keeps the other answers", async () => {
    const fixture = createTemporaryWorkspace({
      job: jobYaml().replace("questions:\n", "questions:\n  - { id: missing, plan: plans/missing.json }\n"),
    });
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    const result = await runJob(loadJob(workspace, "returns-test"), workspace, { asOf: "2024-02-29" });
    expect(result.exitCode).toBe(2);
    expect(result.report.status).toBe("partial");
    expect(result.report.questions.map((question) => question.status)).toEqual([
      "unanswerable",
      "answered",
      "answered",
    ]);
  });

  it("calls a run that established nothing failed, and never compares with it", async () => {
    const fixture = createTemporaryWorkspace({
      job: "name: returns-test\nquestions:\n  - { id: compare, plan: plans/compare.json }\n",
    });
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    const job = loadJob(workspace, "returns-test");
    const good = await runJob(job, workspace, { asOf: "2024-01-31" });
    fixture.writeCsv(4.1);
    const broken = await runJob(job, workspace, {
      asOf: "2024-01-31",
      answerer: async () => Promise.reject(new Error("source down")),
    });
    expect(broken.report.status).toBe("failed");
    expect(broken.exitCode).toBe(2);
    const next = await runJob(job, workspace, { asOf: "2024-01-31" });
    expect(next.report.changes.previous_run?.id).toBe(good.report.run_id);
    expect(next.report.changes.highlighted).toBe(0);
    expect(next.report.changes.changes.find((change) => change.kind === "changed")?.text).toBe(
      "Return rate A/East 2024-01 5.2 % → 4.1 %, −1.1 pp",
    );
  });

  it("records a run stopped by its signal as interrupted and writes no report", async () => {
    const fixture = createTemporaryWorkspace();
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    const controller = new AbortController();
    const result = await runJob(loadJob(workspace, "returns-test"), workspace, {
      signal: controller.signal,
      answerer: (_question, context) =>
        new Promise((_, reject) => {
          controller.abort(new Error("received SIGTERM"));
          context.signal.addEventListener("abort", () => reject(context.signal.reason));
        }),
    });
    expect(result.report.status).toBe("interrupted");
    expect(result.exitCode).toBe(1);
    expect(result.files).toEqual([]);
    expect(existsSync(path.join(fixture.root, "reports"))).toBe(false);
    const history = await openHistory(workspace);
    try {
      const [run] = await history.listRuns({ job: "returns-test" });
      expect(run.status).toBe("interrupted");
      expect(run.error).toContain("received SIGTERM");
    } finally {
      await history.close();
    }
  });

  it("refuses an overlapping run of the same job", async () => {
    const fixture = createTemporaryWorkspace();
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    const job = loadJob(workspace, "returns-test");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = runJob(job, workspace, {
      answerer: async (question, context) => {
        await gate;
        const { defaultQuestionAnswerer } = await import("./question-answerer.js");
        return defaultQuestionAnswerer(question, context);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(runJob(job, workspace, {})).rejects.toThrow(/already running/);
    release();
    expect((await slow).exitCode).toBe(0);
  });

  it("applies retention to history rows and their report files", async () => {
    const fixture = createTemporaryWorkspace({ job: jobYaml("retention: { runs: 2 }\n") });
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    const job = loadJob(workspace, "returns-test");
    for (const asOf of ["2024-01-31", "2024-02-29", "2024-03-31"]) await runJob(job, workspace, { asOf });
    expect(existsSync(path.join(fixture.root, "reports/returns-test-2024-01-31.md"))).toBe(false);
    expect(existsSync(path.join(fixture.root, "reports/returns-test-2024-02-29.md"))).toBe(true);
    expect(existsSync(path.join(fixture.root, "reports/returns-test-2024-03-31.html"))).toBe(true);
    const history = await openHistory(workspace);
    try {
      expect((await history.listRuns({ job: "returns-test" })).map((run) => run.as_of)).toEqual([
        "2024-03-31",
        "2024-02-29",
      ]);
    } finally {
      await history.close();
    }
  });
});
