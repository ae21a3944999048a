import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScannedTableCopies, SCANNED_TABLES } from "../../../demo/pdf-documents/make-scanned-copies.js";
import { extractDocument } from "./extract-document.js";
import { OCR_CELL_THRESHOLD, ocrTables } from "./ocr-tables.js";
import type { OcrPage } from "./page-ocr.js";
import type { PositionedText } from "./pdf-text-reader.js";

// Real scans: the CRM release notes (an English ruled table) and a Traditional Chinese revenue
// table, rasterised at 150 dpi into image-only PDFs (demo/pdf-documents/make-scanned-copies.ts),
// read at ingest by real OCR (tesseract, else PaddleOCR). Their tables must come out as the
// typed tables a text page gives, cell for cell.

const DEMO_DOCS = path.resolve(import.meta.dirname, "../../../demo/workspace/docs");
let directory: string;
let scans: Map<string, string>;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "ocr-tables-"));
  const outputs = await makeScannedTableCopies(directory);
  scans = new Map(outputs.map((output) => [path.basename(output), output]));
}, 120_000);
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe("tables on scanned pages", () => {
  it("reads the scanned English version table as the typed table of the text page, each cell with its confidence", async () => {
    const known = SCANNED_TABLES.find((entry) => entry.language === "en")!;
    const document = await extractDocument(scans.get(known.scanned)!);
    expect(document.tables).toHaveLength(1);
    const [table] = document.tables;
    expect(table.cells).toEqual(known.cells);
    expect(table).toMatchObject({
      id: "p1-t1",
      page: 1,
      method: "stream",
      detector: "ocr-alignment",
      headerRows: 1,
      section: "1 Version history",
      textCheck: { status: "ocr" },
      ocr: { engine: expect.stringMatching(/Tesseract|PaddleOCR/), threshold: OCR_CELL_THRESHOLD },
    });
    expect(table.columns.map((column) => [column.name, column.type])).toEqual([
      ["Version", "string"],
      ["Release date", "date"],
      ["Modules changed", "string"],
    ]);
    expect(table.rows[3]).toEqual({
      Version: "3.4.0",
      "Release date": "2023-10-18",
      "Modules changed": "Service Desk, Notifications",
    });
    // One confidence per cell, like the cells; clean scans leave none doubtful.
    expect(table.cellConfidence?.map((row) => row.length)).toEqual(table.cells.map((row) => row.length));
    expect(table.cellConfidence?.flat().every((value) => value !== null && value > 0.8)).toBe(true);
    expect(table.ocr?.lowConfidenceCells).toEqual([]);
    expect(table.ocr?.confidence).toBeGreaterThan(0.85);
    // The region is on the page, and its lines are the table's, not repeated in the passages.
    expect(table.bbox[0]).toBeGreaterThan(0);
    expect(table.bbox[3]).toBeLessThan(842);
    expect(document.chunks.map((chunk) => chunk.text).join("\n")).not.toContain("2023-10-18 Service Desk");
  }, 180_000);

  it("reads the scanned Traditional Chinese table with its numbers typed", async () => {
    const known = SCANNED_TABLES.find((entry) => entry.language === "zh-Hant")!;
    const document = await extractDocument(scans.get(known.scanned)!);
    expect(document.tables).toHaveLength(1);
    const [table] = document.tables;
    expect(table.cells).toEqual(known.cells);
    expect(table.detector).toBe("ocr-alignment");
    expect(table.columns.map((column) => column.type)).toEqual(["string", "number", "number"]);
    expect(table.rows[2]).toEqual({ 地區: "華北", "2023年Q4": 980, "2024年Q1": 1020 });
    expect(document.title).toBe("區域營收報告");
    expect(table.section).toBe("1 各區營收");
  }, 180_000);

  it("keeps a mixed PDF page by page: the text page as text, the scanned page's table by OCR", async () => {
    const known = SCANNED_TABLES.find((entry) => entry.language === "en")!;
    const mixed = path.join(directory, "mixed.pdf");
    execFileSync("pdfunite", [
      path.join(DEMO_DOCS, "return-exchange-policy-en.pdf"),
      scans.get(known.scanned)!,
      mixed,
    ]);
    const document = await extractDocument(mixed);
    expect(document.pageCount).toBe(2);
    const scanned = document.tables.filter((table) => table.page === 2);
    expect(scanned).toHaveLength(1);
    expect(scanned[0].cells).toEqual(known.cells);
    expect(scanned[0].ocr).toBeDefined();
    const firstPage = document.chunks.filter((chunk) => chunk.pages.includes(1) && !chunk.pages.includes(2));
    expect(firstPage.map((chunk) => chunk.text).join("\n")).toMatch(/within 7 business days/);
    expect(firstPage.every((chunk) => chunk.ocr === undefined)).toBe(true);
    expect(document.warnings.join("\n")).toMatch(/page 2: no text layer, read by OCR/);
    expect(document.warnings.join("\n")).not.toMatch(/page 1: no text layer/);
  }, 180_000);
});

describe("ocrTables", () => {
  // An OCR'd page as page-ocr.ts gives it: runs in points, each with the engine's confidence.
  const run = (text: string, x: number, baseline: number, confidence = 0.95): PositionedText => ({
    text,
    page: 1,
    x,
    baseline,
    width: text.length * 5,
    fontSize: 10,
    fontId: "ocr",
    endOfLine: false,
    confidence,
  });
  const page = (items: PositionedText[]): OcrPage => ({
    page: 1,
    lines: [],
    confidence: 0.9,
    engine: "Test engine",
    textLayer: { page: 1, width: 595, height: 842, items },
  });

  it("marks a cell read below the threshold, with its row, column and text", () => {
    const [table] = ocrTables([
      page([
        run("Region", 100, 100),
        run("Sales", 200, 100),
        run("North", 100, 118),
        run("1,200", 200, 118, 0.42),
        run("South", 100, 136),
        run("900", 200, 136),
        run("East", 100, 154),
        run("700", 200, 154),
      ]),
    ]);
    expect(table.cells).toEqual([
      ["Region", "Sales"],
      ["North", "1,200"],
      ["South", "900"],
      ["East", "700"],
    ]);
    expect(table.cellConfidence?.[1]).toEqual([0.95, 0.42]);
    expect(table.ocr).toMatchObject({
      engine: "Test engine",
      lowConfidenceCells: [{ row: 1, column: 1, text: "1,200", confidence: 0.42 }],
    });
    expect(table.rows[0]).toEqual({ Region: "North", Sales: 1200 });
  });
});
