import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPdfJs, type PdfText, readPdfText } from "./pdf-text-reader.js";

// The 14 base fonts are written without their programs (pdfkit never embeds them): the reader
// does not load pdf.js's substitute programs for them, except Symbol's and ZapfDingbats'.
const LATIN_FONTS = ["Helvetica", "Helvetica-Bold", "Times-Roman", "Times-Bold", "Courier", "Courier-Bold"];
const SENTENCE = "Refunds within 7 days — “free” return, fi é ü ß 42 %";

let directory: string;
let file: string;
const expectedWidths = new Map<string, number>();

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), "triangulate-reader-"));
  file = path.join(directory, "base-fonts.pdf");
  const pdf = new PDFDocument({ size: "A4", margin: 50 });
  const stream = createWriteStream(file);
  pdf.pipe(stream);
  let y = 60;
  for (const font of LATIN_FONTS) {
    const text = `${font}: ${SENTENCE}`;
    pdf.font(font).fontSize(11);
    expectedWidths.set(font, pdf.widthOfString(text));
    pdf.text(text, 50, y, { lineBreak: false });
    y += 24;
  }
  // Symbol's own encoding puts Greek letters on Latin codes.
  pdf.font("Symbol").fontSize(11).text("abg", 50, y, { lineBreak: false });
  pdf.addPage();
  pdf.font("Helvetica-Bold").fontSize(11).text("Second page heading", 50, 60, { lineBreak: false });
  pdf.font("Helvetica").fontSize(11).text("Second page body.", 50, 84, { lineBreak: false });
  pdf.end();
  await new Promise<void>((resolve, reject) => {
    stream.on("finish", () => resolve());
    stream.on("error", reject);
  });
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

function lineTexts(pdf: PdfText, page: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const item of pdf.pages[page - 1].items) {
    current += item.text;
    if (item.endOfLine) {
      lines.push(current);
      current = "";
    }
  }
  if (current !== "") lines.push(current);
  return lines.filter((line) => line.trim() !== "");
}

describe("readPdfText", () => {
  it("reads text and widths in the 14 base fonts without loading their programs", async () => {
    const pdf = await readPdfText(file);
    try {
      const lines = lineTexts(pdf, 1);
      expect(lines.slice(0, LATIN_FONTS.length)).toEqual(LATIN_FONTS.map((font) => `${font}: ${SENTENCE}`));
      expect(lines[LATIN_FONTS.length]).toBe("αβγ");
      // Widths come from the file's /Widths, so positions match what the writer laid out.
      for (const font of LATIN_FONTS) {
        const items = pdf.pages[0].items.filter((item) => item.text.trim() !== "");
        const first = items.find((item) => item.text.startsWith(`${font}:`))!;
        const sameLine = items.filter((item) => Math.abs(item.baseline - first.baseline) < 1);
        const right = Math.max(...sameLine.map((item) => item.x + item.width));
        expect(Math.abs(right - first.x - expectedWidths.get(font)!)).toBeLessThan(0.5);
      }
    } finally {
      await pdf.close();
    }
  });

  it("names the fonts and tells bold ones on every page that asks", async () => {
    const pdf = await readPdfText(file);
    try {
      const first = await pdf.fontDetails(1);
      const names = new Map([...first.values()].map((font) => [font.name, font.bold]));
      expect(names.get("Helvetica")).toBe(false);
      expect(names.get("Helvetica-Bold")).toBe(true);
      expect(names.get("Times-Bold")).toBe(true);
      expect(names.get("Courier")).toBe(false);
      // Page 2 uses fonts page 1 already loaded: the details come without a second operator list
      // and are the same.
      const second = await pdf.fontDetails(2);
      const bold = pdf.pages[1].items.find((item) => item.text.startsWith("Second page heading"))!;
      const regular = pdf.pages[1].items.find((item) => item.text.startsWith("Second page body"))!;
      expect(second.get(bold.fontId)).toEqual({ name: "Helvetica-Bold", bold: true });
      expect(second.get(regular.fontId)).toEqual({ name: "Helvetica", bold: false });
    } finally {
      await pdf.close();
    }
  });

  it("leaves the native Array.prototype.push in place after loading pdf.js", async () => {
    await loadPdfJs();
    expect(Function.prototype.toString.call(Array.prototype.push)).toContain("[native code]");
  });
});
