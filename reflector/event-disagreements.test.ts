import { describe, expect, it } from "vitest";
import type { TableEvidence } from "../models/evidence.js";
import type { SubGoal } from "../models/plan.js";
import { eventDisagreements } from "./event-disagreements.js";

const goal = (id: string, source: string, filters: Record<string, string>): SubGoal => ({
  id,
  description: id,
  source,
  dataset: "d",
  params: { event: "logistics_provider_change", filters },
  expected_format: "records",
  validation: "",
  required: false,
});
const table = (dates: string[]): TableEvidence => ({
  kind: "table",
  columns: [
    { name: "key", type: "string" },
    { name: "change_date", type: "date" },
  ],
  rows: dates.map((date, index) => ({ key: `K-${index}`, change_date: date })),
  provenance: dates.map(() => ({ source: "s" })),
  notes: [],
});

describe("event disagreements between sources", () => {
  it("prefers the most trusted list and names every date the lists do not share", () => {
    const records = eventDisagreements([
      {
        goal: goal("ops", "ops_bi", { region: "East", product: "A" }),
        evidence: table(["2024-01-15", "2024-02-03"]),
        trust: 0.6,
      },
      {
        goal: goal("register", "tickets", { region: "East" }),
        evidence: table(["2024-01-15", "2024-01-20"]),
        trust: 0.9,
      },
    ]);
    expect(records).toHaveLength(1);
    expect(records[0].preferred.source).toBe("tickets");
    expect(records[0].onlyIn).toEqual([
      { source: "tickets", dates: ["2024-01-20"] },
      { source: "ops_bi", dates: ["2024-02-03"] },
    ]);
    expect(records[0].summary).toBe(
      "logistics_provider_change: the sources disagree: tickets (trust 0.9) lists 2024-01-15, 2024-01-20; ops_bi (trust 0.6) lists 2024-01-15, 2024-02-03; the answer uses tickets, the most trusted",
    );
  });

  it("gives no record when the lists agree, or when the sub-goals asked for different filter values", () => {
    expect(
      eventDisagreements([
        { goal: goal("a", "tickets", { region: "East" }), evidence: table(["2024-01-15"]), trust: 0.9 },
        { goal: goal("b", "ops_bi", { region: "East" }), evidence: table(["2024-01-15"]), trust: 0.6 },
      ]),
    ).toEqual([]);
    expect(
      eventDisagreements([
        { goal: goal("a", "tickets", { region: "East" }), evidence: table(["2024-01-15"]), trust: 0.9 },
        { goal: goal("b", "ops_bi", { region: "North" }), evidence: table([]), trust: 0.6 },
      ]),
    ).toEqual([]);
  });
});
