import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, formatConfigIssue } from "./config-error.js";
import { inspectWorkspace, loadWorkspace } from "./load-workspace.js";
import { UnresolvedVariablesError } from "./unresolved-variables.js";

const folders: string[] = [];
function workspaceWith(yaml: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-config-"));
  folders.push(folder);
  writeFileSync(path.join(folder, "triangulate.yaml"), yaml);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const minimal = `
catalog:
  metrics:
    return_rate: { unit: percent, synonyms: [退货率] }
  dimensions:
    region: { values: { East: [华东] } }
sources:
  exports:
    kind: file
    datasets:
      returns:
        path: data/r.csv
        offers: { metrics: [return_rate], dimensions: [region] }
`;

describe("loadWorkspace", () => {
  it("loads the demo workspace", () => {
    const workspace = loadWorkspace("demo/workspace", { environment: {} });
    expect(Object.keys(workspace.config.sources)).toContain("sales_exports");
    expect(workspace.config.reflector.max_iterations).toBe(3);
    expect(workspace.config.sources.sales_bi.trust).toBe(0.85);
  });

  it("accepts a minimal workspace and fills defaults", () => {
    const workspace = loadWorkspace(workspaceWith(minimal), { environment: {} });
    expect(workspace.config.sources.exports.trust).toBe(0.5);
    expect(workspace.config.reflector.conflict.policy).toBe("weighted_mean");
  });

  it("reports every problem at once with line, column, path and a suggestion", () => {
    const folder = workspaceWith(`catalog:
  metrics:
    return_rate: { unit: percent }
sources:
  bi:
    kind: bi_dashboard
    trust: 1.5
    baseurl: http://127.0.0.1:1
    datasets: {}
reflector: { max_iteration: 3 }
`);
    const { issues } = inspectWorkspace(folder, { environment: {} });
    const lines = issues.map(formatConfigIssue);
    expect(lines.some((line) => /triangulate\.yaml:7:5 sources\.bi\.trust: .*<=1.*1\.5/.test(line))).toBe(
      true,
    );
    expect(
      lines.some((line) =>
        /:8:5 sources\.bi\.baseurl: unknown key `baseurl`.*did you mean `base_url`/.test(line),
      ),
    ).toBe(true);
    expect(
      lines.some((line) => /:10:14 reflector\.max_iteration: .*did you mean `max_iterations`/.test(line)),
    ).toBe(true);
    expect(lines.some((line) => /sources\.bi\.base_url: required, but missing/.test(line))).toBe(true);
  });

  it("substitutes ${VAR} and ${VAR:-default}, names a missing variable and marks secrets", () => {
    const yaml =
      minimal.replace("kind: file", "kind: file\n    description: ${DESCRIPTION:-exports}") +
      `  jira:
    kind: tickets
    base_url: \${JIRA_URL}
    auth: { type: bearer, token: "\${JIRA_TOKEN}" }
    searches:
      s: { jql: "project = X", fields: { key: $.key } }
`;
    const folder = workspaceWith(yaml);
    // A source's unset variable does not stop the workspace: only using that source does.
    const missing = loadWorkspace(folder, { environment: { JIRA_URL: "http://127.0.0.1:9" } });
    expect(() => missing.requireVariablesOf("exports")).not.toThrow();
    expect(() => missing.requireVariablesOf("jira")).toThrow(UnresolvedVariablesError);
    try {
      missing.requireVariablesOf("jira");
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(
        /triangulate\.yaml:\d+:\d+ sources\.jira\.auth\.token: source jira needs environment variable JIRA_TOKEN, which is not set; export JIRA_TOKEN=/,
      );
      // A credential is never offered a default value in the YAML.
      expect(message).not.toMatch(/:-/);
      expect((error as ConfigError).kind).toBe("config_error");
    }
    const workspace = loadWorkspace(folder, {
      environment: { JIRA_URL: "http://127.0.0.1:9", JIRA_TOKEN: "s3cr3t-token" },
    });
    expect(workspace.config.sources.exports.description).toBe("exports");
    expect(workspace.redactor.text("Authorization: Bearer s3cr3t-token and ?x=s3cr3t-token")).not.toContain(
      "s3cr3t-token",
    );
  });

  it("loads with an unset URL variable of one source, which stops only that source", () => {
    const yaml = `${minimal}  jira:
    kind: tickets
    base_url: \${JIRA_URL}
    auth: { type: bearer, token: "\${JIRA_TOKEN}" }
    searches:
      s: { jql: "project = X", fields: { key: $.key } }
`;
    const workspace = loadWorkspace(workspaceWith(yaml), { environment: {} });
    expect(
      workspace.unresolvedVariables.map((variable) => [variable.source, variable.variable, variable.secret]),
    ).toEqual([
      ["jira", "JIRA_URL", false],
      ["jira", "JIRA_TOKEN", true],
    ]);
    expect(() => workspace.requireVariablesOf("exports")).not.toThrow();
    // Not a credential: a default in the YAML is a fair suggestion.
    expect(() => workspace.requireVariablesOf("jira")).toThrow(
      /JIRA_URL, which is not set; .*\$\{JIRA_URL:-value\}/,
    );
    // The other keys of the source are still checked.
    const wrong = inspectWorkspace(workspaceWith(yaml.replace("searches:", "serches:")), { environment: {} });
    expect(wrong.issues.map(formatConfigIssue).join("\n")).toMatch(/sources\.jira\.serches/);
  });

  it("keeps an unset variable outside the sources an error of the whole workspace", () => {
    const { issues } = inspectWorkspace(
      workspaceWith(`${minimal}model: { host: "\${OLLAMA_HOST}", planner: p }\n`),
      { environment: {} },
    );
    expect(issues.map(formatConfigIssue).join("\n")).toMatch(
      /model\.host: environment variable OLLAMA_HOST, which is not set/,
    );
  });

  it("reports malformed YAML with its position", () => {
    const { issues } = inspectWorkspace(workspaceWith("sources:\n  a: [1, 2\n"), { environment: {} });
    expect(issues[0].line).toBeGreaterThan(0);
    expect(issues[0].message.length).toBeGreaterThan(5);
  });

  it("checks offers against the catalog", () => {
    const folder = workspaceWith(minimal.replace("metrics: [return_rate]", "metrics: [return_rat]"));
    expect(() => loadWorkspace(folder, { environment: {} })).toThrow(ConfigError);
    const { issues } = inspectWorkspace(folder, { environment: {} });
    expect(issues[0]).toMatchObject({
      path: "sources.exports.datasets.returns.offers.metrics.0",
      suggestion: "return_rate",
    });
  });

  it("checks offers against the catalog even when another source breaks the schema", () => {
    const yaml = `${minimal.replace("metrics: [return_rate]", "metrics: [return_rat]")}  tickets:
    kind: tickets
    trust: high
`;
    const { issues } = inspectWorkspace(workspaceWith(yaml), { environment: {} });
    const paths = issues.map((issue) => issue.path);
    expect(paths).toContain("sources.tickets.trust");
    expect(
      issues.find((issue) => issue.path === "sources.exports.datasets.returns.offers.metrics.0"),
    ).toMatchObject({
      suggestion: "return_rate",
      line: 13,
    });
  });

  it("explains a missing workspace", () => {
    const { issues } = inspectWorkspace(path.join(tmpdir(), "does-not-exist-triangulate"));
    expect(issues[0].message).toMatch(/does not exist/);
  });
});
