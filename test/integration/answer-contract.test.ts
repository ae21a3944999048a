import { describe, expect, it } from "vitest";
import { scoreGoldFile } from "../../bench/answers.js";

// Issue 14 end to end on two workspaces that are not the demo's, with other shapes and vocabulary
// (test/workspaces/*/gold-answers.yaml): real CSV/JSON files through the file adapter, real PDFs in a
// real LanceDB index. Chinese dimension values under English keys, data that ends before the asked
// period, a policy that lacks one asked aspect, counts, an entity in one source only.
describe.each([
  "test/workspaces/harbor-clinics/gold-answers.yaml",
  "test/workspaces/tea-house/gold-answers.yaml",
  // Policy questions with several asks, answered from sentences and ruled-table rows (issue 29 item 9).
  "test/workspaces/service-desk/gold-answers.yaml",
])("gold answers of %s", (file) => {
  it("gets every status, number and item right and calls nothing answered that was not", async () => {
    const scores = await scoreGoldFile(file);
    expect(scores.length).toBeGreaterThan(5);
    expect(
      scores
        .filter((score) => score.problems.length > 0)
        .map((score) => `${score.id}: ${score.problems.join("; ")}`),
    ).toEqual([]);
    expect(scores.reduce((total, score) => total + score.falseAnswered, 0)).toBe(0);
  }, 240_000);
});
