/**
 * PDF text from real producers (issue 28, item 6): the fixtures in
 * test/fixtures/pdf-producers/ (wkhtmltopdf, Chromium, LibreOffice, and a
 * scan of the LibreOffice page read by Tesseract) extracted by the built code of a checkout.
 * Figures per file:
 *   - doubled runs: places where three characters in a row are each read twice ("精精鹰鹰零零"),
 *     over the title, section paths, passages and table cells;
 *   - headings: how many of the four section headings are found exactly once as a section;
 *   - passages: characters of passage text (a table that swallows the page leaves none);
 *   - table cells: the 12 cells of the price table read as printed (spaces ignored);
 *   - order (scanned page): pairs of the page's seven anchor phrases in the wrong order (0 = all
 *     in reading order), and whether "客户承担" ends its line or starts it.
 * pdftotext (poppler) is the reference reading.
 * Run: npm run build && npx tsx bench/pdf-producers.ts [--code DIR]   (--code /work/main: before)
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ExtractedDocument, ExtractOptions } from "../adapters/pdf-kb/extraction/extracted-document.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const index = process.argv.indexOf("--code");
const code = path.resolve(index >= 0 ? process.argv[index + 1] : root);
const fixtures = path.join(root, "test/fixtures/pdf-producers");
const { extractDocument } = (await import(
  pathToFileURL(path.join(code, "dist/adapters/pdf-kb/extraction/extract-document.js")).href
)) as { extractDocument: (file: string, options?: ExtractOptions) => Promise<ExtractedDocument> };

const squeeze = (text: string) => text.replace(/\s+/g, "");
const DOUBLED = /(\S)\1(\S)\2(\S)\3/gu;
const HEADINGS = ["1保修期Warranty", "2退换货Returns", "3价格表Pricelist", "4联系方式Contact"];
const CELLS = [
  ["零件Part", "型号Model", "单价Unitprice"],
  ["转向节Steeringknuckle", "SK-200", "1,280"],
  ["刹车片Brakepad", "BP-45", "260"],
  ["滤芯Filterelement", "FE-12", "85"],
];
const ANCHORS = [
  /整机保修期为自签收之日起/,
  /The whole unit is under warranty/,
  /Parts may be returned within 30 days/,
  /定制零件不予退[换換]/,
  /退[货貨][运運]/,
  /客[户戶]承[担擔]/,
  /服[务務]热[线線]/,
];

function inversions(text: string): number | string {
  const positions = ANCHORS.map((anchor) => text.search(anchor));
  if (positions.some((position) => position < 0)) return `${positions.filter((p) => p < 0).length} missing`;
  let count = 0;
  for (let i = 0; i < positions.length; i += 1)
    for (let j = i + 1; j < positions.length; j += 1) if (positions[i] > positions[j]) count += 1;
  return count;
}

function figures(document: ExtractedDocument) {
  const texts = [
    document.title ?? "",
    ...document.chunks.flatMap((chunk) => [chunk.section, chunk.text]),
    ...document.tables.flatMap((table) => table.cells.flat()),
  ];
  const doubled = texts.reduce((sum, text) => sum + (text.match(DOUBLED)?.length ?? 0), 0);
  const sections = [...new Set(document.chunks.map((chunk) => chunk.section))].map(squeeze);
  const headings = HEADINGS.filter(
    (heading) => sections.filter((section) => section === heading).length === 1,
  );
  const table = document.tables.find((candidate) =>
    candidate.cells.flat().some((cell) => squeeze(cell) === "SK-200"),
  );
  const cells = CELLS.flat().filter((expected, position) => {
    const row = Math.floor(position / 3);
    return table ? squeeze(table.cells[row]?.[position % 3] ?? "") === expected : false;
  }).length;
  const passages = document.chunks.reduce((sum, chunk) => sum + chunk.text.length, 0);
  const text = document.chunks.map((chunk) => `${chunk.section}\n${chunk.text}`).join("\n");
  return { doubled, headings: headings.length, passages, cells, text };
}

console.log(`code: ${code}`);
console.log(
  "| file | doubled runs | headings found once (of 4) | passage characters | table cells as printed (of 12) | anchors out of order (scan) | seconds |",
);
console.log("|---|---|---|---|---|---|---|");
for (const name of ["wkhtmltopdf.pdf", "chromium.pdf", "libreoffice.pdf", "scanned.pdf"]) {
  const file = path.join(fixtures, name);
  const started = performance.now();
  const document = await extractDocument(
    file,
    name === "scanned.pdf" ? { ocr: { engine: "tesseract" } } : {},
  );
  const seconds = (performance.now() - started) / 1000;
  const result = figures(document);
  console.log(
    `| ${name} | ${result.doubled} | ${result.headings} | ${result.passages} | ${result.cells} | ${name === "scanned.pdf" ? inversions(result.text) : "—"} | ${seconds.toFixed(1)} |`,
  );
}
const reference = execFileSync("pdftotext", [path.join(fixtures, "wkhtmltopdf.pdf"), "-"], {
  encoding: "utf8",
});
console.log(
  `reference: pdftotext on wkhtmltopdf.pdf: ${reference.match(DOUBLED)?.length ?? 0} doubled runs, title line "${reference.split("\n")[0]}"`,
);
