import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeRawPdf } from "../../../test/support/pdf-kb/write-raw-pdf.js";
import { removeOverprintedRuns } from "./overprinted-text.js";
import { buildPageLines } from "./page-lines.js";
import { type PositionedText, readPdfText } from "./pdf-text-reader.js";

const run = (text: string, x: number, baseline = 100, fontSize = 10, width = 50): PositionedText => ({
  text,
  page: 1,
  x,
  baseline,
  width,
  fontSize,
  fontId: "f1",
  endOfLine: false,
});

describe("removeOverprintedRuns", () => {
  it("drops a copy drawn within a tenth of the font size along the line and a fifth across it", () => {
    const kept = removeOverprintedRuns([run("精鹰零部件", 53.3), run("精鹰零部件", 53.0, 100.5)]);
    expect(kept.map((item) => item.x)).toEqual([53.3]);
  });

  it("keeps the same text a glyph away, on another line, or in another size", () => {
    const items = [
      run("12", 100),
      run("12", 110), // the next cell of a table: a full font size away
      run("12", 100, 103), // another line: 0.3 font size below
      run("12", 100.2, 100, 14), // another size
    ];
    expect(removeOverprintedRuns(items)).toHaveLength(4);
  });

  it("moves a copy's end of line to the run it keeps", () => {
    const kept = removeOverprintedRuns([run("Returns", 10), { ...run("Returns", 10.3), endOfLine: true }]);
    expect(kept).toHaveLength(1);
    expect(kept[0].endOfLine).toBe(true);
  });
});

describe("glyphs drawn twice, each copy 0.3 pt right of the first", () => {
  // Helvetica's widths (thousandths of an em) for the glyphs used.
  const widths: Record<string, number> = { R: 722, e: 556, t: 278, u: 556, r: 333, n: 556, s: 500, " ": 278 };
  /** A TJ array drawing each glyph, moving back by its width less 0.3 pt at 12 pt, and drawing it again. */
  const doubled = (text: string) =>
    `[${Array.from(text)
      .map((glyph) => `(${glyph}) ${widths[glyph] - 25} (${glyph})`)
      .join(" ")}] TJ`;

  function write(file: string, content: string) {
    writeRawPdf(file, [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]);
  }

  it("reads each glyph once, as pdftotext does", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-glyphs-")), "doubled.pdf");
    write(
      file,
      `BT /F1 12 Tf 72 700 Td ${doubled("Returns")} ET BT /F1 12 Tf 72 680 Td (Returns are free) Tj ET`,
    );
    const pdf = await readPdfText(file);
    try {
      const lines = buildPageLines(pdf.pages[0]).map((line) => line.text);
      expect(lines).toEqual(["Returns", "Returns are free"]);
      expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).trim().split("\n")[0]).toBe(
        "Returns",
      );
    } finally {
      await pdf.close();
    }
  });

  it("leaves kerned text and a glyph repeated a glyph further alone", () => {
    // "ee" of "free": the second e starts where the first ends (no step back).
    const items = [run("fr", 100, 100, 12, 10.7), run("ee", 110.7, 100, 12, 13.3)];
    expect(removeOverprintedRuns(items).map((item) => item.text)).toEqual(["fr", "ee"]);
    // A kerning step back of a tenth of a glyph over a different character.
    const kerned = [run("AV", 100, 100, 12, 16), run("A", 115, 100, 12, 8)];
    expect(removeOverprintedRuns(kerned).map((item) => item.text)).toEqual(["AV", "A"]);
  });
});
