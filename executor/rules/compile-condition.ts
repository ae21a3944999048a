import type { CellValue } from "../../models/evidence.js";
import { compilePattern } from "../../models/validation-rule/compile-pattern.js";
import { printLiteral } from "../../models/validation-rule/print-rule.js";
import type {
  ComparisonNode,
  ComparisonOperator,
  HasColumnsNode,
  MatchNode,
  MembershipNode,
  RuleNode,
} from "../../models/validation-rule/rule-node.js";
import { cellNumber, compileOperand, type Operand } from "./compile-operand.js";
import type { EvaluationContext } from "./evaluation-context.js";
import { compareRuleDates, ISO_DATE_LIKE, type RuleDate } from "./rule-date.js";
import { formatRuleValue } from "./rule-value-format.js";

/** A condition ready to test on rows: the leaves of a rule and everything inside any()/all(). */
export interface Condition {
  node: RuleNode;
  /** True when the outcome depends on the row (it reads a column). */
  rowWise: boolean;
  test(row: number): boolean;
  /** The cells (and per-row values such as age_days(col)) this condition reads on a row. */
  rowValues(row: number): [string, CellValue][];
  /** One row's values in words, for messages. */
  describeRow(row: number): string;
  /** Why a condition that does not read rows is false: "rows = 0, expected >= 1". */
  explain(): string;
}

/** How two values are compared, decided from their static types before any row is read. */
type ComparisonKind = "number" | "date" | "string" | "boolean" | "null";

/** A cell that could not be read as the comparison's kind (text in a date comparison); fails its row. */
const INVALID = Symbol("invalid");
type Normalized = number | string | boolean | RuleDate | null | typeof INVALID;

const KIND_WORD: Record<ComparisonKind, string> = {
  number: "number",
  date: "date",
  string: "text",
  boolean: "boolean",
  null: "null",
};

/**
 * Compiles a condition node. any()/all() are handled by the evaluator, never here. `perRow` is
 * set inside any()/all(), where len(text) of text evidence means each passage's length.
 */
export function compileCondition(node: RuleNode, context: EvaluationContext, perRow = false): Condition {
  switch (node.type) {
    case "comparison":
      return compileComparison(node, context, perRow);
    case "membership":
      return compileMembership(node, context, perRow);
    case "match":
      return compileMatch(node, context, perRow);
    case "has_columns":
      return compileHasColumns(node, context);
    case "empty":
      return constant(node, true, "");
    case "and":
    case "or": {
      const parts = node.operands.map((operand) => compileCondition(operand, context, perRow));
      const isAnd = node.type === "and";
      return combine(node, parts, (row) =>
        isAnd ? parts.every((part) => part.test(row)) : parts.some((part) => part.test(row)),
      );
    }
    case "not": {
      const inner = compileCondition(node.operand, context, perRow);
      return combine(node, [inner], (row) => !inner.test(row));
    }
    case "quantifier":
      throw context.error(`${node.quantifier}(...) cannot be nested inside any(...) or all(...)`, node);
    default:
      // Only a tree built in code can get here.
      throw context.error(`unknown clause type '${String((node as { type?: unknown }).type)}'`, node);
  }
}

function constant(node: RuleNode, holds: boolean, why: string): Condition {
  return {
    node,
    rowWise: false,
    test: () => holds,
    rowValues: () => [],
    describeRow: () => "",
    explain: () => why,
  };
}

function combine(node: RuleNode, parts: Condition[], test: (row: number) => boolean): Condition {
  return {
    node,
    rowWise: parts.some((part) => part.rowWise),
    test,
    rowValues: (row) => {
      const seen = new Map<string, CellValue>();
      for (const part of parts)
        for (const [key, value] of part.rowValues(row)) if (!seen.has(key)) seen.set(key, value);
      return [...seen];
    },
    describeRow: (row) => {
      const seen = new Set<string>();
      const texts: string[] = [];
      for (const part of parts) {
        for (const piece of part.describeRow(row).split(", ")) {
          if (piece && !seen.has(piece)) {
            seen.add(piece);
            texts.push(piece);
          }
        }
      }
      return texts.join(", ");
    },
    explain: () =>
      parts
        .map((part) => part.explain())
        .filter(Boolean)
        .join("; "),
  };
}

function compileHasColumns(node: HasColumnsNode, context: EvaluationContext): Condition {
  const columns = context.frame.columns;
  const missing = node.columns.filter((column) => !columns.has(column.name)).map((column) => column.name);
  const noun = context.frame.kind === "text" ? "field" : "column";
  const available = [...columns.keys()];
  const shown = available.length > 20 ? `${available.slice(0, 20).join(", ")}, …` : available.join(", ");
  const why =
    `missing ${noun}${missing.length === 1 ? "" : "s"} ${missing.join(", ")}; ` +
    (available.length === 0 ? "the evidence has no columns" : `${noun}s are: ${shown}`);
  return constant(node, missing.length === 0, why);
}

/** Decides how to compare two operands; a clear error when their types cannot be compared. */
function comparisonKind(
  left: Operand,
  right: Operand,
  node: RuleNode,
  context: EvaluationContext,
  stringList = false,
): ComparisonKind {
  const a = left.type;
  const b = right.type;
  if (a === "null" || b === "null") return "null";
  const numeric = (type: string) => type === "number" || type === "percent";
  if (numeric(a) && numeric(b)) return "number";
  if (a === "date" || b === "date") {
    const other = a === "date" ? right : left;
    if (other.type === "date" || other.type === "string") return "date";
  }
  if (a === "string" && b === "string") {
    // A literal shaped like an ISO date/month/quarter compares a text column as dates.
    const isoLiteral = (operand: Operand) =>
      operand.literal && typeof operand.value(0) === "string" && ISO_DATE_LIKE.test(String(operand.value(0)));
    if (!stringList && (isoLiteral(left) || isoLiteral(right))) return "date";
    return "string";
  }
  if (a === "boolean" && b === "boolean") return "boolean";
  throw context.error(`cannot compare ${describeOperand(left)} with ${describeOperand(right)}`, node);
}

function describeOperand(operand: Operand): string {
  if (operand.literal) return `${operand.type === "string" ? "text" : operand.type} ${operand.text}`;
  if (operand.node.type === "column")
    return `${operand.text} (a ${operand.type === "string" ? "text" : operand.type} column)`;
  return `${operand.text} (a ${operand.type === "string" ? "text" : operand.type})`;
}

function normalize(value: CellValue, kind: ComparisonKind, context: EvaluationContext): Normalized {
  if (value === null) return null;
  switch (kind) {
    case "number":
      return cellNumber(value) ?? INVALID;
    case "date":
      return typeof value === "string" ? (context.date(value) ?? INVALID) : INVALID;
    case "string":
      return typeof value === "string" ? value : String(value);
    case "boolean":
      return typeof value === "boolean" ? value : INVALID;
    default:
      return value as Normalized;
  }
}

function order(kind: ComparisonKind, left: Normalized, right: Normalized): number {
  if (kind === "number") {
    // Averages and sums carry float noise (15.3 / 3 = 5.1000000000000005); 5.1 must still equal it.
    const a = left as number;
    const b = right as number;
    const difference = a - b;
    return Math.abs(difference) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)) ? 0 : difference;
  }
  if (kind === "date") return compareRuleDates(left as RuleDate, right as RuleDate);
  if (kind === "string") return left === right ? 0 : (left as string) < (right as string) ? -1 : 1;
  return left === right ? 0 : 1;
}

function holds(
  operator: ComparisonOperator,
  kind: ComparisonKind,
  left: Normalized,
  right: Normalized,
): boolean {
  if (left === INVALID || right === INVALID) return false;
  // null equals only null; ordering against null is never true (the row shows the null).
  if (left === null || right === null) {
    if (operator === "=") return left === right;
    if (operator === "!=") return left !== right;
    return false;
  }
  const difference = order(kind, left, right);
  switch (operator) {
    case "=":
      return difference === 0;
    case "!=":
      return difference !== 0;
    case "<":
      return difference < 0;
    case "<=":
      return difference <= 0;
    case ">":
      return difference > 0;
    default:
      return difference >= 0;
  }
}

/** normalize() for one kind, chosen once so the row loop does not switch on the kind. */
function normalizer(kind: ComparisonKind, context: EvaluationContext): (value: CellValue) => Normalized {
  switch (kind) {
    case "number":
      return (value) =>
        value === null
          ? null
          : typeof value === "number" && Number.isFinite(value)
            ? value
            : (cellNumber(value) ?? INVALID);
    case "date":
      return (value) =>
        value === null ? null : typeof value === "string" ? (context.date(value) ?? INVALID) : INVALID;
    default:
      return (value) => normalize(value, kind, context);
  }
}

/** The test of one operator on an ordering difference. */
function differenceTest(operator: ComparisonOperator): (difference: number) => boolean {
  switch (operator) {
    case "=":
      return (difference) => difference === 0;
    case "!=":
      return (difference) => difference !== 0;
    case "<":
      return (difference) => difference < 0;
    case "<=":
      return (difference) => difference <= 0;
    case ">":
      return (difference) => difference > 0;
    default:
      return (difference) => difference >= 0;
  }
}

/** holds() for one operator and kind, with a fast path for two numbers (the common case). */
function comparator(
  operator: ComparisonOperator,
  kind: ComparisonKind,
): (left: Normalized, right: Normalized) => boolean {
  if (kind !== "number") return (left, right) => holds(operator, kind, left, right);
  const test = differenceTest(operator);
  return (left, right) => {
    if (typeof left !== "number" || typeof right !== "number") return holds(operator, kind, left, right);
    const difference = left - right;
    // Same tolerance as order(): float noise from sums and averages is equality.
    return test(Math.abs(difference) <= 1e-9 * Math.max(1, Math.abs(left), Math.abs(right)) ? 0 : difference);
  };
}

/** Reads an operand through a kind, once for scalars; a literal that does not fit is an error now. */
function reader(
  operand: Operand,
  kind: ComparisonKind,
  context: EvaluationContext,
): (row: number) => Normalized {
  if (operand.rowWise) {
    const read = operand.value;
    const convert = normalizer(kind, context);
    return (row) => convert(read(row));
  }
  const value = normalize(operand.value(0), kind, context);
  if (value === INVALID) throw context.error(`${operand.text} is not a ${KIND_WORD[kind]}`, operand.node);
  return () => value;
}

function rowPieces(operands: Operand[], kind: ComparisonKind | undefined, context: EvaluationContext) {
  const varying = operands.filter((operand) => operand.rowWise);
  return {
    rowValues(row: number): [string, CellValue][] {
      const entries: [string, CellValue][] = [];
      for (const operand of varying) {
        if (operand.node.type !== "column") entries.push([operand.text, operand.value(row)]);
        for (const column of operand.columns) entries.push([column, context.frame.cell(row, column)]);
      }
      return entries;
    },
    describeRow(row: number): string {
      const texts: string[] = [];
      for (const operand of varying) {
        const value = operand.value(row);
        let piece = `${operand.text} = ${formatRuleValue(value, operand.type)}`;
        if (kind && value !== null && normalize(value, kind, context) === INVALID)
          piece += ` (not a ${KIND_WORD[kind]})`;
        if (operand.node.type === "row_call") {
          const column = operand.columns[0];
          piece += ` (${column} = ${formatRuleValue(context.frame.cell(row, column), context.frame.columns.get(column))})`;
        }
        texts.push(piece);
      }
      return texts.join(", ");
    },
  };
}

function scalarValues(operands: Operand[]): string {
  return operands
    .filter((operand) => !operand.literal)
    .map((operand) => `${operand.text} = ${formatRuleValue(operand.value(0), operand.type)}`)
    .join(", ");
}

function compileComparison(node: ComparisonNode, context: EvaluationContext, perRow: boolean): Condition {
  const left = compileOperand(node.left, context, perRow);
  const right = compileOperand(node.right, context, perRow);
  const kind = comparisonKind(left, right, node, context);
  if (kind === "null" && node.operator !== "=" && node.operator !== "!=") {
    throw context.error("null can only be compared with = or !=", node);
  }
  if (kind === "boolean" && node.operator !== "=" && node.operator !== "!=") {
    throw context.error("true/false can only be compared with = or !=", node);
  }
  const readLeft = reader(left, kind, context);
  const readRight = reader(right, kind, context);
  const operator = node.operator;
  const pieces = rowPieces([left, right], kind, context);
  const compare = comparator(operator, kind);
  let test: (row: number) => boolean;
  if (!right.rowWise) {
    // The usual shape, column <op> literal: read the literal once, not per row.
    const constant = readRight(0);
    test = (row) => compare(readLeft(row), constant);
  } else if (!left.rowWise) {
    const constant = readLeft(0);
    test = (row) => compare(constant, readRight(row));
  } else {
    test = (row) => compare(readLeft(row), readRight(row));
  }
  return {
    node,
    rowWise: left.rowWise || right.rowWise,
    test,
    ...pieces,
    explain: () => {
      const values = scalarValues([left, right]);
      const expected = right.literal && !left.literal ? `${operator} ${right.text}` : context.text(node);
      return values ? `${values}, expected ${expected}` : `${context.text(node)} is false`;
    },
  };
}

function compileMembership(node: MembershipNode, context: EvaluationContext, perRow: boolean): Condition {
  const value = compileOperand(node.value, context, perRow);
  const items = node.list.items.map((item) => compileOperand(item, context));
  const valued = items.filter((item) => item.type !== "null");
  const containsNull = valued.length !== items.length;
  // Text compared with a list is compared as dates only when every item looks like a date.
  const allIso =
    valued.length > 0 &&
    valued.every((item) => item.type === "string" && ISO_DATE_LIKE.test(String(item.value(0))));
  const kinds = new Set(valued.map((item) => comparisonKind(value, item, node, context, !allIso)));
  if (kinds.size > 1)
    throw context.error(
      `the list mixes ${[...kinds].map((kind) => KIND_WORD[kind]).join(" and ")} values`,
      node.list,
    );
  const kind: ComparisonKind = kinds.values().next().value ?? "null";
  const members = valued.map((item) => reader(item, kind, context)(0));
  const readValue = reader(value, kind === "null" ? "string" : kind, context);
  const negated = node.negated;
  const test = (row: number) => {
    const current = kind === "null" ? value.value(row) : readValue(row);
    if (current === INVALID) return false;
    const found =
      current === null ? containsNull : members.some((member) => holds("=", kind, current, member));
    return negated ? !found : found;
  };
  const pieces = rowPieces([value], kind === "null" ? undefined : kind, context);
  return {
    node,
    rowWise: value.rowWise,
    test,
    ...pieces,
    explain: () => {
      const values = scalarValues([value]);
      const expected = `${negated ? "not in" : "in"} ${context.text(node.list)}`;
      return values ? `${values}, expected ${expected}` : `${context.text(node)} is false`;
    },
  };
}

function compileMatch(node: MatchNode, context: EvaluationContext, perRow: boolean): Condition {
  const value = compileOperand(node.value, context, perRow);
  if (value.type !== "string" && value.type !== "date") {
    throw context.error(`matches needs text; ${describeOperand(value)} is not text`, node);
  }
  let pattern: ReturnType<typeof compilePattern>;
  try {
    pattern = compilePattern(node.pattern);
  } catch (error) {
    throw context.error((error as Error).message, node);
  }
  const negated = node.negated;
  const test = (row: number) => {
    const current = value.value(row);
    if (current === null) return negated;
    const input = String(current);
    context.spend(pattern.instructions * Math.max(1, input.length), node);
    const found = pattern.test(input);
    return negated ? !found : found;
  };
  return {
    node,
    rowWise: value.rowWise,
    test,
    ...rowPieces([value], undefined, context),
    explain: () => {
      const values = scalarValues([value]);
      const written =
        context.source !== undefined
          ? context.source.slice(node.patternSpan.start, node.patternSpan.end)
          : undefined;
      const expected = `${negated ? "not matches" : "matches"} ${written ?? printLiteral({ type: "string", value: node.pattern })}`;
      return values ? `${values}, expected ${expected}` : `${context.text(node)} is false`;
    },
  };
}
