import type {
  ColumnNode,
  ComparisonNode,
  ComparisonOperator,
  HasColumnsNode,
  LiteralNode,
  MeasureNode,
  OperandNode,
  QuantifierNode,
  RuleNode,
} from "./rule-node.js";

// A tree built in code has no rule text behind it: every span is empty. printRule writes its text.
const NO_SPAN = { start: 0, end: 0 } as const;

/** A column of the evidence. */
export function column(name: string): ColumnNode {
  return { type: "column", name, ...NO_SPAN };
}

/** A count of the evidence: `rows` or `chunks`. */
export function measure(name: MeasureNode["name"]): MeasureNode {
  return { type: "measure", name, ...NO_SPAN };
}

/** A text literal ('2024-03', 'East'). */
export function text(value: string): LiteralNode {
  return { type: "literal", literal: { type: "string", value }, ...NO_SPAN };
}

/** A number literal. */
export function number(value: number): LiteralNode {
  return { type: "literal", literal: { type: "number", value }, ...NO_SPAN };
}

/** `left <operator> right`. */
export function compare(left: OperandNode, operator: ComparisonOperator, right: OperandNode): ComparisonNode {
  return { type: "comparison", operator, left, right, ...NO_SPAN };
}

/** `rows >= n` / `chunks >= n`. */
export function atLeast(count: MeasureNode["name"], n: number): ComparisonNode {
  return compare(measure(count), ">=", number(n));
}

/** `has_columns: [a, b]` (tables) or `has_fields: [a, b]` (records). */
export function hasColumns(keyword: "has_columns" | "has_fields", names: readonly string[]): HasColumnsNode {
  return { type: "has_columns", keyword, columns: names.map((name) => ({ name, ...NO_SPAN })), ...NO_SPAN };
}

/** `any(condition)`: some row satisfies the condition. */
export function anyRow(condition: RuleNode): QuantifierNode {
  return { type: "quantifier", quantifier: "any", condition, ...NO_SPAN };
}

/** `name >= 'from' AND name <= 'to'`: a value inside a range of labels compared as the rule compares them. */
export function between(name: string, from: string, to: string): RuleNode {
  return allOf([compare(column(name), ">=", text(from)), compare(column(name), "<=", text(to))]);
}

/**
 * The conjunction of the clauses: nested ANDs are flattened and empty clauses left out, so no
 * clause, one clause and many clauses give `empty`, the clause itself and one AND.
 */
export function allOf(clauses: readonly RuleNode[]): RuleNode {
  const operands = clauses.flatMap((clause) =>
    clause.type === "and" ? clause.operands : clause.type === "empty" ? [] : [clause],
  );
  if (operands.length === 0) return { type: "empty", ...NO_SPAN };
  if (operands.length === 1) return operands[0];
  return { type: "and", operands, ...NO_SPAN };
}
