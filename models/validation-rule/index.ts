/**
 * The validation-rule language (DESIGN §4) as data: syntax tree, tokenizer, parser, printer,
 * builders and tree rewrites. Planner, executor and reflector all use it; evaluation over evidence
 * is the executor's (`executor/rules/`).
 */
export * as build from "./build-rule.js";
export { compilePattern } from "./compile-pattern.js";
export { formatCaret } from "./format-caret.js";
export { parseRule } from "./parse-rule.js";
export { printLiteral, printOperand, printRule } from "./print-rule.js";
export { MAX_NESTING_DEPTH, MAX_PATTERN_LENGTH, MAX_RULE_LENGTH } from "./rule-limits.js";
export type * from "./rule-node.js";
export { ruleProblem } from "./rule-problem.js";
export { RuleSyntaxError } from "./rule-syntax-error.js";
export {
  columnsRead,
  conjuncts,
  mapClauses,
  readRule,
  rewriteRuleText,
  someClause,
  withoutConjuncts,
} from "./rule-tree.js";
