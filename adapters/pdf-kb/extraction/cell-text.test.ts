import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoDocument, writeDocument } from "../../../demo/pdf-documents/generate-documents.js";
import { readPdfText } from "./pdf-text-reader.js";
import { tablesWithCheckedText } from "./table-extractor.js";
import { runTabula, type TabulaPage } from "./tabula-runner.js";

// A real pdfkit PDF with WenQuanYi Zen Hei embedded as a subset font (as the demo generator and
// many producers write CJK documents). tabula-java 0.9 reads its cells as raw glyph codes
// ("!", "\"# #"); pdf.js reads the same page correctly.
const document: DemoDocument = {
  file: "partners-zh.pdf",
  title: "合作夥伴",
  language: "zh-Hant",
  blocks: [
    { kind: "title", text: "合作夥伴名單" },
    {
      kind: "table",
      ruled: true,
      widths: [90, 90, 90, 90],
      header: ["地區", "2023年Q3", "2023年Q4", "2024年Q1"],
      rows: [["華南", "1,200", "1,350", "1,500"]],
    },
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

let folder: string;
let file: string;
let pages: TabulaPage[];

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-cell-text-"));
  file = await writeDocument(document, folder);
  pages = await runTabula(file, {});
}, 60_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("table cell text from pdf.js inside tabula's rectangles", () => {
  it("tabula 0.9 garbles this table's text today", () => {
    const texts = pages.flatMap((page) =>
      page.tables.flatMap((table) => table.rows.flat().map((cell) => cell.text)),
    );
    expect(texts).not.toContain("Acme");
    expect(texts).toContain("!");
  });

  it("re-reads every cell from the text layer and marks the table corrected", async () => {
    const text = await readPdfText(file);
    try {
      const { tables, warnings } = tablesWithCheckedText(pages, text.pages);
      const partners = tables.find((table) => table.columns.some((column) => column.name === "Partner"));
      expect(partners?.cells).toEqual([
        ["Partner", "Since", "Code"],
        ["Acme", "2019-05-01", "007"],
        ["Globex", "2021-11-15", "012"],
      ]);
      expect(partners?.textCheck).toMatchObject({ status: "corrected", unverifiedCells: [] });
      expect(warnings).toEqual([]);
    } finally {
      await text.close();
    }
  });

  it("flags a table whose text is not on the page's text layer", async () => {
    const text = await readPdfText(file);
    try {
      // The same structure against another page's text layer: nothing can be verified.
      const elsewhere = text.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => !/Acme|Globex|Partner|Since|Code|20|00/.test(item.text)),
      }));
      const { tables, warnings } = tablesWithCheckedText(pages, elsewhere);
      expect(tables.every((table) => table.textCheck?.status !== "verified")).toBe(true);
      expect(warnings.join(" ")).toMatch(/not found in the page's text layer/);
    } finally {
      await text.close();
    }
  });
});
