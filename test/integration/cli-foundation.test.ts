import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { TemporaryFolders } from "../support/temporary-workspace.js";

const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

describe("triangulate CLI (built binary)", () => {
  it("prints the plan's JSON Schema", async () => {
    const result = await runCli(["schema", "plan"]);
    expect(result.code).toBe(0);
    const schema = JSON.parse(result.stdout);
    expect(schema.properties.sub_goals.maxItems).toBe(12);
    expect(schema.required).toEqual(expect.arrayContaining(["question", "as_of", "sub_goals"]));
  });

  it("config check: 0 when clean, 1 with every problem located", async () => {
    expect((await runCli(["config", "check", "--workspace", "demo/workspace"])).code).toBe(0);
    const folder = folders.withFiles({
      "triangulate.yaml": "sources:\n  s:\n    kind: file\n    trust: high\n    datasetz: {}\n",
    });
    const result = await runCli(["config", "check", "--workspace", folder, "--json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.ok).toBe(false);
    expect(report.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 4, column: 5, path: "sources.s.trust" }),
        expect.objectContaining({ line: 5, column: 5, path: "sources.s.datasetz", suggestion: "datasets" }),
      ]),
    );
  });

  it("run: executes the demo plan, exit 0, JSON only on stdout, and runs list/show find it", async () => {
    const root = folders.demoWorkspace();
    const result = await runCli([
      "run",
      path.join(root, "plans/returns-east-vs-north.json"),
      "--workspace",
      root,
      "--json",
      "--show-trace",
    ]);
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.status).toBe("succeeded");
    expect(output.results).toHaveLength(4);
    expect(output.trace.map((event: { line: string }) => event.line)).toContain("validate:g1:pass");
    const listed = JSON.parse((await runCli(["runs", "list", "--workspace", root, "--json"])).stdout);
    expect(listed[0].id).toBe(output.run);
    const shown = await runCli(["runs", "show", "latest", "--workspace", root]);
    expect(shown.stdout).toMatch(/g4 {2}sales_exports {2}failed {2}no_results/);
  });

  it("run: exit 2 when a required goal fails, 1 for a bad plan, with nothing written", async () => {
    const root = folders.demoWorkspace();
    const plan = JSON.parse(readFileSync(path.join(root, "plans/returns-east-vs-north.json"), "utf8"));
    plan.sub_goals[3].required = true;
    writeFileSync(path.join(root, "partial.json"), JSON.stringify(plan));
    expect((await runCli(["run", path.join(root, "partial.json"), "--workspace", root])).code).toBe(2);
    plan.sub_goals[0].source = "nowhere";
    writeFileSync(path.join(root, "bad.json"), JSON.stringify(plan));
    const bad = await runCli(["run", path.join(root, "bad.json"), "--workspace", root]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/unknown source `nowhere`/);
    const usage = await runCli([
      "run",
      path.join(root, "partial.json"),
      "--workspace",
      root,
      "--as-of",
      "yesterday",
    ]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(
      /--as-of <date>' argument .* is invalid\. expects a calendar date YYYY-MM-DD/,
    );
    const listed = JSON.parse((await runCli(["runs", "list", "--workspace", root, "--json"])).stdout);
    expect(listed).toHaveLength(1);
  });

  it("a broken workspace is reported before anything runs", async () => {
    const folder = folders.withFiles({ "triangulate.yaml": "sources: [\n", "plan.json": "{}" });
    const result = await runCli(["run", path.join(folder, "plan.json"), "--workspace", folder]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/triangulate\.yaml:\d+:\d+/);
  });
});
