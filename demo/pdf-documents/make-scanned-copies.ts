/**
 * Makes the "scanned" copies of the demo return/exchange policies: every page rasterised with
 * poppler's pdftoppm (150 dpi, greyscale, as an office scanner sends it) and rebuilt with pdfkit as
 * a PDF holding only those images — no text layer, so ingest must read it by OCR. The originals'
 * text is the known text the OCR bench (bench/ocr.ts) measures against.
 *
 * Run: npx tsx demo/pdf-documents/make-scanned-copies.ts [output-directory]
 */
import { execFileSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";

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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = path.resolve(process.argv[2] ?? path.join(here, "scanned"));
  await mkdir(target, { recursive: true });
  for (const original of SCANNED_ORIGINALS) {
    const output = path.join(target, scannedName(original));
    await makeScannedCopy(path.join(DOCS, original), output);
    console.log(`wrote ${path.relative(process.cwd(), output)}`);
  }
}
