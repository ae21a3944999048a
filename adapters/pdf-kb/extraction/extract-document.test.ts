import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CAMPAIGNS,
  CRM_RELEASES,
  generateDocuments,
} from "../../../demo/pdf-documents/generate-documents.js";
import { writeBrokenPdfs } from "../../../test/support/pdf-kb/broken-pdfs.js";
import { DocumentError } from "./document-error.js";
import { extractDocument } from "./extract-document.js";
import type { ExtractedDocument, ExtractedSection } from "./extracted-document.js";
import { TableExtractionError } from "./table-extraction-error.js";
import { runTabula } from "./tabula-runner.js";

let directory: string;
let broken: Awaited<ReturnType<typeof writeBrokenPdfs>>;
const documents = new Map<string, ExtractedDocument>();

function allPaths(sections: ExtractedSection[]): string[] {
  return sections.flatMap((section) => [section.pathText, ...allPaths(section.children)]);
}

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), "triangulate-extraction-"));
  // Regenerated from the generator, so the test proves the committed generator makes them.
  const files = await generateDocuments(directory);
  for (const file of files) documents.set(path.basename(file), await extractDocument(file));
  broken = await writeBrokenPdfs(directory);
}, 60_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("extractDocument on the demo documents", () => {
  it("builds the section tree of the Traditional Chinese policy and keeps CJK text intact", () => {
    const document = documents.get("return-exchange-policy-zh-Hant.pdf")!;
    expect(document.title).toBe("Lumen Home 退換貨政策");
    expect(allPaths(document.sections)).toEqual([
      "1 適用範圍",
      "2 換貨",
      "2 換貨 > 2.1 客製化刻字商品",
      "2 換貨 > 2.2 運費",
      "2 換貨 > 2.3 替換商品",
      "3 退款",
      "3 退款 > 3.1 退款時間",
    ]);
    const shipping = document.chunks.find((chunk) => chunk.section === "2 換貨 > 2.2 運費")!;
    expect(shipping.text).toContain("因商品瑕疵或本店錯誤而換貨時，運費由本店負擔。");
    expect(shipping.pages).toEqual([1]);
    for (const chunk of document.chunks) expect(chunk.text).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/u);
    // Latin words inside Chinese text keep their space.
    expect(document.chunks[0].text).toContain("Lumen Home");
    expect(document.chunks.find((chunk) => chunk.section === "3 退款 > 3.1 退款時間")!.text).toContain(
      "7 個工作天內退款",
    );
  });

  it("finds numbered sections of the English policy and states no delivery time for replacements", () => {
    const document = documents.get("return-exchange-policy-en.pdf")!;
    expect(allPaths(document.sections)).toContain("2 Exchanges > 2.1 Custom-engraved items");
    const custom = document.chunks.find(
      (chunk) => chunk.section === "2 Exchanges > 2.1 Custom-engraved items",
    )!;
    expect(custom.text).toMatch(/^Custom-engraved items are exchanged only when the store made the error/);
    expect(custom.bbox[0]).toBeGreaterThanOrEqual(60);
    expect(custom.bbox[3]).toBeGreaterThan(custom.bbox[1]);
    const replacement = document.chunks.filter((chunk) => chunk.section.includes("Replacement"));
    expect(replacement).toHaveLength(1);
    expect(replacement[0].text).not.toMatch(/\d+\s*(business\s+)?(days?|weeks?|hours?)/i);
    expect(document.chunks.map((chunk) => chunk.text).join("\n")).toContain("within 7 business days");
  });

  it("reads the CRM version table as a typed lattice table with provenance", () => {
    const document = documents.get("crm-release-notes.pdf")!;
    expect(document.tables).toHaveLength(1);
    const [table] = document.tables;
    expect(table).toMatchObject({
      id: "p1-t1",
      page: 1,
      method: "lattice",
      headerRows: 1,
      section: "1 Version history",
    });
    expect(table.columns).toEqual([
      { name: "Version", type: "string" },
      { name: "Release date", type: "date" },
      { name: "Modules changed", type: "string" },
    ]);
    expect(table.rows).toEqual(
      CRM_RELEASES.map(([version, date, modules]) => ({
        Version: version,
        "Release date": date,
        "Modules changed": modules,
      })),
    );
    expect(table.text).toContain("3.4.0 | 2023-10-18 | Service Desk, Notifications");
    // The table's text is indexed through the table, not repeated in the passages.
    expect(
      document.chunks.some(
        (chunk) =>
          chunk.text.includes("Service Desk, Notifications") && chunk.section === "1 Version history",
      ),
    ).toBe(false);
  });

  it("reads one borderless table per quarter from the campaign calendar", () => {
    const document = documents.get("campaign-calendar-2023.pdf")!;
    expect(document.tables.map((table) => table.section)).toEqual([
      "1 Q1 2023",
      "2 Q2 2023",
      "3 Q3 2023",
      "4 Q4 2023",
    ]);
    const online = document.tables.map(
      (table) => table.rows.filter((row) => row.Channel === "Online").length,
    );
    expect(online).toEqual([2, 3, 5, 6]);
    for (const table of document.tables) {
      expect(table.method).toBe("stream");
      expect(table.columns.map((column) => column.name)).toEqual(["Campaign", "Channel", "Start", "End"]);
      expect(table.columns[2].type).toBe("date");
    }
    expect(document.tables[3].rows.length).toBe(CAMPAIGNS.Q4.length);
  });

  it("keeps chunks under the budget, inside one section, with an overlap", async () => {
    const document = await extractDocument(path.join(directory, "return-exchange-policy-en.pdf"), {
      maxChars: 200,
      overlapChars: 40,
      tableMode: "off",
    });
    const sections = new Set(allPaths(document.sections));
    for (const chunk of document.chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(200);
      if (chunk.section !== "") expect(sections.has(chunk.section)).toBe(true);
    }
    const custom = document.chunks.filter(
      (chunk) => chunk.section === "2 Exchanges > 2.1 Custom-engraved items",
    );
    expect(custom.length).toBeGreaterThanOrEqual(2);
    const tail = custom[0].text.slice(-25);
    expect(custom[1].text).toContain(tail);
  });
});

describe("documents that cannot be read", () => {
  it.each([
    ["corrupt", () => broken.corrupt],
    ["corrupt", () => broken.truncated],
    ["encrypted", () => broken.encrypted],
    ["image_only", () => broken.imageOnly],
  ])("reports %s", async (reason, file) => {
    const error = await extractDocument(file()).catch((caught: unknown) => caught);
    expect(DocumentError.isDocumentError(error)).toBe(true);
    expect((error as DocumentError).reason).toBe(reason);
    // With OCR on, an image-only file whose pages hold no text at all is still image_only, and says OCR ran.
    if (reason === "image_only")
      expect((error as DocumentError).message).toBe("no text layer, and OCR found no text on any page");
  });

  it("opens an encrypted file with its password", async () => {
    const document = await extractDocument(broken.encrypted, { password: "secret", tableMode: "off" });
    expect(document.chunks[0].text).toBe("Encrypted policy text.");
  });

  it("a missing java or a hung JVM is a typed table error", async () => {
    const file = path.join(directory, "crm-release-notes.pdf");
    await expect(runTabula(file, { javaPath: path.join(directory, "no-such-java") })).rejects.toMatchObject({
      name: "TableExtractionError",
      reason: "java_missing",
    });
    await expect(runTabula(file, { timeoutMs: 50 })).rejects.toBeInstanceOf(TableExtractionError);
    await expect(runTabula(file, { timeoutMs: 50 })).rejects.toMatchObject({ reason: "timeout" });
  });
});
