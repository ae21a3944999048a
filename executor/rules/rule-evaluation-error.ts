import type { ValidationOutcome } from "../../models/validation-outcome.js";
import { formatCaret } from "../../models/validation-rule/format-caret.js";

/**
 * A rule that parses but cannot be evaluated on this evidence: an unknown column, types that
 * cannot be compared (a date column with a number), a function applied to the wrong kind of
 * evidence. Carries a failed outcome so a caller that treats this as a validation failure
 * (the executor) can record it as such.
 */
export class RuleEvaluationError extends Error {
  override readonly name: string = "RuleEvaluationError";
  /** 0-based offset of the clause or operand that could not be evaluated. */
  readonly position: number;
  /** The source text of the clause that could not be evaluated. */
  readonly clause: string;
  readonly rule: string;
  /** The rule's line with a caret under `position`, ready to print. */
  readonly display: string;
  /** This error as a failed validation outcome. */
  readonly outcome: ValidationOutcome;

  constructor(reason: string, rule: string, position: number, clause: string, prefix = "rule error: ") {
    super(reason);
    this.rule = rule;
    this.position = position;
    this.clause = clause;
    this.display = formatCaret(rule, position);
    this.outcome = {
      rule,
      passed: false,
      failed_clause: clause,
      message: `${prefix}${reason}`,
      failing_rows: [],
    };
  }
}

/**
 * A rule that would take longer than its budget (work units or the step's remaining time) to
 * evaluate. It is stopped, not finished: the outcome says so, and the step fails validation.
 */
export class RuleBudgetError extends RuleEvaluationError {
  override readonly name = "RuleBudgetError";
  constructor(reason: string, rule: string, position: number, clause: string) {
    super(reason, rule, position, clause, "rule exceeded its budget: ");
  }
}
