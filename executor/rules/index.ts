/**
 * Evaluation of validation rules (DESIGN §4) over evidence, within a work and time budget. The
 * language itself (syntax tree, parser, printer, builders) is `models/validation-rule/`.
 */
export { type EvaluateRuleOptions, evaluateRule } from "./evaluate-rule.js";
export { RuleBudgetError, RuleEvaluationError } from "./rule-evaluation-error.js";
export { MAX_RULE_WORK } from "./rule-limits.js";
