/** The validation-rule language (DESIGN §4): parse a rule, evaluate it over evidence. */
export { type EvaluateRuleOptions, evaluateRule } from "./evaluate-rule.js";
export { formatCaret } from "./format-caret.js";
export { parseRule } from "./parse-rule.js";
export { printRule } from "./print-rule.js";
export { RuleBudgetError, RuleEvaluationError } from "./rule-evaluation-error.js";
export { MAX_NESTING_DEPTH, MAX_PATTERN_LENGTH, MAX_RULE_LENGTH, MAX_RULE_WORK } from "./rule-limits.js";
export type * from "./rule-node.js";
export { RuleSyntaxError } from "./rule-syntax-error.js";
