import { parseNumber } from "../../domain/parse-value.js";
import type { CellValue } from "../../models/evidence.js";
import type {
  AggregateCallNode,
  ColumnNode,
  OperandNode,
  RowCallNode,
} from "../../models/validation-rule/rule-node.js";
import type { EvaluationContext } from "./evaluation-context.js";
import { compareRuleDates, lastDayNumber } from "./rule-date.js";
import type { RuleValueType } from "./rule-value-format.js";

/** An operand ready to read: its static type, whether it varies by row, and a reader. */
export interface Operand {
  node: OperandNode;
  /** The operand as written in the rule. */
  text: string;
  type: RuleValueType;
  /** True when the value differs per row (a column, len(col), age_days(col)). */
  rowWise: boolean;
  /** True for a literal written in the rule. */
  literal: boolean;
  /** The value on a row; scalars ignore the row. */
  value(row: number): CellValue;
  /** Column cells this operand reads, shown beside failing rows. */
  columns: string[];
}

/** A cell read as a number: numbers as they are, numeric text parsed ("5.2%" → 5.2), anything else undefined. */
export function cellNumber(value: CellValue): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string") return parseNumber(value)?.value;
  return undefined;
}

/** A cell that holds no data: null or blank text. */
export function isBlank(value: CellValue): boolean {
  return value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * Turns an operand node into a reader over the evidence. Unknown columns and functions applied
 * to the wrong type are evaluation errors raised here, before any row is read, so they show
 * up even on an empty table. `perRow` keeps len(text) per passage inside an aggregate or
 * inside any()/all().
 */
export function compileOperand(node: OperandNode, context: EvaluationContext, perRow = false): Operand {
  const text = context.text(node);
  const frame = context.frame;
  switch (node.type) {
    case "literal": {
      const literal = node.literal;
      const value: CellValue = literal.type === "null" ? null : literal.value;
      return {
        node,
        text,
        type: literal.type,
        rowWise: false,
        literal: true,
        value: () => value,
        columns: [],
      };
    }
    case "column": {
      const type = context.columnType(node);
      const name = node.name;
      const rows = frame.rows;
      // frame.cell() inlined: this reader runs once per row per clause. Object.hasOwn keeps
      // inherited names (toString, __proto__) out.
      const value = (row: number): CellValue => {
        const record = rows[row];
        if (record === null || typeof record !== "object" || !Object.hasOwn(record, name)) return null;
        const cell = record[name];
        return cell === undefined ? null : cell;
      };
      return { node, text, type, rowWise: true, literal: false, value, columns: [name] };
    }
    case "measure": {
      if (node.name === "chunks" && frame.kind !== "text") {
        throw context.error(
          "chunks counts the passages of text evidence; this evidence is a table (use rows)",
          node,
        );
      }
      const count = frame.rowCount;
      return { node, text, type: "number", rowWise: false, literal: false, value: () => count, columns: [] };
    }
    case "row_call":
      return compileRowCall(node, text, context, perRow);
    case "aggregate_call":
      return compileAggregate(node, text, context);
    default:
      // Only a tree built in code can get here.
      throw context.error(`unknown operand type '${String((node as { type?: unknown }).type)}'`, node);
  }
}

function compileRowCall(
  node: RowCallNode,
  text: string,
  context: EvaluationContext,
  perRow: boolean,
): Operand {
  const frame = context.frame;
  const column = node.argument;
  if (node.function === "len" && frame.kind === "text" && column.name === "text" && !perRow) {
    // DESIGN §4: len(text) on passages is the total length of the retrieved text.
    const total = frame.totalTextLength;
    return { node, text, type: "number", rowWise: false, literal: false, value: () => total, columns: [] };
  }
  if (
    node.function === "len" &&
    frame.kind === "table" &&
    column.name === "text" &&
    !frame.columns.has("text")
  ) {
    throw context.error(
      "len(text) measures text evidence (passages); this evidence is a table with no column 'text'",
      column,
    );
  }
  const type = context.columnType(column);
  const name = column.name;
  if (node.function === "len") {
    if (type !== "string" && type !== "date")
      throw context.error(`len() needs a text column; ${name} is ${type}`, node);
    return {
      node,
      text,
      type: "number",
      rowWise: true,
      literal: false,
      value: (row) => {
        const cell = frame.cell(row, name);
        return cell === null ? 0 : String(cell).length;
      },
      columns: [name],
    };
  }
  if (type !== "date" && type !== "string")
    throw context.error(`age_days() needs a date column; ${name} is ${type}`, node);
  const asOf = context.asOfDayNumber(node);
  return {
    node,
    text,
    type: "number",
    rowWise: true,
    literal: false,
    value: (row) => {
      const cell = frame.cell(row, name);
      if (typeof cell !== "string") return null;
      const date = context.date(cell);
      return date ? asOf - lastDayNumber(date) : null;
    },
    columns: [name],
  };
}

function compileAggregate(node: AggregateCallNode, text: string, context: EvaluationContext): Operand {
  const inner = compileOperand(node.argument as ColumnNode | RowCallNode, context, true);
  const rowCount = context.frame.rowCount;
  const scalar = (type: RuleValueType, value: CellValue): Operand => ({
    node,
    text,
    type,
    rowWise: false,
    literal: false,
    value: () => value,
    columns: inner.columns,
  });
  switch (node.function) {
    case "null_rate": {
      let nulls = 0;
      for (let row = 0; row < rowCount; row += 1) if (isBlank(inner.value(row))) nulls += 1;
      return scalar("percent", rowCount === 0 ? 0 : (nulls / rowCount) * 100);
    }
    case "distinct": {
      const seen = new Set<string>();
      for (let row = 0; row < rowCount; row += 1) {
        const value = inner.value(row);
        if (isBlank(value)) continue;
        seen.add(`${typeof value}:${String(value)}`);
      }
      return scalar("number", seen.size);
    }
    case "sum":
    case "avg": {
      if (inner.type !== "number" && inner.type !== "percent") {
        throw context.error(`${node.function}() needs a number column; ${inner.text} is ${inner.type}`, node);
      }
      let sum = 0;
      let count = 0;
      // The mean is kept as a running mean: summing first overflows to Infinity on cells near
      // Number.MAX_VALUE although their average is an ordinary number.
      let mean = 0;
      for (let row = 0; row < rowCount; row += 1) {
        const value = cellNumber(inner.value(row));
        if (value === undefined) continue;
        sum += value;
        count += 1;
        mean += (value - mean) / count;
      }
      if (node.function === "avg") return scalar(inner.type, count === 0 ? null : mean);
      if (!Number.isFinite(sum))
        throw context.error(
          `sum(${inner.text}) is beyond the largest number a rule can hold (about 1.8e308); compare avg() or max() instead`,
          node,
        );
      return scalar(inner.type, sum);
    }
    case "min":
    case "max": {
      const sign = node.function === "min" ? -1 : 1;
      if (inner.type === "number" || inner.type === "percent") {
        let best: number | null = null;
        for (let row = 0; row < rowCount; row += 1) {
          const value = cellNumber(inner.value(row));
          if (value !== undefined && (best === null || Math.sign(value - best) === sign)) best = value;
        }
        return scalar(inner.type, best);
      }
      if (inner.type === "date") {
        let best: { iso: string; date: NonNullable<ReturnType<EvaluationContext["date"]>> } | null = null;
        for (let row = 0; row < rowCount; row += 1) {
          const value = inner.value(row);
          if (typeof value !== "string") continue;
          const date = context.date(value);
          if (date && (best === null || Math.sign(compareRuleDates(date, best.date)) === sign))
            best = { iso: date.iso, date };
        }
        return scalar("date", best?.iso ?? null);
      }
      if (inner.type === "string") {
        let best: string | null = null;
        for (let row = 0; row < rowCount; row += 1) {
          const value = inner.value(row);
          if (isBlank(value)) continue;
          const textValue = String(value);
          if (best === null || (sign < 0 ? textValue < best : textValue > best)) best = textValue;
        }
        return scalar("string", best);
      }
      throw context.error(
        `${node.function}() needs numbers, dates or text; ${inner.text} is ${inner.type}`,
        node,
      );
    }
  }
}
