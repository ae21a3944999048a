import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, formatConfigIssue } from "../config/config-error.js";
import { createTemporaryWorkspace } from "../test/support/jobs/job-test-workspace.js";
import { inspectJobFile, loadJob } from "./job-file.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function problemsOf(yaml: string): string[] {
  const fixture = createTemporaryWorkspace({ job: yaml });
  cleanups.push(fixture.cleanup);
  const file = path.join(fixture.root, "jobs/returns-test.yaml");
  const { issues } = inspectJobFile(file, fixture.workspace());
  return issues.map((issue) => formatConfigIssue({ ...issue, file: path.basename(issue.file) }));
}

describe("job files", () => {
  it("loads a valid job with defaults", () => {
    const fixture = createTemporaryWorkspace();
    cleanups.push(fixture.cleanup);
    const job = loadJob(fixture.workspace(), "returns-test");
    expect(job.config.name).toBe("returns-test");
    expect(job.config.missed_runs).toBe("skip");
    expect(job.config.outputs.file_name).toBe("{job}-{as_of}");
    expect(job.config.retention).toEqual({});
  });

  it("points at the line and column of an unknown key and suggests the right one", () => {
    const problems = problemsOf(`name: returns-test
questions:
  - { id: q1, plan: plans/compare.json }
outputs:
  directory: reports
  fromats: [html]
`);
    expect(problems).toEqual([
      "returns-test.yaml:6:3 outputs.fromats: unknown key `fromats`; allowed here: directory, formats, file_name (did you mean `formats`?)",
    ]);
  });

  it("rejects a bad cron expression, timezone, as-of rule and threshold metric, each located", () => {
    const problems = problemsOf(`name: returns-test
schedule: "61 * * * *"
timezone: Mars/Olympus
as_of: last complete fortnight
questions:
  - { id: q1, plan: plans/compare.json }
`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^returns-test\.yaml:4:1 as_of: /);
    const semantic = problemsOf(`name: returns-test
schedule: "61 * * * *"
timezone: Mars/Olympus
questions:
  - { id: q1, plan: plans/compare.json }
  - { id: q1, question: "Return rate of A?" }
thresholds:
  - { metric: return_rat, change_pp: 1 }
`);
    expect(semantic[0]).toMatch(/^returns-test\.yaml:2:1 schedule: invalid cron expression "61 \* \* \* \*"/);
    expect(semantic[1]).toBe(
      'returns-test.yaml:3:1 timezone: unknown timezone "Mars/Olympus"; use an IANA name such as UTC or Asia/Shanghai',
    );
    expect(semantic[2]).toBe("returns-test.yaml:6:7 questions.1.id: duplicate question id q1");
    expect(semantic[3]).toBe(
      "returns-test.yaml:8:7 thresholds.0.metric: no metric return_rat in the workspace catalog (did you mean `return_rate`?)",
    );
  });

  it("refuses plan files and output folders outside the workspace, and missing or invalid plans", () => {
    const fixture = createTemporaryWorkspace();
    cleanups.push(fixture.cleanup);
    writeFileSync(
      path.join(fixture.root, "plans/broken.json"),
      JSON.stringify({
        question: "x",
        as_of: "2024-01-31",
        sub_goals: [{ id: "g1", description: "d", source: "nowhere", expected_format: "table" }],
      }),
    );
    writeFileSync(
      path.join(fixture.root, "jobs/bad.yaml"),
      `name: bad
questions:
  - { id: a, plan: ../outside.json }
  - { id: b, plan: plans/none.json }
  - { id: c, plan: plans/broken.json }
outputs: { directory: ../reports }
`,
    );
    const { issues } = inspectJobFile(path.join(fixture.root, "jobs/bad.yaml"), fixture.workspace());
    const text = issues.map((issue) => `${issue.line}:${issue.column} ${issue.message}`);
    expect(text[0]).toBe("3:14 ../outside.json is outside the workspace; a saved plan must be inside it");
    expect(text[1]).toBe("4:14 plan file plans/none.json does not exist in the workspace");
    expect(text[2]).toMatch(/^5:14 plan file plans\/broken.json does not fit the workspace: .*nowhere/);
    expect(text[3]).toBe("6:12 ../reports is outside the workspace; reports are written inside it");
  });

  it("reports YAML syntax errors with their position", () => {
    const problems = problemsOf("name: returns-test\nquestions:\n  - { id: q1, plan: plans/compare.json\n");
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^returns-test\.yaml:\d+:\d+ /);
  });

  it("names the known jobs when one is not found", () => {
    const fixture = createTemporaryWorkspace();
    cleanups.push(fixture.cleanup);
    try {
      loadJob(fixture.workspace(), "returns-tset");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect(formatConfigIssue((error as ConfigError).issues[0])).toMatch(
        /no job returns-tset in .*; jobs here: returns-test \(did you mean `returns-test`\?\)$/,
      );
    }
  });
});
