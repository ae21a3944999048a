// Scores answers against a gold file per workspace (format: docs/reflector.md, "Gold answers").
// For every gold question: the whole status right; every expected number present in the answer (and
// so in its audited numbers); no forbidden statement; every gold item's status right; and the count
// of items (or whole answers) called "answered" when the gold says the asked value is missing; and
// the answers with a sentence in another language than the answer's (outside quotes and the
// workspace's own names: test/support/foreign-sentences.ts).
//
//   npx tsx bench/answers.ts test/workspaces/harbor-clinics/gold-answers.yaml [more gold files] [--json]
//   npx tsx bench/answers.ts demo/gold/answers.yaml          (starts the demo servers itself)
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { ingestKnowledgeBase } from "../adapters/pdf-kb/ingest/ingest-knowledge-base.js";
import type { AdapterPool } from "../adapters/registry.js";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import type { Answer } from "../models/answer.js";
import { askQuestion } from "../planner/ask.js";
import { foreignSentences, workspaceNames } from "../test/support/foreign-sentences.js";
import { readerLines } from "../test/support/reader-lines.js";

const ItemStatus = z.enum(["answered", "partial", "insufficient", "failed"]);
const GoldQuestion = z
  .object({
    id: z.string(),
    question: z.string().min(1),
    as_of: z.iso.date(),
    status: z.enum(["answered", "partial", "unanswerable", "direct"]),
    /** Each must appear in the answer text as a number (5.2, 5.2%, 1,200 all count). */
    numbers: z.array(z.number()).default([]),
    /** Items identified by a piece of their text, with the status the item must have. */
    items: z.array(z.object({ contains: z.string().min(1), status: ItemStatus }).strict()).default([]),
    /** Text that would contradict the evidence (a wrong value, a false "none"); must not appear. */
    must_not_say: z.array(z.string().min(1)).default([]),
    /** Text that must appear (a gap's wording such as "data ends 2024-06"). */
    must_say: z.array(z.string().min(1)).default([]),
  })
  .strict();
const GoldFile = z
  .object({
    /** Workspace folder relative to the gold file; "demo" starts the demo's servers. */
    workspace: z.string().default("."),
    questions: z.array(GoldQuestion).min(1),
  })
  .strict();
type GoldQuestion = z.infer<typeof GoldQuestion>;

/** The score of one question: each check and what failed, in words. */
export interface QuestionScore {
  id: string;
  statusRight: boolean;
  numbersRight: boolean;
  noContradiction: boolean;
  itemsRight: boolean;
  /** Items (or the whole answer) called answered though the gold says the asked value is missing. */
  falseAnswered: number;
  /** Runs of another language in what the reader reads (empty when every sentence is in the answer's language). */
  foreign: string[];
  problems: string[];
}

function numbersIn(text: string): number[] {
  return [...text.matchAll(/-?\d[\d,]*(?:\.\d+)?/g)].map((match) => Number(match[0].replace(/,/g, "")));
}

/** Scores one answer against its gold question. */
export function scoreAnswer(gold: GoldQuestion, answer: Answer): QuestionScore {
  const problems: string[] = [];
  const statusRight = answer.status === gold.status;
  if (!statusRight) problems.push(`status ${answer.status}, expected ${gold.status}`);
  const present = numbersIn(answer.text);
  const missingNumbers = gold.numbers.filter(
    (number) => !present.some((value) => Math.abs(value - number) <= 1e-9 + Math.abs(number) * 1e-6),
  );
  if (missingNumbers.length > 0) problems.push(`numbers missing: ${missingNumbers.join(", ")}`);
  const said = gold.must_not_say.filter((text) => answer.text.includes(text));
  if (said.length > 0)
    problems.push(`says what the evidence contradicts: ${said.map((text) => `"${text}"`).join(", ")}`);
  const unsaid = gold.must_say.filter((text) => !answer.text.includes(text));
  if (unsaid.length > 0) problems.push(`does not say: ${unsaid.map((text) => `"${text}"`).join(", ")}`);
  let falseAnswered = 0;
  let itemsRight = true;
  for (const expected of gold.items) {
    const item = answer.items.find((candidate) => candidate.text.includes(expected.contains));
    if (!item) {
      itemsRight = false;
      problems.push(`no item contains "${expected.contains}"`);
      continue;
    }
    if (item.status !== expected.status) {
      itemsRight = false;
      problems.push(`item "${expected.contains}": ${item.status}, expected ${expected.status}`);
      if (item.status === "answered") falseAnswered++;
    }
  }
  if (answer.status === "answered" && gold.status !== "answered" && gold.status !== "direct") falseAnswered++;
  return {
    id: gold.id,
    statusRight,
    numbersRight: missingNumbers.length === 0,
    noContradiction: said.length === 0 && unsaid.length === 0,
    itemsRight,
    falseAnswered,
    foreign: [],
    problems,
  };
}

/** Adds the runs of another language found in the answer's reader-facing lines to a score. */
function withLanguageCheck(
  score: QuestionScore,
  answer: Answer,
  warnings: string[],
  names: string[],
): QuestionScore {
  const foreign = readerLines(answer, warnings)
    .flatMap((line) => foreignSentences(line, answer.language, names))
    .map((found) => found.run);
  if (foreign.length === 0) return score;
  return {
    ...score,
    foreign,
    problems: [...score.problems, `another language: ${foreign.map((run) => `"${run}"`).join(", ")}`],
  };
}

interface Target {
  workspace: Workspace;
  adapters?: AdapterPool;
  close(): Promise<void>;
}

async function openWorkspace(folder: string): Promise<Target> {
  if (path.basename(folder) === "demo") {
    const { startDemo } = await import("../demo/run-demo.js");
    const demo = await startDemo();
    return { workspace: demo.workspace, adapters: demo.adapters, close: () => demo.close() };
  }
  // A private copy: the run folders and the LanceDB index never land in the repository.
  const copy = mkdtempSync(path.join(tmpdir(), "triangulate-gold-"));
  cpSync(folder, copy, { recursive: true, filter: (source) => !source.includes(".triangulate") });
  const workspace = loadWorkspace(copy, { environment: { ...process.env } as Record<string, string> });
  for (const [name, source] of Object.entries(workspace.config.sources))
    if (source.kind === "pdf_kb") await ingestKnowledgeBase(workspace, name);
  return { workspace, close: async () => rmSync(copy, { recursive: true, force: true }) };
}

/** Scores every question of a gold file. */
export async function scoreGoldFile(file: string): Promise<QuestionScore[]> {
  const gold = GoldFile.parse(parseYaml(readFileSync(file, "utf8")));
  const folder = gold.workspace === "demo" ? "demo" : path.resolve(path.dirname(file), gold.workspace);
  const target = await openWorkspace(folder);
  const scores: QuestionScore[] = [];
  const names = workspaceNames(target.workspace);
  try {
    for (const question of gold.questions) {
      const result = await askQuestion(question.question, target.workspace, {
        asOf: question.as_of,
        record: false,
        ...(target.adapters ? { adapters: target.adapters } : {}),
      });
      scores.push(
        withLanguageCheck(
          scoreAnswer(question, result.answer),
          result.answer,
          result.planning.warnings,
          names,
        ),
      );
    }
  } finally {
    await target.close();
  }
  return scores;
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { values, positionals } = parseArgs({
    options: { json: { type: "boolean" } },
    allowPositionals: true,
  });
  if (positionals.length === 0) {
    process.stderr.write("usage: npx tsx bench/answers.ts <gold-answers.yaml>… [--json]\n");
    process.exit(1);
  }
  const totals = {
    questions: 0,
    status: 0,
    numbers: 0,
    contradictions: 0,
    items: 0,
    falseAnswered: 0,
    otherLanguage: 0,
  };
  const all: Record<string, QuestionScore[]> = {};
  for (const file of positionals) {
    // A file of another format (an older round's gold) is named and left out, not the end of the run.
    const format = GoldFile.safeParse(parseYaml(readFileSync(file, "utf8")));
    if (!format.success) {
      process.stderr.write(
        `skipped ${file}: not a gold answers file (${format.error.issues[0]?.path.join(".")}: ${format.error.issues[0]?.message})\n`,
      );
      continue;
    }
    const scores = await scoreGoldFile(file);
    all[file] = scores;
    for (const score of scores) {
      totals.questions++;
      if (score.statusRight) totals.status++;
      if (score.numbersRight) totals.numbers++;
      if (score.noContradiction) totals.contradictions++;
      if (score.itemsRight) totals.items++;
      totals.falseAnswered += score.falseAnswered;
      if (score.foreign.length > 0) totals.otherLanguage++;
      if (!values.json)
        process.stdout.write(
          `${score.problems.length === 0 ? "ok  " : "MISS"} ${file} ${score.id}${score.problems.length ? `: ${score.problems.join("; ")}` : ""}\n`,
        );
    }
  }
  if (values.json) process.stdout.write(`${JSON.stringify({ totals, questions: all }, null, 2)}\n`);
  else
    process.stdout.write(
      `\n${totals.questions} questions: status right ${totals.status}, numbers right ${totals.numbers}, no contradiction ${totals.contradictions}, items right ${totals.items}; answered items whose asked value is missing: ${totals.falseAnswered} (goal 0); answers with a sentence in another language: ${totals.otherLanguage} (goal 0)\n`,
    );
  process.exit(0);
}
