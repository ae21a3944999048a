import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTablesList } from "../../../bin/commands/kb-command.js";
import { loadWorkspace } from "../../../config/load-workspace.js";
import type { Workspace } from "../../../config/workspace.js";
import { makeScannedTableCopies } from "../../../demo/pdf-documents/make-scanned-copies.js";
import type { TableEvidence } from "../../../models/evidence.js";
import { SubGoal } from "../../../models/plan.js";
import type { PdfKnowledgeBaseSource } from "../../../models/sources/pdf-kb-source.js";
import type { SourceAdapter, StepContext } from "../../adapter.js";
import { createAdapter } from "../../registry.js";
import { openKnowledgeBase } from "../open-knowledge-base.js";
import { ingestKnowledgeBase } from "./ingest-knowledge-base.js";

// The CRM release notes twice — the digital PDF and its scanned, image-only copy — ingested for
// real (tabula-java, OCR, LanceDB): the scanned table is listed by `kb tables` as read by OCR,
// and a table dataset reads the same rows from it as from the text table, each row saying it
// was read by OCR with every cell's confidence.

const DEMO_DOCS = path.resolve(import.meta.dirname, "../../../demo/workspace/docs");
const yaml = `sources:
  handbook:
    kind: pdf_kb
    paths: [docs/**/*.pdf]
    datasets:
      text_versions:
        document: crm-release-notes.pdf
        match_headers: [Version, Release date, Modules changed]
        columns: { Version: version, Release date: release_date, Modules changed: modules }
      scanned_versions:
        document: crm-release-notes-scanned.pdf
        match_headers: [Version, Release date, Modules changed]
        columns: { Version: version, Release date: release_date, Modules changed: modules }
`;

let root: string;
let workspace: Workspace;
let adapter: SourceAdapter;
const context: StepContext = {
  signal: new AbortController().signal,
  timeoutMs: 20_000,
  asOf: "2024-03-01",
  attempt: 1,
  requestId: "test",
  trace: () => {},
};

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-scanned-tables-"));
  fs.mkdirSync(path.join(root, "docs"), { recursive: true });
  fs.copyFileSync(
    path.join(DEMO_DOCS, "crm-release-notes.pdf"),
    path.join(root, "docs/crm-release-notes.pdf"),
  );
  const scans = await makeScannedTableCopies(path.join(root, "docs/scans"));
  for (const scan of scans) if (!scan.includes("crm-release-notes")) fs.rmSync(scan);
  fs.writeFileSync(path.join(root, "triangulate.yaml"), yaml);
  workspace = loadWorkspace(root);
}, 120_000);

afterAll(async () => {
  await adapter?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("ingest of a scanned table", () => {
  it("lists the scanned table as read by OCR and gives its dataset the text table's rows", async () => {
    const summary = await ingestKnowledgeBase(workspace, "handbook");
    expect(summary.failed).toEqual([]);
    expect(summary.documents).toBe(2);

    const knowledgeBase = await openKnowledgeBase(
      workspace,
      "handbook",
      workspace.config.sources.handbook as PdfKnowledgeBaseSource,
    );
    let listing: string;
    try {
      const tables = await knowledgeBase.listTables({});
      const scanned = tables.find((table) => table.document.endsWith("crm-release-notes-scanned.pdf"));
      const text = tables.find((table) => table.document === "docs/crm-release-notes.pdf");
      expect(scanned).toMatchObject({
        page: 1,
        tableId: "p1-t1",
        detector: "ocr-alignment",
        textCheck: { status: "ocr" },
        ocr: { engine: expect.stringMatching(/Tesseract|PaddleOCR/), lowConfidenceCells: [] },
      });
      expect(scanned?.bbox).toHaveLength(4);
      expect(scanned?.cells).toEqual(text?.cells);
      expect(scanned?.columns).toEqual(text?.columns);
      listing = formatTablesList(tables);
    } finally {
      knowledgeBase.close();
    }
    expect(listing).toMatch(
      /docs\/scans\/crm-release-notes-scanned\.pdf\s+1\s+p1-t1\s+5 .*read by OCR \((Tesseract|PaddleOCR[^)]*) 0\.\d\d\) at \d+,\d+,\d+,\d+$/m,
    );
    expect(listing).toMatch(/docs\/crm-release-notes\.pdf .*verified against the text layer/);

    adapter = await createAdapter("handbook", workspace.config.sources.handbook, workspace);
    const read = async (dataset: string) => {
      const goal = SubGoal.parse({
        id: "g1",
        source: "handbook",
        description: "CRM versions",
        dataset,
        expected_format: "table",
      });
      return (await adapter.normalize(await adapter.fetch(goal, context), goal)) as TableEvidence;
    };
    const fromText = await read("text_versions");
    const fromScan = await read("scanned_versions");
    expect(fromScan.rows).toEqual(fromText.rows);
    expect(fromScan.columns).toEqual(fromText.columns);
    expect(fromScan.rows).toHaveLength(5);
    expect(fromText.provenance[0].ocr).toBeUndefined();
    expect(fromScan.provenance[0]).toMatchObject({
      document: "docs/scans/crm-release-notes-scanned.pdf",
      page: 1,
      table_id: "p1-t1",
      ocr: { engine: expect.stringMatching(/Tesseract|PaddleOCR/), threshold: 0.8 },
    });
    expect(Object.keys(fromScan.provenance[0].ocr?.confidence ?? {}).sort()).toEqual([
      "modules",
      "release_date",
      "version",
    ]);
    expect(fromScan.notes.join("\n")).toMatch(/read by OCR/);
  }, 300_000);
});
