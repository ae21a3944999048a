import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { ingestKnowledgeBase } from "../../adapters/pdf-kb/ingest/ingest-knowledge-base.js";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { Workspace } from "../../config/workspace.js";
import { toSimplified } from "../../domain/chinese-script.js";
import { askQuestion } from "../../planner/ask.js";
import { type AnswerLanguage, foreignSentences, workspaceNames } from "../support/foreign-sentences.js";
import { readerLines } from "../support/reader-lines.js";

// Issue 29 item 8: every gold question of every workspace that runs in-process (the demo's, which
// needs its servers, in answer-languages-demo.test.ts), as written and translated (answer-languages.yaml), answered
// in the question's language with no sentence of another language outside quotes and proper names
// in what a person reads: the text, the items, the gaps and their checks, the planner's notes and
// the lines under the answer. The failure kinds are in answer-languages-failures.test.ts.

const here = path.dirname(new URL(import.meta.url).pathname);
/** Gold files of in-process workspaces; `workspace` where the file's own `workspace:` names a folder by another name. */
const GOLD_FILES: { file: string; workspace?: string }[] = [
  { file: "../workspaces/tea-house/gold-answers.yaml" },
  { file: "../workspaces/harbor-clinics/gold-answers.yaml" },
  { file: "../workspaces/service-desk/gold-answers.yaml" },
  { file: "../held-out/hearthwell/gold-answers.yaml" },
  { file: "../held-out/clearbrook/gold-answers.yaml" },
  { file: "../held-out/round9/polar/gold-answers.yaml" },
  { file: "../held-out/qingtu/answers.yaml" },
  { file: "../held-out/lanting/ws-lanting-hotels-answers.yaml", workspace: "workspace" },
  { file: "../held-out/round10/airline/gold-answers.yaml" },
  { file: "../held-out/round11/jadebay/gold-answers.yaml" },
  { file: "../held-out/round12/ironleaf/gold-answers.yaml" },
  { file: "../held-out/round13/starglow/gold-answers.yaml" },
];

interface Question {
  question: string;
  as_of?: string;
}

/** Questions per workspace folder: the gold files' and the translated variants. */
function questionsByWorkspace(): Map<string, Question[]> {
  const byFolder = new Map<string, Question[]>();
  const add = (folder: string, questions: Question[]) =>
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), ...questions]);
  for (const { file, workspace } of GOLD_FILES) {
    const gold = parseYaml(readFileSync(path.join(here, file), "utf8")) as {
      workspace?: string;
      questions: Question[];
    };
    add(path.resolve(here, path.dirname(file), workspace ?? gold.workspace ?? "."), gold.questions);
  }
  const variants = parseYaml(readFileSync(path.join(here, "answer-languages.yaml"), "utf8")) as {
    workspaces: { workspace: string; questions: Question[] }[];
  };
  for (const entry of variants.workspaces) add(path.resolve(here, entry.workspace), entry.questions);
  return byFolder;
}

/** The language a person wrote the question in: no Chinese is English; Traditional-only characters are zh-Hant. */
function writtenIn(question: string): AnswerLanguage {
  if (!/\p{Script=Han}/u.test(question)) return "en";
  return toSimplified(question) === question ? "zh-Hans" : "zh-Hant";
}

const temporary: string[] = [];
afterAll(() => {
  for (const directory of temporary) rmSync(directory, { recursive: true, force: true });
});

for (const [folder, questions] of questionsByWorkspace()) {
  describe(`${path.basename(folder)}: every answer in its question's language`, () => {
    let workspace: Workspace;
    let names: string[];
    beforeAll(async () => {
      // A private copy: the run folders and the LanceDB index never land in the repository.
      const copy = mkdtempSync(path.join(tmpdir(), "triangulate-languages-"));
      temporary.push(copy);
      cpSync(folder, copy, { recursive: true, filter: (source) => !source.includes(".triangulate") });
      workspace = loadWorkspace(copy, { environment: { ...process.env } as Record<string, string> });
      for (const [name, source] of Object.entries(workspace.config.sources))
        if (source.kind === "pdf_kb") await ingestKnowledgeBase(workspace, name);
      names = workspaceNames(workspace);
    }, 180_000);

    for (const { question, as_of } of questions)
      it(question, async () => {
        const result = await askQuestion(question, workspace, {
          ...(as_of ? { asOf: String(as_of) } : {}),
          record: false,
        });
        const language = writtenIn(question);
        expect(result.answer.language).toBe(language);
        const lines = readerLines(result.answer, result.planning.warnings);
        const foreign = lines.flatMap((line) => foreignSentences(line, language, names));
        expect(
          foreign.map((found) => `${found.run}  ⟨${found.context}⟩`),
          lines.join("\n"),
        ).toEqual([]);
      });
  });
}
