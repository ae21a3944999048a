import { compilePattern } from "./compile-pattern.js";
import { MAX_NESTING_DEPTH, MAX_RULE_LENGTH } from "./rule-limits.js";
import type {
  AggregateFunction,
  ColumnNode,
  ComparisonOperator,
  HasColumnsNode,
  ListNode,
  LiteralNode,
  OperandNode,
  RootRuleNode,
  RowCallNode,
  RowFunction,
  RuleNode,
} from "./rule-node.js";
import { RuleSyntaxError } from "./rule-syntax-error.js";
import type { RuleToken } from "./rule-token.js";
import { tokenizeRule } from "./tokenize-rule.js";

const HAS_KEYWORDS = new Set(["has_columns", "has_column", "has_fields", "has_field"]);
const AGGREGATES = new Set<AggregateFunction>(["distinct", "min", "max", "sum", "avg", "null_rate"]);
const ROW_FUNCTIONS = new Set<RowFunction>(["len", "age_days"]);
const FUNCTION_LIST = "len, age_days, distinct, min, max, sum, avg, null_rate, any, all";
const COMPARISON_LIST = "=, !=, <, <=, >, >=, in, not in, matches";

/**
 * Parses a validation rule (DESIGN §4) into a typed tree. Throws RuleSyntaxError with the
 * position and a caret display. An empty or blank rule parses to an `empty` node that always holds.
 *
 * Grammar (keywords in any letter case):
 * ```
 * rule       := [or] END
 * or         := and (OR and)*
 * and        := not (AND not)*
 * not        := NOT not | primary
 * primary    := '(' or ')' | has ':'? names | (any|all) '(' or ')' | comparison
 * comparison := operand (op operand | [NOT] IN list | [NOT] MATCHES string)
 * operand    := literal | column | `quoted column` | rows | chunks | function '(' operand ')'
 * ```
 */
export function parseRule(text: string): RootRuleNode {
  if (typeof text !== "string") throw new RuleSyntaxError("a rule must be text", String(text), 0);
  if (text.length > MAX_RULE_LENGTH) {
    throw new RuleSyntaxError(
      `rule is ${text.length.toLocaleString("en-US")} characters long; the limit is ${MAX_RULE_LENGTH.toLocaleString("en-US")}`,
      text,
      MAX_RULE_LENGTH,
    );
  }
  const parser = new RuleParser(text, tokenizeRule(text));
  return { ...parser.parseRoot(), source: text };
}

class RuleParser {
  private index = 0;
  private depth = 0;
  private quantifierDepth = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: RuleToken[],
  ) {}

  parseRoot(): RuleNode {
    if (this.peek().kind === "end") return { type: "empty", start: 0, end: this.text.length };
    const root = this.parseOr();
    const next = this.peek();
    if (next.kind !== "end") {
      const hint =
        next.text === ")"
          ? "unmatched ')'"
          : `unexpected ${this.describe(next)} after a complete clause; join clauses with AND or OR`;
      throw this.error(hint, next);
    }
    return root;
  }

  private parseOr(): RuleNode {
    const first = this.parseAnd();
    const operands = [first];
    while (this.isKeyword("or")) {
      this.index += 1;
      operands.push(this.parseAnd());
    }
    if (operands.length === 1) return first;
    return { type: "or", operands, start: first.start, end: operands[operands.length - 1].end };
  }

  private parseAnd(): RuleNode {
    const first = this.parseNot();
    const operands = [first];
    while (this.isKeyword("and")) {
      this.index += 1;
      operands.push(this.parseNot());
    }
    if (operands.length === 1) return first;
    return { type: "and", operands, start: first.start, end: operands[operands.length - 1].end };
  }

  private parseNot(): RuleNode {
    if (!this.isKeyword("not")) return this.parsePrimary();
    const keyword = this.next();
    this.enter(keyword);
    const operand = this.parseNot();
    this.depth -= 1;
    return { type: "not", operand, start: keyword.start, end: operand.end };
  }

  private parsePrimary(): RuleNode {
    const token = this.peek();
    if (token.kind === "punctuation" && token.text === "(") {
      this.next();
      this.enter(token);
      const inner = this.parseOr();
      const close = this.expectPunctuation(")", "to close the '(' opened", token);
      this.depth -= 1;
      // The parentheses belong to the clause's text, so a failing "(a OR b)" is shown whole.
      return { ...inner, start: token.start, end: close.end };
    }
    if (token.kind === "identifier") {
      const lower = token.text.toLowerCase();
      const after = this.peek(1);
      if (HAS_KEYWORDS.has(lower) && !(after.kind === "operator")) return this.parseHasColumns();
      if ((lower === "any" || lower === "all") && after.kind === "punctuation" && after.text === "(") {
        return this.parseQuantifier(lower);
      }
    }
    return this.parseComparison();
  }

  private parseHasColumns(): HasColumnsNode {
    const keyword = this.next();
    if (this.isPunctuation(":")) this.next();
    const columns: HasColumnsNode["columns"] = [];
    let end: number;
    if (this.isPunctuation("[")) {
      const open = this.next();
      if (this.isPunctuation("]"))
        throw this.error(`${keyword.text} needs at least one column name`, this.peek());
      for (;;) {
        columns.push(this.parseColumnName(keyword.text));
        if (this.isPunctuation(",")) {
          this.next();
          if (this.isPunctuation("]")) break; // a trailing comma is harmless
          continue;
        }
        break;
      }
      end = this.expectPunctuation("]", "to close the list opened", open).end;
    } else {
      const name = this.parseColumnName(keyword.text);
      columns.push(name);
      end = name.end;
    }
    return { type: "has_columns", keyword: keyword.text.toLowerCase(), columns, start: keyword.start, end };
  }

  private parseColumnName(keyword: string): { name: string; start: number; end: number } {
    const token = this.peek();
    if (token.kind === "identifier" || token.kind === "quoted_identifier" || token.kind === "string") {
      this.next();
      return { name: token.text, start: token.start, end: token.end };
    }
    throw this.error(`expected a column name after ${keyword} but found ${this.describe(token)}`, token);
  }

  private parseQuantifier(quantifier: "any" | "all"): RuleNode {
    const keyword = this.next();
    if (this.quantifierDepth > 0)
      throw this.error(`${quantifier}(...) cannot be nested inside any(...) or all(...)`, keyword);
    const open = this.next();
    this.enter(open);
    this.quantifierDepth += 1;
    const condition = this.parseOr();
    this.quantifierDepth -= 1;
    const close = this.expectPunctuation(")", `to close ${quantifier}(`, open);
    this.depth -= 1;
    return { type: "quantifier", quantifier, condition, start: keyword.start, end: close.end };
  }

  private parseComparison(): RuleNode {
    const left = this.parseOperand();
    const token = this.peek();
    if (token.kind === "operator") {
      this.next();
      const right = this.parseOperand();
      return {
        type: "comparison",
        operator: token.text as ComparisonOperator,
        left,
        right,
        start: left.start,
        end: right.end,
      };
    }
    let negated = false;
    if (this.isKeyword("not")) {
      const following = this.peek(1);
      if (following.kind === "keyword" && (following.text === "in" || following.text === "matches")) {
        this.next();
        negated = true;
      }
    }
    if (this.isKeyword("in")) {
      this.next();
      const list = this.parseList();
      return { type: "membership", negated, value: left, list, start: left.start, end: list.end };
    }
    if (this.isKeyword("matches")) {
      this.next();
      const patternToken = this.peek();
      if (patternToken.kind !== "string") {
        throw this.error(
          `matches needs a quoted pattern, like 'Q[1-4]', but found ${this.describe(patternToken)}`,
          patternToken,
        );
      }
      this.next();
      try {
        compilePattern(patternToken.text);
      } catch (error) {
        throw this.error((error as Error).message, patternToken);
      }
      return {
        type: "match",
        negated,
        value: left,
        pattern: patternToken.text,
        patternSpan: { start: patternToken.start, end: patternToken.end },
        start: left.start,
        end: patternToken.end,
      };
    }
    const shown = this.text.slice(left.start, left.end);
    throw this.error(
      `expected a comparison (${COMPARISON_LIST}) after ${clip(shown)} but found ${this.describe(token)}`,
      token,
    );
  }

  private parseList(): ListNode {
    const open = this.peek();
    if (!this.isPunctuation("["))
      throw this.error(`expected a list like ['a', 'b'] after in, but found ${this.describe(open)}`, open);
    this.next();
    const items: LiteralNode[] = [];
    while (!this.isPunctuation("]")) {
      const token = this.peek();
      const literal = this.parseLiteral();
      if (!literal) {
        const hint = token.kind === "identifier" ? ` (quote text: '${clip(token.text)}')` : "";
        throw this.error(
          `list items must be literals (numbers, percents, 'text', true, false, null), found ${this.describe(token)}${hint}`,
          token,
        );
      }
      items.push(literal);
      if (this.isPunctuation(",")) {
        this.next();
        continue;
      }
      if (!this.isPunctuation("]"))
        throw this.error(
          `expected ',' or ']' in the list but found ${this.describe(this.peek())}`,
          this.peek(),
        );
    }
    const close = this.next();
    return { type: "list", items, start: open.start, end: close.end };
  }

  private parseLiteral(): LiteralNode | undefined {
    const token = this.peek();
    const span = { start: token.start, end: token.end };
    let literal: LiteralNode["literal"] | undefined;
    if (token.kind === "number") literal = { type: "number", value: token.number! };
    else if (token.kind === "percent") literal = { type: "percent", value: token.number! };
    else if (token.kind === "string") literal = { type: "string", value: token.text };
    else if (token.kind === "keyword" && (token.text === "true" || token.text === "false"))
      literal = { type: "boolean", value: token.text === "true" };
    else if (token.kind === "keyword" && token.text === "null") literal = { type: "null" };
    if (!literal) return undefined;
    this.next();
    return { type: "literal", literal, ...span };
  }

  private parseOperand(): OperandNode {
    const literal = this.parseLiteral();
    if (literal) return literal;
    const token = this.peek();
    if (token.kind === "quoted_identifier") {
      this.next();
      return { type: "column", name: token.text, start: token.start, end: token.end };
    }
    if (token.kind !== "identifier") {
      throw this.error(
        `expected a value (a column, a number, 'text', rows, or a function like len(text)) but found ${this.describe(token)}`,
        token,
      );
    }
    this.next();
    const lower = token.text.toLowerCase();
    if (this.isPunctuation("(")) return this.parseCall(token, lower);
    if (lower === "rows" || lower === "chunks")
      return { type: "measure", name: lower, start: token.start, end: token.end };
    return { type: "column", name: token.text, start: token.start, end: token.end };
  }

  private parseCall(name: RuleToken, lower: string): OperandNode {
    const open = this.next();
    this.enter(open);
    let node: OperandNode;
    if (ROW_FUNCTIONS.has(lower as RowFunction)) {
      const argument = this.parseColumnArgument(lower);
      const close = this.expectPunctuation(")", `to close ${lower}(`, open);
      node = {
        type: "row_call",
        function: lower as RowFunction,
        argument,
        start: name.start,
        end: close.end,
      };
    } else if (AGGREGATES.has(lower as AggregateFunction)) {
      const argumentToken = this.peek();
      let argument: ColumnNode | RowCallNode;
      const inner = argumentToken.kind === "identifier" ? argumentToken.text.toLowerCase() : "";
      if (
        argumentToken.kind === "identifier" &&
        ROW_FUNCTIONS.has(inner as RowFunction) &&
        this.peek(1).text === "("
      ) {
        this.next();
        const call = this.parseCall(argumentToken, inner);
        argument = call as RowCallNode;
      } else {
        argument = this.parseColumnArgument(lower);
      }
      const close = this.expectPunctuation(")", `to close ${lower}(`, open);
      node = {
        type: "aggregate_call",
        function: lower as AggregateFunction,
        argument,
        start: name.start,
        end: close.end,
      };
    } else if (lower === "any" || lower === "all" || HAS_KEYWORDS.has(lower)) {
      throw this.error(`${lower}(...) is a condition, not a value; it cannot be compared`, name);
    } else {
      throw this.error(`unknown function ${clip(name.text)}(); functions are ${FUNCTION_LIST}`, name);
    }
    this.depth -= 1;
    return node;
  }

  private parseColumnArgument(functionName: string): ColumnNode {
    const token = this.peek();
    if (token.kind === "identifier" || token.kind === "quoted_identifier") {
      const lower = token.text.toLowerCase();
      if (token.kind === "identifier" && this.peek(1).text === "(" && this.peek(1).kind === "punctuation") {
        throw this.error(`${functionName}() takes a column, not ${clip(lower)}(...)`, token);
      }
      if (token.kind === "identifier" && (lower === "rows" || lower === "chunks")) {
        throw this.error(`${functionName}() takes a column; ${lower} is already a count`, token);
      }
      this.next();
      return { type: "column", name: token.text, start: token.start, end: token.end };
    }
    throw this.error(`${functionName}() takes a column name but found ${this.describe(token)}`, token);
  }

  private enter(token: RuleToken): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING_DEPTH)
      throw this.error(`nesting deeper than ${MAX_NESTING_DEPTH} levels`, token);
  }

  private expectPunctuation(text: string, purpose: string, opener: RuleToken): RuleToken {
    const token = this.peek();
    if (token.kind === "punctuation" && token.text === text) return this.next();
    const where = `at column ${opener.start + 1}`;
    throw this.error(`expected '${text}' ${purpose} ${where} but found ${this.describe(token)}`, token);
  }

  private peek(offset = 0): RuleToken {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
  }

  private next(): RuleToken {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index += 1;
    return token;
  }

  private isKeyword(word: string): boolean {
    const token = this.peek();
    return token.kind === "keyword" && token.text === word;
  }

  private isPunctuation(text: string): boolean {
    const token = this.peek();
    return token.kind === "punctuation" && token.text === text;
  }

  private describe(token: RuleToken): string {
    if (token.kind === "end") return "the end of the rule";
    return `'${clip(this.text.slice(token.start, token.end))}'`;
  }

  private error(reason: string, token: RuleToken): RuleSyntaxError {
    return new RuleSyntaxError(reason, this.text, token.start);
  }
}

/** Keeps quoted source short in messages. */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
