/** Where a node sits in the rule text: 0-based offsets, `end` exclusive; the failing clause is `rule.slice(start, end)`. */
export interface SourceSpan {
  start: number;
  end: number;
}

/** Comparison operators (`==` is read as `=`, `<>` as `!=`). */
export type ComparisonOperator = "=" | "!=" | "<" | "<=" | ">" | ">=";

/** Functions that reduce a column to one value. */
export type AggregateFunction = "distinct" | "min" | "max" | "sum" | "avg" | "null_rate";

/** Functions computed on each row's cell. */
export type RowFunction = "len" | "age_days";

/** A literal written in the rule. Percents keep percent units (`5%` → 5). */
export type LiteralValue =
  | { type: "number"; value: number }
  | { type: "percent"; value: number }
  | { type: "string"; value: string }
  | { type: "boolean"; value: boolean }
  | { type: "null" };

/** A literal in the rule text. */
export interface LiteralNode extends SourceSpan {
  type: "literal";
  literal: LiteralValue;
}

/** A bracketed list of literals, the right side of `in`. */
export interface ListNode extends SourceSpan {
  type: "list";
  items: LiteralNode[];
}

/** A column of the evidence; compared row by row. */
export interface ColumnNode extends SourceSpan {
  type: "column";
  name: string;
}

/** A count of the evidence: `rows` (table rows or passages) or `chunks` (passages). */
export interface MeasureNode extends SourceSpan {
  type: "measure";
  name: "rows" | "chunks";
}

/** `len(col)` or `age_days(col)`: a value per row. */
export interface RowCallNode extends SourceSpan {
  type: "row_call";
  function: RowFunction;
  argument: ColumnNode;
}

/** `distinct/min/max/sum/avg/null_rate(…)`: one value for the whole evidence. */
export interface AggregateCallNode extends SourceSpan {
  type: "aggregate_call";
  function: AggregateFunction;
  argument: ColumnNode | RowCallNode;
}

/** Anything that yields a value. */
export type OperandNode = LiteralNode | ColumnNode | MeasureNode | RowCallNode | AggregateCallNode;

/** `a <op> b`. */
export interface ComparisonNode extends SourceSpan {
  type: "comparison";
  operator: ComparisonOperator;
  left: OperandNode;
  right: OperandNode;
}

/** `a in [...]` / `a not in [...]`. */
export interface MembershipNode extends SourceSpan {
  type: "membership";
  negated: boolean;
  value: OperandNode;
  list: ListNode;
}

/** `a matches 'regex'` / `a not matches 'regex'` (linear-time RE2 syntax, unanchored). */
export interface MatchNode extends SourceSpan {
  type: "match";
  negated: boolean;
  value: OperandNode;
  pattern: string;
  patternSpan: SourceSpan;
}

/** `has_columns: [a, b]`, `has_column: a`, `has_field: a`, `has_fields: [a, b]`. */
export interface HasColumnsNode extends SourceSpan {
  type: "has_columns";
  keyword: string;
  columns: { name: string; start: number; end: number }[];
}

/** `any(cond)`: some row satisfies cond; `all(cond)`: every row does. */
export interface QuantifierNode extends SourceSpan {
  type: "quantifier";
  quantifier: "any" | "all";
  condition: RuleNode;
}

/** `a AND b AND …` / `a OR b OR …`. */
export interface LogicalNode extends SourceSpan {
  type: "and" | "or";
  operands: RuleNode[];
}

/** `NOT a`. */
export interface NotNode extends SourceSpan {
  type: "not";
  operand: RuleNode;
}

/** An empty rule: always holds. */
export interface EmptyNode extends SourceSpan {
  type: "empty";
}

/** A parsed rule; `source` on the root keeps the text the spans point into. */
export type RuleNode =
  | LogicalNode
  | NotNode
  | ComparisonNode
  | MembershipNode
  | MatchNode
  | HasColumnsNode
  | QuantifierNode
  | EmptyNode;

/** What parseRule returns: the tree plus the text its spans point into (for failing-clause text). */
export type RootRuleNode = RuleNode & { source: string };
