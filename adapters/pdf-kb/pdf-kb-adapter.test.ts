import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { Workspace } from "../../config/workspace.js";
import type { TableEvidence, TextEvidence } from "../../models/evidence.js";
import { SubGoal, type SubGoalInput } from "../../models/plan.js";
import type { PdfKnowledgeBaseSource } from "../../models/sources/pdf-kb-source.js";
import { StepError } from "../../models/step-error.js";
import type { SourceAdapter, StepContext } from "../adapter.js";
import { createAdapter } from "../registry.js";
import { ingestKnowledgeBase } from "./ingest/ingest-knowledge-base.js";
import { openKnowledgeBase } from "./open-knowledge-base.js";

// The demo's generated PDFs (policy in English and Traditional Chinese, CRM release notes with a
// version table, the 2023 campaign calendar with a table per quarter), ingested for real.
const demoDocuments = path.resolve(import.meta.dirname, "../../demo/workspace/docs");
const yaml = `catalog:
  metrics: { online_campaigns: { unit: count } }
  events: { crm_release: { synonyms: [CRM release] } }
sources:
  handbook:
    kind: pdf_kb
    trust: 0.6
    paths: [docs/**/*.pdf]
    top_k: 4
    datasets:
      crm_versions:
        document: crm-release-notes*.pdf
        match_headers: [Version, Release date, Modules changed]
        columns: { Version: version, Release date: release_date, Modules changed: modules }
        offers: { events: [crm_release] }
      online_campaigns:
        document: campaign-calendar*.pdf
        match_headers: [Campaign, Channel, Start, End]
        columns: { Campaign: campaign, Channel: channel, Start: start, End: end }
        offers: { metrics: [online_campaigns], grain: quarter }
      missing_table:
        document: crm-release-notes*.pdf
        match_headers: [Budget]
`;

let root: string;
let workspace: Workspace;
let adapter: SourceAdapter;
const traces: string[] = [];
const context = (hints?: StepContext["hints"]): StepContext => ({
  signal: new AbortController().signal,
  timeoutMs: 10_000,
  asOf: "2024-03-01",
  attempt: 1,
  requestId: "test",
  trace: (kind, line) => traces.push(`${kind}:${line}`),
  ...(hints ? { hints } : {}),
});
const goal = (input: Omit<SubGoalInput, "id" | "source"> & { id?: string }) =>
  SubGoal.parse({ id: "g1", source: "handbook", ...input });
const run = async (subGoal: SubGoal, hints?: StepContext["hints"]) =>
  adapter.normalize(await adapter.fetch(subGoal, context(hints)), subGoal);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-kb-adapter-"));
  fs.cpSync(demoDocuments, path.join(root, "docs"), { recursive: true });
  fs.writeFileSync(path.join(root, "triangulate.yaml"), yaml);
  workspace = loadWorkspace(root);
  adapter = await createAdapter("handbook", workspace.config.sources.handbook, workspace);
}, 30_000);

afterAll(async () => {
  await adapter?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("pdf_kb adapter", () => {
  it("says to run triangulate ingest when the index is missing", async () => {
    const failure = await adapter
      .fetch(
        goal({ description: "refund time", params: { query: "refund" }, expected_format: "text" }),
        context(),
      )
      .catch((error) => error);
    expect(StepError.isStepError(failure)).toBe(true);
    expect(failure.kind).toBe("config_error");
    expect(failure.message).toContain("run `triangulate ingest`");
  });

  it("describes the source from its YAML", () => {
    const capabilities = adapter.describe();
    expect(capabilities).toMatchObject({ name: "handbook", kind: "pdf_kb", trust: 0.6, text_search: true });
    expect(capabilities.datasets.map((dataset) => dataset.name)).toEqual([
      "crm_versions",
      "online_campaigns",
      "missing_table",
    ]);
  });

  it("answers a query with cited passages, in English and in Chinese, after ingest", async () => {
    const summary = await ingestKnowledgeBase(workspace, "handbook");
    expect(summary.failed).toEqual([]);
    expect(summary.tables).toBeGreaterThanOrEqual(5);

    const english = (await run(
      goal({
        description: "delivery time of replacements",
        params: { query: "delivery time for replacement items" },
        expected_format: "text",
      }),
    )) as TextEvidence;
    expect(english.kind).toBe("text");
    expect(english.source).toBe("handbook");
    expect(english.passages.length).toBeLessThanOrEqual(4);
    expect(english.passages[0]).toMatchObject({ document: "docs/return-exchange-policy-en.pdf", page: 1 });
    expect(english.passages[0].section).toMatch(/Replacement/);
    expect(english.passages[0].bbox).toHaveLength(4);

    const chinese = (await run(
      goal({
        description: "刻字商品換貨",
        params: { query: "客製化刻字商品可以換貨嗎", filters: { region: "East" } },
        expected_format: "text",
      }),
    )) as TextEvidence;
    expect(chinese.passages[0].document).toBe("docs/return-exchange-policy-zh-Hant.pdf");
    expect(chinese.passages[0].text).toContain("刻字");
    expect(chinese.notes.join(" ")).toContain("region=East");
    expect(traces.some((line) => line.startsWith("kb:search:handbook:"))).toBe(true);
  }, 120_000);

  it("turns an empty result into no_results, and relaxes filters when the reflector asks", async () => {
    const narrow = goal({
      description: "refund",
      params: {
        query: "refund business days",
        filters: { document: "crm-release-notes.pdf", section: "Nothing like this" },
      },
      expected_format: "text",
    });
    const failure = await adapter.fetch(narrow, context()).catch((error) => error);
    expect(failure.kind).toBe("no_results");
    expect(failure.message).toContain("section=Nothing like this");
    const relaxed = (await run(narrow, { relaxFilters: 2 })) as TextEvidence;
    expect(relaxed.passages[0].document).toBe("docs/return-exchange-policy-en.pdf");
    expect(relaxed.notes).toEqual([
      "the section filter was dropped to find passages",
      "the document filter was dropped to find passages",
    ]);
  });

  it("returns a table dataset as typed rows with document, page, table id and box per row", async () => {
    const versions = (await run(
      goal({ description: "CRM versions", dataset: "crm_versions", expected_format: "table" }),
    )) as TableEvidence;
    expect(versions.columns.map((column) => [column.name, column.type])).toEqual([
      ["version", "string"],
      ["release_date", "date"],
      ["modules", "string"],
    ]);
    expect(versions.rows.length).toBeGreaterThanOrEqual(3);
    expect(versions.rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(String(row.release_date)))).toBe(true);
    expect(versions.provenance[0]).toMatchObject({
      source: "handbook",
      document: "docs/crm-release-notes.pdf",
      table_id: expect.stringMatching(/^p\d+-t\d+$/),
    });
    expect(versions.provenance[0].bbox).toHaveLength(4);
    expect(versions.provenance).toHaveLength(versions.rows.length);

    const q3 = (await run(
      goal({
        description: "Q3 campaigns",
        dataset: "online_campaigns",
        params: {
          filters: { channel: "Online" },
          period: { grain: "quarter", from: "2023-07-01", to: "2023-09-30" },
        },
        expected_format: "table",
      }),
    )) as TableEvidence;
    expect(q3.rows.length).toBeGreaterThan(0);
    for (const row of q3.rows) {
      expect(row.channel).toBe("Online");
      expect(String(row.start) <= "2023-09-30" && String(row.end) >= "2023-07-01").toBe(true);
    }
  });

  it("finds a table row by search and shows each table once", async () => {
    const knowledgeBase = await openKnowledgeBase(
      workspace,
      "handbook",
      workspace.config.sources.handbook as PdfKnowledgeBaseSource,
    );
    try {
      const hits = await knowledgeBase.search("which modules changed in version 3.4.0", { k: 8 });
      const tableHits = hits.filter((hit) => hit.kind === "table");
      expect(tableHits[0]).toMatchObject({
        document: "docs/crm-release-notes.pdf",
        tableId: expect.stringMatching(/^p\d+-t\d+$/),
      });
      expect(tableHits[0].text).toContain("3.4.0");
      const keys = tableHits.map((hit) => `${hit.document}#${hit.tableId}`);
      expect(new Set(keys).size).toBe(keys.length);
    } finally {
      knowledgeBase.close();
    }
  });

  it("reports a dataset whose headers match no table as no_results and an unknown column filter as format_error", async () => {
    const missing = await adapter
      .fetch(goal({ description: "budget", dataset: "missing_table", expected_format: "table" }), context())
      .catch((error) => error);
    expect(missing.kind).toBe("no_results");
    expect(missing.message).toContain("none with headers Budget");
    const wrongFilter = goal({
      description: "versions",
      dataset: "crm_versions",
      params: { filters: { region: "East" } },
      expected_format: "table",
    });
    const raw = await adapter.fetch(wrongFilter, context());
    expect(() => adapter.normalize(raw, wrongFilter)).toThrow(/no column region/);
    const unknown = await adapter
      .fetch(goal({ description: "x", dataset: "nothing", expected_format: "table" }), context())
      .catch((error) => error);
    expect(unknown.kind).toBe("config_error");
  });
});
