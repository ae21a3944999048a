/**
 * Makes the "scanned" copies of the demo return/exchange policies: every page rasterised with
 * poppler's pdftoppm (150 dpi, greyscale, as an office scanner sends it) and rebuilt with pdfkit as
 * a PDF holding only those images — no text layer, so ingest must read it by OCR. The originals'
 * text is the known text the OCR bench (bench/ocr.ts) measures against.
 *
 * Scanned tables: `makeScannedTableCopies` does the same to the CRM release notes (an English
 * ruled version table) and to a Traditional Chinese table of regional revenue written by the demo
 * generator, whose cells (`SCANNED_TABLES`) are what tests and bench/ocr.ts compare a scanned
 * table's OCR'd cells against.
 *
 * Run: npx tsx demo/pdf-documents/make-scanned-copies.ts [output-directory] [--tables]
 *      (--tables: the table copies only, written to the output directory)
 */
import { execFileSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import { CRM_RELEASES, type DemoDocument, writeDocument } from "./generate-documents.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const DOCS = path.resolve(here, "../workspace/docs");
/** The originals that get a scanned copy. */
export const SCANNED_ORIGINALS = ["return-exchange-policy-en.pdf", "return-exchange-policy-zh-Hant.pdf"];
/** Scanner resolution. */
export const SCAN_DPI = 150;

/** The scanned copy's file name for an original. */
export function scannedName(original: string): string {
  return original.replace(/\.pdf$/, "-scanned.pdf");
}

/** Rasterises one PDF and writes an image-only PDF of the same page size. */
export async function makeScannedCopy(original: string, output: string): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "triangulate-scan-"));
  try {
    execFileSync("pdftoppm", ["-r", String(SCAN_DPI), "-gray", "-png", original, path.join(work, "page")]);
    const pages = readdirSync(work)
      .filter((name) => name.endsWith(".png"))
      .sort((a, b) => Number(/(\d+)\.png$/.exec(a)?.[1]) - Number(/(\d+)\.png$/.exec(b)?.[1]));
    // A fixed date keeps the copy byte-identical between runs.
    const fixed = new Date(Date.UTC(2024, 0, 2, 9, 0, 0));
    const document = new PDFDocument({
      autoFirstPage: false,
      info: { Title: "", CreationDate: fixed, ModDate: fixed, Producer: "triangulate scan copy" },
    });
    const done = new Promise<void>((resolve, reject) => {
      const stream = createWriteStream(output);
      stream.on("finish", resolve);
      stream.on("error", reject);
      document.pipe(stream);
    });
    for (const name of pages) {
      const png = readFileSync(path.join(work, name));
      const width = (png.readUInt32BE(16) * 72) / SCAN_DPI;
      const height = (png.readUInt32BE(20) * 72) / SCAN_DPI;
      document.addPage({ size: [width, height], margin: 0 });
      document.image(png, 0, 0, { width, height });
    }
    document.end();
    await done;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A Traditional Chinese report with one ruled table: region and two quarters of revenue. */
export const REGIONAL_REVENUE_ZH: DemoDocument = {
  file: "regional-revenue-zh-Hant.pdf",
  title: "區域營收報告",
  language: "zh-Hant",
  blocks: [
    { kind: "title", text: "區域營收報告" },
    { kind: "section", text: "1 各區營收" },
    { kind: "paragraph", text: "下表列出各地區兩季的營收，單位為萬元。" },
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

/** The scanned table copies and the cells (header row first) each one's table holds. */
export const SCANNED_TABLES: { scanned: string; language: "en" | "zh-Hant"; cells: string[][] }[] = [
  {
    scanned: scannedName("crm-release-notes.pdf"),
    language: "en",
    cells: [["Version", "Release date", "Modules changed"], ...CRM_RELEASES.map((release) => [...release])],
  },
  {
    scanned: scannedName(REGIONAL_REVENUE_ZH.file),
    language: "zh-Hant",
    cells: (() => {
      const table = REGIONAL_REVENUE_ZH.blocks.find((block) => block.kind === "table");
      return table?.kind === "table" ? [table.header, ...table.rows] : [];
    })(),
  },
];

/** Writes the scanned copies of the table documents (SCANNED_TABLES) into a directory; returns their paths. */
export async function makeScannedTableCopies(directory: string): Promise<string[]> {
  await mkdir(directory, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), "triangulate-scan-tables-"));
  try {
    const chinese = await writeDocument(REGIONAL_REVENUE_ZH, work);
    const outputs: string[] = [];
    for (const original of [path.join(DOCS, "crm-release-notes.pdf"), chinese]) {
      const output = path.join(directory, scannedName(path.basename(original)));
      await makeScannedCopy(original, output);
      outputs.push(output);
    }
    return outputs;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argument = process.argv.slice(2).find((value) => !value.startsWith("--"));
  const target = path.resolve(argument ?? path.join(here, "scanned"));
  await mkdir(target, { recursive: true });
  if (process.argv.includes("--tables")) {
    for (const output of await makeScannedTableCopies(target))
      console.log(`wrote ${path.relative(process.cwd(), output)}`);
    process.exit(0);
  }
  for (const original of SCANNED_ORIGINALS) {
    const output = path.join(target, scannedName(original));
    await makeScannedCopy(path.join(DOCS, original), output);
    console.log(`wrote ${path.relative(process.cwd(), output)}`);
  }
}
