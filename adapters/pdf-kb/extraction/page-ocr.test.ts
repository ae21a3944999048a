import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractDocument } from "./extract-document.js";
import type { ExtractedSection } from "./extracted-document.js";
import { detectHeadings } from "./heading-detector.js";
import type { TextLine } from "./page-lines.js";

// The scanned demo policies (demo/pdf-documents/scanned/, image-only) against their digital
// originals: read by real OCR, a scan's section tree must be the original's. On the Traditional
// Chinese scan the headings are set larger than the body (14 pt and 12 pt over 10.5 pt), and
// the line sizes come from the ink, so headings are found by size and by number as on the text
// page.

const SCANNED = path.resolve(import.meta.dirname, "../../../demo/pdf-documents/scanned");
const DIGITAL = path.resolve(import.meta.dirname, "../../../demo/workspace/docs");

function tree(sections: ExtractedSection[]): unknown[] {
  return sections.map((section) => [section.title, tree(section.children)]);
}

/** Titles as the index compares them: OCR drops no characters here, but spacing may differ. */
function squeezed(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(/\s+/g, ""));
}

describe("headings of scanned pages", () => {
  it.each(["return-exchange-policy-zh-Hant.pdf", "return-exchange-policy-en.pdf"])(
    "gives %s's scanned copy the section tree of the original",
    async (original) => {
      const digital = await extractDocument(path.join(DIGITAL, original), { tableMode: "off" });
      const scanned = await extractDocument(path.join(SCANNED, original.replace(/\.pdf$/, "-scanned.pdf")), {
        tableMode: "off",
      });
      expect(tree(digital.sections).length).toBeGreaterThanOrEqual(3);
      expect(squeezed(tree(scanned.sections))).toEqual(squeezed(tree(digital.sections)));
      // The passages sit in their sections, as on the text page.
      const shipping = scanned.chunks.find((chunk) => /運費由本店負擔|ship at the store/.test(chunk.text));
      expect(shipping?.section.replace(/\s+/g, "")).toMatch(/^2(換貨|Exchanges)>2\.2(運費|Shippingcosts)$/);
      expect(scanned.title?.replace(/\s+/g, "")).toBe(digital.title?.replace(/\s+/g, ""));
    },
    180_000,
  );
});

describe("numbered headings", () => {
  const line = (text: string, index: number, page = 1): TextLine => ({
    text,
    page,
    bbox: [60, 60 + index * 20, 300, 72 + index * 20],
    fontSize: 10.5,
    fontId: "f",
    column: 0,
    columnLeft: 60,
    columnRight: 540,
    gapAbove: 8,
  });

  it("keeps section numbers on a short page where they are half the lines, not on a line-numbered transcript", () => {
    const policy = [
      "1 Scope",
      "All items.",
      "2 Exchanges",
      "2.1 Custom items",
      "Only defects.",
      "2.2 Costs",
      "3 Refunds",
    ].map((text, index) => line(text, index));
    expect(detectHeadings(policy, () => undefined).map((heading) => heading.line.text)).toEqual([
      "1 Scope",
      "2 Exchanges",
      "2.1 Custom items",
      "2.2 Costs",
      "3 Refunds",
    ]);
    const transcript = [
      "1 IN THE SUPREME COURT",
      "2 MICHAEL KNOWLES",
      "3 WARDEN",
      "5 Petitioner",
      "6 ALEXANDRE",
      "Official",
    ].map((text, index) => line(text, index));
    expect(detectHeadings(transcript, () => undefined)).toEqual([]);
  });
});
