// Retrieval on TAT-QA dev (../shared/corpora/tableqa/tat-qa): every context's table and
// paragraphs are indexed as passages (a table as its text rendering, as ingest stores PDF
// tables), every question is asked, and recall@5 counts a question as found when a gold
// passage is among the first five: the context's table when the answer comes from the table,
// a gold paragraph (rel_paragraphs) when it comes from the text, either for table-text.
// Run: npx tsx bench/kb-retrieval.ts [--dimensions 384]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HashedEmbedder } from "../adapters/pdf-kb/embedding/hashed-embedder.js";
import type { ExtractedDocument } from "../adapters/pdf-kb/extraction/extracted-document.js";
import { documentRows } from "../adapters/pdf-kb/ingest/document-rows.js";
import type { SearchMode } from "../adapters/pdf-kb/store/knowledge-base.js";
import type { PassageRow } from "../adapters/pdf-kb/store/knowledge-base-schema.js";
import { percentile, writeBenchIndex } from "./kb-bench-index.js";

interface TatContext {
  table: { uid: string; table: string[][] };
  paragraphs: { uid: string; order: number; text: string }[];
  questions: {
    uid: string;
    question: string;
    answer_from: "table" | "text" | "table-text";
    rel_paragraphs: string[];
  }[];
}

const corpus = path.resolve(
  import.meta.dirname,
  "../../shared/corpora/tableqa/tat-qa/tatqa_dataset_dev.json",
);
const dimensionsArgument = process.argv.indexOf("--dimensions");
const dimensions = dimensionsArgument > 0 ? Number(process.argv[dimensionsArgument + 1]) : 384;
const k = 5;

const contexts = JSON.parse(fs.readFileSync(corpus, "utf8")) as TatContext[];
const embedder = new HashedEmbedder(dimensions);
const started = performance.now();

// TAT-QA marks no header: the leading rows up to the first one with a label and a number are
// taken as the header, which is what extraction reports as headerRows for a PDF table.
function headerRowCount(cells: string[][]): number {
  const first = cells.findIndex((row) => row[0] !== "" && row.slice(1).some((cell) => /\d/.test(cell)));
  return Math.max(first, 0);
}

// Each context becomes one "document" with its paragraphs as chunks and its table as a table,
// so the rows are built by the same code ingest uses for an extracted PDF.
async function* batches(): AsyncGenerator<PassageRow[]> {
  for (const [index, context] of contexts.entries()) {
    const cells = context.table.table.map((row) => row.map((cell) => cell.trim()));
    const extracted: ExtractedDocument = {
      path: `tatqa/${index}`,
      documentId: `ctx${index}`,
      pageCount: 1,
      sections: [],
      chunks: context.paragraphs.map((paragraph) => ({
        id: `p${paragraph.order}`,
        text: paragraph.text,
        pages: [1],
        section: "",
        sectionId: "",
        bbox: [0, 0, 0, 0],
      })),
      tables: [
        {
          id: "table",
          page: 1,
          bbox: [0, 0, 0, 0],
          method: "lattice",
          headerRows: headerRowCount(cells),
          columns: [],
          cells,
          rows: [],
          section: "",
          text: cells.map((row) => row.filter(Boolean).join(" | ")).join("\n"),
        },
      ],
      warnings: [],
    };
    yield (await documentRows(`ctx${index}`, extracted, { date: "2020-01-01", tags: [] }, embedder)).passages;
  }
}

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-bench-tatqa-"));
try {
  const { knowledgeBase, rows } = await writeBenchIndex(path.join(directory, "kb"), embedder, batches());
  const indexSeconds = (performance.now() - started) / 1000;
  const questions = contexts.flatMap((context, index) =>
    context.questions.map((question) => {
      const gold = new Set<string>();
      if (question.answer_from !== "text") gold.add(`ctx${index}#table:table`);
      if (question.answer_from !== "table")
        for (const order of question.rel_paragraphs) gold.add(`ctx${index}#p${order}`);
      return { text: question.question, gold, from: question.answer_from };
    }),
  );
  const modes: SearchMode[] = ["hybrid", "fts", "vector"];
  const results = new Map<
    SearchMode,
    { found: number; byFrom: Map<string, [number, number]>; milliseconds: number[] }
  >();
  for (const mode of modes) {
    const result = { found: 0, byFrom: new Map<string, [number, number]>(), milliseconds: [] as number[] };
    for (const question of questions) {
      const before = performance.now();
      const hits = await knowledgeBase.search(question.text, { k, mode });
      result.milliseconds.push(performance.now() - before);
      // A table is found by any of its passages (the whole table or one of its rows).
      const found = hits.some((hit) =>
        question.gold.has(hit.kind === "table" ? `${hit.document}#table:${hit.tableId}` : hit.id),
      );
      if (found) result.found += 1;
      const [hitCount, total] = result.byFrom.get(question.from) ?? [0, 0];
      result.byFrom.set(question.from, [hitCount + (found ? 1 : 0), total + 1]);
    }
    results.set(mode, result);
  }
  knowledgeBase.close();

  const cell = (value: string, width = 12) => value.padStart(width);
  const recall = (mode: SearchMode, from?: string) => {
    const result = results.get(mode)!;
    const [found, total] = from ? (result.byFrom.get(from) ?? [0, 0]) : [result.found, questions.length];
    return total === 0 ? "-" : (found / total).toFixed(3);
  };
  process.stdout.write(
    `TAT-QA dev: ${contexts.length} contexts, ${rows} passages (tables + paragraphs), ${questions.length} questions; hashed embedder ${dimensions} dims; indexed in ${indexSeconds.toFixed(1)} s\n\n`,
  );
  process.stdout.write(`${"recall@5".padEnd(22)}${modes.map((mode) => cell(mode)).join("")}\n`);
  process.stdout.write(`${"all questions".padEnd(22)}${modes.map((mode) => cell(recall(mode))).join("")}\n`);
  for (const from of ["table", "text", "table-text"]) {
    const total = results.get("hybrid")!.byFrom.get(from)?.[1] ?? 0;
    process.stdout.write(
      `${`  answer from ${from} (${total})`.padEnd(22)}${modes.map((mode) => cell(recall(mode, from))).join("")}\n`,
    );
  }
  process.stdout.write(
    `${"search p50 ms".padEnd(22)}${modes.map((mode) => cell(percentile(results.get(mode)!.milliseconds, 50).toFixed(1))).join("")}\n`,
  );
  process.stdout.write(
    `${"search p95 ms".padEnd(22)}${modes.map((mode) => cell(percentile(results.get(mode)!.milliseconds, 95).toFixed(1))).join("")}\n`,
  );
  const hybrid = Number(recall("hybrid"));
  process.stdout.write(
    `\ngoal: hybrid recall@5 >= 0.85 → ${hybrid >= 0.85 ? "met" : "NOT met"} (${hybrid.toFixed(3)}); peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB\n`,
  );
} finally {
  fs.rmSync(directory, { recursive: true, force: true });
}
