import type { ValidationOutcome } from "../../models/validation-outcome.js";
import { formatCaret } from "./format-caret.js";

/**
 * A rule that parses but cannot be evaluated on this evidence: an unknown column, types that
 * cannot be compared (a date column with a number), a function applied to the wrong kind of
 * evidence. Carries a failed outcome so a caller that treats this as a validation failure
 * (the executor) can record it as such.
 */
export class RuleEvaluationError extends Error {
  override readonly name = "RuleEvaluationError";
  /** 0-based offset of the clause or operand that could not be evaluated. */
  readonly position: number;
  /** The source text of the clause that could not be evaluated. */
  readonly clause: string;
  readonly rule: string;
  /** The rule's line with a caret under `position`, ready to print. */
  readonly display: string;
  /** This error as a failed validation outcome. */
  readonly outcome: ValidationOutcome;

  constructor(reason: string, rule: string, position: number, clause: string) {
    super(reason);
    this.rule = rule;
    this.position = position;
    this.clause = clause;
    this.display = formatCaret(rule, position);
    this.outcome = {
      rule,
      passed: false,
      failed_clause: clause,
      message: `rule error: ${reason}`,
      failing_rows: [],
    };
  }
}
