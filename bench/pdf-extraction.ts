/**
 * Text extraction benchmark: pages per second of extractDocument (pdf.js text, lines, headings,
 * sections, chunks; tables off) against `pdftotext` (poppler) on the same corpus, one process
 * per file for pdftotext as a user would run it; then a full run with tables (one tabula-java
 * JVM per document) and the peak memory of both processes.
 * Corpus: ../shared/corpora/pdf-tables/**, ../shared/corpora/pdf-text-layout/** and the demo PDFs.
 * Run: npx tsx bench/pdf-extraction.ts [rounds] [--text-only]
 */
import { execFile } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import fastGlob from "fast-glob";
import { DocumentError, extractDocument } from "../adapters/pdf-kb/extraction/index.js";
import { CORPORA } from "./pdf-table-scoring.js";

const run = promisify(execFile);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const files = [
  ...(await fastGlob(["pdf-tables/**/*.pdf", "pdf-text-layout/**/*.pdf"], { cwd: CORPORA, absolute: true })),
  ...(await fastGlob(["demo/workspace/docs/*.pdf"], { cwd: root, absolute: true })),
].sort();
const rounds = Number(process.argv.slice(2).find((argument) => /^\d+$/.test(argument)) ?? 3);
// --text-only skips the slow run with tables (one JVM per document).
const textOnly = process.argv.includes("--text-only");

async function pdftotextOne(file: string): Promise<number> {
  const started = performance.now();
  await run("pdftotext", ["-q", "-enc", "UTF-8", file, "-"], { maxBuffer: 256 * 1024 * 1024 }).catch(
    () => undefined,
  );
  return (performance.now() - started) / 1000;
}

async function oursOne(
  file: string,
): Promise<{ seconds: number; pages: number; chunks: number; error?: string }> {
  const started = performance.now();
  try {
    const document = await extractDocument(file, { tableMode: "off" });
    return {
      seconds: (performance.now() - started) / 1000,
      pages: document.pageCount,
      chunks: document.chunks.length,
    };
  } catch (error) {
    return {
      seconds: (performance.now() - started) / 1000,
      pages: 0,
      chunks: 0,
      error: DocumentError.isDocumentError(error) ? error.reason : (error as Error).message,
    };
  }
}

async function ours(
  tableMode: "auto",
  javaPath?: string,
): Promise<{ seconds: number; pages: number; chunks: number; tables: number; failed: string[] }> {
  let pages = 0;
  let chunks = 0;
  let tables = 0;
  const failed: string[] = [];
  const started = performance.now();
  for (const file of files) {
    try {
      const document = await extractDocument(file, {
        tableMode,
        tableTimeoutMs: 180_000,
        ...(javaPath ? { javaPath } : {}),
      });
      pages += document.pageCount;
      chunks += document.chunks.length;
      tables += document.tables.length;
    } catch (error) {
      failed.push(
        `${path.basename(file)}: ${DocumentError.isDocumentError(error) ? error.reason : (error as Error).message}`,
      );
    }
  }
  return { seconds: (performance.now() - started) / 1000, pages, chunks, tables, failed };
}

// Warm-up: module loading and the tabula helper's one-time compilation are not throughput.
await extractDocument(files[0], { tableMode: "off" }).catch(() => undefined);
const { stdout: pageInfo } = await run("bash", [
  "-c",
  `for f in ${files.map((file) => `'${file}'`).join(" ")}; do pdfinfo "$f" 2>/dev/null | awk '/^Pages:/{print $2}'; done`,
]);
const corpusPages = pageInfo
  .trim()
  .split("\n")
  .map(Number)
  .reduce((sum, value) => sum + (value || 0), 0);

// The machine is shared: each file is timed with both tools back to back, so both see the same
// load, and each file keeps its best time over the rounds.
const bestOurs = new Map<string, number>();
const bestPoppler = new Map<string, number>();
let pages = 0;
let chunks = 0;
const failed: string[] = [];
for (let round = 0; round < rounds; round += 1) {
  for (const file of files) {
    const mine = await oursOne(file);
    const theirs = await pdftotextOne(file);
    bestOurs.set(file, Math.min(bestOurs.get(file) ?? Number.POSITIVE_INFINITY, mine.seconds));
    bestPoppler.set(file, Math.min(bestPoppler.get(file) ?? Number.POSITIVE_INFINITY, theirs));
    if (round === 0) {
      pages += mine.pages;
      chunks += mine.chunks;
      if (mine.error) failed.push(`${path.basename(file)}: ${mine.error}`);
    }
  }
}
const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);
const best = { ours: sum(bestOurs.values()), poppler: sum(bestPoppler.values()) };
const textPeakMb = process.resourceUsage().maxRSS / 1024;

// The JVM's peak is read by GNU time around each java run.
let full: Awaited<ReturnType<typeof ours>> | undefined;
let jvmPeakMb = 0;
if (!textOnly) {
  const wrapperDirectory = await mkdtemp(path.join(os.tmpdir(), "triangulate-bench-java-"));
  const peaks = path.join(wrapperDirectory, "peaks.txt");
  const wrapper = path.join(wrapperDirectory, "java");
  await writeFile(wrapper, `#!/bin/sh\nexec /usr/bin/time -a -o '${peaks}' -f %M java "$@"\n`);
  await chmod(wrapper, 0o755);
  full = await ours("auto", wrapper);
  jvmPeakMb =
    Math.max(
      0,
      ...(await readFile(peaks, "utf8").catch(() => ""))
        .trim()
        .split("\n")
        .map(Number)
        .filter(Number.isFinite),
    ) / 1024;
  await rm(wrapperDirectory, { recursive: true, force: true });
}
const totalPeakMb = process.resourceUsage().maxRSS / 1024;

const oursRate = pages / best.ours;
const popplerRate = corpusPages / best.poppler;
console.log(
  `corpus: ${files.length} PDFs, ${corpusPages} pages (pdfinfo); extracted ${pages} pages, ${chunks} chunks; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`,
);
if (failed.length) console.log(`not extracted (typed errors): ${failed.join("; ")}`);
console.log(`per file best of ${rounds} rounds, both tools timed back to back\n`);
console.log("figure                                   triangulate     pdftotext       ratio   goal");
console.log(
  `text extraction, pages/s                 ${oursRate.toFixed(1).padEnd(15)} ${popplerRate.toFixed(1).padEnd(15)} ${(oursRate / popplerRate).toFixed(2).padEnd(7)} >= 0.5`,
);
console.log(
  `text extraction, seconds for the corpus  ${best.ours.toFixed(2).padEnd(15)} ${best.poppler.toFixed(2).padEnd(15)}`,
);
console.log(`peak RSS, Node (text only)               ${`${textPeakMb.toFixed(0)} MB`.padEnd(15)}`);
if (full) {
  console.log(
    `with tables (tabula, auto), pages/s      ${(full.pages / full.seconds).toFixed(1).padEnd(15)} (${full.seconds.toFixed(1)} s, ${full.tables} tables, one JVM per document)`,
  );
  console.log(`peak RSS, Node (text + tables run)       ${`${totalPeakMb.toFixed(0)} MB`.padEnd(15)}`);
  console.log(`peak RSS, one tabula JVM (largest)       ${`${jvmPeakMb.toFixed(0)} MB`.padEnd(15)}`);
}
