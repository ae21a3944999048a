import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { DEMO_AS_OF, type DemoEnvironment, startDemo } from "../../demo/run-demo.js";
import { toSimplified } from "../../domain/chinese-script.js";
import { askQuestion } from "../../planner/ask.js";
import { type AnswerLanguage, foreignSentences, workspaceNames } from "../support/foreign-sentences.js";
import { readerLines } from "../support/reader-lines.js";

// Issue 29 item 8 on the demo: every gold question of demo/gold/answers.yaml asked against the
// running demo (its BI portal in Chromium, its ticket server, its PDFs), answered in the question's
// language with no sentence of another language outside quotes and proper names in what a person
// reads. The other workspaces' gold questions are in answer-languages.test.ts.

const here = path.dirname(new URL(import.meta.url).pathname);
const gold = parseYaml(readFileSync(path.join(here, "../../demo/gold/answers.yaml"), "utf8")) as {
  questions: { id: string; question: string; as_of?: string }[];
};

/** The language a person wrote the question in: no Chinese is English; Traditional-only characters are zh-Hant. */
function writtenIn(question: string): AnswerLanguage {
  if (!/\p{Script=Han}/u.test(question)) return "en";
  return toSimplified(question) === question ? "zh-Hans" : "zh-Hant";
}

let demo: DemoEnvironment;
let names: string[];
beforeAll(async () => {
  demo = await startDemo();
  names = workspaceNames(demo.workspace);
}, 240_000);

afterAll(async () => {
  await demo?.close();
});

describe("demo: every gold answer in its question's language", () => {
  for (const { id, question, as_of } of gold.questions)
    it(`${id}: ${question}`, async () => {
      const result = await askQuestion(question, demo.workspace, {
        adapters: demo.adapters,
        asOf: as_of ? String(as_of) : DEMO_AS_OF,
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
    }, 120_000);
});
