import { parseRule } from "./parse-rule.js";
import { RuleSyntaxError } from "./rule-syntax-error.js";

/** Why a rule text does not parse, with its column and a caret under the spot; undefined when it parses. */
export function ruleProblem(rule: string): string | undefined {
  try {
    parseRule(rule);
    return undefined;
  } catch (error) {
    if (!(error instanceof RuleSyntaxError)) throw error;
    return `the rule does not parse: ${error.message}\n${error.display}`;
  }
}
