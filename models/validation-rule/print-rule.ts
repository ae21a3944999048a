import type { LiteralValue, OperandNode, RuleNode } from "./rule-node.js";

function quote(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

// Words the parser reads as something other than a column wherever they stand.
const RESERVED = new Set([
  ...["and", "or", "not", "in", "matches", "true", "false", "null", "rows", "chunks", "any", "all"],
  ...["has_columns", "has_column", "has_fields", "has_field"],
]);

function name(text: string): string {
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(text) && !RESERVED.has(text.toLowerCase()) ? text : `\`${text}\``;
}

/** Writes a literal as rule text. */
export function printLiteral(literal: LiteralValue): string {
  switch (literal.type) {
    case "number":
      return String(literal.value);
    case "percent":
      return `${literal.value}%`;
    case "string":
      return quote(literal.value);
    case "boolean":
      return String(literal.value);
    default:
      return "null";
  }
}

/** Writes an operand (a literal, column, count or function call) as rule text. */
export function printOperand(node: OperandNode): string {
  switch (node.type) {
    case "literal":
      return printLiteral(node.literal);
    case "column":
      return name(node.name);
    case "measure":
      return node.name;
    case "row_call":
    case "aggregate_call":
      return `${node.function}(${printOperand(node.argument)})`;
    default:
      return `<${String((node as { type?: unknown })?.type)}>`;
  }
}

/**
 * Writes a rule tree back as rule text. Used for trees built in code (which carry no source
 * text) so their failing clauses can still be named.
 */
export function printRule(node: RuleNode): string {
  switch (node.type) {
    case "empty":
      return "";
    case "and":
    case "or":
      return node.operands
        .map((operand) =>
          operand.type === "and" || operand.type === "or" ? `(${printRule(operand)})` : printRule(operand),
        )
        .join(node.type === "and" ? " AND " : " OR ");
    case "not": {
      const inner = printRule(node.operand);
      return node.operand.type === "and" || node.operand.type === "or" ? `NOT (${inner})` : `NOT ${inner}`;
    }
    case "comparison":
      return `${printOperand(node.left)} ${node.operator} ${printOperand(node.right)}`;
    case "membership":
      return `${printOperand(node.value)} ${node.negated ? "not in" : "in"} [${node.list.items.map((item) => printLiteral(item.literal)).join(", ")}]`;
    case "match":
      return `${printOperand(node.value)} ${node.negated ? "not matches" : "matches"} ${quote(node.pattern)}`;
    case "has_columns":
      // A name with a backtick cannot be written `quoted`; has_columns also takes 'text' names.
      return `${node.keyword}: [${node.columns.map((column) => (column.name.includes("`") ? quote(column.name) : name(column.name))).join(", ")}]`;
    case "quantifier":
      return `${node.quantifier}(${printRule(node.condition)})`;
    default:
      return `<${String((node as { type?: unknown })?.type)}>`;
  }
}
