import { labelAtGrain } from "../../domain/period-range.js";
import type { Grain, Period } from "../../models/plan.js";
import {
  build,
  type ComparisonNode,
  columnsRead,
  mapClauses,
  type RuleNode,
  someClause,
  withoutConjuncts,
} from "../../models/validation-rule/index.js";

// The grains a rule may compare a period at: '2024-02-05', '2024-02', '2024-Q1', '2024'.
const RULE_GRAINS: Grain[] = ["day", "month", "quarter", "year"];

function labelAt(date: string, grain: Grain): string {
  return grain === "day" ? date : labelAtGrain(date, grain);
}

/** The text literal a comparison holds against a column (`month >= '2024-02'`), if that is its shape. */
function boundOf(clause: ComparisonNode): string | undefined {
  const { left, right } = clause;
  return left.type !== "literal" && right.type === "literal" && right.literal.type === "string"
    ? right.literal.value
    : undefined;
}

/**
 * Moves the period bounds of a rule to the widened period, at every grain a rule may compare at
 * ('2024-02' → '2024-01' … '2024-03'): a lower bound (`>=`) that is the old period's start at some
 * grain becomes the new start at that grain, an upper bound (`<=`) the new end.
 */
export function widenPeriodBounds(rule: RuleNode, from: Period, to: Period): RuleNode {
  return mapClauses(rule, (clause) => {
    if (clause.type !== "comparison" || (clause.operator !== ">=" && clause.operator !== "<=")) return clause;
    const bound = boundOf(clause);
    if (bound === undefined) return clause;
    const lower = clause.operator === ">=";
    for (const grain of RULE_GRAINS) {
      const old = labelAt(lower ? from.from : from.to, grain);
      const moved = labelAt(lower ? to.from : to.to, grain);
      if (bound === old) return bound === moved ? clause : { ...clause, right: build.text(moved) };
    }
    return clause;
  });
}

/** Whether the rule demands an exact or a most number of rows (`rows = 1`, `rows <= 3`): more rows would fail it. */
export function capsRows(rule: RuleNode): boolean {
  return someClause(
    rule,
    (clause) =>
      clause.type === "comparison" &&
      clause.left.type === "measure" &&
      clause.left.name === "rows" &&
      (clause.operator === "=" || clause.operator === "<=" || clause.operator === "<"),
  );
}

/**
 * The rule without the top-level clauses that read the values of a filter's column
 * (`all(region = 'East')`): once the filter is dropped, other rows are expected. `has_columns`
 * still demands the column.
 */
export function withoutFilterClauses(rule: RuleNode, filter: string): RuleNode {
  return withoutConjuncts(rule, (clause) => columnsRead(clause).has(filter));
}

/**
 * The rule for the same goal on another source: the first source's columns (has_columns, the period
 * column) are not the other's, so the alternative is checked for rows only.
 */
export function ruleForOtherSource(): RuleNode {
  return build.atLeast("rows", 1);
}
