import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { loadWorkspace } from "./load-workspace.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function issuesOf(metric: string): string[] {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-metric-sources-"));
  folders.push(folder);
  writeFileSync(
    path.join(folder, "triangulate.yaml"),
    `catalog:
  metrics:
    revenue: { unit: CNY, ${metric} }
    rides: { unit: count }
sources:
  ledger:
    kind: file
    datasets:
      revenue: { path: r.csv, columns: { Revenue: revenue }, offers: { metrics: [revenue] } }
  ops:
    kind: file
    datasets:
      rides: { path: o.csv, columns: { Rides: rides }, offers: { metrics: [rides] } }
`,
  );
  try {
    loadWorkspace(folder, { environment: {} });
  } catch (error) {
    if (error instanceof ConfigError)
      return error.issues.map((issue) => `${issue.line}:${issue.column} ${issue.message}`);
    throw error;
  }
  return [];
}

it("accepts a metric's sources and fallback that offer it", () => {
  expect(issuesOf("sources: [ledger], fallback: [ledger], cross_check: false")).toEqual([]);
});

it("names, with its line and column, a fallback source that is not configured or does not offer the metric", () => {
  expect(issuesOf("fallback: [ledgr]")).toEqual([
    expect.stringMatching(
      /^3:\d+ source `ledgr` is not in sources; the sources offering revenue are: ledger$/,
    ),
  ]);
  expect(issuesOf("sources: [ops]")).toEqual([
    expect.stringMatching(
      /^3:\d+ source `ops` offers no dataset with metric revenue; the sources offering it are: ledger$/,
    ),
  ]);
});
