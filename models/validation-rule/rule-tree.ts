import { allOf } from "./build-rule.js";
import { parseRule } from "./parse-rule.js";
import { printRule } from "./print-rule.js";
import type { OperandNode, RuleNode } from "./rule-node.js";
import { RuleSyntaxError } from "./rule-syntax-error.js";

/** The clauses joined by the rule's top-level AND (one clause for any other rule, none for an empty one). */
export function conjuncts(rule: RuleNode): RuleNode[] {
  if (rule.type === "and") return rule.operands;
  return rule.type === "empty" ? [] : [rule];
}

/**
 * The rule with every clause replaced by what `rewrite` returns for it, children first. A clause
 * `rewrite` leaves alone (returns as given) is kept as it was, so an unchanged tree is the same object.
 */
export function mapClauses(rule: RuleNode, rewrite: (clause: RuleNode) => RuleNode): RuleNode {
  let rebuilt: RuleNode = rule;
  switch (rule.type) {
    case "and":
    case "or": {
      const operands = rule.operands.map((operand) => mapClauses(operand, rewrite));
      if (operands.some((operand, index) => operand !== rule.operands[index]))
        rebuilt = { ...rule, operands };
      break;
    }
    case "not": {
      const operand = mapClauses(rule.operand, rewrite);
      if (operand !== rule.operand) rebuilt = { ...rule, operand };
      break;
    }
    case "quantifier": {
      const condition = mapClauses(rule.condition, rewrite);
      if (condition !== rule.condition) rebuilt = { ...rule, condition };
      break;
    }
  }
  return rewrite(rebuilt);
}

/** Whether some clause of the rule (at any depth) satisfies the test. */
export function someClause(rule: RuleNode, test: (clause: RuleNode) => boolean): boolean {
  if (test(rule)) return true;
  switch (rule.type) {
    case "and":
    case "or":
      return rule.operands.some((operand) => someClause(operand, test));
    case "not":
      return someClause(rule.operand, test);
    case "quantifier":
      return someClause(rule.condition, test);
    default:
      return false;
  }
}

/** The columns a clause reads values of (not the names `has_columns` demands). */
export function columnsRead(rule: RuleNode): Set<string> {
  const names = new Set<string>();
  const visitOperand = (operand: OperandNode): void => {
    if (operand.type === "column") names.add(operand.name);
    else if (operand.type === "row_call" || operand.type === "aggregate_call") visitOperand(operand.argument);
  };
  someClause(rule, (clause) => {
    if (clause.type === "comparison") {
      visitOperand(clause.left);
      visitOperand(clause.right);
    } else if (clause.type === "membership" || clause.type === "match") visitOperand(clause.value);
    return false;
  });
  return names;
}

/** The rule without its top-level clauses that `drop` picks (an empty rule when none is left). */
export function withoutConjuncts(rule: RuleNode, drop: (clause: RuleNode) => boolean): RuleNode {
  const kept = conjuncts(rule).filter((clause) => !drop(clause));
  return kept.length === conjuncts(rule).length ? rule : allOf(kept);
}

/** The tree of a rule text, or undefined when it does not parse (the plan check refuses such a plan). */
export function readRule(rule: string): RuleNode | undefined {
  try {
    return parseRule(rule);
  } catch (error) {
    if (error instanceof RuleSyntaxError) return undefined;
    throw error;
  }
}

/**
 * A sub-goal's rule text rewritten as a tree: parsed, given to `rewrite`, printed again. Text
 * `rewrite` leaves alone is returned as written (the user's spelling kept); text that does not
 * parse is returned as it is, for the plan check to refuse.
 */
export function rewriteRuleText(rule: string, rewrite: (tree: RuleNode) => RuleNode): string {
  const tree = readRule(rule);
  if (!tree) return rule;
  const rewritten = rewrite(tree);
  return rewritten === tree ? rule : printRule(rewritten);
}
