import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTemporaryWorkspace, jobYaml } from "../../test/support/jobs/job-test-workspace.js";

function triangulate(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("bin/triangulate.ts"), ...args], {
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("triangulate report / runs --job", () => {
  const fixture = createTemporaryWorkspace({
    job: jobYaml().replace("questions:\n", "questions:\n  - { id: strict, plan: plans/missing.json }\n"),
  });
  writeFileSync(
    path.join(fixture.root, "jobs/clean.yaml"),
    jobYaml().replace("name: returns-test", "name: clean"),
  );
  afterAll(() => fixture.cleanup());

  it("prints a JSON summary and exits 0 when every question is answered", async () => {
    const result = await triangulate([
      "report",
      "run",
      "clean",
      "--workspace",
      fixture.root,
      "--as-of",
      "2024-01-31",
      "--json",
    ]);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({
      job: "clean",
      status: "answered",
      exit_code: 0,
      as_of: "2024-01-31",
      changes: { previous_run: null },
    });
    expect(summary.questions.map((question: { id: string }) => question.id)).toEqual(["compare", "trend"]);
    expect(summary.files).toContain("reports/clean-2024-01-31.html");
  }, 60_000);

  it("exits 2 when a question is not fully answered, and lists the job's runs", async () => {
    const result = await triangulate([
      "report",
      "run",
      "returns-test",
      "--workspace",
      fixture.root,
      "--as-of",
      "2024-01-31",
      "--json",
    ]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).questions[0]).toMatchObject({ id: "strict", status: "unanswerable" });
    const runs = await triangulate([
      "runs",
      "list",
      "--job",
      "returns-test",
      "--workspace",
      fixture.root,
      "--json",
    ]);
    expect(runs.code).toBe(0);
    expect(
      JSON.parse(runs.stdout).map((run: { job: string; status: string; exit_code: number }) => [
        run.job,
        run.status,
        run.exit_code,
      ]),
    ).toEqual([["returns-test", "partial", 2]]);
  }, 60_000);

  it("--slot due runs the latest slot of the job's schedule once: a second runner of it exits 1 naming the run", async () => {
    writeFileSync(
      path.join(fixture.root, "jobs/slotted.yaml"),
      jobYaml().replace("name: returns-test", "name: slotted"),
    );
    const run = () =>
      triangulate(["report", "run", "slotted", "--workspace", fixture.root, "--slot", "due", "--json"]);
    const first = await run();
    expect(first.code).toBe(0);
    const second = await run();
    expect(second.code).toBe(1);
    const { error } = JSON.parse(second.stdout);
    expect(error.message).toMatch(
      new RegExp(
        `job slotted already has its run for the slot \\S+ \\(run ${JSON.parse(first.stdout).run_id}, answered`,
      ),
    );
    const runs = await triangulate([
      "runs",
      "list",
      "--job",
      "slotted",
      "--workspace",
      fixture.root,
      "--json",
    ]);
    const [recorded] = JSON.parse(runs.stdout) as { slot: string }[];
    // The job runs on Mondays at 07:00 in its timezone: the slot is the latest such time.
    expect(new Date(recorded.slot).getTime()).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - new Date(recorded.slot).getTime()).toBeLessThan(7 * 86_400_000);
    const wrong = await triangulate([
      "report",
      "run",
      "slotted",
      "--workspace",
      fixture.root,
      "--slot",
      "monday",
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("--slot expects due or an ISO 8601 date-time");
  }, 90_000);

  // With --json stdout holds exactly one object: the error object (docs/json-output.md, b6b2886).
  it("exits 1 with file:line:column for a broken job file and prints only the error object on stdout", async () => {
    writeFileSync(
      path.join(fixture.root, "jobs/broken.yaml"),
      "name: broken\nquestions:\n  - { id: q1, plan: plans/compare.json }\ntresholds: []\n",
    );
    const result = await triangulate(["report", "run", "broken", "--workspace", fixture.root, "--json"]);
    expect(result.code).toBe(1);
    const { error } = JSON.parse(result.stdout);
    expect(error).toMatchObject({
      kind: "config_error",
      location: { line: 4, column: 1, path: "tresholds" },
      issues: [{ line: 4, column: 1, path: "tresholds", suggestion: "thresholds" }],
    });
    expect(error.location.file).toMatch(/jobs\/broken\.yaml$/);
    expect(error.message).toMatch(/jobs\/broken\.yaml:4:1 tresholds: unknown key `tresholds`/);
    expect(result.stderr).toMatch(
      /jobs\/broken\.yaml:4:1 tresholds: unknown key `tresholds`.*\(did you mean `thresholds`\?\)/,
    );
  }, 60_000);
});
