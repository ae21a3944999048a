import { distance } from "fastest-levenshtein";
import type { ColumnType } from "../../models/evidence.js";
import { printLiteral, printOperand, printRule } from "../../models/validation-rule/print-rule.js";
import type { ColumnNode, ListNode, OperandNode, RuleNode } from "../../models/validation-rule/rule-node.js";
import type { EvidenceFrame } from "./evidence-frame.js";
import { dayNumber, type RuleDate, toRuleDate } from "./rule-date.js";
import { RuleBudgetError, RuleEvaluationError } from "./rule-evaluation-error.js";
import { MAX_RULE_WORK, RULE_WORK_PER_MS } from "./rule-limits.js";

/** How much one evaluation may do: work units, and a wall-clock deadline (epoch ms) when it has one. */
export interface RuleBudget {
  work: number;
  deadline?: number;
}

/** Any node a message can point at. */
type AnyNode = RuleNode | OperandNode | ListNode;

/** What one evaluation needs besides the tree: the evidence, the as-of date and the rule text. */
export class EvaluationContext {
  // Date cells repeat (a month column holds a dozen values over thousands of rows): parse each once.
  private readonly dates = new Map<string, RuleDate | null>();
  private asOfDay: number | undefined;
  /** Work done so far (pattern instructions × characters), against `budget.work`. */
  private work = 0;

  constructor(
    readonly frame: EvidenceFrame,
    readonly asOf: string,
    /** The rule text the spans point into, or undefined for a tree built in code. */
    readonly source: string | undefined,
    /** The rule as text, for outcomes. */
    readonly ruleText: string,
    readonly budget: RuleBudget = { work: MAX_RULE_WORK },
  ) {}

  /**
   * Accounts for `units` of work about to be done for `node`, and stops the evaluation when it
   * would exceed the work budget or would not be done by the deadline (estimated at
   * RULE_WORK_PER_MS). Checked before each costly step, since a synchronous evaluation cannot be
   * interrupted from outside while it runs: one dense match over a long cell takes seconds, so
   * waiting for the deadline to have passed would overrun it by a whole match.
   */
  spend(units: number, node: AnyNode): void {
    this.work += units;
    if (this.work > this.budget.work) {
      throw new RuleBudgetError(
        `${this.text(node)} needs more than ${this.budget.work.toLocaleString("en-US")} steps of pattern matching on this evidence (pattern size × text length); use a simpler pattern or check fewer or shorter cells`,
        this.ruleText,
        this.position(node),
        this.text(node),
      );
    }
    if (this.budget.deadline !== undefined && Date.now() + units / RULE_WORK_PER_MS > this.budget.deadline) {
      throw new RuleBudgetError(
        `${this.text(node)} was still running when the step's time ran out`,
        this.ruleText,
        this.position(node),
        this.text(node),
      );
    }
  }

  private position(node: AnyNode): number {
    return this.source !== undefined && typeof node.start === "number" ? node.start : 0;
  }

  /** A date from cell or literal text, or null when it is not one. */
  date(text: string): RuleDate | null {
    let date = this.dates.get(text);
    if (date === undefined) {
      date = toRuleDate(text) ?? null;
      if (this.dates.size < 100_000) this.dates.set(text, date);
    }
    return date;
  }

  /** The as-of date as a day number; a clear error when it is not YYYY-MM-DD. */
  asOfDayNumber(node: AnyNode): number {
    if (this.asOfDay === undefined) {
      const day = typeof this.asOf === "string" ? dayNumber(this.asOf) : undefined;
      if (day === undefined)
        throw this.error(`age_days needs the as-of date as YYYY-MM-DD; got '${String(this.asOf)}'`, node);
      this.asOfDay = day;
    }
    return this.asOfDay;
  }

  /** The type of a column, or a clear error naming the columns there are and the nearest one. */
  columnType(node: ColumnNode): ColumnType {
    const type = this.frame.columns.get(node.name);
    if (type !== undefined) return type;
    const names = [...this.frame.columns.keys()];
    let nearest: string | undefined;
    let best = Number.POSITIVE_INFINITY;
    for (const candidate of names) {
      const score = candidate.toLowerCase() === node.name.toLowerCase() ? 0 : distance(candidate, node.name);
      if (score < best) {
        best = score;
        nearest = candidate;
      }
    }
    const suggestion =
      nearest !== undefined && best <= Math.max(2, Math.floor(node.name.length / 3))
        ? ` (did you mean '${nearest}'?)`
        : "";
    const shownNames = names.length > 20 ? `${names.slice(0, 20).join(", ")}, …` : names.join(", ");
    const available =
      names.length === 0
        ? "the evidence has no columns"
        : `${this.frame.kind === "text" ? "passages have" : "columns are"}: ${shownNames}`;
    throw this.error(`unknown column '${clip(node.name)}'${suggestion}; ${available}`, node);
  }

  /** The source text of a node, as written, or re-printed for a tree built in code. */
  text(node: AnyNode): string {
    if (this.source !== undefined && typeof node.start === "number" && typeof node.end === "number") {
      return this.source.slice(node.start, node.end);
    }
    if (
      node.type === "literal" ||
      node.type === "column" ||
      node.type === "measure" ||
      node.type === "row_call" ||
      node.type === "aggregate_call"
    ) {
      return printOperand(node);
    }
    if (node.type === "list") return `[${node.items.map((item) => printLiteral(item.literal)).join(", ")}]`;
    return printRule(node);
  }

  /** A RuleEvaluationError pointing at a node. */
  error(reason: string, node: AnyNode): RuleEvaluationError {
    const position = this.source !== undefined && typeof node.start === "number" ? node.start : 0;
    return new RuleEvaluationError(reason, this.ruleText, position, this.text(node));
  }
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
