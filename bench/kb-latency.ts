// Search latency of the knowledge base at 10k, 30k and 100k passages, and the peak memory of
// building each index. Passages are synthesised (deterministic): English-like text drawn from a
// Zipf-distributed vocabulary, one in ten passages in Chinese, so the full-text index and the
// vector column see realistic term statistics. Each size is written with the real schema,
// full-text index and manifest, then queried through KnowledgeBase.search in every mode.
// Run: npx tsx bench/kb-latency.ts [--sizes 10000,100000] [--queries 100]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HashedEmbedder } from "../adapters/pdf-kb/embedding/hashed-embedder.js";
import type { SearchMode } from "../adapters/pdf-kb/store/knowledge-base.js";
import type { PassageRow } from "../adapters/pdf-kb/store/knowledge-base-schema.js";
import { searchableText } from "../adapters/pdf-kb/store/text-folding.js";
import { foldText } from "../domain/text-folding.js";
import { percentile, writeBenchIndex } from "./kb-bench-index.js";

const option = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const sizes = option("sizes", "10000,30000,100000").split(",").map(Number);
const queryCount = Number(option("queries", "100"));
const modes: SearchMode[] = ["hybrid", "fts", "vector"];

// A small deterministic generator (mulberry32) so every run searches the same corpus.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const syllables = [
  "ka",
  "lo",
  "mi",
  "ren",
  "to",
  "sha",
  "vel",
  "dor",
  "pi",
  "qua",
  "nes",
  "tri",
  "bo",
  "lum",
  "ex",
  "san",
  "fi",
  "gor",
  "hal",
  "ju",
];
const vocabulary = Array.from({ length: 20_000 }, (_, index) => {
  let word = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor(rest / syllables.length))
    word += syllables[rest % syllables.length];
  return word;
});
const hanzi =
  "退货换货政策客户订单物流服务商变更配送时间延长华东华北产品质量投诉退款工作天内商品瑕疵运费本店负担刻字错误会员积分活动季度线上线下版本模块发布";
// Zipf(1): rank r is drawn with weight 1/r, via the inverse of the harmonic sum.
const cumulative: number[] = [];
vocabulary.reduce((sum, _, index) => {
  cumulative.push(sum + 1 / (index + 1));
  return sum + 1 / (index + 1);
}, 0);
const total = cumulative.at(-1)!;
function zipfWord(next: () => number): string {
  const target = next() * total;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle] < target) low = middle + 1;
    else high = middle;
  }
  return vocabulary[low];
}

function passageText(next: () => number): string {
  if (next() < 0.1)
    return Array.from(
      { length: 40 + Math.floor(next() * 40) },
      () => hanzi[Math.floor(next() * hanzi.length)],
    ).join("");
  return Array.from({ length: 40 + Math.floor(next() * 40) }, () => zipfWord(next)).join(" ");
}

async function* batches(size: number, embedder: HashedEmbedder): AsyncGenerator<PassageRow[]> {
  const next = random(42);
  for (let start = 0; start < size; start += 5000) {
    const batch: PassageRow[] = [];
    for (let index = start; index < Math.min(size, start + 5000); index += 1) {
      const text = passageText(next);
      const section = `${1 + (index % 7)} Section ${zipfWord(next)}`;
      batch.push({
        id: `doc${Math.floor(index / 50)}.pdf#${index % 50}`,
        document: `docs/doc${Math.floor(index / 50)}.pdf`,
        kind: "text",
        table_id: "",
        section,
        section_folded: foldText(section),
        page: 1 + (index % 50),
        page_end: 1 + (index % 50),
        pages_json: JSON.stringify([1 + (index % 50)]),
        bbox_json: "",
        text,
        search_text: searchableText(`${section}\n${text}`),
        date: "2024-01-01",
        tags: "",
        ocr_json: "",
        vector: embedder.embedOne(`${section}\n${text}`),
      });
    }
    yield batch;
  }
}

const embedder = new HashedEmbedder(384);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-bench-latency-"));
const results: {
  size: number;
  buildSeconds: number;
  peakMegabytes: number;
  latency: Map<SearchMode, number[]>;
  cpu: Map<SearchMode, number>;
}[] = [];
try {
  for (const size of sizes) {
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    process.stderr.write(`building ${size} passages…\n`);
    const { knowledgeBase } = await writeBenchIndex(
      path.join(root, `kb-${size}`),
      embedder,
      batches(size, embedder),
    );
    const buildSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const next = random(7);
    // Queries: 2 to 5 words of middling frequency (as a person types), one in ten in Chinese.
    const queries = Array.from({ length: queryCount }, (_, index) =>
      index % 10 === 9
        ? Array.from({ length: 4 }, () => hanzi[Math.floor(next() * hanzi.length)]).join("")
        : Array.from(
            { length: 2 + Math.floor(next() * 4) },
            () => vocabulary[10 + Math.floor(next() * 2000)],
          ).join(" "),
    );
    const latency = new Map<SearchMode, number[]>();
    // CPU time of the whole process (LanceDB's threads included) per query: unlike wall time it
    // does not grow when other programs share the cores.
    const cpu = new Map<SearchMode, number>();
    for (const mode of modes) {
      process.stderr.write(`  ${size}: ${mode} queries…\n`);
      await knowledgeBase.search(queries[0], { mode, k: 8 });
      const times: number[] = [];
      const cpuBefore = process.cpuUsage();
      for (const query of queries) {
        const before = performance.now();
        await knowledgeBase.search(query, { mode, k: 8 });
        times.push(performance.now() - before);
      }
      const used = process.cpuUsage(cpuBefore);
      cpu.set(mode, (used.user + used.system) / 1000 / queries.length);
      latency.set(mode, times);
    }
    knowledgeBase.close();
    results.push({ size, buildSeconds, peakMegabytes: peak / 1024 / 1024, latency, cpu });
    fs.rmSync(path.join(root, `kb-${size}`), { recursive: true, force: true });
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}

const cell = (value: string, width = 14) => value.padStart(width);
process.stdout.write(
  `search latency in ms, k=8, ${queryCount} queries per mode (hashed embedder, 384 dims, ${os.cpus().length} cores)\n`,
);
process.stdout.write(
  `load average at the end: ${os.loadavg()[0].toFixed(1)} (wall times grow with it; CPU ms per query does not)\n\n`,
);
process.stdout.write(
  `${"passages".padEnd(10)}${cell("build s")}${cell("peak RSS MB")}${modes.flatMap((mode) => [cell(`${mode} p50`), cell(`${mode} p95`), cell(`${mode} cpu`)]).join("")}\n`,
);
for (const result of results) {
  process.stdout.write(
    `${String(result.size).padEnd(10)}${cell(result.buildSeconds.toFixed(1))}${cell(result.peakMegabytes.toFixed(0))}${modes
      .flatMap((mode) => [
        cell(percentile(result.latency.get(mode)!, 50).toFixed(1)),
        cell(percentile(result.latency.get(mode)!, 95).toFixed(1)),
        cell(result.cpu.get(mode)!.toFixed(1)),
      ])
      .join("")}\n`,
  );
}
if (results.length >= 2) {
  const first = results[0];
  const last = results.at(-1)!;
  const growth = (mode: SearchMode) =>
    (percentile(last.latency.get(mode)!, 95) / percentile(first.latency.get(mode)!, 95)).toFixed(1);
  process.stdout.write(
    `\n${last.size / first.size}x the passages → p95 ${modes.map((mode) => `${mode} ×${growth(mode)}`).join(", ")}\n`,
  );
  const hybrid = percentile(last.latency.get("hybrid")!, 95);
  process.stdout.write(
    `goal: hybrid p95 < 50 ms at ${last.size} passages → ${hybrid < 50 ? "met" : "NOT met"} (${hybrid.toFixed(1)} ms)\n`,
  );
}
