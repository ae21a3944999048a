import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  annotatedRelations,
  countCommon,
  extractedRelations,
  f1,
  matchRegions,
  parseIcdarCells,
  parseIcdarRegions,
  scoreTabulaCase,
  type TabulaCase,
} from "../../../bench/pdf-table-scoring.js";
import { CORPORA } from "../../../test/support/corpora.js";
import { extractDocument } from "./extract-document.js";

// Outside material copied into test/corpora (origins and licences in its README).
describe("outside corpora", () => {
  it("reproduces tabula-java's expected output for its stream, lattice and column cases", async () => {
    const base = path.join(CORPORA, "pdf-tables", "tabula-java");
    const { cases } = JSON.parse(await readFile(path.join(base, "cases.json"), "utf8")) as {
      cases: TabulaCase[];
    };
    const chosen = cases.filter(
      (testCase) =>
        ["pdf/us-020.pdf", "pdf/AnimalSounds1.pdf"].includes(testCase.pdf) ||
        testCase.test.startsWith("TestSpreadsheetExtractor (2 tables"),
    );
    expect(chosen).toHaveLength(3);
    for (const testCase of chosen)
      expect(await scoreTabulaCase(base, testCase), testCase.test).toMatchObject({ exact: true });
  }, 120_000);

  it("finds ICDAR 2013's annotated table regions and cell relations in eu-003 (auto mode)", async () => {
    const base = path.join(CORPORA, "pdf-tables", "icdar2013");
    const document = await extractDocument(path.join(base, "eu-003.pdf"));
    const regions = parseIcdarRegions(await readFile(path.join(base, "eu-003-reg.xml"), "utf8"));
    const cells = parseIcdarCells(await readFile(path.join(base, "eu-003-str.xml"), "utf8"));
    expect(regions).toHaveLength(3);
    // ICDAR boxes have a bottom-left origin; the page is US Letter (792 pt high).
    const truth = regions.map((region) => ({
      page: region.page,
      box: [region.x1, 792 - region.y2, region.x2, 792 - region.y1],
    }));
    const found = document.tables.map((table) => ({ page: table.page, box: table.bbox }));
    expect(matchRegions(found, truth)).toBe(3);
    const truthRelations = annotatedRelations(cells);
    const foundRelations = extractedRelations(document.tables.map((table) => table.cells));
    expect(
      f1(countCommon(foundRelations, truthRelations), foundRelations.length, truthRelations.length).f1,
    ).toBeGreaterThan(0.9);
    // The table cells are typed: the first table's numeric columns parse as numbers.
    expect(
      document.tables[0].columns.some((column) => column.type === "number" || column.type === "percent"),
    ).toBe(true);
  }, 120_000);

  it("reads every line of pdfplumber's SCOTUS transcript page (layout text as gold)", async () => {
    const base = path.join(CORPORA, "pdf-text-layout", "pdfplumber");
    const gold = (await readFile(path.join(base, "scotus-transcript-p1.layout.txt"), "utf8"))
      .split("\n")
      .map((line) => line.replace(/\s+/g, ""))
      .filter((line) => /[A-Za-z]/.test(line));
    const document = await extractDocument(path.join(base, "scotus-transcript-p1.pdf"), { tableMode: "off" });
    const titles = (sections: typeof document.sections): string[] =>
      sections.flatMap((section) => [section.title, ...titles(section.children)]);
    const text = [
      document.title ?? "",
      ...titles(document.sections),
      ...document.chunks.map((chunk) => chunk.text),
    ]
      .join("")
      .replace(/\s+/g, "");
    expect(gold.length).toBeGreaterThanOrEqual(20);
    // Every line with words (a lone number at the foot of the page is dropped as a page number).
    for (const line of gold) expect(text, line).toContain(line);
    // Line numbers of a transcript are not section numbers.
    expect(document.sections.length).toBeLessThan(3);
  }, 60_000);

  it("keeps word gaps in the borderless Senate expenditure listing", async () => {
    const base = path.join(CORPORA, "pdf-text-layout", "pdfplumber");
    const document = await extractDocument(path.join(base, "senate-expenditures.pdf"));
    const everything = [
      ...document.chunks.map((chunk) => chunk.text),
      ...document.tables.map((table) => table.text),
    ].join("\n");
    expect(everything).toContain("DHAW20190070");
    expect(everything).toContain("CITIBANK - TRAVEL CBA CARD");
    expect(everything).not.toContain("CITIBANK-TRAVELCBACARD");
  }, 60_000);
});
