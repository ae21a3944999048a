import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { TemporaryFolders } from "../support/temporary-workspace.js";

// The demo workspace with the ticket token required (no default): one source's unset variable.
const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());
const workspace = folders.demoWorkspace();
const file = path.join(workspace, "triangulate.yaml");
writeFileSync(file, readFileSync(file, "utf8").replace("${JIRA_TOKEN:-demo-token}", "${JIRA_TOKEN}"));
const environment = { JIRA_TOKEN: "" };

describe("an unset variable of one source", () => {
  it("is a warning in config check, which passes", async () => {
    const result = await runCli(["config", "check", "-w", workspace], { env: environment });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ok .*5 sources/);
    expect(result.stderr).toMatch(
      /⚠ .*triangulate\.yaml:\d+:\d+ sources\.tickets\.auth\.token: source tickets needs environment variable JIRA_TOKEN, which is not set; export JIRA_TOKEN=/,
    );
    expect(result.stderr).not.toContain(":-");
  });

  it("does not stop plan, nor sources test of another source", async () => {
    const plan = await runCli(["plan", "A产品在华东区2024年1月的退货率", "-w", workspace, "--json"], {
      env: environment,
    });
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout).sub_goals.length).toBeGreaterThan(0);
    const other = await runCli(
      [
        "sources",
        "test",
        "sales_exports",
        "--dataset",
        "returns",
        "--from",
        "2024-01-01",
        "--to",
        "2024-01-31",
        "-w",
        workspace,
      ],
      { env: environment },
    );
    expect(other.code).toBe(0);
    expect(other.stdout).toMatch(/sales_exports · returns/);
  });

  it("stops the command that uses its source, naming source, variable and how to set it", async () => {
    const result = await runCli(["sources", "test", "tickets", "-w", workspace], { env: environment });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /source tickets needs environment variable JIRA_TOKEN, which is not set; export JIRA_TOKEN=/,
    );
  });
});
