import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import iconv from "iconv-lite";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { Evidence, TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import { StepError } from "../../models/step-error.js";
import { TemporaryFolders } from "../../test/support/temporary-workspace.js";
import type { StepContext } from "../adapter.js";
import { createFileAdapter } from "./file-adapter.js";
import { readTabularFile } from "./read-tabular-file.js";

const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

const context: StepContext = {
  signal: new AbortController().signal,
  timeoutMs: 1000,
  asOf: "2024-03-01",
  attempt: 1,
  requestId: "r",
  trace: () => {},
};

function table(evidence: Evidence): TableEvidence {
  if (evidence.kind !== "table") throw new Error("expected a table");
  return evidence;
}

function goal(overrides: Partial<SubGoal>): SubGoal {
  return {
    id: "g1",
    description: "d",
    source: "sales_exports",
    dataset: "returns",
    params: { filters: {} },
    expected_format: "table",
    validation: "",
    required: true,
    ...overrides,
  };
}

describe("file source on the demo workspace", () => {
  const workspace = loadWorkspace("demo/workspace", { environment: {} });
  const adapter = createFileAdapter("sales_exports", workspace.config.sources.sales_exports, workspace);

  it("reads, maps and filters the return-rate export", async () => {
    const wanted = goal({
      params: {
        metric: "return_rate",
        filters: { product: "A", region: "East" },
        period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
      },
    });
    const evidence = table(adapter.normalize(await adapter.fetch(wanted, context), wanted));
    expect(evidence.kind).toBe("table");
    expect(evidence.rows).toEqual([{ product: "A", region: "East", month: "2024-01", return_rate: 5.2 }]);
    expect(evidence.columns.find((column) => column.name === "return_rate")).toMatchObject({
      type: "percent",
      label: "Return rate",
    });
    // Provenance points at the line of the CSV the value came from.
    const line = evidence.provenance[0].line!;
    const csvLines = (await import("node:fs"))
      .readFileSync("demo/workspace/data/return-rates.csv", "utf8")
      .split("\n");
    expect(csvLines[line - 1]).toBe("A,East,2024-01,5.2%");
  });

  it("keeps months inside a quarter", async () => {
    const wanted = goal({
      params: {
        filters: { product: "C", region: "West" },
        period: { grain: "quarter", from: "2024-01-01", to: "2024-03-31" },
      },
    });
    const evidence = table(adapter.normalize(await adapter.fetch(wanted, context), wanted));
    expect(evidence.rows.map((row) => row.month)).toEqual(["2024-01", "2024-03"]);
  });

  it("reports a month with no rows as no_results", async () => {
    const wanted = goal({
      params: {
        filters: { product: "C", region: "West" },
        period: { grain: "month", from: "2024-02-01", to: "2024-02-29" },
      },
    });
    const raw = await adapter.fetch(wanted, context);
    expect(() => adapter.normalize(raw, wanted)).toThrow(expect.objectContaining({ kind: "no_results" }));
  });

  it("reads JSON records with units", async () => {
    const wanted = goal({
      dataset: "vip_repurchase",
      params: { filters: {}, period: { grain: "quarter", from: "2023-01-01", to: "2023-12-31" } },
    });
    const evidence = table(adapter.normalize(await adapter.fetch(wanted, context), wanted));
    expect(evidence.rows.map((row) => row.vip_repurchase_rate)).toEqual([18.2, 19.5, 22.8, 24.1]);
    expect(evidence.columns.find((column) => column.name === "vip_repurchase_rate")?.type).toBe("percent");
  });
});

describe("bad files", () => {
  function workspaceFor(file: string, content: string | Buffer, extra = "") {
    const folder = folders.make();
    mkdirSync(path.join(folder, "data"));
    writeFileSync(path.join(folder, "data", file), content);
    writeFileSync(
      path.join(folder, "triangulate.yaml"),
      `sources:\n  files:\n    kind: file\n    datasets:\n      d:\n        path: ${extra || `data/${file}`}\n`,
    );
    const workspace = loadWorkspace(folder, { environment: {} });
    return createFileAdapter("files", workspace.config.sources.files, workspace);
  }
  const plain = goal({ source: "files", dataset: "d" });

  it("names the line of a ragged row", async () => {
    const adapter = workspaceFor("r.csv", "a,b\n1,2\n3\n");
    const failure = await adapter.fetch(plain, context).catch((error) => error);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.kind).toBe("format_error");
    expect(failure.message).toMatch(/r\.csv:3: ragged row/);
  });

  it("decodes GB18030 and detects semicolons", async () => {
    const adapter = workspaceFor("gb.csv", iconv.encode("地区;退货率\n华东;5.2%\n华北;3.1%\n", "gb18030"));
    const evidence = table(adapter.normalize(await adapter.fetch(plain, context), plain));
    expect(evidence.rows).toEqual([
      { 地区: "华东", 退货率: 5.2 },
      { 地区: "华北", 退货率: 3.1 },
    ]);
  });

  it("decodes Big5", async () => {
    const adapter = workspaceFor(
      "big5.csv",
      iconv.encode("地區,退貨率,備註\n華東,5.2%,客製化保溫杯刻錯名字\n華北,3.1%,運費由本店負擔\n", "big5"),
    );
    const evidence = table(adapter.normalize(await adapter.fetch(plain, context), plain));
    expect(evidence.rows[0]).toEqual({ 地區: "華東", 退貨率: 5.2, 備註: "客製化保溫杯刻錯名字" });
  });

  it("refuses a path outside the workspace", async () => {
    const adapter = workspaceFor("x.csv", "a\n1\n", "../../../etc/passwd");
    await expect(adapter.fetch(plain, context)).rejects.toMatchObject({
      kind: "config_error",
      message: expect.stringMatching(/outside the workspace/),
    });
  });

  it("refuses a symbolic link that leads outside the workspace", async () => {
    const outside = folders.withFiles({ "secret.csv": "a\n1\n" });
    const adapter = workspaceFor("x.csv", "a\n1\n", "data/link.csv");
    const dataFolder = path.dirname(
      (adapter as unknown as { workspace: { root: string } }).workspace.root + "/data/x.csv",
    );
    (await import("node:fs")).symlinkSync(
      path.join(outside, "secret.csv"),
      path.join(dataFolder, "link.csv"),
    );
    await expect(adapter.fetch(plain, context)).rejects.toMatchObject({ kind: "config_error" });
  });

  it("reports invalid JSON with its line", async () => {
    await expect(
      readTabularFile(folders.withFiles({ "x.json": '[{"a": 1},\n {"a": }]' }) + "/x.json"),
    ).rejects.toThrow(/not valid JSON/);
  });
});
