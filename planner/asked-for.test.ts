import { describe, expect, it } from "vitest";
import type { SubGoal } from "../models/plan.js";
import { askedFor, operationOf, periodUnits } from "./asked-for.js";

const base = {
  id: "g1",
  description: "d",
  source: "s",
  expected_format: "table",
  validation: "",
  required: true,
} as const;

describe("askedFor", () => {
  it("records a metric's exact keys and each asked period unit", () => {
    const goal: SubGoal = {
      ...base,
      params: {
        metric: "return_rate",
        filters: { product: "C", region: "West" },
        period: { grain: "month", from: "2024-01-01", to: "2024-03-31" },
      },
    };
    const asked = askedFor(goal, "Return rate of C in West, Q1 2024 by month");
    expect(asked).toEqual({
      kind: "metric",
      metric: "return_rate",
      keys: { product: "C", region: "West" },
      periods: [
        { grain: "month", from: "2024-01-01", to: "2024-01-31" },
        { grain: "month", from: "2024-02-01", to: "2024-02-29" },
        { grain: "month", from: "2024-03-01", to: "2024-03-31" },
      ],
      operation: "value",
    });
  });

  it("records an event's keys and window", () => {
    const period = { grain: "month" as const, from: "2024-01-01", to: "2024-01-31" };
    const asked = askedFor(
      { ...base, params: { event: "carrier_change", filters: { region: "South" }, period } },
      "x",
    );
    expect(asked).toEqual({
      kind: "event",
      event: "carrier_change",
      keys: { region: "South" },
      window: period,
      operation: "value",
    });
  });

  it("records a text question's aspect and its subject without the question words", () => {
    const asked = askedFor(
      { ...base, expected_format: "text", params: { filters: {}, query: "How long does the repair take?" } },
      "How long does the repair take?",
    );
    expect(asked.kind).toBe("text");
    if (asked.kind !== "text") return;
    expect(asked.aspect).toBe("duration");
    expect(asked.subject).toContain("repair");
    expect(asked.subject).not.toContain("long");
  });

  it.each([
    ["How many tickets were opened in 2019?", "count"],
    ["工单一共有几个？", "total"],
    ["What was the average return rate in 2024?", "average"],
    ["为什么华东的退货率上升了？", "why"],
    ["Why did the return rate rise?", "why"],
    ["Return rate in January", "value"],
  ])("detects the operation of %s", (question, operation) => {
    expect(operationOf(question)).toBe(operation);
  });

  it("keeps a span of more than 60 units as one period", () => {
    const period = { grain: "day" as const, from: "2024-01-01", to: "2024-12-31" };
    expect(periodUnits(period)).toEqual([period]);
  });
});
