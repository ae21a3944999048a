// Issue 15, third round: every span of a question accounted for, no silent wrong plan. Examples
// of our own wording, with negative cases showing each mechanism does not over-fire.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

const root = path.resolve(import.meta.dirname, "..");
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const planner = new CatalogPlanner();
const plan = (question: string, workspace = demo) =>
  planner.planSync(question, { workspace, asOf: "2024-06-30", strategy: "auto" });
const filtersOf = (question: string, key: "metric" | "event") =>
  (plan(question).plan?.sub_goals ?? [])
    .filter((goal) => goal.params[key])
    .map((goal) => goal.params.filters);

describe("a quantifier that counts the values the question named", () => {
  it("means those values: 两区 / 這兩款產品 / the two products after two were named", () => {
    const outcome = plan("2024年1月华东和华北的退货率比较，两区有没有换物流");
    expect(outcome.clarification).toBeUndefined();
    expect(filtersOf("2024年1月华东和华北的退货率比较，两区有没有换物流", "event")).toEqual([
      { region: "East" },
      { region: "North" },
    ]);
    const english = plan("Return rate of A and B in January 2024: which of the two products is higher?");
    expect(english.clarification).toBeUndefined();
    expect(english.plan?.sub_goals[0].params.filters).toEqual({ product: ["A", "B"] });
    expect(
      plan("2024年1月A產品和B產品的退貨率，這兩款產品哪個高？").plan?.sub_goals[0].params.filters,
    ).toEqual({
      product: ["A", "B"],
    });
  });

  it("still asks when the question names none of them, or a different number", () => {
    for (const question of [
      "2024年1月两区的退货率",
      "2024年1月华东的退货率，两区有没有更换物流服务商",
      "Return rate of A, B and C in January 2024: which of the two products is higher?",
    ]) {
      const outcome = plan(question);
      expect(outcome.plan, question).toBeUndefined();
      expect(outcome.clarification?.spans.length, question).toBe(1);
    }
  });
});
