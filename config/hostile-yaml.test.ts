import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatConfigIssue } from "./config-error.js";
import { inspectWorkspace } from "./load-workspace.js";

// Workspace YAML written to hurt the loader: prototype names, absurd nesting, alias bombs. Each
// must come back as a located config issue, never as a crash or a silently lost entry.
const folders: string[] = [];
function workspaceWith(yaml: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-hostile-"));
  folders.push(folder);
  writeFileSync(path.join(folder, "triangulate.yaml"), yaml);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const source = (name: string) => `
  ${name}:
    kind: file
    datasets:
      returns:
        path: data/r.csv
        offers: { metrics: [return_rate] }`;
const catalog = `
catalog:
  metrics:
    return_rate: { unit: percent }
sources:`;

describe("hostile workspace YAML", () => {
  it("refuses a source named __proto__ with its line instead of dropping it", () => {
    const { workspace, issues } = inspectWorkspace(
      workspaceWith(`${catalog}${source("exports")}${source("__proto__")}\n`),
    );
    expect(workspace).toBeUndefined();
    expect(issues.map(formatConfigIssue).join("\n")).toMatch(
      /triangulate\.yaml:12:\d+ .*__proto__.*cannot be used as a name/,
    );
  });

  it("keeps a source named constructor or toString as an ordinary name", () => {
    const { workspace, issues } = inspectWorkspace(
      workspaceWith(`${catalog}${source("constructor")}${source("toString")}\n`),
    );
    expect(issues).toEqual([]);
    expect(Object.keys(workspace!.config.sources)).toEqual(["constructor", "toString"]);
    expect(workspace!.config.sources.hasOwnProperty).toBeUndefined();
    expect("valueOf" in workspace!.config.catalog.metrics).toBe(false);
  });

  it("refuses 3,000 nested mappings with a location instead of overflowing the stack", () => {
    let yaml = `${catalog}${source("exports")}\nname: x\nreflector:\n`;
    for (let depth = 0; depth < 3000; depth += 1) yaml += `${" ".repeat(2 + depth)}k${depth}:\n`;
    yaml += `${" ".repeat(3002)}end: 1\n`;
    const { workspace, issues } = inspectWorkspace(workspaceWith(yaml));
    expect(workspace).toBeUndefined();
    expect(issues.map(formatConfigIssue).join("\n")).toMatch(
      /triangulate\.yaml:\d+:\d+ .*nested (more than 64 levels|too deeply)/,
    );
  });

  it("refuses 100 nested mappings (within the parser's stack) with a location", () => {
    let yaml = `${catalog}${source("exports")}\nreflector:\n`;
    for (let depth = 0; depth < 100; depth += 1) yaml += `${" ".repeat(2 + depth)}k${depth}:\n`;
    yaml += `${" ".repeat(102)}end: 1\n`;
    const { issues } = inspectWorkspace(workspaceWith(yaml));
    expect(issues.map(formatConfigIssue).join("\n")).toMatch(
      /triangulate\.yaml:\d+:\d+ .*nested more than 64 levels/,
    );
  });

  it("refuses an alias bomb with the alias's location", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let level = 1; level < 9; level += 1) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]`);
    }
    const yaml = `${catalog}${source("exports")}\nbomb:\n${levels.map((line) => `  ${line}`).join("\n")}\n`;
    const started = Date.now();
    const { workspace, issues } = inspectWorkspace(workspaceWith(yaml));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(workspace).toBeUndefined();
    expect(issues.map(formatConfigIssue).join("\n")).toMatch(
      /triangulate\.yaml:\d+:\d+ .*more than 1000 alias expansions/,
    );
  });
});
