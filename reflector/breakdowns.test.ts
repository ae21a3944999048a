import { describe, expect, it } from "vitest";
import type { TableEvidence } from "../models/evidence.js";
import type { SubGoal } from "../models/plan.js";
import { demoWorkspace, goal, table } from "../test/support/reflector/fixtures.js";
import { checkBreakdowns } from "./breakdown-check.js";
import { breakdownsOf } from "./breakdowns.js";
import { sharedNames } from "./shared-names.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";

const catalog = demoWorkspace().config.catalog;
const trust: Record<string, number> = { tickets: 0.9, sales_bi: 0.85, handbook: 0.6 };
const trustOf = (source: string) => trust[source] ?? 0.5;
const quarters = [
  { grain: "quarter" as const, from: "2023-07-01", to: "2023-09-30" },
  { grain: "quarter" as const, from: "2023-10-01", to: "2023-12-31" },
];

function complaintsGoal(
  id: string,
  source: string,
  breakdown: object | undefined,
  metric = "complaints",
): SubGoal {
  return goal({
    id,
    source,
    params: {
      metric,
      filters: { category: "Service" },
      period: { grain: "quarter", from: "2023-07-01", to: "2023-12-31" },
    },
    asked: {
      kind: "metric",
      metric,
      keys: { category: "Service" },
      periods: quarters,
      ...(breakdown ? { breakdown } : {}),
    },
  });
}

function outcome(subGoal: SubGoal, evidence: TableEvidence): GoalOutcome {
  return {
    goal: subGoal,
    planned: subGoal,
    status: "answered",
    evidence,
    check: { status: "answered", found: [], missing: [] },
  };
}

// Tickets: one row per complaint. Q3: Slow 2, Wrong 1; Q4: Wrong 3, Slow 1, Rude 1; one Delivery row
// (another category) and one Service row without a sub-type, neither counted.
const tickets = table(
  [
    ["SVC-1", "Service", "Slow response", "2023-07-03T10:00:00.000+0800"],
    ["SVC-2", "Service", "Slow response", "2023-08-03T10:00:00.000+0800"],
    ["SVC-3", "Service", "Wrong information", "2023-09-03T10:00:00.000+0800"],
    ["SVC-4", "Service", "Wrong information", "2023-10-03T10:00:00.000+0800"],
    ["SVC-5", "Service", "Wrong information", "2023-11-03T10:00:00.000+0800"],
    ["SVC-6", "Service", "Wrong information", "2023-12-03T10:00:00.000+0800"],
    ["SVC-7", "Service", "Slow response", "2023-12-04T10:00:00.000+0800"],
    ["SVC-8", "Service", "Rude staff", "2023-12-05T10:00:00.000+0800"],
    ["SVC-9", "Delivery", "Late delivery", "2023-12-06T10:00:00.000+0800"],
    ["SVC-10", "Service", "", "2023-12-07T10:00:00.000+0800"],
  ].map(([key, category, sub_type, created]) => ({ key, category, sub_type, created })),
  "tickets",
) as TableEvidence;

// A less trusted grid that disagrees: never used while the trusted source has the rows.
const grid = table(
  [
    { category: "Service", sub_type: "Slow response", quarter: "2023-Q3", complaints: 9 },
    { category: "Service", sub_type: "Slow response", quarter: "2023-Q4", complaints: 9 },
  ],
  "sales_bi",
) as TableEvidence;

describe("breakdownsOf", () => {
  it("ranks the one unit the months make up by each kind's sum when the metric adds up", () => {
    const breakdown = { dimension: "sub_type", order: "descending" };
    const months = ["10", "11", "12"].map((month) => ({
      grain: "month" as const,
      from: `2023-${month}-01`,
      to: `2023-${month}-${month === "11" ? "30" : "31"}`,
    }));
    const quarterOfMonths = (metric: string) => {
      const subGoal = complaintsGoal("g1", "tickets", breakdown, metric);
      return {
        ...subGoal,
        asked: subGoal.asked?.kind === "metric" ? { ...subGoal.asked, periods: months } : subGoal.asked,
      };
    };
    const [counted] = breakdownsOf([outcome(quarterOfMonths("complaints"), tickets)], catalog, trustOf);
    expect(counted.periods.map((period) => period.period)).toEqual(["2023-10", "2023-11", "2023-12"]);
    expect(counted.total?.period).toBe("2023-Q4");
    expect(counted.total?.entries.map((entry) => [entry.value, entry.amount, entry.rows.length])).toEqual([
      ["Wrong information", 3, 3],
      ["Rude staff", 1, 1],
      ["Slow response", 1, 1],
    ]);
    // Two quarters asked side by side are two asks, not the parts of one: no total.
    const [sideBySide] = breakdownsOf(
      [outcome(complaintsGoal("g1", "tickets", breakdown), tickets)],
      catalog,
      trustOf,
    );
    expect(sideBySide.total).toBeUndefined();
    // Rates of three months do not add up: no total ranking is made of them.
    const rates = table(
      months.map((month, index) => ({
        category: "Service",
        sub_type: "Slow response",
        month: month.from.slice(0, 7),
        return_rate: 3 + index / 10,
      })),
      "tickets",
      { units: { return_rate: "percent" } },
    ) as TableEvidence;
    const [rated] = breakdownsOf([outcome(quarterOfMonths("return_rate"), rates)], catalog, trustOf);
    expect(rated.periods).toHaveLength(3);
    expect(rated.total).toBeUndefined();
  });

  it("ranks each asked period from the most trusted source's rows for the asked keys, with the change per kind", () => {
    const breakdown = { dimension: "sub_type", order: "descending" };
    const [result] = breakdownsOf(
      [
        outcome(complaintsGoal("g2", "sales_bi", breakdown), grid),
        outcome(complaintsGoal("g1", "tickets", breakdown), tickets),
      ],
      catalog,
      trustOf,
    );
    expect(result.dimension).toBe("sub_type");
    expect(result.keys).toEqual({ category: "Service" });
    expect(
      result.periods.map((period) => [
        period.period,
        period.source,
        period.entries.map((entry) => [entry.value, entry.amount]),
      ]),
    ).toEqual([
      [
        "2023-Q3",
        "tickets",
        [
          ["Slow response", 2],
          ["Wrong information", 1],
        ],
      ],
      [
        "2023-Q4",
        "tickets",
        [
          ["Wrong information", 3],
          ["Rude staff", 1],
          ["Slow response", 1],
        ],
      ],
    ]);
    // Counted records keep their rows: the citations and the number audit read them.
    expect(result.periods[1].entries[0]).toMatchObject({ rows: [3, 4, 5], derivation: "count" });
    // A kind absent in a period was counted zero times there.
    expect(result.changes.map((change) => [change.value, change.from, change.to, change.change])).toEqual([
      ["Wrong information", 1, 3, 2],
      ["Rude staff", 0, 1, 1],
      ["Slow response", 2, 1, -1],
    ]);
    expect(result.changes[0].relative).toBe(200);
    expect(result.changes[1].relative).toBeNull();
  });

  it("sums an additive metric column and ranks ascending when asked; makes up no rate from several rows", () => {
    const ascending = { dimension: "sub_type", order: "ascending", top: 1 };
    const [summed] = breakdownsOf(
      [outcome(complaintsGoal("g1", "sales_bi", ascending), grid)],
      catalog,
      trustOf,
    );
    expect(summed.top).toBe(1);
    expect(
      summed.periods.map((period) => period.entries.map((entry) => [entry.value, entry.amount])),
    ).toEqual([[["Slow response", 9]], [["Slow response", 9]]]);
    const rates = table(
      [
        { region: "East", product: "A", month: "2024-01", return_rate: 5.2 },
        { region: "East", product: "B", month: "2024-01", return_rate: 3.1 },
        { region: "North", product: "A", month: "2024-01", return_rate: 3.9 },
      ],
      "sales_bi",
      { units: { return_rate: "percent" } },
    ) as TableEvidence;
    const rateGoal = goal({
      id: "g1",
      source: "sales_bi",
      params: {
        metric: "return_rate",
        filters: {},
        period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
      },
      asked: {
        kind: "metric",
        metric: "return_rate",
        keys: {},
        periods: [{ grain: "month", from: "2024-01-01", to: "2024-01-31" }],
        breakdown: { dimension: "region", order: "descending" },
      },
    });
    const [byRegion] = breakdownsOf([outcome(rateGoal, rates)], catalog, trustOf);
    // East has two products: their rates are not added up, so only North's one value is ranked.
    expect(byRegion.periods[0].entries.map((entry) => [entry.value, entry.amount])).toEqual([["North", 3.9]]);
  });
});

describe("checkBreakdowns", () => {
  it("makes an item partial with a gap when no dimension is mapped, or no answered source holds it", () => {
    const unmapped = outcome(
      complaintsGoal("g1", "tickets", { wanted: "reasons", order: "descending" }),
      tickets,
    );
    const [gap] = checkBreakdowns([unmapped], catalog, trustOf);
    expect(gap.gap).toEqual({
      code: "breakdown_unavailable",
      metric: "complaints",
      keys: { category: "Service" },
      mapped: false,
      wanted: "reasons",
    });
    expect(unmapped.check?.status).toBe("partial");
    const withoutColumn = table([{ category: "Service", quarter: "2023-Q3", complaints: 42 }], "sales_bi");
    const notHeld = outcome(
      complaintsGoal("g1", "sales_bi", { dimension: "sub_type", order: "descending" }),
      withoutColumn as TableEvidence,
    );
    expect(checkBreakdowns([notHeld], catalog, trustOf)[0].gap).toMatchObject({
      mapped: true,
      dimension: "sub_type",
    });
    expect(notHeld.check?.status).toBe("partial");
    const held = outcome(
      complaintsGoal("g1", "tickets", { dimension: "sub_type", order: "descending" }),
      tickets,
    );
    expect(checkBreakdowns([held], catalog, trustOf)).toEqual([]);
    expect(held.check?.status).toBe("answered");
  });
});

describe("sharedNames", () => {
  const releases = (source: string) =>
    table(
      [
        { key: "CRM-2", version: "3.2.0", release_date: "2023-07-20", modules: "Ticketing, Loyalty" },
        { key: "CRM-3", version: "3.3.0", release_date: "2023-09-05", modules: "Service Desk" },
        { key: "CRM-5", version: "3.5.0", release_date: "2023-12-01", modules: "Loyalty" },
      ],
      source,
    ) as TableEvidence;

  it("relates events to the asked values by the words both write, once per event, the most trusted source first", () => {
    const found = sharedNames(
      [
        { goal: "g4", source: "handbook", evidence: releases("handbook"), trust: 0.6 },
        { goal: "g3", source: "tickets", evidence: releases("tickets"), trust: 0.9 },
      ],
      [
        { dimension: "category", value: "Service" },
        { dimension: "sub_type", value: "Ticket lost" },
        { dimension: "sub_type", value: "Rude staff" },
      ],
      catalog,
    );
    expect(found.map((shared) => [shared.goal, shared.row, shared.shared, shared.value])).toEqual([
      ["g3", 0, "Ticketing", "Ticket lost"],
      ["g3", 1, "Service", "Service"],
    ]);
  });
});
