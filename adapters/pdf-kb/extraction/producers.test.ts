// PDFs made by real producers (wkhtmltopdf, Chromium, LibreOffice, and a scan of the LibreOffice
// page read by Tesseract) from one HTML source: test/fixtures/pdf-producers/ (README.md says how each
// was made). The extracted text must read as the source does: no glyph drawn twice read twice,
// headings once, the table's cells as printed, scanned lines in reading order.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../../config/load-workspace.js";
import { HashedEmbedder } from "../embedding/hashed-embedder.js";
import { ingestKnowledgeBase } from "../ingest/ingest-knowledge-base.js";
import { KnowledgeBase, knowledgeBaseDirectory } from "../store/knowledge-base.js";
import { extractDocument } from "./extract-document.js";
import type { ExtractedDocument } from "./extracted-document.js";

const FIXTURES = path.join(import.meta.dirname, "../../../test/fixtures/pdf-producers");
const fixture = (name: string) => path.join(FIXTURES, name);
/** Spaces differ by producer (LibreOffice sets one between Chinese and digits): compared without them. */
const squeeze = (text: string) => text.replace(/\s+/g, "");

/** Three characters in a row each drawn twice ("精精鹰鹰零零"): what an overprint read twice looks like. */
const DOUBLED_GLYPHS = /(\S)\1(\S)\2(\S)\3/u;

function allText(document: ExtractedDocument): string[] {
  return [
    document.title ?? "",
    ...document.chunks.map((chunk) => chunk.text),
    ...document.chunks.map((chunk) => chunk.section),
    ...document.tables.flatMap((table) => table.cells.flat()),
  ];
}

describe.each(["wkhtmltopdf.pdf", "chromium.pdf", "libreoffice.pdf"])("text of %s", (name) => {
  let document: ExtractedDocument;
  beforeAll(async () => {
    document = await extractDocument(fixture(name));
  }, 120_000);

  it("has no glyph read twice, and each heading once", () => {
    for (const text of allText(document)) expect(text).not.toMatch(DOUBLED_GLYPHS);
    expect(document.title).toBe("精鹰零部件售后服务说明");
    const sections = new Set(document.chunks.map((chunk) => squeeze(chunk.section)));
    for (const heading of ["1保修期Warranty", "2退换货Returns", "4联系方式Contact"])
      expect(sections).toContain(heading);
  });

  it("keeps the paragraphs in their sections and the table as printed", () => {
    const inSection = (heading: string) =>
      squeeze(
        document.chunks
          .filter((chunk) => squeeze(chunk.section) === heading)
          .map((chunk) => chunk.text)
          .join(""),
      );
    expect(inSection("1保修期Warranty")).toContain("整机保修期为自签收之日起12个月。");
    expect(inSection("2退换货Returns")).toContain(
      "Partsmaybereturnedwithin30daysofdeliveryintheiroriginalpackaging.定制零件不予退换",
    );
    expect(document.tables).toHaveLength(1);
    expect(document.tables[0].cells.map((row) => row.map(squeeze))).toEqual([
      ["零件Part", "型号Model", "单价Unitprice"],
      ["转向节Steeringknuckle", "SK-200", "1,280"],
      ["刹车片Brakepad", "BP-45", "260"],
      ["滤芯Filterelement", "FE-12", "85"],
    ]);
  });
});

describe("a scanned Chinese page read by Tesseract", () => {
  it("keeps the page's lines in reading order", async () => {
    const document = await extractDocument(fixture("scanned.pdf"), {
      tableMode: "off",
      ocr: { engine: "tesseract" },
    });
    const text = document.chunks.map((chunk) => `${chunk.section}\n${chunk.text}`).join("\n");
    // Anchors in the order the page prints them (OCR may read a character in its Traditional form).
    const anchors = [
      /整机保修期为自签收之日起/,
      /The whole unit is under warranty/,
      /Parts may be returned within 30 days/,
      /定制零件不予退[换換]/,
      /退[货貨][运運]/,
      /客[户戶]承[担擔]/,
      /服[务務]热[线線]/,
    ];
    const positions = anchors.map((anchor) => text.search(anchor));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The line the issue saw split: its last words stay after its first.
    expect(text).toMatch(/定制零件不予退[换換][^\n]*客[户戶]承[担擔]/);
  }, 120_000);
});

describe("passages from kb search", () => {
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-producers-"));
    fs.mkdirSync(path.join(root, "docs"));
    fs.writeFileSync(
      path.join(root, "triangulate.yaml"),
      "sources:\n  handbook:\n    kind: pdf_kb\n    paths: [docs/*.pdf]\n",
    );
    for (const name of ["wkhtmltopdf.pdf", "chromium.pdf", "libreoffice.pdf"])
      fs.copyFileSync(fixture(name), path.join(root, "docs", name));
    const summary = await ingestKnowledgeBase(loadWorkspace(root), "handbook");
    expect(summary.failed).toEqual([]);
  }, 240_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("read right for every producer", async () => {
    const workspace = loadWorkspace(root);
    const knowledgeBase = await KnowledgeBase.open(
      "handbook",
      knowledgeBaseDirectory(workspace.stateDirectory, "handbook"),
      new HashedEmbedder(384),
    );
    try {
      const hits = await knowledgeBase.search("保修期 整机", { mode: "fts", k: 10 });
      for (const name of ["wkhtmltopdf.pdf", "chromium.pdf", "libreoffice.pdf"]) {
        const hit = hits.find((entry) => entry.document === `docs/${name}` && entry.kind === "text");
        expect(hit, name).toBeDefined();
        expect(squeeze(hit!.section)).toBe("1保修期Warranty");
        expect(squeeze(hit!.text)).toContain("整机保修期为自签收之日起12个月。");
        expect(hit!.text).not.toMatch(DOUBLED_GLYPHS);
      }
      const rows = await knowledgeBase.search("Steering knuckle SK-200", { mode: "fts", k: 10 });
      for (const name of ["wkhtmltopdf.pdf", "chromium.pdf", "libreoffice.pdf"]) {
        const row = rows.find((entry) => entry.document === `docs/${name}`);
        expect(row, name).toBeDefined();
        expect(row!.text).not.toMatch(DOUBLED_GLYPHS);
        expect(squeeze(row!.text)).toContain("SK-200");
      }
    } finally {
      knowledgeBase.close();
    }
  }, 60_000);
});
