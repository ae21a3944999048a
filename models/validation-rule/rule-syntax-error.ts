import { formatCaret } from "./format-caret.js";

/** A rule that does not parse: where (0-based offset) and why, with the rule and a caret under the spot. */
export class RuleSyntaxError extends Error {
  override readonly name = "RuleSyntaxError";
  /** 0-based offset into the rule text. */
  readonly position: number;
  /** The rule as given (clipped in `display`, never here). */
  readonly rule: string;
  /** The rule's line with a caret under `position`, ready to print. */
  readonly display: string;

  constructor(reason: string, rule: string, position: number) {
    super(`${reason} (at column ${position + 1})`);
    this.rule = rule;
    this.position = position;
    this.display = formatCaret(rule, position);
  }
}
