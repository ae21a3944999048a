import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTablesList } from "../../bin/commands/kb-command.js";
import { loadWorkspace } from "../../config/load-workspace.js";
import { type DemoDocument, writeDocument } from "../../demo/pdf-documents/generate-documents.js";
import type { TableEvidence } from "../../models/evidence.js";
import { SubGoal, type SubGoalInput } from "../../models/plan.js";
import type { SourceAdapter, StepContext } from "../adapter.js";
import { createAdapter } from "../registry.js";
import { ingestKnowledgeBase } from "./ingest/ingest-knowledge-base.js";
import { openKnowledgeBase } from "./open-knowledge-base.js";
import { knowledgeBaseDirectory, lanceDirectory } from "./store/knowledge-base.js";
import { readManifest, writeManifest } from "./store/knowledge-base-manifest.js";
import { lancedb } from "./store/lance-database.js";

// A real PDF written by pdfkit with the CJK font embedded (subset TrueType, as the demo
// generator writes its documents), ingested for real (tabula + pdf.js + LanceDB): a wide
// quarterly table and a partner table whose "Since" date is not the rows' period.
const report: DemoDocument = {
  file: "regional-report.pdf",
  title: "Regional revenue report",
  language: "en",
  blocks: [
    { kind: "title", text: "Regional revenue report" },
    { kind: "section", text: "1 Revenue by region and quarter" },
    {
      kind: "table",
      ruled: true,
      widths: [100, 80, 80, 80],
      header: ["Region", "Q3 2023", "Q4 2023", "Q1 2024"],
      rows: [
        ["South China", "1,200", "1,350", "1,500"],
        ["East China", "2,000", "2,050", "2,100"],
      ],
    },
    { kind: "section", text: "2 Partners" },
    {
      kind: "table",
      ruled: true,
      widths: [110, 110, 90],
      header: ["Partner", "Since", "Code"],
      rows: [
        ["Acme", "2019-05-01", "007"],
        ["Globex", "2021-11-15", "012"],
      ],
    },
  ],
};

// The same shape in Traditional Chinese with the CJK font embedded as a subset: tabula 0.9
// reads its cells as "!", "\"# #" (raw glyph codes); the text comes from pdf.js instead.
const chineseReport: DemoDocument = {
  file: "regional-report-zh.pdf",
  title: "區域營收報告",
  language: "zh-Hant",
  blocks: [
    { kind: "title", text: "區域營收報告" },
    {
      kind: "table",
      ruled: true,
      widths: [110, 110, 90],
      header: ["Region", "Q4 2023", "Q1 2024"],
      rows: [
        ["華南", "1,350", "1,500"],
        ["華東", "2,050", "2,100"],
      ],
    },
  ],
};

const yaml = `catalog:
  metrics: { revenue: { unit: count } }
  dimensions:
    region: { values: { South: [華南, South China], East: [華東, East China] } }
sources:
  reports:
    kind: pdf_kb
    paths: [docs/*.pdf]
    datasets:
      revenue:
        document: regional-report.pdf
        match_headers: [Region]
        columns: { Region: region }
        unpivot: { all_but: [Region], period: { grain: quarter }, value: revenue }
      revenue_zh:
        document: regional-report-zh.pdf
        match_headers: [Region]
        columns: { Region: region }
        unpivot: { all_but: [Region], period: { grain: quarter }, value: revenue }
      partners:
        document: regional-report.pdf
        match_headers: [Partner, Since]
        columns: { Partner: partner, Since: since, Code: code }
        types: { code: string }
        period_column: none
      partners_by_date:
        document: regional-report.pdf
        match_headers: [Partner, Since]
        columns: { Partner: partner, Since: since }
`;

let root: string;
let adapter: SourceAdapter;
const context: StepContext = {
  signal: new AbortController().signal,
  timeoutMs: 20_000,
  asOf: "2024-06-30",
  attempt: 1,
  requestId: "test",
  trace: () => {},
};
const goal = (dataset: string, params: SubGoalInput["params"]) =>
  SubGoal.parse({
    id: "g1",
    source: "reports",
    description: dataset,
    dataset,
    params,
    expected_format: "table",
  });
async function read(
  dataset: string,
  params: SubGoalInput["params"] = { filters: {} },
): Promise<TableEvidence> {
  const subGoal = goal(dataset, params);
  const evidence = adapter.normalize(await adapter.fetch(subGoal, context), subGoal);
  if (evidence.kind !== "table") throw new Error("expected a table");
  return evidence;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-kb-shapes-"));
  fs.mkdirSync(path.join(root, "docs"));
  await writeDocument(report, path.join(root, "docs"));
  await writeDocument(chineseReport, path.join(root, "docs"));
  fs.writeFileSync(path.join(root, "triangulate.yaml"), yaml);
  const workspace = loadWorkspace(root, { environment: {} });
  await ingestKnowledgeBase(workspace, "reports");
  adapter = await createAdapter("reports", workspace.config.sources.reports, workspace);
}, 120_000);

afterAll(async () => {
  await adapter?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe("PDF table datasets", () => {
  it("melts a wide quarterly table and resolves the region through the catalog's synonyms", async () => {
    const all = await read("revenue");
    expect(all.rows).toEqual([
      { region: "South China", period: "2023-Q3", revenue: 1200 },
      { region: "South China", period: "2023-Q4", revenue: 1350 },
      { region: "South China", period: "2024-Q1", revenue: 1500 },
      { region: "East China", period: "2023-Q3", revenue: 2000 },
      { region: "East China", period: "2023-Q4", revenue: 2050 },
      { region: "East China", period: "2024-Q1", revenue: 2100 },
    ]);
    const south = await read("revenue", {
      filters: { region: "South" },
      period: { grain: "quarter", from: "2024-01-01", to: "2024-03-31" },
    });
    expect(south.rows).toEqual([{ region: "South China", period: "2024-Q1", revenue: 1500 }]);
    expect(south.provenance[0]).toMatchObject({
      document: "docs/regional-report.pdf",
      page: 1,
      column: "Q1 2024",
    });
  });

  it("reads a CJK-font table tabula cannot see from pdf.js's ruling lines and glyphs", async () => {
    // tabula 0.9 finds no table on this page at all (PDFBox reads the subset font's glyphs as
    // nothing); the ruled grid pdf.js draws, with the text layer's glyphs in its cells, is read
    // instead, and the dataset melts and filters it like any other table.
    const all = await read("revenue_zh");
    expect(all.rows).toEqual([
      { region: "華南", period: "2023-Q4", revenue: 1350 },
      { region: "華南", period: "2024-Q1", revenue: 1500 },
      { region: "華東", period: "2023-Q4", revenue: 2050 },
      { region: "華東", period: "2024-Q1", revenue: 2100 },
    ]);
    const south = await read("revenue_zh", {
      filters: { region: "South" },
      period: { grain: "quarter", from: "2024-01-01", to: "2024-03-31" },
    });
    expect(south.rows).toEqual([{ region: "華南", period: "2024-Q1", revenue: 1500 }]);
    expect(south.provenance[0]).toMatchObject({ document: "docs/regional-report-zh.pdf", page: 1 });
    const subGoal = SubGoal.parse({
      id: "g2",
      source: "reports",
      description: "south",
      params: { query: "華南 營收", filters: { document: "docs/regional-report-zh.pdf" } },
      expected_format: "text",
    });
    const evidence = adapter.normalize(await adapter.fetch(subGoal, context), subGoal);
    expect(evidence.kind).toBe("text");
    const text = evidence.kind === "text" ? evidence.passages.map((passage) => passage.text).join("\n") : "";
    expect(text).toMatch(/華南\s*\|?\s*1,350\s*\|?\s*1,500/);
  });

  it("keeps every partner under period_column: none and keeps codes as text", async () => {
    const partners = await read("partners", {
      filters: {},
      period: { grain: "quarter", from: "2024-01-01", to: "2024-03-31" },
    });
    expect(partners.rows).toEqual([
      { partner: "Acme", since: "2019-05-01", code: "007" },
      { partner: "Globex", since: "2021-11-15", code: "012" },
    ]);
    // Without period_column the date column filters, and the evidence says so.
    const byDate = await read("partners_by_date", {
      filters: {},
      period: { grain: "year", from: "2021-01-01", to: "2021-12-31" },
    });
    expect(byDate.rows).toEqual([{ partner: "Globex", since: "2021-11-15" }]);
    expect(byDate.notes.join(" ")).toMatch(
      /period taken from the date column since; set period_column \(or none\)/,
    );
  });
});

describe("kb tables: the text check of each stored table", () => {
  const tablesOf = async () => {
    const workspace = loadWorkspace(root, { environment: {} });
    const source = workspace.config.sources.reports;
    if (source.kind !== "pdf_kb") throw new Error("not a pdf_kb source");
    const knowledgeBase = await openKnowledgeBase(workspace, "reports", source);
    try {
      return await knowledgeBase.listTables();
    } finally {
      knowledgeBase.close();
    }
  };

  it("stores and lists each table's text check", async () => {
    const tables = await tablesOf();
    const english = tables.filter((table) => table.document === "docs/regional-report.pdf");
    expect(english.map((table) => table.tableId)).toEqual(["p1-t1", "p1-t2"]);
    for (const table of english) {
      expect(table.detector).toBe("tabula");
      expect(table.textCheck).toMatchObject({ status: "verified", replacedCells: 0, unverifiedCells: [] });
    }
    const chinese = tables.filter((table) => table.document === "docs/regional-report-zh.pdf");
    expect(chinese).toHaveLength(1);
    expect(chinese[0]).toMatchObject({
      detector: "pdfjs-rulings",
      method: "lattice",
      textCheck: { status: "corrected", replacedCells: 9, unverifiedCells: [] },
    });
    const listing = formatTablesList(tables);
    expect(listing).toMatch(/text check/);
    expect(listing).toMatch(/p1-t1 .*verified against the text layer/);
    expect(listing).toMatch(/regional-report-zh\.pdf .*cell text from pdf\.js \(found by ruling lines\)/);
    expect(listing).not.toContain("reindex");
  });

  it("opens an index written before the column, says to reindex, and takes new rows into it", async () => {
    // Make the stored index what an older version wrote: the tables table without extraction_json.
    const directory = knowledgeBaseDirectory(
      loadWorkspace(root, { environment: {} }).stateDirectory,
      "reports",
    );
    const manifest = readManifest(directory)!;
    const connection = await lancedb.connect(lanceDirectory(directory));
    const stored = await connection.openTable(manifest.tables.name);
    await stored.checkout(manifest.tables.version);
    await stored.restore();
    await stored.dropColumns(["extraction_json"]);
    manifest.tables.version = await stored.version();
    stored.close();
    writeManifest(directory, manifest);

    const old = await tablesOf();
    expect(old.length).toBeGreaterThan(0);
    for (const table of old) {
      expect(table.textCheck).toBeNull();
      expect(table.textCheckNote).toMatch(/reindex to see text checks/);
    }
    expect(formatTablesList(old)).toMatch(
      new RegExp(
        `${old.length} of ${old.length} tables stored before text checks were recorded: reindex to see text checks`,
      ),
    );

    // An incremental ingest of a new document writes into that old table: the column is added.
    await writeDocument({ ...report, file: "regional-report-copy.pdf" }, path.join(root, "docs"));
    const summary = await ingestKnowledgeBase(loadWorkspace(root, { environment: {} }), "reports");
    expect(summary.failed).toEqual([]);
    const after = await tablesOf();
    const copy = after.filter((table) => table.document === "docs/regional-report-copy.pdf");
    expect(copy).toHaveLength(2);
    for (const table of copy) expect(table.textCheck?.status).toBe("verified");
    const before = after.filter((table) => table.document === "docs/regional-report.pdf");
    for (const table of before) expect(table.textCheck).toBeNull();
  }, 120_000);
});
