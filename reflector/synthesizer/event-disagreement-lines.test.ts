import { describe, expect, it } from "vitest";
import type { Workspace } from "../../config/workspace.js";
import type { TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import { eventDisagreementSection } from "./event-disagreement-lines.js";
import type { GoalOutcome } from "./goal-outcome.js";

const goal = (id: string, source: string): SubGoal => ({
  id,
  description: id,
  source,
  dataset: "d",
  params: { event: "logistics_provider_change", filters: { region: "East" } },
  expected_format: "records",
  validation: "",
  required: false,
});
const outcome = (id: string, source: string, dates: string[]): GoalOutcome => {
  const evidence: TableEvidence = {
    kind: "table",
    columns: [
      { name: "key", type: "string" },
      { name: "change_date", type: "date" },
    ],
    rows: dates.map((date, index) => ({ key: `K-${index}`, change_date: date })),
    provenance: dates.map(() => ({ source })),
    notes: [],
  };
  return { goal: goal(id, source), planned: goal(id, source), status: "answered", evidence };
};
const workspace = {
  config: { sources: { tickets: { trust: 0.9 }, ops_bi: { trust: 0.6 } } },
} as unknown as Workspace;

describe("the answer says when event sources disagree", () => {
  const outcomes = [
    outcome("g1", "ops_bi", ["2024-01-15", "2024-02-03"]),
    outcome("g2", "tickets", ["2024-01-15"]),
  ];

  it("names each source's dates and the one the answer follows, in the answer's language", () => {
    const english = eventDisagreementSection(outcomes, workspace, "en", () => "Logistics provider change");
    expect(english.text).toBe(
      "Event sources disagree:\n- Logistics provider change: tickets lists 2024-01-15; ops_bi lists 2024-01-15, 2024-02-03; the answer follows tickets, the most trusted.",
    );
    const traditional = eventDisagreementSection(outcomes, workspace, "zh-Hant", () => "物流商變更");
    expect(traditional.text).toContain("事件來源不一致");
    expect(traditional.text).toContain("回答以可信度最高的 tickets 為準");
  });

  it("says nothing when the lists agree", () => {
    const agreeing = [outcome("g1", "ops_bi", ["2024-01-15"]), outcome("g2", "tickets", ["2024-01-15"])];
    expect(eventDisagreementSection(agreeing, workspace, "en", (event) => event).text).toBe("");
  });
});
