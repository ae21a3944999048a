import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeSources } from "./describe-sources.js";
import { loadWorkspace } from "./load-workspace.js";
import { checkWorkspaceReferences } from "./workspace-references.js";

const workspace = loadWorkspace(path.resolve(import.meta.dirname, "../demo/workspace"), { environment: {} });

describe("describeSources", () => {
  it("describes every kind from its descriptor: sections, columns, formats and text search", () => {
    const byName = Object.fromEntries(
      describeSources(workspace.config).map((source) => [source.name, source]),
    );
    expect(byName.sales_exports.datasets.map((dataset) => dataset.name)).toEqual([
      "returns",
      "vip_repurchase",
    ]);
    expect(byName.sales_exports.text_search).toBe(false);
    expect(byName.tickets.datasets.every((dataset) => dataset.expected_format === "records")).toBe(true);
    expect(byName.handbook.text_search).toBe(true);
    expect(byName.handbook.datasets.find((dataset) => dataset.name === "crm_versions")?.columns).toEqual([
      "version",
      "release_date",
      "modules",
    ]);
  });
});

describe("checkWorkspaceReferences", () => {
  it("checks the offers of every section and of a knowledge base's text search, at their YAML path", () => {
    const config = structuredClone(workspace.config);
    const jira = config.sources.tickets;
    const handbook = config.sources.handbook;
    if (jira.kind !== "tickets" || handbook.kind !== "pdf_kb") throw new Error("demo workspace changed");
    const firstSearch = Object.keys(jira.searches)[0];
    jira.searches[firstSearch].offers.metrics.push("no_such_metric");
    handbook.offers.topics.push("no_such_topic");
    const issues = checkWorkspaceReferences(config, () => ({ file: "triangulate.yaml", line: 1, column: 1 }));
    expect(issues.map((issue) => issue.path)).toEqual([
      `sources.tickets.searches.${firstSearch}.offers.metrics.${jira.searches[firstSearch].offers.metrics.length - 1}`,
      `sources.handbook.offers.topics.${handbook.offers.topics.length - 1}`,
    ]);
  });
});
