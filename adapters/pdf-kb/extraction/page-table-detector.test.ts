import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoDocument, writeDocument } from "../../../demo/pdf-documents/generate-documents.js";
import { corpusPath } from "../../../test/support/corpora.js";
import { extractDocument } from "./extract-document.js";
import { alignedTables, ruledTables } from "./page-table-detector.js";
import { type PageText, type PositionedText, type Ruling, readPdfText } from "./pdf-text-reader.js";
import { buildTables } from "./table-builder.js";
import { runTabula } from "./tabula-runner.js";

// Real PDFs written by pdfkit with WenQuanYi Zen Hei embedded as a subset (as the demo
// generator writes them). On the first page tabula 0.9 finds no table at all.
const missed: DemoDocument = {
  file: "missed-by-tabula-zh.pdf",
  title: "區域營收報告",
  language: "zh-Hant",
  blocks: [
    { kind: "title", text: "區域營收報告" },
    {
      kind: "table",
      ruled: true,
      widths: [110, 110, 90],
      header: ["地區", "2023年Q4", "2024年Q1"],
      rows: [
        ["華南", "1,350", "1,500"],
        ["華東", "2,050", "2,100"],
        ["華北", "980", "1,020"],
      ],
    },
  ],
};

// The same table borderless (only a rule under the header, as many reports print it): tabula
// finds nothing either; the text's columns are aligned.
const borderless: DemoDocument = {
  ...missed,
  file: "borderless-zh.pdf",
  blocks: missed.blocks.map((block) => (block.kind === "table" ? { ...block, ruled: false } : block)),
};

let directory: string;
let file: string;
let borderlessFile: string;
beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "page-table-detector-"));
  file = await writeDocument(missed, directory);
  borderlessFile = await writeDocument(borderless, directory);
}, 60_000);
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe("tables tabula cannot see, read from pdf.js rulings and glyphs", () => {
  it("finds the ruled CJK table on the page tabula 0.9 leaves empty", async () => {
    // What tabula itself returns for this page: nothing to build a table from.
    expect(buildTables(await runTabula(file, { mode: "auto", timeoutMs: 120_000 }))).toEqual([]);
    const document = await extractDocument(file);
    expect(document.tables).toHaveLength(1);
    const [table] = document.tables;
    expect(table).toMatchObject({
      id: "p1-t1",
      page: 1,
      method: "lattice",
      detector: "pdfjs-rulings",
      headerRows: 1,
      textCheck: { status: "corrected", replacedCells: 12, unverifiedCells: [] },
    });
    expect(table.cells).toEqual([
      ["地區", "2023年Q4", "2024年Q1"],
      ["華南", "1,350", "1,500"],
      ["華東", "2,050", "2,100"],
      ["華北", "980", "1,020"],
    ]);
    expect(table.columns.map((column) => column.type)).toEqual(["string", "number", "number"]);
    expect(table.rows[2]).toEqual({ 地區: "華北", "2023年Q4": 980, "2024年Q1": 1020 });
    // The table's lines are no longer repeated in the passages; the title still is the title.
    expect(document.chunks.map((chunk) => chunk.text).join("\n")).not.toContain("2,050");
    expect(document.title).toBe("區域營收報告");
  }, 120_000);

  it("reads no aligned table from a line-numbered transcript page (pdfplumber's SCOTUS page)", async () => {
    const pdf = await readPdfText(
      path.join(corpusPath("pdf-text-layout", "pdfplumber"), "scotus-transcript-p1.pdf"),
    );
    try {
      expect(alignedTables(pdf.pages[0])).toEqual([]);
    } finally {
      await pdf.close();
    }
  });

  it("finds the borderless CJK table by its aligned text columns", async () => {
    expect(buildTables(await runTabula(borderlessFile, { mode: "auto", timeoutMs: 120_000 }))).toEqual([]);
    const document = await extractDocument(borderlessFile);
    expect(document.tables).toHaveLength(1);
    expect(document.tables[0]).toMatchObject({
      method: "stream",
      detector: "pdfjs-alignment",
      headerRows: 1,
      textCheck: { status: "corrected", replacedCells: 12 },
    });
    expect(document.tables[0].cells).toEqual([
      ["地區", "2023年Q4", "2024年Q1"],
      ["華南", "1,350", "1,500"],
      ["華東", "2,050", "2,100"],
      ["華北", "980", "1,020"],
    ]);
  }, 120_000);
});

// Synthetic pages: rulings and text runs as pdf.js gives them (points, origin top-left).
function run(text: string, x: number, baseline: number, width = text.length * 5): PositionedText {
  return { text, page: 1, x, baseline, width, fontSize: 10, fontId: "f1", endOfLine: false };
}
const page = (items: PositionedText[]): PageText => ({ page: 1, width: 595, height: 842, items });
function box(left: number, top: number, right: number, bottom: number): Ruling[] {
  return [
    { x1: left, y1: top, x2: right, y2: top },
    { x1: left, y1: bottom, x2: right, y2: bottom },
    { x1: left, y1: top, x2: left, y2: bottom },
    { x1: right, y1: top, x2: right, y2: bottom },
  ];
}

describe("ruledTables", () => {
  it("reads a grid of cell rectangles, with a header cell spanning two columns", () => {
    const rulings = [
      ...box(100, 100, 300, 120), // spanning header: no rule at x 200 in the first row
      ...box(100, 120, 200, 140),
      ...box(200, 120, 300, 140),
      ...box(100, 140, 200, 160),
      ...box(200, 140, 300, 160),
    ];
    const items = [
      run("Sales", 180, 114),
      run("North", 110, 134),
      run("12", 210, 134),
      run("South", 110, 154),
      run("15", 210, 154),
    ];
    const [table] = ruledTables(page(items), rulings);
    expect(table.rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ["Sales", ""],
      ["North", "12"],
      ["South", "15"],
    ]);
    expect([table.left, table.top, table.right, table.bottom]).toEqual([100, 100, 300, 160]);
  });

  it("takes no framed paragraph, no empty grid and no lone rules for a table", () => {
    const prose = "Refunds are made within seven business days of receiving the returned item. ".repeat(4);
    expect(ruledTables(page([run(prose, 105, 120, 400)]), box(100, 100, 520, 200))).toEqual([]);
    const grid = [
      ...box(100, 100, 200, 120),
      ...box(200, 100, 300, 120),
      ...box(100, 120, 200, 140),
      ...box(200, 120, 300, 140),
    ];
    expect(ruledTables(page([]), grid)).toEqual([]);
    const underlines = [0, 1, 2, 3].map((index) => ({
      x1: 100,
      y1: 100 + index * 20,
      x2: 400,
      y2: 100 + index * 20,
    }));
    expect(ruledTables(page([run("Heading", 100, 95), run("Body text", 100, 115)]), underlines)).toEqual([]);
  });

  it("reads no table from prose, a two-line list or text with one shared column", () => {
    const prose = [0, 1, 2, 3].map((index) =>
      run("Refunds are made within seven business days of the return.", 72, 100 + index * 14, 300),
    );
    expect(alignedTables(page(prose))).toEqual([]);
    // Two lines of label / value pairs are no table (three rows are needed).
    expect(
      alignedTables(
        page([run("Name", 72, 100), run("Acme", 200, 100), run("Code", 72, 114), run("007", 200, 114)]),
      ),
    ).toEqual([]);
    // A second segment that lines up with nothing else does not make a column.
    const ragged = [
      run("a", 72, 100),
      run("x", 150, 100),
      run("b", 72, 114),
      run("y", 260, 114),
      run("c", 72, 128),
      run("z", 330, 128),
    ];
    expect(alignedTables(page(ragged))).toEqual([]);
  });
});
