import { describe, expect, it } from "vitest";
import { parseRule, printRule } from "../models/validation-rule/index.js";
import { withoutSpans } from "../test/support/validation-rule/without-spans.js";
import { validationRuleFor, validationTreeFor } from "./validation-rule-for.js";
import type { Offer } from "./workspace-offers.js";

const offer = (sourceKind: string): Offer => ({
  source: "s",
  sourceKind,
  trust: 0.5,
  dataset: "d",
  metrics: ["m"],
  dimensions: [],
  events: [],
  topics: [],
  columns: ["month", "m"],
  grain: "month",
  expectedFormat: "table",
  live: true,
});
const period = { grain: "month", from: "2024-03-01", to: "2024-03-31" } as const;

describe("validationRuleFor", () => {
  it("demands a row inside the period where the kind filters by period", () => {
    for (const kind of ["file", "bi_dashboard", "tickets"])
      expect(validationRuleFor(offer(kind), "metric", period)).toContain("any(month >= '2024-03'");
  });

  it("adds no period clause for tables read as published, nor for a kind it does not know", () => {
    expect(validationRuleFor(offer("pdf_kb"), "metric", period)).toBe(
      "has_columns: [month, m] AND rows >= 1",
    );
    expect(validationRuleFor(offer("constructor"), "metric", period)).toBe(
      "has_columns: [month, m] AND rows >= 1",
    );
  });
});

describe("validationTreeFor", () => {
  it("builds the rule as a tree that prints to text the parser reads back to the same tree", () => {
    const odd: Offer = { ...offer("file"), columns: ["month", "order id", "rows"] };
    for (const role of ["metric", "event", "text"] as const) {
      const tree = validationTreeFor(odd, role, period);
      expect(withoutSpans(parseRule(printRule(tree)))).toEqual(withoutSpans(tree));
    }
    expect(validationRuleFor(odd, "metric", period)).toBe(
      "has_columns: [month, `order id`, `rows`] AND rows >= 1 AND any(month >= '2024-03' AND month <= '2024-03')",
    );
  });
});
