/**
 * OCR table layout bench: canvas tables whose headers are aligned otherwise than their numbers
 * (test/support/bi-dashboard/aligned-table-pages.ts: left-aligned headers over right-aligned numbers,
 * centred Chinese headers, merged header cells), drawn in headless Chromium, screenshotted as the
 * BI adapter does, read once by PaddleOCR, then laid out into rows and columns by main's
 * adapters/ocr/text-layout.ts ("before", extracted from git: bench/code-before.ts) and by this
 * checkout's ("after"), from the same recognised pieces. Figures per table: columns found (of the
 * table's), header cells exact (flattened "Group / Column" as a DOM table's), body cells exact.
 * Run: npx tsx bench/ocr-table-layout.ts [--before <rev>]
 */
import os from "node:os";
import path from "node:path";
import { BrowserManager } from "../adapters/bi-dashboard/browser-manager.js";
import type { RecognisedText } from "../adapters/ocr/ocr-engine.js";
import { PaddleOcrEngine } from "../adapters/ocr/paddle-engine.js";
import { decodePng } from "../adapters/ocr/png-image.js";
import { type LaidOutTable, layOutTable } from "../adapters/ocr/text-layout.js";
import {
  ALIGNED_TABLES,
  flattenedHeaders,
  serveAlignedTables,
} from "../test/support/bi-dashboard/aligned-table-pages.js";
import { beforeRevision, codeAt } from "./code-before.js";

type Layout = (texts: RecognisedText[]) => LaidOutTable;

const revision = beforeRevision();
const before = (await import(path.join(codeAt(revision), "adapters/ocr/text-layout.ts"))) as {
  layOutTable: Layout;
};

const server = await serveAlignedTables(ALIGNED_TABLES);
const browsers = new BrowserManager({ headless: true });
const engine = new PaddleOcrEngine();
const readings: { pieces: RecognisedText[]; seconds: number }[] = [];
try {
  const browser = await browsers.acquire();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${server.url}/tables`);
  await page.waitForSelector("main[aria-busy=false]");
  await engine.warmUp();
  for (const spec of ALIGNED_TABLES) {
    const png = await page.getByLabel(spec.label, { exact: true }).screenshot({ scale: "css" });
    const started = performance.now();
    const pieces = await engine.recognise(decodePng(png));
    readings.push({ pieces, seconds: (performance.now() - started) / 1000 });
  }
} finally {
  await browsers.close();
  await server.close();
}

function score(layout: Layout, pieces: RecognisedText[], index: number) {
  const spec = ALIGNED_TABLES[index];
  const table = layout(pieces);
  const [header = [], ...body] = table.rows.map((row) => row.map((cell) => cell?.text ?? ""));
  const wanted = flattenedHeaders(spec);
  const headerExact = wanted.filter((text, column) => header[column] === text).length;
  let bodyExact = 0;
  spec.body.forEach((cells, row) => {
    cells.forEach((text, column) => {
      if (body[row]?.[column] === text) bodyExact += 1;
    });
  });
  return {
    columns: `${table.columns.length}/${spec.widths.length}`,
    header: `${headerExact}/${wanted.length}`,
    body: `${bodyExact}/${spec.body.flat().length}`,
    exact: headerExact + bodyExact,
    total: wanted.length + spec.body.flat().length,
  };
}

console.log(
  `OCR table layout, before = ${revision} (main), after = this checkout; PaddleOCR read each table once; ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}\n`,
);
console.log(
  `${"table".padEnd(34)} ${"OCR s".padStart(6)}   ${"columns".padStart(15)}   ${"header cells".padStart(15)}   ${"body cells".padStart(15)}`,
);
console.log(
  `${"".padEnd(34)} ${"".padStart(6)}   ${"before  after".padStart(15)}   ${"before  after".padStart(15)}   ${"before  after".padStart(15)}`,
);
const totals = { before: 0, after: 0, all: 0 };
readings.forEach(({ pieces, seconds }, index) => {
  const was = score(before.layOutTable, pieces, index);
  const now = score(layOutTable, pieces, index);
  totals.before += was.exact;
  totals.after += now.exact;
  totals.all += now.total;
  const pair = (a: string, b: string) => `${a.padStart(6)} ${b.padStart(6)}`.padStart(15);
  console.log(
    `${ALIGNED_TABLES[index].label.padEnd(34)} ${seconds.toFixed(2).padStart(6)}   ${pair(was.columns, now.columns)}   ${pair(was.header, now.header)}   ${pair(was.body, now.body)}`,
  );
});
console.log(`\nall cells exact: before ${totals.before}/${totals.all}, after ${totals.after}/${totals.all}`);
