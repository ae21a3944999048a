import type { CellValue, Evidence } from "../../models/evidence.js";
import type { ValidationOutcome } from "../../models/validation-outcome.js";
import { parseRule } from "../../models/validation-rule/parse-rule.js";
import { printRule } from "../../models/validation-rule/print-rule.js";
import type { QuantifierNode, RuleNode } from "../../models/validation-rule/rule-node.js";
import { RuleSyntaxError } from "../../models/validation-rule/rule-syntax-error.js";
import { type Condition, compileCondition } from "./compile-condition.js";
import { EvaluationContext } from "./evaluation-context.js";
import { EvidenceFrame } from "./evidence-frame.js";
import { RuleEvaluationError } from "./rule-evaluation-error.js";
import { MAX_FAILING_ROWS, MAX_RULE_WORK } from "./rule-limits.js";

/** Options of one evaluation. */
export interface EvaluateRuleOptions {
  /** The plan's as-of date (YYYY-MM-DD); age_days() counts days up to it. */
  asOf: string;
  /** Epoch ms after which evaluation stops with a RuleBudgetError (the step's deadline). */
  deadline?: number;
  /** Work budget (pattern instructions × characters); default MAX_RULE_WORK. */
  maxWork?: number;
}

interface FailingRow {
  index: number;
  values: Record<string, CellValue>;
}

/** Whether a clause holds, and if not, which clause failed, why, and on which rows. */
interface Verdict {
  holds: boolean;
  failure?: { node: RuleNode; message: string; failingRows: FailingRow[] };
}

/**
 * Evaluates a validation rule (text or a parsed tree) over evidence.
 *
 * - An empty rule passes.
 * - A false rule returns `passed: false` with the failing clause's source text, a message such
 *   as "rows = 0, expected >= 1", and up to five failing rows (0-based index into the evidence
 *   rows or passages, with the values the clause read).
 * - Rule text that does not parse throws RuleSyntaxError.
 * - A rule that cannot be evaluated on this evidence (unknown column, incomparable types,
 *   chunks on a table, a bad as-of date for age_days) throws RuleEvaluationError; its `outcome`
 *   is the same problem as a failed ValidationOutcome for callers that record it as one.
 *
 * AND stops at the first false clause (so `has_column: x AND x > 0` never reads a missing x),
 * OR at the first true one.
 */
export function evaluateRule(
  rule: string | RuleNode,
  evidence: Evidence,
  options: EvaluateRuleOptions,
): ValidationOutcome {
  if (
    typeof rule !== "string" &&
    (rule === null || typeof rule !== "object" || typeof rule.type !== "string")
  ) {
    throw new RuleSyntaxError("a rule must be text or a parsed rule", String(rule), 0);
  }
  const root: RuleNode = typeof rule === "string" ? parseRule(rule) : rule;
  const source = typeof rule === "string" ? rule : hasSource(root) ? root.source : undefined;
  const ruleText = source ?? printRule(root);
  if (
    evidence === null ||
    typeof evidence !== "object" ||
    (evidence.kind !== "table" && evidence.kind !== "text")
  ) {
    throw new RuleEvaluationError("evidence must be a table or text passages", ruleText, 0, ruleText);
  }
  const context = new EvaluationContext(new EvidenceFrame(evidence), options?.asOf, source, ruleText, {
    work: options?.maxWork ?? MAX_RULE_WORK,
    ...(options?.deadline !== undefined ? { deadline: options.deadline } : {}),
  });
  const verdict = evaluateClause(root, context);
  if (verdict.holds) return { rule: ruleText, passed: true, failing_rows: [] };
  const failure = verdict.failure!;
  return {
    rule: ruleText,
    passed: false,
    failed_clause: context.text(failure.node),
    message: failure.message,
    failing_rows: failure.failingRows,
  };
}

function hasSource(node: RuleNode): node is RuleNode & { source: string } {
  return typeof (node as { source?: unknown }).source === "string";
}

function evaluateClause(node: RuleNode, context: EvaluationContext): Verdict {
  switch (node.type) {
    case "empty":
      return { holds: true };
    case "and": {
      for (const operand of node.operands) {
        const verdict = evaluateClause(operand, context);
        if (!verdict.holds) return verdict;
      }
      return { holds: true };
    }
    case "or": {
      const failures: NonNullable<Verdict["failure"]>[] = [];
      for (const operand of node.operands) {
        const verdict = evaluateClause(operand, context);
        if (verdict.holds) return verdict;
        failures.push(verdict.failure!);
      }
      // No alternative holds: the whole OR is the failing clause; each alternative says why.
      const message = `no alternative holds: ${failures.map((failure) => `${context.text(failure.node)} → ${failure.message}`).join("; ")}`;
      const withRows = failures.find((failure) => failure.failingRows.length > 0);
      return { holds: false, failure: { node, message, failingRows: withRows?.failingRows ?? [] } };
    }
    case "not": {
      const verdict = evaluateClause(node.operand, context);
      if (!verdict.holds) return { holds: true };
      return {
        holds: false,
        failure: {
          node,
          message: `${context.text(node.operand)} holds, expected it not to`,
          failingRows: [],
        },
      };
    }
    case "quantifier":
      return evaluateQuantifier(node, context);
    default:
      return evaluateCondition(compileCondition(node, context), context);
  }
}

function failingRow(condition: Condition, row: number): FailingRow {
  // fromEntries defines own properties, so a column named __proto__ stays a plain key.
  return { index: row, values: Object.fromEntries(condition.rowValues(row)) };
}

/** A leaf clause: once when it reads no rows, else on every row (it holds when every row holds). */
function evaluateCondition(condition: Condition, context: EvaluationContext): Verdict {
  const node = condition.node;
  if (!condition.rowWise) {
    if (condition.test(0)) return { holds: true };
    return { holds: false, failure: { node, message: condition.explain(), failingRows: [] } };
  }
  const total = context.frame.rowCount;
  const failingRows: FailingRow[] = [];
  let failures = 0;
  for (let row = 0; row < total; row += 1) {
    if (condition.test(row)) continue;
    failures += 1;
    if (failingRows.length < MAX_FAILING_ROWS) failingRows.push(failingRow(condition, row));
  }
  if (failures === 0) return { holds: true };
  const first = failingRows[0].index;
  const message = `${failures} of ${total} rows fail ${context.text(node)}; row ${first}: ${condition.describeRow(first)}`;
  return { holds: false, failure: { node, message, failingRows } };
}

function evaluateQuantifier(node: QuantifierNode, context: EvaluationContext): Verdict {
  const condition = compileCondition(node.condition, context, true);
  const total = context.frame.rowCount;
  if (node.quantifier === "all") {
    const verdict = evaluateCondition({ ...condition, rowWise: true }, context);
    if (verdict.holds) return verdict;
    return { holds: false, failure: { ...verdict.failure!, node } };
  }
  for (let row = 0; row < total; row += 1) if (condition.test(row)) return { holds: true };
  const examples: FailingRow[] = [];
  for (let row = 0; row < Math.min(total, MAX_FAILING_ROWS); row += 1)
    examples.push(failingRow(condition, row));
  const message =
    total === 0
      ? `no row satisfies ${context.text(node.condition)}: the evidence has no rows`
      : `no row of ${total} satisfies ${context.text(node.condition)}`;
  return { holds: false, failure: { node, message, failingRows: examples } };
}
