import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import {
  CORPUS_REFERENCE_DAY,
  DOCUMENTED_READINGS,
  judgeOutcome,
  metricQuestionBuilder,
  readTimeCorpus,
} from "../test/support/time-corpus.js";
import { CatalogPlanner } from "./catalog-planner.js";

// Duckling's time corpus (test/corpora/time-expressions/duckling, BSD), every expression inside a
// metric question of the demo workspace, planned as of Duckling's reference day. The planned
// period is Duckling's interval, a reading docs/planner.md documents (DOCUMENTED_READINGS, said in
// a note), or the question is refused or asked back: never another period. After the reference
// day every expression is a forecast and is refused or asked back.
const root = path.resolve(import.meta.dirname, "..");
const workspace = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const planner = new CatalogPlanner();
const questionFor = metricQuestionBuilder(workspace);
const corpus = readTimeCorpus();

describe("Duckling's time corpus through the catalog planner", () => {
  it("holds both languages and both sides of the reference day", () => {
    expect(corpus.length).toBe(597);
    expect(new Set(corpus.map((expression) => expression.lang))).toEqual(new Set(["en", "zh"]));
  });

  it.each(
    corpus
      .filter((expression) => !expression.after_reference)
      .map((expression) => [expression.lang, expression.text, expression] as const),
  )("%s %s: Duckling's period, a documented reading, or no plan", (_language, text, expression) => {
    const outcome = planner.planSync(questionFor(expression), {
      workspace,
      asOf: CORPUS_REFERENCE_DAY,
      strategy: "auto",
    });
    const documented = DOCUMENTED_READINGS[text];
    const { verdict, periods } = judgeOutcome(outcome, expression, documented ? [documented] : []);
    expect(verdict, `${questionFor(expression)} → ${periods.join(", ")}`).not.toBe("wrong");
    // Without a plan there is a reason in the question's language, never the default period.
    if (verdict === "refused") expect(outcome.message ?? "").not.toBe("");
    expect(outcome.trace.join(" ")).not.toMatch(/period:default:/);
    // A documented reading is said in a note on the words it was applied to.
    if (verdict === "documented")
      expect(
        outcome.warnings.some((note) => {
          const quoted = /^"([^"]+)":/u.exec(note)?.[1];
          return quoted !== undefined && text.toLowerCase().includes(quoted.toLowerCase());
        }),
        outcome.warnings.join(" | "),
      ).toBe(true);
  });

  it.each(
    corpus
      .filter((expression) => expression.after_reference)
      .map((expression) => [expression.lang, expression.text, expression] as const),
  )(
    "%s %s (after the reference day): refused or asked back, or a documented reading",
    (_language, text, expression) => {
      const outcome = planner.planSync(questionFor(expression), {
        workspace,
        asOf: CORPUS_REFERENCE_DAY,
        strategy: "auto",
      });
      const documented = DOCUMENTED_READINGS[text];
      const { verdict, periods } = judgeOutcome(outcome, expression, documented ? [documented] : []);
      expect(["refused", "documented"], `${questionFor(expression)} → ${periods.join(", ")}`).toContain(
        verdict,
      );
      if (verdict === "refused") expect(outcome.message ?? "").not.toBe("");
    },
  );
});
