import { describe, expect, it } from "vitest";
import { parseRule, printRule } from "../../models/validation-rule/index.js";
import { capsRows, ruleForOtherSource, widenPeriodBounds, withoutFilterClauses } from "./rule-rewrites.js";

const february = { grain: "month", from: "2024-02-01", to: "2024-02-29" } as const;
const firstQuarter = { grain: "quarter", from: "2024-01-01", to: "2024-03-31" } as const;

describe("rule rewrites on syntax trees", () => {
  it("moves period bounds at every grain the rule compares at", () => {
    const cases: [string, string][] = [
      ["any(month >= '2024-02' AND month <= '2024-02')", "any(month >= '2024-01' AND month <= '2024-03')"],
      [
        "any(date >= '2024-02-01' AND date <= '2024-02-29')",
        "any(date >= '2024-01-01' AND date <= '2024-03-31')",
      ],
      ["rows >= 1 AND quarter >= 2024-Q1", "rows >= 1 AND quarter >= '2024-Q1'"],
    ];
    for (const [rule, widened] of cases)
      expect(printRule(widenPeriodBounds(parseRule(rule), february, firstQuarter))).toBe(widened);
  });

  it("leaves what is not a period bound alone, as the same tree", () => {
    const rule = parseRule(
      "rows >= 1 AND name <= '2024-02' OR month = '2024-02' AND x matches '>= .2024-02.'",
    );
    // name <= '2024-02' is an upper bound equal to the old end, so it moves; nothing else does.
    expect(printRule(widenPeriodBounds(rule, february, firstQuarter))).toBe(
      "(rows >= 1 AND name <= '2024-03') OR (month = '2024-02' AND x matches '>= .2024-02.')",
    );
    const untouched = parseRule("rows >= 1 AND region = 'East'");
    expect(widenPeriodBounds(untouched, february, firstQuarter)).toBe(untouched);
  });

  it("tells a rule that caps the row count from one that demands a minimum", () => {
    expect(capsRows(parseRule("rows = 1"))).toBe(true);
    expect(capsRows(parseRule("has_columns: [m] AND NOT (rows < 3)"))).toBe(true);
    expect(capsRows(parseRule("rows >= 1 AND any(rows_seen = 1)"))).toBe(false);
    expect(capsRows(parseRule("chunks <= 3"))).toBe(false);
  });

  it("drops the clauses that read a dropped filter's column, keeping has_columns", () => {
    const rule = parseRule("has_columns: [region, m] AND all(region = 'East') AND rows >= 1 AND min(m) >= 0");
    expect(printRule(withoutFilterClauses(rule, "region"))).toBe(
      "has_columns: [region, m] AND rows >= 1 AND min(m) >= 0",
    );
    expect(printRule(withoutFilterClauses(parseRule("region in ['East']"), "region"))).toBe("");
    const untouched = parseRule("rows >= 1");
    expect(withoutFilterClauses(untouched, "region")).toBe(untouched);
  });

  it("rebuilds the rule for another source from rows alone", () => {
    expect(printRule(ruleForOtherSource())).toBe("rows >= 1");
  });
});
