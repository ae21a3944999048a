import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableEvidence, TextEvidence } from "../../models/evidence.js";
import { ValidationOutcome } from "../../models/validation-outcome.js";
import { parseRule } from "../../models/validation-rule/parse-rule.js";
import { printRule } from "../../models/validation-rule/print-rule.js";
import { RuleSyntaxError } from "../../models/validation-rule/rule-syntax-error.js";
import { evaluateRule } from "./evaluate-rule.js";
import { RuleEvaluationError } from "./rule-evaluation-error.js";

/**
 * The rule language reads text from YAML files and plans (which a model may write): whatever
 * comes in, the answer is an outcome or a typed error, quickly, and nothing else happens.
 */

/**
 * Per input (parse + evaluation on both evidences), in CPU time of this test process: the inputs
 * take a few ms, a backtracking or quadratic path would take seconds. CPU time rather than wall
 * time, because on a shared 2-core machine a process can wait hundreds of ms for a core.
 */
const CPU_BOUND_MS = 500;
/** Wall-clock bound per input: catches a hang even if CPU accounting were off. */
const WALL_BOUND_MS = 5_000;

const hostileRows = Array.from({ length: 200 }, (_, index) => ({
  product: index % 3 === 0 ? "A" : "B",
  region: ["East", "North", "South", null][index % 4],
  month: `2024-${String((index % 12) + 1).padStart(2, "0")}`,
  return_rate: index % 7 === 0 ? null : (index % 90) / 10,
  orders: index * 13,
  updated: index % 5 === 0 ? "not a date" : "2024-01-15",
  note: index % 50 === 0 ? "a".repeat(10_000) : `note ${index}`,
  active: index % 2 === 0,
  __proto__: index,
  constructor: "c",
  toString: "t",
}));

const table: TableEvidence = {
  kind: "table",
  columns: [
    { name: "product", type: "string" },
    { name: "region", type: "string" },
    { name: "month", type: "date" },
    { name: "return_rate", type: "percent" },
    { name: "orders", type: "number" },
    { name: "updated", type: "date" },
    { name: "note", type: "string" },
    { name: "active", type: "boolean" },
    { name: "__proto__", type: "number" },
    { name: "constructor", type: "string" },
    { name: "toString", type: "string" },
  ],
  // JSON.parse makes "__proto__" an own key, as it would be in fetched data.
  rows: JSON.parse(JSON.stringify(hostileRows.map((row) => Object.fromEntries(Object.entries(row))))),
  provenance: [],
  notes: [],
};

const text: TextEvidence = {
  kind: "text",
  source: "handbook",
  passages: Array.from({ length: 20 }, (_, index) => ({
    chunk_id: `c${index}`,
    document: "logistics.pdf",
    page: index + 1,
    section: "Providers",
    text: "provider change ".repeat(index * 10),
    score: index / 20,
  })),
  notes: [],
};

let slowest = 0;
let slowestRule = "";
let inputs = 0;

/** Runs one input against every evidence and checks it ends in an outcome or a typed error, in time. */
function check(rule: string): void {
  for (const evidence of [table, text]) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    try {
      const outcome = evaluateRule(rule, evidence, { asOf: "2024-02-01" });
      expect(ValidationOutcome.safeParse(outcome).success).toBe(true);
      expect(typeof outcome.passed).toBe("boolean");
    } catch (error) {
      if (!(error instanceof RuleSyntaxError || error instanceof RuleEvaluationError)) {
        throw new Error(`rule ${JSON.stringify(rule.slice(0, 200))} threw ${String(error)}`, {
          cause: error,
        });
      }
      expect(typeof error.display).toBe("string");
      expect(error.position).toBeGreaterThanOrEqual(0);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const wallMs = performance.now() - started;
    if (cpuMs > slowest) {
      slowest = cpuMs;
      slowestRule = rule;
    }
    inputs += 1;
    if (cpuMs > CPU_BOUND_MS || wallMs > WALL_BOUND_MS) {
      throw new Error(
        `rule ${JSON.stringify(rule.slice(0, 200))} took ${cpuMs.toFixed(0)} ms of CPU, ${wallMs.toFixed(0)} ms wall`,
      );
    }
  }
}

const columnName = fc.constantFrom(
  "product",
  "region",
  "month",
  "return_rate",
  "orders",
  "updated",
  "note",
  "active",
  "`__proto__`",
  "constructor",
  "toString",
  "missing",
  "text",
  "score",
  "page",
  "valueOf",
  "hasOwnProperty",
);

const literal = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map(String),
  fc.integer({ min: 0, max: 100 }).map((value) => `${value}%`),
  fc.string({ maxLength: 12 }).map((value) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`),
  fc
    .date({ min: new Date("2020-01-01"), max: new Date("2026-12-31"), noInvalidDate: true })
    .map((date) => `'${date.toISOString().slice(0, 10)}'`),
  fc.constantFrom(
    "'2024-01'",
    "'2024-Q1'",
    "'2024'",
    "'Q1'",
    "true",
    "false",
    "null",
    "'constructor'",
    "'__proto__'",
  ),
);

const rowFunction = fc
  .tuple(fc.constantFrom("len", "age_days"), columnName)
  .map(([name, column]) => `${name}(${column})`);
const aggregate = fc
  .tuple(
    fc.constantFrom("distinct", "min", "max", "sum", "avg", "null_rate"),
    fc.oneof(columnName, rowFunction),
  )
  .map(([name, argument]) => `${name}(${argument})`);
const operand = fc.oneof(columnName, literal, fc.constantFrom("rows", "chunks"), rowFunction, aggregate);
const pattern = fc.oneof(
  fc.constantFrom(
    "^A$",
    "(?i)east",
    "^(a+)+$",
    "(a|aa)*b",
    "\\d{4}-\\d{2}",
    "(a)\\1",
    "(?=x)",
    "[",
    "a{1001}",
    "((a{100}){100}){100}",
  ),
  fc.string({ maxLength: 20 }).map((value) => value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")),
);
const comparison = fc.oneof(
  fc
    .tuple(operand, fc.constantFrom("=", "!=", "<", "<=", ">", ">=", "==", "<>"), operand)
    .map((parts) => parts.join(" ")),
  fc
    .tuple(operand, fc.constantFrom("in", "not in"), fc.array(literal, { maxLength: 5 }))
    .map(([value, operator, items]) => `${value} ${operator} [${items.join(", ")}]`),
  fc
    .tuple(operand, fc.constantFrom("matches", "not matches"), pattern)
    .map(([value, operator, regex]) => `${value} ${operator} '${regex}'`),
  fc
    .tuple(
      fc.constantFrom("has_columns:", "has_column:", "has_field:", "HAS_FIELDS"),
      fc.array(columnName, { minLength: 1, maxLength: 4 }),
    )
    .map(([keyword, names]) => `${keyword} [${names.join(", ")}]`),
);

const { clause } = fc.letrec((tie) => ({
  clause: fc.oneof(
    { maxDepth: 4, depthIdentifier: "clause" },
    comparison,
    fc
      .tuple(tie("clause"), fc.constantFrom("AND", "and", "OR", "or", "&&", "||"), tie("clause"))
      .map(([a, operator, b]) => `${a} ${operator} ${b}`),
    tie("clause").map((inner) => `(${inner})`),
    tie("clause").map((inner) => `NOT ${inner}`),
    fc
      .tuple(fc.constantFrom("any", "all"), tie("clause"))
      .map(([quantifier, inner]) => `${quantifier}(${inner})`),
  ),
}));

const tokens = [
  "AND",
  "OR",
  "NOT",
  "in",
  "not in",
  "matches",
  "(",
  ")",
  "[",
  "]",
  ",",
  ":",
  "=",
  "!=",
  "<",
  ">=",
  "'",
  '"',
  "`",
  "rows",
  "chunks",
  "len(",
  "age_days(",
  "distinct(",
  "any(",
  "all(",
  "has_columns:",
  "has_field",
  "5%",
  "-1",
  "1e309",
  "'2024-01-01'",
  "__proto__",
  "constructor",
  "prototype",
  "process",
  "exit()",
  "require('fs')",
  "${",
  "}",
  "\\",
  "\u0000",
  "😀",
  "区域",
];
const tokenSoup = fc.array(fc.constantFrom(...tokens), { maxLength: 30 }).map((parts) => parts.join(" "));

const hostile = [
  "process.exit()",
  "process.exit(1)",
  "constructor.constructor('return process')()",
  "constructor.constructor('return process')().exit()",
  "__proto__",
  "__proto__.polluted = 1",
  "`__proto__` = 1 AND toString = 'x'",
  "toString",
  "toString()",
  "valueOf() = 1",
  "require('child_process').execSync('touch /tmp/pwned')",
  "eval('1')",
  "new Function('return 1')()",
  "this.constructor",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile input, on purpose
  "`${process.exit()}`",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile input, on purpose
  "x = '${process.exit()}'",
  "import('fs')",
  "(".repeat(10_000),
  `${"(".repeat(10_000)}rows > 1${")".repeat(10_000)}`,
  `${"(".repeat(5_000)}rows > 1${")".repeat(5_000)}`,
  "NOT ".repeat(2_400),
  "any(".repeat(2_000),
  "len(".repeat(2_000),
  "[".repeat(9_000),
  `x in [${"1,".repeat(4_000)}1]`,
  "x".repeat(1_048_576),
  `'${"x".repeat(1_048_576)}`,
  `rows > 1 AND ${"a".repeat(1_048_576)}`,
  "'".repeat(9_999),
  "`".repeat(9_999),
  `note matches '${"(a+)+".repeat(150)}$'`,
  `note matches '${"a?".repeat(400)}${"a".repeat(400)}'`,
  `note matches '${"a?".repeat(80)}${"a".repeat(80)}'`,
  `note matches '${"(a+)+".repeat(50)}$'`,
  `note matches '${"(a|b|c|d)*".repeat(25)}z'`,
  "note matches '((((((((((a*)*)*)*)*)*)*)*)*)*)*b'",
  "note matches '(?P<x>a)(?P=x)'",
  `note matches '${"\\".repeat(999)}'`,
  "rows > 1e999",
  "rows > -",
  "rows > 1.2.3",
  "rows >>= 1",
  "\u0000\u0001\u0002",
  "\ud800",
  "rows > 1 \u2028 AND rows > 0",
];

describe("rule safety (fast-check)", () => {
  beforeAll(() => {
    // The first evaluation pays for loading and compiling the modules (and RE2's tables); time the rest.
    evaluateRule("note matches '^a' AND age_days(updated) > 0 OR rows > 0", table, { asOf: "2024-02-01" });
    for (const rule of ["x".repeat(20_000), "rows >", "regoin = 1"]) {
      try {
        evaluateRule(rule, table, { asOf: "2024-02-01" });
      } catch {
        // warming the error paths (number formatting, caret display) only
      }
    }
  });

  afterAll(() => {
    // Nothing leaked into prototypes, and the process is still here to say so.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    process.stdout.write(
      `rule safety: ${inputs} evaluations, slowest ${slowest.toFixed(1)} ms CPU (${JSON.stringify(slowestRule.slice(0, 60))}, ${slowestRule.length} characters)\n`,
    );
  });

  it("hostile inputs end in an outcome or a typed error, each within the time bounds", () => {
    for (const rule of hostile) check(rule);
  });

  it("random unicode strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 120 }), (rule) => check(rule)),
      { numRuns: 2_000 },
    );
  });

  it("random printable ASCII", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 160 }), (rule) => check(rule)),
      { numRuns: 2_000 },
    );
  });

  it("token soup built from the language's own words and hostile ones", () => {
    fc.assert(
      fc.property(tokenSoup, (rule) => check(rule)),
      { numRuns: 3_000 },
    );
  });

  it("grammatical rules: evaluated, and evaluated the same after printing and re-parsing", () => {
    fc.assert(
      fc.property(clause, (rule) => {
        check(rule);
        let tree: ReturnType<typeof parseRule>;
        try {
          tree = parseRule(rule);
        } catch {
          return;
        }
        for (const evidence of [table, text]) {
          const first = attempt(() => evaluateRule(rule, evidence, { asOf: "2024-02-01" }).passed);
          const again = attempt(() => evaluateRule(printRule(tree), evidence, { asOf: "2024-02-01" }).passed);
          expect(again).toEqual(first);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

/** A result or the name of the error thrown, for comparing two evaluations. */
function attempt(run: () => boolean): boolean | string {
  try {
    return run();
  } catch (error) {
    return (error as Error).name;
  }
}
