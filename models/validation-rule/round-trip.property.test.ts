import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutSpans } from "../../test/support/validation-rule/without-spans.js";
import { build, parseRule, printRule } from "./index.js";
import type {
  AggregateFunction,
  ColumnNode,
  LiteralNode,
  OperandNode,
  RowFunction,
  RuleNode,
} from "./rule-node.js";

// Trees built in code (as the planner and the reflector build them), printed and parsed back:
// print∘parse must give the same tree, whatever the names and values.
const NO_SPAN = { start: 0, end: 0 };

// Column names: plain words, words the parser reserves, and names that need `quoting`.
const columnName = fc.oneof(
  fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/),
  fc.constantFrom("rows", "chunks", "and", "NOT", "any", "all", "in", "null", "has_fields", "len"),
  fc.constantFrom("order id", "退货率", "2024", "a-b", "x.y", "__proto__"),
);
const column: fc.Arbitrary<ColumnNode> = columnName.map(build.column);
const literal: fc.Arbitrary<LiteralNode> = fc.oneof(
  fc.nat({ max: 1_000_000 }).map(build.number),
  fc.constantFrom(0.5, 12.25, 1e-7).map(build.number),
  fc
    .nat({ max: 100 })
    .map((value): LiteralNode => ({ type: "literal", literal: { type: "percent", value }, ...NO_SPAN })),
  fc.string({ maxLength: 12 }).map(build.text),
  fc.constantFrom("2024-03", "2024-Q1", "2024-03-31", "it's", "a\\b", "\\n").map(build.text),
  fc
    .boolean()
    .map((value): LiteralNode => ({ type: "literal", literal: { type: "boolean", value }, ...NO_SPAN })),
  fc.constant<LiteralNode>({ type: "literal", literal: { type: "null" }, ...NO_SPAN }),
);
const rowCall = fc
  .tuple(fc.constantFrom<RowFunction>("len", "age_days"), column)
  .map(([name, argument]) => ({ type: "row_call" as const, function: name, argument, ...NO_SPAN }));
const operand: fc.Arbitrary<OperandNode> = fc.oneof(
  literal,
  column,
  fc.constantFrom("rows", "chunks").map((name) => build.measure(name as "rows" | "chunks")),
  rowCall,
  fc
    .tuple(
      fc.constantFrom<AggregateFunction>("distinct", "min", "max", "sum", "avg", "null_rate"),
      fc.oneof(column, rowCall),
    )
    .map(([name, argument]) => ({ type: "aggregate_call" as const, function: name, argument, ...NO_SPAN })),
);
const leaf: fc.Arbitrary<RuleNode> = fc.oneof(
  fc
    .tuple(operand, fc.constantFrom("=", "!=", "<", "<=", ">", ">=" as const), operand)
    .map(([left, operator, right]) => build.compare(left, operator, right)),
  fc.tuple(operand, fc.boolean(), fc.array(literal, { maxLength: 3 })).map(([value, negated, items]) => ({
    type: "membership" as const,
    negated,
    value,
    list: { type: "list" as const, items, ...NO_SPAN },
    ...NO_SPAN,
  })),
  fc
    .tuple(operand, fc.boolean(), fc.constantFrom("^Q[1-4]$", "(?i)east", "\\d+", "it's"))
    .map(([value, negated, pattern]) => ({
      type: "match" as const,
      negated,
      value,
      pattern,
      patternSpan: NO_SPAN,
      ...NO_SPAN,
    })),
  fc
    .tuple(
      fc.constantFrom("has_columns", "has_column", "has_fields", "has_field"),
      fc.array(columnName, { minLength: 1, maxLength: 3 }),
    )
    .map(([keyword, names]) => ({
      type: "has_columns" as const,
      keyword,
      columns: names.map((name) => ({ name, ...NO_SPAN })),
      ...NO_SPAN,
    })),
);

/** Clauses; `quantified` false inside any()/all(), which do not nest. */
function clauses(quantified: boolean): fc.Arbitrary<RuleNode> {
  return fc.letrec<{ clause: RuleNode }>((tie) => ({
    clause: fc.oneof(
      { maxDepth: 3, depthIdentifier: quantified ? "outer" : "inner" },
      leaf,
      fc
        .tuple(fc.constantFrom("and", "or" as const), fc.array(tie("clause"), { minLength: 2, maxLength: 3 }))
        .map(([type, operands]): RuleNode => ({ type, operands, ...NO_SPAN })),
      tie("clause").map((operand): RuleNode => ({ type: "not", operand, ...NO_SPAN })),
      ...(quantified
        ? [
            fc.tuple(fc.constantFrom("any", "all" as const), clauses(false)).map(
              ([quantifier, condition]): RuleNode => ({
                type: "quantifier",
                quantifier,
                condition,
                ...NO_SPAN,
              }),
            ),
          ]
        : []),
    ),
  })).clause;
}

describe("rule text round trip (fast-check)", () => {
  it("parse(print(tree)) is the tree, for generated trees", () => {
    fc.assert(
      fc.property(clauses(true), (tree) => {
        expect(withoutSpans(parseRule(printRule(tree)))).toEqual(withoutSpans(tree));
      }),
      { numRuns: 2_000 },
    );
  });

  it("print(parse(text)) is a fixed point: printing the parsed text again gives the same text", () => {
    fc.assert(
      fc.property(clauses(true), (tree) => {
        const text = printRule(tree);
        expect(printRule(parseRule(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it("the builders' conjunction flattens and drops empty clauses", () => {
    const rows = build.atLeast("rows", 1);
    expect(build.allOf([])).toMatchObject({ type: "empty" });
    expect(build.allOf([rows, build.allOf([])])).toBe(rows);
    expect(printRule(build.allOf([build.allOf([rows, rows]), rows]))).toBe(
      "rows >= 1 AND rows >= 1 AND rows >= 1",
    );
  });
});
