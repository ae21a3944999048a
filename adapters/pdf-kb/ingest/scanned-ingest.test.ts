import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../../config/load-workspace.js";
import type { Workspace } from "../../../config/workspace.js";
import { writeTestPdf } from "../../../test/support/pdf-kb/write-test-pdf.js";
import { HashedEmbedder } from "../embedding/hashed-embedder.js";
import { KnowledgeBase, knowledgeBaseDirectory } from "../store/knowledge-base.js";
import { ingestKnowledgeBase } from "./ingest-knowledge-base.js";

// The demo policies' scanned copies (demo/pdf-documents/make-scanned-copies.ts: pages rasterised
// at 150 dpi and rebuilt as image-only PDFs) next to a digital PDF: ingest reads the scans by OCR
// (real tesseract / PaddleOCR, real LanceDB on disk), page by page, and marks what it read so.

const SCANNED = path.resolve(import.meta.dirname, "../../../demo/pdf-documents/scanned");

let root: string;
let workspace: Workspace;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-scan-kb-"));
  fs.mkdirSync(path.join(root, "docs"), { recursive: true });
  for (const name of ["return-exchange-policy-en-scanned.pdf", "return-exchange-policy-zh-Hant-scanned.pdf"])
    fs.copyFileSync(path.join(SCANNED, name), path.join(root, "docs", name));
  await writeTestPdf(path.join(root, "docs/digital.pdf"), {
    title: "Warranty",
    sections: [{ heading: "1 Warranty", paragraphs: ["Desk lamps carry a warranty of 24 months."] }],
  });
  fs.writeFileSync(
    path.join(root, "triangulate.yaml"),
    `sources:\n  handbook:\n    kind: pdf_kb\n    paths: [docs/**/*.pdf]\n    tables: { mode: "off" }\n`,
  );
  workspace = loadWorkspace(root);
}, 30_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

async function search(query: string) {
  const knowledgeBase = await KnowledgeBase.open(
    "handbook",
    knowledgeBaseDirectory(workspace.stateDirectory, "handbook"),
    new HashedEmbedder(384),
  );
  try {
    return await knowledgeBase.search(query, { k: 3 });
  } finally {
    knowledgeBase.close();
  }
}

describe("ingest of scanned (image-only) PDFs", () => {
  it("reads scanned pages by OCR, marks their passages with engine and confidence, and keeps digital ones as they are", async () => {
    const summary = await ingestKnowledgeBase(workspace, "handbook");
    expect(summary.failed).toEqual([]);
    expect(summary.documents).toBe(3);
    expect(JSON.stringify(summary.warnings)).toMatch(/page 1: no text layer, read by OCR/);

    const english = await search("refund business days returned item");
    const hit = english.find((candidate) => candidate.document.endsWith("en-scanned.pdf"));
    expect(hit?.text).toMatch(/within 7 business days/);
    expect(hit?.page).toBe(1);
    expect(hit?.bbox).toBeDefined();
    expect(hit?.ocr?.confidence).toBeGreaterThan(0.8);
    expect(hit?.ocr?.engine).toMatch(/Tesseract|PaddleOCR/);

    const chinese = await search("客製化刻字 換貨");
    const zh = chinese.find((candidate) => candidate.document.endsWith("zh-Hant-scanned.pdf"));
    expect(zh?.text).toMatch(/客製化刻字商品/);
    expect(zh?.ocr).toBeDefined();

    const digital = (await search("warranty desk lamps months")).find((candidate) =>
      candidate.document.endsWith("digital.pdf"),
    );
    expect(digital?.text).toMatch(/24 months/);
    expect(digital?.ocr).toBeUndefined();
  }, 240_000);
});
