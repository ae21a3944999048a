import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { TemporaryFolders } from "../test/support/temporary-workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";
import { normalizeForMatching } from "./normalize-text.js";
import { Vocabulary, type VocabularySnapshot } from "./vocabulary.js";
import { cachedVocabulary, vocabularyCacheKey } from "./vocabulary-cache.js";

const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

const CACHE = path.join(".triangulate", "cache", "planner-vocabulary.json");
const planner = new CatalogPlanner();

/** A fresh load, as a new process would see the folder (the planner keeps one vocabulary per Workspace object). */
const load = (folder: string) => loadWorkspace(folder, { environment: {} });
const metricsOf = (folder: string, question: string) =>
  (
    planner.planSync(question, { workspace: load(folder), asOf: "2024-06-30", strategy: "auto" }).plan
      ?.sub_goals ?? []
  )
    .map((goal) => goal.params.metric)
    .filter((metric) => metric !== undefined);

/** Adds a synonym to the return_rate metric of the workspace's triangulate.yaml, as a user editing it would. */
function addReturnRateSynonym(folder: string, synonym: string): void {
  const file = path.join(folder, "triangulate.yaml");
  const text = readFileSync(file, "utf8");
  const edited = text.replace(
    "return_rate: { label: Return rate, unit: percent, synonyms: [",
    `return_rate: { label: Return rate, unit: percent, synonyms: [${synonym}, `,
  );
  expect(edited).not.toBe(text);
  writeFileSync(file, edited);
}

describe("the planner's vocabulary cache", () => {
  const question = "What was the zorblat of product A in East China in January 2024?";

  it("is written on the first plan and sees a catalog edit on the next", () => {
    const folder = folders.demoWorkspace();
    expect(metricsOf(folder, question)).not.toContain("return_rate");
    const cacheFile = path.join(folder, CACHE);
    expect(existsSync(cacheFile)).toBe(true);
    const before = JSON.parse(readFileSync(cacheFile, "utf8")) as { key: string };
    expect(before.key).toBe(vocabularyCacheKey(load(folder)));

    addReturnRateSynonym(folder, "zorblat");
    expect(metricsOf(folder, question)).toContain("return_rate");
    const after = JSON.parse(readFileSync(cacheFile, "utf8")) as {
      key: string;
      vocabulary: VocabularySnapshot;
    };
    expect(after.key).not.toBe(before.key);
    expect(after.vocabulary.terms.some((term) => term.text === "zorblat")).toBe(true);
    // The catalog's texts with their foldings, for the steps that fold synonyms per question.
    const foldings = new Map((after as unknown as { foldings: [string, string][] }).foldings);
    expect(foldings.get("退貨率")).toBe("退货率");
    expect(foldings.get("East China")).toBe("east china");
  });

  it("is what the next process plans with while the catalog is unchanged", () => {
    const folder = folders.demoWorkspace();
    metricsOf(folder, question);
    // A snapshot under the right key that knows a word the catalog does not: planning finds it,
    // so the file is read, not rebuilt.
    const cacheFile = path.join(folder, CACHE);
    const stored = JSON.parse(readFileSync(cacheFile, "utf8")) as {
      key: string;
      vocabulary: VocabularySnapshot;
    };
    stored.vocabulary.terms.unshift({ text: "zorblat", kind: "metric", name: "return_rate" });
    writeFileSync(cacheFile, JSON.stringify(stored));
    expect(metricsOf(folder, question)).toContain("return_rate");
  });

  it("is rebuilt when the file is unreadable, malformed or holds a pattern that does not compile", () => {
    const folder = folders.demoWorkspace();
    metricsOf(folder, question);
    const cacheFile = path.join(folder, CACHE);
    const good = JSON.parse(readFileSync(cacheFile, "utf8")) as {
      key: string;
      vocabulary: VocabularySnapshot;
    };
    const damaged = structuredClone(good);
    damaged.vocabulary.enumerations[0].pattern = "(unclosed";
    for (const content of ["", "{not json", JSON.stringify({ key: good.key }), JSON.stringify(damaged)]) {
      writeFileSync(cacheFile, content);
      addReturnRateSynonym(folder, `zorblat${content.length}`);
      expect(
        metricsOf(
          folder,
          `What was the zorblat${content.length} of product A in East China in January 2024?`,
        ),
      ).toContain("return_rate");
      const rewritten = JSON.parse(readFileSync(cacheFile, "utf8")) as { key: string };
      expect(rewritten.key).toBe(vocabularyCacheKey(load(folder)));
    }
  });

  it("finds what a vocabulary built from the catalog finds", () => {
    const folder = folders.demoWorkspace();
    const workspace = load(folder);
    const built = new Vocabulary(workspace.config.catalog);
    cachedVocabulary(workspace);
    const cached = cachedVocabulary(load(folder));
    expect(cached.snapshot()).toEqual(built.snapshot());
    for (const text of [
      "对比A和B产品在华东区的退货率",
      "return rates of products A and B in East China and North China",
      "客製化保溫杯刻錯名字，可以換貨嗎？",
      "A的退货率 vs logistics-provider changes",
    ]) {
      const normalized = normalizeForMatching(text);
      expect(cached.find(normalized, text)).toEqual(built.find(normalized, text));
    }
  });

  it("plans without a cache where the workspace cannot be written", () => {
    const folder = folders.demoWorkspace();
    // A file where the cache folder would be: the write fails, the plan does not.
    writeFileSync(path.join(folder, ".triangulate"), "not a folder");
    expect(
      metricsOf(folder, "What was the return rate of product A in East China in January 2024?"),
    ).toContain("return_rate");
  });
});
