/**
 * OCR benchmark: PaddleOCR (PP-OCRv4 via onnxruntime-node, adapters/ocr/paddle-engine.ts) against
 * Debian's Tesseract (adapters/ocr/tesseract-engine.ts) on the same images, read through the same
 * layout code triangulate uses:
 *   - the demo portal's canvas table (Chinese headers, product/region/month/percent cells) and its
 *     bar chart, screenshotted by headless Chromium as the BI adapter does — known text: the
 *     rows demo/data/return-rates.ts gives the page;
 *   - the scanned copies of the demo policies (demo/pdf-documents/scanned/, English and
 *     Traditional Chinese), one page each, rendered by pdftoppm at the ingest's resolution —
 *     known text: pdftotext of the original, digital PDF.
 * Figures per engine and image: character error rate (Levenshtein distance over the known
 * text's length, whitespace ignored), exact numbers-read rate (each number of the known text —
 * "5.2%", "2024-01", "7" — found as written), seconds per region/page (median of the rounds, the
 * model already loaded; the one-off model load separately), and peak memory (Node RSS for
 * PaddleOCR, which runs in-process; the tesseract child's max RSS from /usr/bin/time).
 * The bar chart is also scored as rows: adapters/ocr/chart-layout.ts's category → value pairs
 * against the known (region, rate) pairs ("rows" layout). For PaddleOCR the split of the time
 * between detection and recognition is printed, with the crops (how many had distinct pixels,
 * each read once), the recogniser's input pixels, its lanes (2: a worker thread reads half) and
 * the CPU time of a read (all threads, and its busiest thread: the wall time it would take on an
 * idle machine, as the 2-core machine this runs on is often shared).
 * Run: npx tsx bench/ocr.ts [rounds] [--regions | --tables]   (--regions: the canvas regions only;
 *      --tables: the scanned tables only)
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { distance } from "fastest-levenshtein";
import { BrowserManager } from "../adapters/bi-dashboard/browser-manager.js";
import { layOutBarChart } from "../adapters/ocr/chart-layout.js";
import type { OcrEngine, RasterImage, RecognisedText } from "../adapters/ocr/ocr-engine.js";
import { PaddleOcrEngine } from "../adapters/ocr/paddle-engine.js";
import { decodePng } from "../adapters/ocr/png-image.js";
import { encodePng, TesseractEngine } from "../adapters/ocr/tesseract-engine.js";
import { layOutTable, readingOrderLines } from "../adapters/ocr/text-layout.js";
import { extractDocument } from "../adapters/pdf-kb/extraction/extract-document.js";
import { OCR_DPI } from "../adapters/pdf-kb/extraction/page-ocr.js";
import { startBiPortal } from "../demo/bi-portal/bi-portal-server.js";
import { salesReturnRates } from "../demo/data/return-rates.js";
import {
  makeScannedTableCopies,
  SCANNED_ORIGINALS,
  SCANNED_TABLES,
  scannedName,
} from "../demo/pdf-documents/make-scanned-copies.js";

const run = promisify(execFile);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const rounds = Number(process.argv.slice(2).find((argument) => /^\d+$/.test(argument)) ?? 3);
const REGION_NAMES: Record<string, string> = { East: "华东", North: "华北", South: "华南", West: "华西" };

interface Sample {
  name: string;
  kind: "region" | "page";
  image: RasterImage;
  /** The known text, in reading order. */
  known: string;
  /** Tesseract language list for this image. */
  languages: string[];
  /** How the recognised pieces become text: table cells row by row, or reading-order lines. */
  layout: "table" | "lines" | "tokens" | "chart-rows";
}

function squeeze(text: string): string {
  return text.normalize("NFKC").replace(/\s+/g, "");
}

function numbersOf(text: string): string[] {
  return text.normalize("NFKC").match(/\d{4}-\d{2}(?:-\d{2})?|\d+(?:\.\d+)?%?/g) ?? [];
}

function toText(pieces: RecognisedText[], layout: Sample["layout"], image?: RasterImage): string {
  // A chart laid out as rows: "category value" per bar, left to right.
  if (layout === "chart-rows" && image)
    return layOutBarChart(image, pieces)
      .bars.map((bar) => `${bar.category?.text ?? ""} ${bar.value?.text ?? ""}`)
      .join("\n");
  // A chart's labels have no reading order worth scoring: compare them as a sorted bag of labels.
  if (layout === "tokens")
    return sortedTokens(
      readingOrderLines(pieces)
        .map((line) => line.text)
        .join(" "),
    );
  if (layout === "lines")
    return readingOrderLines(pieces)
      .map((line) => line.text)
      .join("\n");
  return layOutTable(pieces)
    .rows.map((row) => row.map((cell) => cell?.text ?? "").join(" "))
    .join("\n");
}

function sortedTokens(text: string): string {
  return text.split(/\s+/).filter(Boolean).sort().join(" ");
}

function score(sample: Sample, text: string): { cer: number; numbers: number; numbersTotal: number } {
  const known = squeeze(sample.known);
  const read = squeeze(text);
  const wanted = numbersOf(sample.known);
  const found = numbersOf(text);
  let hits = 0;
  for (const number of wanted) {
    const at = found.indexOf(number);
    if (at >= 0) {
      hits += 1;
      found.splice(at, 1);
    }
  }
  return { cer: distance(known, read) / known.length, numbers: hits, numbersTotal: wanted.length };
}

async function canvasSamples(): Promise<Sample[]> {
  const portal = await startBiPortal({ port: 0, dataDelayMs: 50 });
  const browsers = new BrowserManager({ headless: true });
  try {
    const browser = await browsers.acquire();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${portal.url}/login`);
    await page.getByLabel("Username").fill("analyst");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/dashboards/);
    await page.goto(`${portal.url}/dashboards/returns-chart?month=2024-01`);
    await page.waitForSelector("section[aria-busy=false]");
    const rows = salesReturnRates.filter((row) => row.month === "2024-01");
    const table = decodePng(await page.locator("#returns-canvas").screenshot({ scale: "css" }));
    const chart = decodePng(await page.locator("#returns-chart").screenshot({ scale: "css" }));
    const first = rows.filter((row) => row.product === rows[0].product);
    return [
      {
        name: "canvas table (zh headers)",
        kind: "region",
        image: table,
        known: [
          "产品 地区 月份 退货率",
          ...rows.map(
            (row) => `${row.product} ${REGION_NAMES[row.region]} ${row.month} ${row.return_rate.toFixed(1)}%`,
          ),
        ].join("\n"),
        languages: ["chi_sim", "eng"],
        layout: "table",
      },
      {
        name: "canvas bar chart",
        kind: "region",
        image: chart,
        // Value labels sit above bars of different heights: read as lines, top to bottom.
        known: sortedTokens(
          first.map((row) => `${row.return_rate.toFixed(1)}% ${REGION_NAMES[row.region]}`).join(" "),
        ),
        languages: ["chi_sim", "eng"],
        layout: "tokens",
      },
      {
        name: "canvas bar chart as rows",
        kind: "region",
        image: chart,
        known: first.map((row) => `${REGION_NAMES[row.region]} ${row.return_rate.toFixed(1)}%`).join("\n"),
        languages: ["chi_sim", "eng"],
        layout: "chart-rows",
      },
    ];
  } finally {
    await browsers.close();
    await portal.close();
  }
}

function scannedSamples(): Sample[] {
  const work = mkdtempSync(path.join(os.tmpdir(), "triangulate-ocr-bench-"));
  try {
    return SCANNED_ORIGINALS.map((original) => {
      const scanned = path.join(root, "demo/pdf-documents/scanned", scannedName(original));
      const prefix = path.join(work, original);
      execFileSync("pdftoppm", [
        "-r",
        String(OCR_DPI),
        "-f",
        "1",
        "-l",
        "1",
        "-singlefile",
        "-png",
        scanned,
        prefix,
      ]);
      const known = execFileSync(
        "pdftotext",
        ["-q", "-enc", "UTF-8", path.join(root, "demo/workspace/docs", original), "-"],
        {
          encoding: "utf8",
        },
      );
      const chinese = original.includes("zh-Hant");
      return {
        name: `scanned policy ${chinese ? "zh-Hant" : "en"} (page 1)`,
        kind: "page" as const,
        image: decodePng(readFileSync(`${prefix}.png`)),
        known,
        languages: chinese ? ["chi_tra", "eng"] : ["eng"],
        layout: "lines" as const,
      };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function tesseractPeakMemory(sample: Sample): Promise<number | undefined> {
  const work = mkdtempSync(path.join(os.tmpdir(), "triangulate-ocr-bench-"));
  try {
    const file = path.join(work, "image.png");
    writeFileSync(file, encodePng(sample.image));
    const { stderr } = await run(
      "/usr/bin/time",
      ["-f", "%M", "tesseract", file, "stdout", "-l", sample.languages.join("+"), "--psm", "11", "tsv"],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const kilobytes = Number(stderr.trim().split("\n").at(-1));
    return Number.isFinite(kilobytes) ? kilobytes / 1024 : undefined;
  } catch {
    return undefined;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * CPU milliseconds of each thread of this process so far (Linux /proc; empty elsewhere). A read's
 * critical path is its busiest thread: on an idle machine its wall time, whatever the load now.
 */
function threadCpu(): Map<string, number> {
  const times = new Map<string, number>();
  try {
    for (const thread of readdirSync("/proc/self/task")) {
      const stat = readFileSync(`/proc/self/task/${thread}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime, in clock ticks of 10 ms.
      times.set(thread, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    // Not Linux: no per-thread figure.
  }
  return times;
}

function busiestThread(before: Map<string, number>, after: Map<string, number>): number {
  return Math.max(0, ...[...after].map(([thread, time]) => time - (before.get(thread) ?? 0)));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const tablesOnly = process.argv.includes("--tables");
const samples = tablesOnly
  ? []
  : [...(await canvasSamples()), ...(process.argv.includes("--regions") ? [] : scannedSamples())];
const paddle = new PaddleOcrEngine();
let started = performance.now();
await paddle.warmUp();
const paddleLoad = performance.now() - started;
// Tesseract twice: with the image's own languages (needs knowing them), and with every installed
// one at once, as ingest must run it on a page whose language it does not know.
const engines: { label: string; engine: OcrEngine; languages?: string[] }[] = [
  { label: "paddleocr", engine: paddle },
  { label: "tesseract", engine: new TesseractEngine() },
  { label: "tess-all", engine: new TesseractEngine(), languages: ["eng", "chi_sim", "chi_tra"] },
];

console.log(
  `OCR bench: ${rounds} round(s) per image, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}`,
);
console.log(`PaddleOCR model load: ${(paddleLoad / 1000).toFixed(2)} s (once per process)\n`);
if (samples.length > 0)
  console.log(
    `${"image".padEnd(32)} ${"engine".padEnd(10)} ${"CER".padStart(7)} ${"numbers read".padStart(14)} ${"s / image".padStart(10)} ${"peak MB".padStart(8)}`,
  );
for (const sample of samples) {
  for (const { label, engine, languages } of engines) {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const criticalPaths: number[] = [];
    const split: NonNullable<PaddleOcrEngine["lastTimings"]>[] = [];
    let text = "";
    for (let round = 0; round < rounds; round += 1) {
      started = performance.now();
      const cpu = process.cpuUsage();
      const threads = threadCpu();
      const pieces = await engine.recognise(sample.image, { languages: languages ?? sample.languages });
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      criticalPaths.push(busiestThread(threads, threadCpu()));
      text = toText(pieces, sample.layout, sample.image);
      if (engine instanceof PaddleOcrEngine && engine.lastTimings) split.push(engine.lastTimings);
    }
    const figures = score(sample, text);
    const memory =
      engine.name === "paddleocr"
        ? process.memoryUsage().rss / 1024 / 1024
        : await tesseractPeakMemory(languages ? { ...sample, languages } : sample);
    console.log(
      `${sample.name.padEnd(32)} ${label.padEnd(10)} ${(figures.cer * 100).toFixed(2).padStart(6)}% ${`${figures.numbers}/${figures.numbersTotal}`.padStart(14)} ${(median(times) / 1000).toFixed(2).padStart(10)} ${memory === undefined ? "n/a".padStart(8) : memory.toFixed(0).padStart(8)}`,
    );
    if (split.length > 0) {
      // The CPU time of this process's threads (both recognition lanes): on a loaded machine the
      // wall time varies with the neighbours, the CPU time much less.
      const middle = split[Math.floor(split.length / 2)];
      console.log(
        `${"".padEnd(32)} ${"".padEnd(10)} detection ${(median(split.map((entry) => entry.detectMs)) / 1000).toFixed(2)} s, recognition ${(median(split.map((entry) => entry.recogniseMs)) / 1000).toFixed(2)} s (${middle.crops} crops, ${middle.distinctCrops} distinct, ${Math.round(middle.cropPixels / 1000)}k input pixels, ${middle.lanes} lane${middle.lanes === 1 ? "" : "s"}), CPU ${(median(cpuTimes) / 1000).toFixed(2)} s, busiest thread ${(median(criticalPaths) / 1000).toFixed(2)} s`,
      );
    }
    if (process.argv.includes("--show")) console.log(text);
  }
}

if (!process.argv.includes("--regions")) {
  const work = mkdtempSync(path.join(os.tmpdir(), "triangulate-ocr-bench-tables-"));
  try {
    const scans = await makeScannedTableCopies(work);
    console.log(
      `\n${"scanned table".padEnd(48)} ${"engine".padEnd(10)} ${"cells exact".padStart(12)} ${"s / doc".padStart(8)}`,
    );
    for (const known of SCANNED_TABLES) {
      const file = scans.find((scan) => path.basename(scan) === known.scanned) as string;
      for (const engine of ["paddleocr", "tesseract"] as const) {
        started = performance.now();
        const document = await extractDocument(file, { tableMode: "stream", ocr: { engine } });
        const seconds = (performance.now() - started) / 1000;
        // Each scanned document has one table; none found scores 0 cells.
        const table = document.tables[0];
        const total = known.cells.flat().length;
        let exact = 0;
        known.cells.forEach((row, rowIndex) => {
          row.forEach((cell, column) => {
            if (table?.cells[rowIndex]?.[column] === cell) exact += 1;
          });
        });
        console.log(
          `${`${known.scanned} (${known.language})`.padEnd(48)} ${engine.padEnd(10)} ${`${exact}/${total}`.padStart(12)} ${seconds.toFixed(1).padStart(8)}`,
        );
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
