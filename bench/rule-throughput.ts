/**
 * Rule interpreter throughput: representative validation rules over a 100,000-row table,
 * printed as rows per second beside a hand-written JavaScript loop doing the same check
 * (the floor the interpreter can be compared with), plus the cost of parsing a rule.
 *
 *   npx tsx bench/rule-throughput.ts
 */
import { evaluateRule } from "../executor/rules/index.js";
import type { CellValue, TableEvidence } from "../models/evidence.js";
import { parseRule } from "../models/validation-rule/index.js";

const ROWS = 100_000;
const ROUNDS = 7;
const AS_OF = "2025-01-15";
const REGIONS = ["East", "North", "South", "West"];

// Deterministic data shaped like a BI export: product × region × month, a percent, an update date.
function makeTable(): TableEvidence {
  const rows: Record<string, CellValue>[] = [];
  for (let index = 0; index < ROWS; index += 1) {
    const month = (index % 24) + 1;
    rows.push({
      product: String.fromCharCode(65 + (index % 26)),
      region: REGIONS[index % 4],
      month: `${2023 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, "0")}`,
      return_rate: ((index * 7919) % 1000) / 100,
      orders: (index * 31) % 5000,
      updated: `2024-12-${String((index % 28) + 1).padStart(2, "0")}`,
    });
  }
  return {
    kind: "table",
    columns: [
      { name: "product", type: "string" },
      { name: "region", type: "string" },
      { name: "month", type: "date" },
      { name: "return_rate", type: "percent" },
      { name: "orders", type: "number" },
      { name: "updated", type: "date" },
    ],
    rows,
    provenance: [],
    notes: [],
  };
}

interface Case {
  rule: string;
  /** The same check written by hand, when one is simple to write. */
  baseline?: (rows: Record<string, CellValue>[]) => boolean;
}

const cases: Case[] = [
  { rule: "has_columns: [product, region, month, return_rate] AND rows >= 1" },
  {
    rule: "return_rate >= 0 AND return_rate < 100%",
    baseline: (rows) =>
      rows.every((row) => (row.return_rate as number) >= 0) &&
      rows.every((row) => (row.return_rate as number) < 100),
  },
  {
    rule: "month >= '2023-01' AND month <= '2024-12-31'",
    baseline: (rows) =>
      rows.every((row) => (row.month as string) >= "2023-01") &&
      rows.every((row) => (row.month as string) <= "2024-12"),
  },
  {
    rule: "region in ['East', 'North', 'South', 'West']",
    baseline: (rows) => {
      const allowed = new Set(REGIONS);
      return rows.every((row) => allowed.has(row.region as string));
    },
  },
  {
    rule: "product matches '^[A-Z]$'",
    baseline: (rows) => rows.every((row) => /^[A-Z]$/.test(row.product as string)),
  },
  { rule: "rows >= 10 AND null_rate(return_rate) = 0 AND age_days(updated) <= 31" },
  { rule: "distinct(region) = 4 AND avg(return_rate) < 10% AND max(month) <= '2024-12'" },
  {
    rule: "any(region = 'West' AND return_rate > 50%)",
    baseline: (rows) => rows.some((row) => row.region === "West" && (row.return_rate as number) > 50),
  },
  {
    rule: "return_rate < 5%",
    baseline: (rows) => rows.filter((row) => (row.return_rate as number) >= 5).length === 0,
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(run: () => unknown): number {
  run(); // warm-up: JIT and caches
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

function formatRate(rowsPerSecond: number): string {
  return rowsPerSecond >= 1e6
    ? `${(rowsPerSecond / 1e6).toFixed(1)} M`
    : `${(rowsPerSecond / 1e3).toFixed(0)} k`;
}

const table = makeTable();
process.stdout.write(
  `rule interpreter throughput: ${ROWS.toLocaleString("en-US")} rows, median of ${ROUNDS} rounds (node ${process.version})\n\n`,
);
const lines: string[][] = [["rule", "passed", "ms", "rows/s", "hand-written loop", "ratio"]];
for (const { rule, baseline } of cases) {
  const passed = evaluateRule(rule, table, { asOf: AS_OF }).passed;
  const milliseconds = time(() => evaluateRule(rule, table, { asOf: AS_OF }));
  const rate = (ROWS / milliseconds) * 1000;
  let baselineText = "";
  let ratio = "";
  if (baseline) {
    const baselineMs = time(() => baseline(table.rows));
    baselineText = `${formatRate((ROWS / baselineMs) * 1000)} rows/s`;
    ratio = `${(milliseconds / baselineMs).toFixed(1)}×`;
  }
  lines.push([rule, String(passed), milliseconds.toFixed(2), formatRate(rate), baselineText, ratio]);
}
const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
for (const [index, line] of lines.entries()) {
  process.stdout.write(
    `${line
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd()}\n`,
  );
  if (index === 0) process.stdout.write(`${widths.map((width) => "-".repeat(width)).join("  ")}\n`);
}

const parseTarget = "rows >= 10 AND null_rate(return_rate) = 0 AND age_days(updated) <= 31";
const parses = 20_000;
const parseMs = time(() => {
  for (let index = 0; index < parses; index += 1) parseRule(parseTarget);
});
process.stdout.write(
  `\nparse: ${((parseMs * 1000) / parses).toFixed(1)} µs per rule (${parseTarget.length} characters, ${parses.toLocaleString("en-US")} parses)\n`,
);
