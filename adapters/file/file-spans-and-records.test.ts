// A file event table with start and end dates declares its span (period_column: [start, end]), as
// a PDF table dataset can; and a nested JSON export names where its records are by a dotted path.
// Before, period_column took one column only (a renovation from February to March was missed when
// March was asked) and `records` read one top-level property only.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { Evidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import { TemporaryFolders } from "../../test/support/temporary-workspace.js";
import type { StepContext } from "../adapter.js";
import { createFileAdapter } from "./file-adapter.js";

const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

const context: StepContext = {
  signal: new AbortController().signal,
  timeoutMs: 1000,
  asOf: "2024-07-01",
  attempt: 1,
  requestId: "r",
  trace: () => {},
};

function hotelWorkspace() {
  const root = folders.make("triangulate-spans-");
  mkdirSync(path.join(root, "data"));
  writeFileSync(
    path.join(root, "data", "renovations.csv"),
    "Hotel,Start,End,Scope\n杭州店,2024-02-05,2024-03-20,rooms\n上海店,2023-11-01,2023-11-30,lobby\n苏州店,2024-05-10,,spa\n",
  );
  writeFileSync(
    path.join(root, "data", "rates.json"),
    JSON.stringify({ data: { items: [{ hotel: "杭州店", month: "2024-02", adr: 655 }] }, meta: { page: 1 } }),
  );
  writeFileSync(
    path.join(root, "triangulate.yaml"),
    `catalog:
  metrics:
    adr: { unit: CNY, synonyms: [ADR] }
  dimensions:
    hotel:
      values:
        Hangzhou: [杭州店]
        Shanghai: [上海店]
        Suzhou: [苏州店]
  events:
    renovation: { synonyms: [renovation, 装修] }
sources:
  ops:
    kind: file
    datasets:
      renovations:
        path: data/renovations.csv
        columns: { Hotel: hotel, Start: start, End: end, Scope: scope }
        period_column: [start, end]
        offers: { events: [renovation], dimensions: [hotel] }
      rates:
        path: data/rates.json
        records: data.items
        columns: { hotel: hotel, month: month, adr: adr }
        period_column: month
        offers: { metrics: [adr], dimensions: [hotel] }
`,
  );
  const workspace = loadWorkspace(root, { environment: {} });
  return createFileAdapter("ops", workspace.config.sources.ops, workspace);
}

function goal(dataset: string, from: string, to: string): SubGoal {
  return {
    id: "g1",
    description: "d",
    source: "ops",
    dataset,
    params: {
      filters: {},
      period: { grain: "month", from, to },
      ...(dataset === "rates" ? { metric: "adr" } : { event: "renovation" }),
    },
    expected_format: "table",
    validation: "",
    required: true,
  };
}

function hotels(evidence: Evidence): unknown[] {
  if (evidence.kind !== "table") throw new Error("expected a table");
  return evidence.rows.map((row) => row.hotel);
}

describe("a file event table with a start and an end", () => {
  const adapter = hotelWorkspace();
  const read = async (from: string, to: string) => {
    const wanted = goal("renovations", from, to);
    return hotels(adapter.normalize(await adapter.fetch(wanted, context), wanted));
  };

  it("counts a row whose span overlaps the period, not only its start month", async () => {
    expect(await read("2024-03-01", "2024-03-31")).toEqual(["杭州店"]);
    expect(await read("2023-11-15", "2024-02-10")).toEqual(["杭州店", "上海店"]);
    expect(await read("2024-04-01", "2024-04-30")).toEqual([]);
  });

  it("reads an empty end as still running", async () => {
    expect(await read("2024-06-01", "2024-06-30")).toEqual(["苏州店"]);
    expect(await read("2024-04-01", "2024-05-09")).toEqual([]);
  });
});

describe("a nested JSON export", () => {
  it("reads its records at a dotted path", async () => {
    const adapter = hotelWorkspace();
    const wanted = goal("rates", "2024-02-01", "2024-02-29");
    const evidence = adapter.normalize(await adapter.fetch(wanted, context), wanted);
    expect(evidence.kind === "table" && evidence.rows).toEqual([
      { hotel: "杭州店", month: "2024-02", adr: 655 },
    ]);
  });
  it("accepts the path written as a ticket mapping writes it, with a leading $.", async () => {
    const { readTabularFile } = await import("./read-tabular-file.js");
    const root = folders.make("triangulate-records-");
    const file = path.join(root, "export.json");
    writeFileSync(file, JSON.stringify({ rows: [{ zone: "滨江", rides: 3 }] }));
    const table = await readTabularFile(file, { format: "json", records: "$.rows" });
    expect(table.rows).toEqual([{ zone: "滨江", rides: 3 }]);
  });
});
