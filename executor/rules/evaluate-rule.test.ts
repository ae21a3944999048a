import { describe, expect, it } from "vitest";
import type { Evidence, TableEvidence, TextEvidence } from "../../models/evidence.js";
import { ValidationOutcome } from "../../models/validation-outcome.js";
import type { RuleNode } from "../../models/validation-rule/rule-node.js";
import { RuleSyntaxError } from "../../models/validation-rule/rule-syntax-error.js";
import { evaluateRule } from "./evaluate-rule.js";
import { RuleEvaluationError } from "./rule-evaluation-error.js";

const AS_OF = { asOf: "2024-02-01" };

/** Return rates by product, region and month, as the BI adapters produce them. */
const sales: TableEvidence = {
  kind: "table",
  columns: [
    { name: "product", type: "string" },
    { name: "region", type: "string" },
    { name: "month", type: "date" },
    { name: "return_rate", type: "percent" },
    { name: "orders", type: "number" },
    { name: "updated", type: "date" },
    { name: "active", type: "boolean" },
  ],
  rows: [
    {
      product: "A",
      region: "East",
      month: "2024-01",
      return_rate: 5.2,
      orders: 1200,
      updated: "2024-01-20",
      active: true,
    },
    {
      product: "B",
      region: "North",
      month: "2024-01",
      return_rate: 4.1,
      orders: 800,
      updated: "2024-01-25",
      active: true,
    },
    {
      product: "A",
      region: "North",
      month: "2023-12",
      return_rate: 6,
      orders: 950,
      updated: "2023-12-28",
      active: false,
    },
  ],
  provenance: [],
  notes: [],
};

/** Logistics provider changes as the ticket adapter produces them (dates as text, one null). */
const changes: TableEvidence = {
  kind: "table",
  columns: [
    { name: "key", type: "string" },
    { name: "region", type: "string" },
    { name: "change_date", type: "string" },
    { name: "quarter", type: "string" },
  ],
  rows: [
    { key: "LOG-1", region: "East", change_date: "2024-01-08", quarter: "Q1" },
    { key: "LOG-2", region: "North", change_date: "2023-12-15", quarter: "Q4" },
    { key: "LOG-3", region: "North", change_date: null, quarter: "Q5" },
  ],
  provenance: [],
  notes: [],
};

const passages: TextEvidence = {
  kind: "text",
  source: "handbook",
  passages: [
    {
      chunk_id: "c1",
      document: "logistics.pdf",
      page: 3,
      section: "Providers",
      text: "x".repeat(80),
      score: 0.82,
    },
    {
      chunk_id: "c2",
      document: "logistics.pdf",
      page: 4,
      section: "Returns",
      text: "y".repeat(40),
      score: 0.4,
    },
  ],
  notes: [],
};

function table(rows: Record<string, unknown>[], columns: TableEvidence["columns"]): TableEvidence {
  return { kind: "table", columns, rows: rows as TableEvidence["rows"], provenance: [], notes: [] };
}

function evaluate(rule: string, evidence: Evidence = sales) {
  const outcome = evaluateRule(rule, evidence, AS_OF);
  // Every outcome fits the model the executor stores.
  expect(ValidationOutcome.safeParse(outcome).success).toBe(true);
  return outcome;
}

function evaluationError(rule: string, evidence: Evidence = sales, asOf = AS_OF.asOf): RuleEvaluationError {
  try {
    evaluateRule(rule, evidence, { asOf });
  } catch (error) {
    expect(error).toBeInstanceOf(RuleEvaluationError);
    return error as RuleEvaluationError;
  }
  throw new Error(`expected an evaluation error for ${rule}`);
}

describe("evaluateRule: the DESIGN §4 examples", () => {
  it("has_columns AND rows", () => {
    expect(evaluate("has_columns: [product, region, month, return_rate] AND rows >= 1").passed).toBe(true);
    const empty = evaluate("has_columns: [product, region, month, return_rate] AND rows >= 1", {
      ...sales,
      rows: [],
    });
    expect(empty).toMatchObject({
      passed: false,
      failed_clause: "rows >= 1",
      message: "rows = 0, expected >= 1",
      failing_rows: [],
    });
  });

  it("has_field and a date comparison on every row (text cells compared as dates)", () => {
    const outcome = evaluate("has_field: change_date AND change_date >= '2024-01-01'", changes);
    expect(outcome).toMatchObject({ passed: false, failed_clause: "change_date >= '2024-01-01'" });
    expect(outcome.message).toBe(
      "2 of 3 rows fail change_date >= '2024-01-01'; row 1: change_date = '2023-12-15'",
    );
    expect(outcome.failing_rows).toEqual([
      { index: 1, values: { change_date: "2023-12-15" } },
      { index: 2, values: { change_date: null } },
    ]);
    expect(
      evaluate("has_field: change_date AND change_date >= '2023-12-01' AND change_date != null", {
        ...changes,
        rows: changes.rows.slice(0, 2),
      }).passed,
    ).toBe(true);
  });

  it("has_column AND in", () => {
    const outcome = evaluate("has_column: quarter AND quarter in ['Q1','Q2','Q3','Q4']", changes);
    expect(outcome).toMatchObject({
      passed: false,
      failed_clause: "quarter in ['Q1','Q2','Q3','Q4']",
      message: "1 of 3 rows fail quarter in ['Q1','Q2','Q3','Q4']; row 2: quarter = 'Q5'",
      failing_rows: [{ index: 2, values: { quarter: "Q5" } }],
    });
  });

  it("len(text) is the total text length of the passages", () => {
    expect(evaluate("len(text) > 100", passages).passed).toBe(true);
    expect(evaluate("len(text) > 120", passages)).toMatchObject({
      passed: false,
      message: "len(text) = 120, expected > 120",
    });
  });

  it("rows, null_rate and age_days together", () => {
    const rule = "rows >= 3 AND null_rate(return_rate) = 0 AND age_days(updated) <= 31";
    const outcome = evaluate(rule);
    expect(outcome).toMatchObject({
      passed: false,
      failed_clause: "age_days(updated) <= 31",
      message:
        "1 of 3 rows fail age_days(updated) <= 31; row 2: age_days(updated) = 35 (updated = 2023-12-28)",
      failing_rows: [{ index: 2, values: { "age_days(updated)": 35, updated: "2023-12-28" } }],
    });
    expect(evaluateRule(rule, sales, { asOf: "2024-01-28" }).passed).toBe(true);
  });
});

describe("evaluateRule: counts and functions", () => {
  it("rows and chunks on text evidence; chunks on a table is an error", () => {
    expect(evaluate("rows = 2 AND chunks = 2", passages).passed).toBe(true);
    const error = evaluationError("chunks >= 1");
    expect(error.message).toBe(
      "chunks counts the passages of text evidence; this evidence is a table (use rows)",
    );
  });

  it("passage fields are columns: score, document, page, len(text) per passage inside aggregates", () => {
    expect(
      evaluate(
        "min(score) >= 0.4 AND any(score > 0.8) AND document = 'logistics.pdf' AND max(page) = 4",
        passages,
      ).passed,
    ).toBe(true);
    expect(evaluate("min(len(text)) >= 40 AND max(len(text)) = 80", passages).passed).toBe(true);
    // Inside any()/all() len(text) is each passage's length, not the total.
    expect(evaluate("any(len(text) = 80) AND all(len(text) >= 40)", passages).passed).toBe(true);
    expect(evaluate("all(len(text) > 50)", passages).failing_rows).toEqual([
      { index: 1, values: { "len(text)": 40, text: "y".repeat(40) } },
    ]);
    expect(evaluate("all(score >= 0.5)", passages)).toMatchObject({
      passed: false,
      failing_rows: [{ index: 1, values: { score: 0.4 } }],
    });
  });

  it("len(col) on a table is per row; len(text) without a text column says why", () => {
    expect(evaluate("len(product) = 1").passed).toBe(true);
    expect(evaluate("len(region) >= 5")).toMatchObject({
      passed: false,
      failing_rows: [{ index: 0, values: { "len(region)": 4, region: "East" } }],
    });
    expect(evaluationError("len(text) > 1").message).toBe(
      "len(text) measures text evidence (passages); this evidence is a table with no column 'text'",
    );
    expect(evaluationError("len(orders) > 1").message).toBe("len() needs a text column; orders is number");
  });

  it("distinct, min, max, sum, avg", () => {
    expect(evaluate("distinct(product) = 2 AND distinct(region) = 2 AND distinct(month) = 2").passed).toBe(
      true,
    );
    expect(evaluate("min(orders) = 800 AND max(orders) = 1200 AND sum(orders) = 2950").passed).toBe(true);
    expect(evaluate("avg(return_rate) = 5.1% AND avg(return_rate) = 5.1").passed).toBe(true);
    expect(
      evaluate("min(month) = '2023-12' AND max(month) = '2024-01' AND max(updated) = '2024-01-25'").passed,
    ).toBe(true);
    expect(evaluate("min(product) = 'A' AND max(region) = 'North'").passed).toBe(true);
    expect(evaluate("max(age_days(updated)) <= 31")).toMatchObject({
      passed: false,
      message: "max(age_days(updated)) = 35, expected <= 31",
    });
    expect(evaluationError("sum(region) > 1").message).toBe("sum() needs a number column; region is string");
    expect(evaluationError("max(active) = true").message).toBe(
      "max() needs numbers, dates or text; active is boolean",
    );
  });

  it("aggregates of nothing: avg and max are null, sum 0, null_rate 0", () => {
    const none = { ...sales, rows: [] };
    expect(
      evaluate("sum(orders) = 0 AND null_rate(orders) = 0 AND avg(orders) = null AND max(month) = null", none)
        .passed,
    ).toBe(true);
    expect(evaluate("avg(orders) > 0", none)).toMatchObject({
      passed: false,
      message: "avg(orders) = null, expected > 0",
    });
  });

  it("null_rate is a percentage and counts blank text as missing", () => {
    const evidence = table(
      [
        { x: 1, y: "a" },
        { x: null, y: " " },
        { x: 3, y: "b" },
        { x: 4, y: "c" },
      ],
      [
        { name: "x", type: "number" },
        { name: "y", type: "string" },
      ],
    );
    expect(
      evaluate("null_rate(x) = 25% AND null_rate(y) = 25 AND null_rate(x) <= 30%", evidence).passed,
    ).toBe(true);
    expect(evaluate("null_rate(x) = 0", evidence)).toMatchObject({
      passed: false,
      message: "null_rate(x) = 25%, expected = 0",
    });
  });

  it("age_days counts to the end of a month or quarter, is negative in the future, null for text that is no date", () => {
    const evidence = table(
      [{ d: "2024-01" }, { d: "2023-Q4" }, { d: "2024-03-01" }, { d: "soon" }],
      [{ name: "d", type: "string" }],
    );
    const outcome = evaluate("age_days(d) >= 0", evidence);
    expect(outcome.failing_rows).toEqual([
      { index: 2, values: { "age_days(d)": -29, d: "2024-03-01" } },
      { index: 3, values: { "age_days(d)": null, d: "soon" } },
    ]);
    expect(evaluate("any(age_days(d) = 1) AND any(age_days(d) = 32)", evidence).passed).toBe(true);
    expect(evaluationError("age_days(orders) < 3").message).toBe(
      "age_days() needs a date column; orders is number",
    );
    expect(evaluationError("age_days(updated) < 3", sales, "yesterday").message).toBe(
      "age_days needs the as-of date as YYYY-MM-DD; got 'yesterday'",
    );
  });
});

describe("evaluateRule: typed comparison", () => {
  it("percent columns compare with percents and with plain numbers in percent units", () => {
    expect(evaluate("return_rate < 10% AND return_rate < 10 AND return_rate >= 4.1%").passed).toBe(true);
    expect(evaluate("return_rate < 6%")).toMatchObject({
      passed: false,
      failing_rows: [{ index: 2, values: { return_rate: 6 } }],
    });
    expect(evaluate("return_rate < 6%").message).toBe(
      "1 of 3 rows fail return_rate < 6%; row 2: return_rate = 6%",
    );
  });

  it("dates compare at the coarser precision: a month equals each of its days", () => {
    expect(evaluate("month >= '2023-12-31' AND month <= '2024-01-01'").passed).toBe(true);
    expect(evaluate("month = '2024-01-15'").failing_rows.map((row) => row.index)).toEqual([2]);
    expect(evaluate("month > '2023-12-15'").failing_rows.map((row) => row.index)).toEqual([2]);
    expect(evaluate("month >= '2023-Q4' AND month < '2024-Q2' AND month >= '2023'").passed).toBe(true);
    expect(evaluate("updated >= '2023-12' AND updated < '2024-02'").passed).toBe(true);
    expect(evaluate("month >= 2023-12 AND month in [2023-12, 2024-01-31] AND updated < 2024-Q2").passed).toBe(
      true,
    );
  });

  it("a text literal that is not a date against a date column is an error, with a caret", () => {
    const error = evaluationError("rows > 0 AND month >= 'January'");
    expect(error.message).toBe("'January' is not a date");
    expect(error.display).toBe("  rows > 0 AND month >= 'January'\n                        ^");
    expect(error.outcome).toMatchObject({
      passed: false,
      failed_clause: "'January'",
      message: "rule error: 'January' is not a date",
    });
  });

  it("incompatible types are errors, not silent falses", () => {
    expect(evaluationError("orders > 'many'").message).toBe(
      "cannot compare orders (a number column) with text 'many'",
    );
    expect(evaluationError("month > 2024").message).toBe(
      "cannot compare month (a date column) with number 2024",
    );
    expect(evaluationError("region = 5").message).toBe("cannot compare region (a text column) with number 5");
    expect(evaluationError("active = 1").message).toBe(
      "cannot compare active (a boolean column) with number 1",
    );
    expect(evaluationError("active > false").message).toBe("true/false can only be compared with = or !=");
    expect(evaluationError("orders > null").message).toBe("null can only be compared with = or !=");
    expect(evaluationError("orders matches '1'").message).toBe(
      "matches needs text; orders (a number column) is not text",
    );
  });

  it("errors are raised even on an empty table (types are checked before rows are read)", () => {
    expect(evaluationError("orders > 'many'", { ...sales, rows: [] }).message).toMatch(/cannot compare/);
  });

  it("strings compare as strings; booleans and null by equality", () => {
    expect(evaluate("product >= 'A' AND product < 'C' AND region != 'West'").passed).toBe(true);
    expect(evaluate("active = true").failing_rows).toEqual([{ index: 2, values: { active: false } }]);
    expect(evaluate("change_date = null", changes).failing_rows.map((row) => row.index)).toEqual([0, 1]);
    expect(evaluate("change_date != null", changes).failing_rows.map((row) => row.index)).toEqual([2]);
  });

  it("a null cell fails an ordering comparison and is shown", () => {
    const outcome = evaluate("change_date < '2030-01-01'", changes);
    expect(outcome.message).toBe("1 of 3 rows fail change_date < '2030-01-01'; row 2: change_date = null");
  });

  it("text that is not a date, compared as a date, fails its row and says so", () => {
    const evidence = table([{ d: "2024-01-05" }, { d: "next week" }], [{ name: "d", type: "string" }]);
    expect(evaluate("d >= '2024-01-01'", evidence).message).toBe(
      "1 of 2 rows fail d >= '2024-01-01'; row 1: d = 'next week' (not a date)",
    );
  });

  it("numbers stored as text in a number column are read as numbers", () => {
    const evidence = table([{ n: "1,200" }, { n: "5%" }, { n: 3 }], [{ name: "n", type: "number" }]);
    expect(evaluate("n > 2 AND sum(n) = 1208", evidence).passed).toBe(true);
  });
});

describe("evaluateRule: in, not in, matches", () => {
  it("in / not in with numbers, percents, dates and null", () => {
    expect(evaluate("orders in [800, 950, 1200] AND orders not in [0]").passed).toBe(true);
    expect(evaluate("return_rate in [5.2%, 4.1, 6%]").passed).toBe(true);
    expect(evaluate("month in ['2024-01', '2023-12-01']").passed).toBe(true);
    expect(evaluate("change_date in ['2024-01-08', '2023-12-15', null]", changes).passed).toBe(true);
    expect(evaluate("region not in ['East']").failing_rows).toEqual([
      { index: 0, values: { region: "East" } },
    ]);
    expect(evaluate("distinct(region) in [2, 3]").passed).toBe(true);
    expect(evaluate("distinct(region) in [3, 4]")).toMatchObject({
      passed: false,
      message: "distinct(region) = 2, expected in [3, 4]",
    });
    expect(evaluate("region in []").failing_rows).toHaveLength(3);
  });

  it("a list of text is compared as text unless every item is a date", () => {
    expect(
      evaluate("quarter in ['Q1', 'Q4', '2024-01']", changes).failing_rows.map((row) => row.index),
    ).toEqual([2]);
    expect(evaluationError("orders in [1, 'x']").message).toBe(
      "cannot compare orders (a number column) with text 'x'",
    );
  });

  it("matches is an unanchored RE2 search; (?i) for case; not matches", () => {
    expect(evaluate("key matches '^LOG-\\d+$' AND region matches '(?i)^(east|NORTH)$'", changes).passed).toBe(
      true,
    );
    expect(evaluate("key not matches '^LOG-3'", changes).failing_rows).toEqual([
      { index: 2, values: { key: "LOG-3" } },
    ]);
    expect(evaluate("change_date matches '^2024'", changes).failing_rows.map((row) => row.index)).toEqual([
      1, 2,
    ]);
    expect(evaluate("month matches '^2024-0[1-9]$'").failing_rows.map((row) => row.index)).toEqual([2]);
  });

  it("matches stays linear on inputs that make backtracking engines explode", () => {
    const evidence = table([{ s: `${"a".repeat(200_000)}!` }], [{ name: "s", type: "string" }]);
    const started = performance.now();
    expect(evaluate("s matches '^(a+)+$'", evidence).passed).toBe(false);
    expect(evaluate("s matches '(a|aa)*b'", evidence).passed).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("evaluateRule: logic and reporting", () => {
  it("AND stops at the first false clause, so a guard keeps a missing column from being read", () => {
    expect(evaluate("has_column: quarter AND quarter = 'Q1'")).toMatchObject({
      passed: false,
      failed_clause: "has_column: quarter",
      message:
        "missing column quarter; columns are: product, region, month, return_rate, orders, updated, active",
    });
    expect(evaluate("has_columns: [a, b]").message).toMatch(/^missing columns a, b;/);
  });

  it("an unknown column is an evaluation error naming the nearest column", () => {
    const error = evaluationError("rows > 0 AND regoin = 'East'");
    expect(error.message).toBe(
      "unknown column 'regoin' (did you mean 'region'?); columns are: product, region, month, return_rate, orders, updated, active",
    );
    expect(error.position).toBe(13);
    expect(error.clause).toBe("regoin");
    expect(error.display).toBe("  rows > 0 AND regoin = 'East'\n               ^");
  });

  it("OR: the whole OR is the failing clause and each alternative says why", () => {
    const outcome = evaluate("rows >= 10 OR any(region = 'West')");
    expect(outcome.failed_clause).toBe("rows >= 10 OR any(region = 'West')");
    expect(outcome.message).toBe(
      "no alternative holds: rows >= 10 → rows = 3, expected >= 10; any(region = 'West') → no row of 3 satisfies region = 'West'",
    );
    expect(evaluate("rows >= 10 OR any(region = 'East')").passed).toBe(true);
  });

  it("NOT", () => {
    expect(evaluate("NOT region = 'West' AND not rows = 0").passed).toBe(true);
    expect(evaluate("NOT (rows = 3)")).toMatchObject({
      passed: false,
      failed_clause: "NOT (rows = 3)",
      message: "(rows = 3) holds, expected it not to",
    });
  });

  it("nested failing clauses are reported at the innermost AND operand", () => {
    const outcome = evaluate("rows > 0 AND (orders > 0 AND (region = 'East' AND product = 'A'))");
    expect(outcome.failed_clause).toBe("region = 'East'");
  });

  it("any() and all() evaluate a whole condition per row", () => {
    expect(evaluate("any(region = 'East' AND return_rate > 5%)").passed).toBe(true);
    expect(evaluate("any(region = 'East' AND return_rate > 6%)")).toMatchObject({
      passed: false,
      message: "no row of 3 satisfies region = 'East' AND return_rate > 6%",
    });
    expect(evaluate("all(region = 'North' OR orders > 1000)").passed).toBe(true);
    const failing = evaluate("all(region = 'East' OR month = '2024-01')");
    expect(failing).toMatchObject({
      passed: false,
      failed_clause: "all(region = 'East' OR month = '2024-01')",
    });
    expect(failing.failing_rows).toEqual([{ index: 2, values: { region: "North", month: "2023-12" } }]);
    expect(failing.message).toBe(
      "1 of 3 rows fail region = 'East' OR month = '2024-01'; row 2: region = 'North', month = 2023-12",
    );
    expect(evaluate("any(orders > 0)", { ...sales, rows: [] }).message).toBe(
      "no row satisfies orders > 0: the evidence has no rows",
    );
  });

  it("type errors surface when their clause is reached (AND stops before it otherwise)", () => {
    expect(evaluate("product = 'Z' AND orders matches '1'").failed_clause).toBe("product = 'Z'");
    expect(() => evaluate("product != 'Z' AND orders matches '1'")).toThrow(RuleEvaluationError);
  });

  it("a column comparison on an empty table holds (every row of none); pair it with rows >= 1", () => {
    expect(evaluate("orders > 0", { ...sales, rows: [] }).passed).toBe(true);
  });

  it("failing rows: at most five, with indexes and only the values the clause read", () => {
    const rows = Array.from({ length: 40 }, (_, index) => ({
      id: index,
      value: index % 2 === 0 ? -index : index,
      note: "n",
    }));
    const evidence = table(rows, [
      { name: "id", type: "number" },
      { name: "value", type: "number" },
      { name: "note", type: "string" },
    ]);
    const outcome = evaluate("value > 0", evidence);
    expect(outcome.message).toMatch(/^20 of 40 rows fail value > 0; row 0: value = 0$/);
    expect(outcome.failing_rows).toHaveLength(5);
    expect(outcome.failing_rows.map((row) => row.index)).toEqual([0, 2, 4, 6, 8]);
    expect(outcome.failing_rows[1].values).toEqual({ value: -2 });
  });

  it("an empty rule passes", () => {
    expect(evaluate("")).toEqual({ rule: "", passed: true, failing_rows: [] });
    expect(evaluate("   ")).toMatchObject({ passed: true });
  });

  it("a tree built in code (no source text) still names its failing clause", () => {
    const rule: RuleNode = {
      type: "and",
      start: 0,
      end: 0,
      operands: [
        {
          type: "has_columns",
          keyword: "has_column",
          columns: [{ name: "orders", start: 0, end: 0 }],
          start: 0,
          end: 0,
        },
        {
          type: "comparison",
          operator: ">",
          left: { type: "column", name: "orders", start: 0, end: 0 },
          right: { type: "literal", literal: { type: "number", value: 900 }, start: 0, end: 0 },
          start: 0,
          end: 0,
        },
      ],
    };
    const outcome = evaluateRule(rule, sales, AS_OF);
    expect(outcome).toMatchObject({
      rule: "has_column: [orders] AND orders > 900",
      passed: false,
      failed_clause: "orders > 900",
    });
  });

  it("a tree built in code with an unknown node type is an evaluation error; a non-rule is a syntax error", () => {
    const bogus = { type: "xor", start: 0, end: 0 } as unknown as RuleNode;
    expect(() => evaluateRule(bogus, sales, AS_OF)).toThrow("unknown clause type 'xor'");
    const bogusOperand = {
      type: "comparison",
      operator: "=",
      left: { type: "call" },
      right: { type: "call" },
      start: 0,
      end: 0,
    } as unknown as RuleNode;
    expect(() => evaluateRule(bogusOperand, sales, AS_OF)).toThrow(RuleEvaluationError);
    expect(() => evaluateRule(undefined as unknown as string, sales, AS_OF)).toThrow(RuleSyntaxError);
    expect(() => evaluateRule(42 as unknown as string, sales, AS_OF)).toThrow(
      "a rule must be text or a parsed rule",
    );
  });

  it("evidence that is neither a table nor text is an evaluation error", () => {
    expect(() => evaluateRule("rows > 0", { kind: "chart" } as unknown as Evidence, AS_OF)).toThrow(
      RuleEvaluationError,
    );
  });
});

describe("evaluateRule: hostile column names never reach prototypes", () => {
  const hostile = table(
    JSON.parse(
      '[{"__proto__": 5, "constructor": "c", "toString": "t"}, {"__proto__": 7, "constructor": "d", "toString": "u"}]',
    ),
    [
      { name: "__proto__", type: "number" },
      { name: "constructor", type: "string" },
      { name: "toString", type: "string" },
    ],
  );

  it("reads own cells named __proto__, constructor and toString", () => {
    expect(
      evaluate(
        "`__proto__` > 4 AND constructor in ['c', 'd'] AND toString matches '^[tu]$' AND sum(`__proto__`) = 12",
        hostile,
      ).passed,
    ).toBe(true);
    const outcome = evaluate("`__proto__` > 6", hostile);
    expect(outcome.failing_rows).toHaveLength(1);
    expect(Object.hasOwn(outcome.failing_rows[0].values, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(outcome.failing_rows[0].values, "__proto__")?.value).toBe(5);
    expect(JSON.parse(JSON.stringify(outcome.failing_rows[0].values))).toEqual(
      JSON.parse('{"__proto__": 5}'),
    );
  });

  it("a column that is only on Object.prototype is unknown, not a function", () => {
    expect(evaluationError("toString = 'x'").message).toMatch(/^unknown column 'toString'/);
    expect(evaluationError("constructor = 'x'").message).toMatch(/^unknown column 'constructor'/);
    expect(evaluationError("hasOwnProperty = 'x'").message).toMatch(/^unknown column 'hasOwnProperty'/);
    expect(evaluate("has_columns: [__proto__, constructor, valueOf]")).toMatchObject({
      passed: false,
      message: expect.stringMatching(/^missing columns __proto__, constructor, valueOf/),
    });
  });

  it("cells missing from a row read as null, even when the name is inherited", () => {
    const evidence = table([{}], [{ name: "toString", type: "string" }]);
    expect(evaluate("toString = null", evidence).passed).toBe(true);
  });
});

describe("aggregates near the largest number", () => {
  const huge: import("../../models/evidence.js").TableEvidence = {
    kind: "table",
    columns: [{ name: "orders", type: "number" }],
    rows: [{ orders: 1.5e308 }, { orders: 1.7e308 }],
    provenance: [],
    notes: [],
  };
  it("averages cells whose sum overflows, and says plainly when a sum does", async () => {
    const { evaluateRule: evaluate } = await import("./evaluate-rule.js");
    expect(
      evaluate("avg(orders) > 1.5e308 AND avg(orders) < 1.7e308", huge, { asOf: "2024-06-30" }).passed,
    ).toBe(true);
    const error = (() => {
      try {
        return evaluate("sum(orders) > 0", huge, { asOf: "2024-06-30" });
      } catch (failure) {
        return (failure as { outcome: unknown }).outcome;
      }
    })() as { passed: boolean; message: string };
    expect(error.passed).toBe(false);
    expect(error.message).toMatch(/sum\(orders\) is beyond the largest number/);
  });
});
