import { describe, expect, it } from "vitest";
import { parseRule } from "./parse-rule.js";
import { printRule } from "./print-rule.js";
import { MAX_NESTING_DEPTH, MAX_RULE_LENGTH } from "./rule-limits.js";
import type { LogicalNode, RuleNode } from "./rule-node.js";
import { RuleSyntaxError } from "./rule-syntax-error.js";

function syntaxError(rule: string): RuleSyntaxError {
  try {
    parseRule(rule);
  } catch (error) {
    expect(error).toBeInstanceOf(RuleSyntaxError);
    return error as RuleSyntaxError;
  }
  throw new Error(`expected a syntax error for ${rule}`);
}

describe("parseRule: the DESIGN §4 examples", () => {
  it.each([
    "has_columns: [product, region, month, return_rate] AND rows >= 1",
    "has_field: change_date AND change_date >= '2024-01-01'",
    "has_column: quarter AND quarter in ['Q1','Q2','Q3','Q4']",
    "len(text) > 100",
    "rows >= 10 AND null_rate(return_rate) = 0 AND age_days(updated) <= 31",
  ])("%s", (rule) => {
    const tree = parseRule(rule);
    expect(tree.source).toBe(rule);
    // Printing and parsing again gives the same tree shape: nothing was dropped.
    expect(strip(parseRule(printRule(tree)))).toEqual(strip(tree));
  });
});

/** The tree without positions, to compare shapes. */
function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node && typeof node === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "start" || key === "end" || key === "source" || key === "patternSpan") continue;
      copy[key] = strip(value);
    }
    return copy;
  }
  return node;
}

describe("parseRule: trees", () => {
  it("has_columns with a list, a single name, quoted names and a trailing comma", () => {
    expect(strip(parseRule("has_columns: [a, `net sales`, '退货率',]"))).toEqual({
      type: "has_columns",
      keyword: "has_columns",
      columns: [{ name: "a" }, { name: "net sales" }, { name: "退货率" }],
    });
    expect(strip(parseRule("HAS_FIELD: change_date"))).toEqual({
      type: "has_columns",
      keyword: "has_field",
      columns: [{ name: "change_date" }],
    });
  });

  it("AND binds tighter than OR; NOT tighter than AND; keywords in any case", () => {
    const tree = parseRule("rows > 1 or not rows > 2 AND rows < 9");
    expect(tree.type).toBe("or");
    const or = tree as LogicalNode;
    expect(or.operands[1].type).toBe("and");
    const and = or.operands[1] as LogicalNode;
    expect(and.operands[0].type).toBe("not");
  });

  it("parentheses group and are part of the clause span", () => {
    const rule = "(rows > 1 OR rows < 0) AND chunks = 2";
    const tree = parseRule(rule) as LogicalNode;
    expect(tree.operands[0].type).toBe("or");
    expect(rule.slice(tree.operands[0].start, tree.operands[0].end)).toBe("(rows > 1 OR rows < 0)");
  });

  it("comparison operators, with == and <> as aliases", () => {
    for (const [written, operator] of [
      ["=", "="],
      ["==", "="],
      ["!=", "!="],
      ["<>", "!="],
      ["<", "<"],
      ["<=", "<="],
      [">", ">"],
      [">=", ">="],
    ]) {
      const tree = parseRule(`rows ${written} 3`);
      expect(tree).toMatchObject({
        type: "comparison",
        operator,
        left: { type: "measure", name: "rows" },
        right: { type: "literal", literal: { type: "number", value: 3 } },
      });
    }
  });

  it("literals: numbers, negative and decimal numbers, percents, strings with escapes, booleans, null", () => {
    const values = (rule: string) =>
      (parseRule(rule) as Extract<RuleNode, { type: "membership" }>).list.items.map((item) => item.literal);
    expect(values(`x in [1, -2.5, .5, 1e3, 5%, 'it\\'s', "dq", true, FALSE, null]`)).toEqual([
      { type: "number", value: 1 },
      { type: "number", value: -2.5 },
      { type: "number", value: 0.5 },
      { type: "number", value: 1000 },
      { type: "percent", value: 5 },
      { type: "string", value: "it's" },
      { type: "string", value: "dq" },
      { type: "boolean", value: true },
      { type: "boolean", value: false },
      { type: "null" },
    ]);
  });

  it("unquoted ISO dates, months and quarters are date literals (there is no arithmetic to confuse them with)", () => {
    const values = (rule: string) =>
      (parseRule(rule) as Extract<RuleNode, { type: "membership" }>).list.items.map((item) => item.literal);
    expect(values("month in [2024-01, 2024-01-15, 2024-Q3, 2024]")).toEqual([
      { type: "string", value: "2024-01" },
      { type: "string", value: "2024-01-15" },
      { type: "string", value: "2024-Q3" },
      { type: "number", value: 2024 },
    ]);
    expect(parseRule("month >= 2024-01")).toMatchObject({
      right: { type: "literal", literal: { type: "string", value: "2024-01" } },
    });
    expect(syntaxError("month >= 2024-01x").message).toMatch(/unexpected 'x' after the number -01/);
    expect(syntaxError("month >= 2024-1").message).toMatch(/unexpected/);
  });

  it("in, not in, matches, not matches (regex backslashes kept)", () => {
    expect(parseRule("q not in ['Q1']")).toMatchObject({ type: "membership", negated: true });
    expect(parseRule("q in []")).toMatchObject({ type: "membership", negated: false, list: { items: [] } });
    expect(parseRule("id matches '^[A-Z]+-\\d+$'")).toMatchObject({
      type: "match",
      negated: false,
      pattern: "^[A-Z]+-\\d+$",
    });
    expect(parseRule("id NOT MATCHES 'x'")).toMatchObject({ type: "match", negated: true });
  });

  it("functions: row functions, aggregates (over a column or a row function), counts", () => {
    expect(parseRule("len(text) > 100")).toMatchObject({
      left: { type: "row_call", function: "len", argument: { name: "text" } },
    });
    expect(parseRule("age_days(updated) <= 31")).toMatchObject({
      left: { type: "row_call", function: "age_days" },
    });
    for (const name of ["distinct", "min", "max", "sum", "avg", "null_rate"]) {
      expect(parseRule(`${name.toUpperCase()}(x) = 1`)).toMatchObject({
        left: { type: "aggregate_call", function: name },
      });
    }
    expect(parseRule("max(age_days(updated)) <= 31")).toMatchObject({
      left: { type: "aggregate_call", function: "max", argument: { type: "row_call", function: "age_days" } },
    });
    expect(parseRule("chunks >= 2")).toMatchObject({ left: { type: "measure", name: "chunks" } });
  });

  it("any() and all() take a whole condition", () => {
    expect(parseRule("any(region = 'East' AND return_rate > 5%)")).toMatchObject({
      type: "quantifier",
      quantifier: "any",
      condition: { type: "and" },
    });
    expect(parseRule("ALL(region = 'East' or region = 'North')")).toMatchObject({
      type: "quantifier",
      quantifier: "all",
      condition: { type: "or" },
    });
  });

  it("a column may be called like a keyword when it is compared, or quoted with backticks", () => {
    expect(parseRule("any = 1")).toMatchObject({ left: { type: "column", name: "any" } });
    expect(parseRule("`rows` = 1")).toMatchObject({ left: { type: "column", name: "rows" } });
    expect(parseRule("`__proto__` = 1")).toMatchObject({ left: { type: "column", name: "__proto__" } });
  });

  it("an empty or blank rule is the empty node", () => {
    expect(parseRule("")).toMatchObject({ type: "empty" });
    expect(parseRule("  \n ")).toMatchObject({ type: "empty" });
  });
});

describe("parseRule: syntax errors point at the spot with a caret", () => {
  it("a missing value after an operator", () => {
    const error = syntaxError("rows >= AND x");
    expect(error.name).toBe("RuleSyntaxError");
    expect(error.position).toBe(8);
    expect(error.message).toBe(
      "expected a value (a column, a number, 'text', rows, or a function like len(text)) but found 'AND' (at column 9)",
    );
    expect(error.display).toBe("  rows >= AND x\n          ^");
  });

  it("a missing comparison", () => {
    const error = syntaxError("rows AND x > 1");
    expect(error.message).toContain(
      "expected a comparison (=, !=, <, <=, >, >=, in, not in, matches) after rows but found 'AND'",
    );
    expect(error.display).toBe("  rows AND x > 1\n       ^");
  });

  it("an unclosed parenthesis names where it was opened", () => {
    const error = syntaxError("(rows > 1 OR rows < 0");
    expect(error.message).toBe(
      "expected ')' to close the '(' opened at column 1 but found the end of the rule (at column 22)",
    );
    expect(error.display).toBe("  (rows > 1 OR rows < 0\n                       ^");
  });

  it("an unmatched ')' and trailing tokens", () => {
    expect(syntaxError("rows > 1)").message).toMatch(/^unmatched '\)'/);
    expect(syntaxError("rows > 1 rows > 2").message).toMatch(/join clauses with AND or OR/);
  });

  it("an unterminated string, an unknown character, an unknown function", () => {
    expect(syntaxError("x = 'abc").message).toBe("unterminated string: add the closing ' (at column 5)");
    expect(syntaxError("x = 1 ; y").message).toBe("unexpected character ';' (at column 7)");
    expect(syntaxError("x = 😀").message).toBe("unexpected character '😀' (at column 5)");
    expect(syntaxError("x =\u0007").message).toBe("unexpected character 'U+0007' (at column 4)");
    expect(syntaxError("median(x) > 1").message).toMatch(
      /^unknown function median\(\); functions are len, age_days/,
    );
  });

  it("lists: only literals, commas between items", () => {
    expect(syntaxError("q in [Q1, Q2]").message).toMatch(
      /list items must be literals .* found 'Q1' \(quote text: 'Q1'\)/,
    );
    expect(syntaxError("q in ['a' 'b']").message).toMatch(/expected ',' or '\]'/);
    expect(syntaxError("q in 'a'").message).toMatch(/expected a list like/);
  });

  it("matches needs a valid, quoted pattern (RE2 syntax: no backreferences or lookaround)", () => {
    expect(syntaxError("x matches abc").message).toMatch(/matches needs a quoted pattern/);
    const bad = syntaxError("x matches '(a'");
    expect(bad.message).toMatch(/invalid pattern: missing closing \)/);
    expect(bad.position).toBe(10);
    expect(syntaxError("x matches '(a)\\1'").message).toMatch(/invalid pattern/);
    expect(syntaxError("x matches '(?=a)'").message).toMatch(/invalid pattern/);
  });

  it("functions take columns", () => {
    expect(syntaxError("len(rows) > 1").message).toMatch(/len\(\) takes a column; rows is already a count/);
    expect(syntaxError("min(max(x)) > 1").message).toMatch(/min\(\) takes a column, not max\(\.\.\.\)/);
    expect(syntaxError("distinct(3) > 1").message).toMatch(/distinct\(\) takes a column name but found '3'/);
    expect(syntaxError("any(x > 1) = 1").message).toMatch(/join clauses with AND or OR|is a condition/);
    expect(syntaxError("has_columns: []").message).toMatch(/needs at least one column name/);
  });

  it("any() cannot be nested", () => {
    expect(syntaxError("any(all(x > 1))").message).toMatch(/cannot be nested/);
  });

  it("the caret lines up under wide characters", () => {
    const error = syntaxError("退货率 >");
    // 退货率 takes six terminal columns, then " >", so the end of the rule is column 8.
    expect(error.display).toBe("  退货率 >\n          ^");
  });

  it("a long rule shows a window around the position", () => {
    const rule = `${"rows > 1 AND ".repeat(20)}rows >`;
    const error = syntaxError(rule);
    const [line, caret] = error.display.split("\n");
    expect(line.length).toBeLessThan(60);
    expect(line.startsWith("  …")).toBe(true);
    expect(caret.indexOf("^")).toBe(line.length);
  });
});

describe("parseRule: limits", () => {
  it("rejects a rule longer than the limit before reading it", () => {
    const rule = `rows > 1 AND ${"x".repeat(1_048_576)} = 1`;
    const started = performance.now();
    const error = syntaxError(rule);
    // Generous: the check is O(1); the bound only catches a parser that reads the megabyte.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error.message).toBe(
      `rule is ${rule.length.toLocaleString("en-US")} characters long; the limit is ${MAX_RULE_LENGTH.toLocaleString("en-US")} (at column ${MAX_RULE_LENGTH + 1})`,
    );
    expect(error.display.length).toBeLessThan(200);
  });

  it("rejects nesting deeper than the limit without a stack overflow", () => {
    expect(parseRule(`${"(".repeat(MAX_NESTING_DEPTH)}rows > 1${")".repeat(MAX_NESTING_DEPTH)}`).type).toBe(
      "comparison",
    );
    const deep = syntaxError(`${"(".repeat(4_000)}rows > 1${")".repeat(4_000)}`);
    expect(deep.message).toMatch(/^nesting deeper than 64 levels/);
    expect(deep.position).toBe(MAX_NESTING_DEPTH);
    expect(syntaxError(`${"NOT ".repeat(2_000)}rows > 1`).message).toMatch(/^nesting deeper/);
    expect(syntaxError(`${"len(".repeat(1_000)}x${")".repeat(1_000)} > 1`).message).toMatch(
      /takes a column, not len/,
    );
    expect(syntaxError(`${"any(".repeat(1_000)}x > 1${")".repeat(1_000)}`).message).toMatch(
      /cannot be nested/,
    );
    // 10,000 '(' are over the length limit already: still a RuleSyntaxError, not a crash.
    expect(syntaxError(`${"(".repeat(10_000)}rows > 1${")".repeat(10_000)}`).message).toMatch(
      /^rule is 20,008 characters long/,
    );
  });

  it("long flat AND chains are fine (they are loops, not recursion)", () => {
    const rule = Array.from({ length: 600 }, () => "rows >= 0").join(" AND ");
    expect(rule.length).toBeLessThan(MAX_RULE_LENGTH);
    expect((parseRule(rule) as LogicalNode).operands).toHaveLength(600);
  });
});
