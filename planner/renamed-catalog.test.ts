// Issue 25, item 5: proof that nothing in the planner is tuned to the demo's words. The demo
// workspace with every catalog name renamed (test/fixtures/renamed-demo-catalog: other metric,
// dimension, value, event and topic names, other synonyms in English, Simplified and Traditional
// Chinese, generated once with renames.json beside it) must plan the demo's gold questions,
// rewritten with the new names, into the same plans: the same sources, datasets, periods, formats
// and the renamed measures and filters.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import type { SubGoal } from "../models/plan.js";
import { CatalogPlanner } from "./catalog-planner.js";
import { readGoldSet } from "./gold-set.js";

const root = path.resolve(import.meta.dirname, "..");
const fixture = path.join(root, "test/fixtures/renamed-demo-catalog");
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const renamed = loadWorkspace(fixture, { environment: {} });
const renames = JSON.parse(readFileSync(path.join(fixture, "renames.json"), "utf8")) as {
  keys: Record<string, string>;
  values: Record<string, Record<string, string>>;
  /** Old word → new word: every catalog synonym, and the dimension nouns written with values (产品 → 型号). */
  synonyms: [string, string][];
};
const planner = new CatalogPlanner();

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const LATIN_EDGE = /[a-z0-9]/iu;
/** A synonym as a pattern: whole words where it starts or ends with a Latin letter, plurals too. */
const wordPattern = (word: string) =>
  `${LATIN_EDGE.test(word[0]) ? "(?<![a-z0-9])" : ""}${escapeRegex(word)}${
    LATIN_EDGE.test(word[word.length - 1]) ? "(?:e?s)?(?![a-z0-9])" : ""
  }`;
// Longest first, so "return rate" is rewritten before "returns" could match inside it.
const synonymPattern = new RegExp(
  [...renames.synonyms]
    .sort((a, b) => b[0].length - a[0].length)
    .map(([old]) => wordPattern(old))
    .join("|"),
  "giu",
);
const byOld = new Map(renames.synonyms.map(([old, renamedWord]) => [old.toLowerCase(), renamedWord]));

/** The question written with the renamed catalog's words. */
function rewrite(question: string): string {
  return question.replace(synonymPattern, (written) => {
    const lower = written.toLowerCase();
    const plural =
      ["", "s", "es"].find((ending) => byOld.has(lower.slice(0, lower.length - ending.length))) ?? "";
    const replacement = `${byOld.get(lower.slice(0, lower.length - plural.length)) ?? written}${plural}`;
    // Keep a capital at the start of a sentence ("Return rate of …" → "Rejection rate of …").
    return /^[A-Z]/.test(written) && /^[a-z]/.test(replacement)
      ? replacement.charAt(0).toUpperCase() + replacement.slice(1)
      : replacement;
  });
}

const newKey = (name: string) => renames.keys[name] ?? name;
const newValue = (dimension: string, value: string) => renames.values[dimension]?.[value] ?? value;

/** A goal's structure with the catalog's names renamed (the demo side) or as planned (the renamed side). */
function shape(goal: SubGoal, renameNames: boolean): string {
  const name = (text: string | undefined) => (text && renameNames ? newKey(text) : text);
  const filters = Object.entries(goal.params.filters)
    .map(([dimension, value]) => {
      const values = Array.isArray(value) ? value : [value];
      const shown = renameNames ? values.map((each) => newValue(dimension, each)) : values;
      return `${name(dimension)}=${shown.join("|")}`;
    })
    .sort()
    .join(",");
  const period = goal.params.period ? `${goal.params.period.from}..${goal.params.period.to}` : "-";
  const measure = name(goal.params.metric) ?? name(goal.params.event) ?? "text";
  // Dataset and search names that were catalog names (the tickets' "complaints" search) are renamed too.
  return [goal.source, name(goal.dataset) ?? "-", measure, filters, period, goal.expected_format].join(" ");
}

function plansOf(workspace: Workspace, question: string, asOf: string, renameNames: boolean) {
  const outcome = planner.planSync(question, { workspace, asOf, strategy: "auto" });
  return {
    route: outcome.route.route,
    status: outcome.plan ? "planned" : outcome.clarification ? "asks" : "refused",
    goals: (outcome.plan?.sub_goals ?? []).map((goal) => shape(goal, renameNames)).sort(),
  };
}

describe("a renamed catalog plans the same questions the same way", () => {
  const gold = readGoldSet(path.join(root, "demo/gold/plans.jsonl"));
  // Only questions the renaming reached: a question that still holds an old catalog word (a typo,
  // a paraphrase resolved through the everyday synonym classes) asks about another catalog.
  const oldWords = new RegExp(renames.synonyms.map(([old]) => wordPattern(old)).join("|"), "iu");
  const rewritten = gold
    .map((entry) => ({ entry, question: rewrite(entry.question) }))
    .filter(({ question }) => !oldWords.test(question));

  it("rewrites most of the demo gold set (the test is not vacuous)", () => {
    expect(rewritten.length).toBeGreaterThanOrEqual(Math.floor(gold.length * 0.6));
    // All three scripts are among them.
    expect(
      rewritten.some(({ question }) => /[a-z]{4}/iu.test(question) && !/\p{Script=Han}/u.test(question)),
    ).toBe(true);
    expect(rewritten.some(({ question }) => /[型号拒收率]/u.test(question))).toBe(true);
    expect(rewritten.some(({ question }) => /[型號嶺灣]/u.test(question))).toBe(true);
  });

  it("every rewritten question gets the same route, outcome and goals", () => {
    const differences: string[] = [];
    for (const { entry, question } of rewritten) {
      const asOf = entry.as_of ?? "2024-06-30";
      const before = plansOf(demo, entry.question, asOf, true);
      const after = plansOf(renamed, question, asOf, false);
      if (JSON.stringify(before) !== JSON.stringify(after))
        differences.push(
          `${entry.question}\n  → ${question}\n  demo ${JSON.stringify(before)}\n  renamed ${JSON.stringify(after)}`,
        );
    }
    expect(differences, differences.join("\n")).toEqual([]);
  });
});
