import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { FileFormatError } from "../../adapters/file/file-error.js";
import { readTabularFile } from "../../adapters/file/read-tabular-file.js";
import { evaluateRule, RuleEvaluationError } from "../../executor/rules/index.js";
import type { Evidence, Passage } from "../../models/evidence.js";
import type { ValidationOutcome } from "../../models/validation-outcome.js";
import { RuleSyntaxError } from "../../models/validation-rule/index.js";
import { colors, ExitCode, formatTable, printJson, UsageError } from "../cli-output.js";
import { isoDate } from "../option-values.js";

interface RuleTestOptions {
  data?: string;
  passages?: string;
  asOf?: string;
  json?: boolean;
  encoding?: string;
  delimiter?: string;
}

/** Sample data loaded for a rule test: the evidence, what to call it, and each row's line in the file. */
interface SampleData {
  evidence: Evidence;
  file: string;
  lines?: number[];
}

/** Reads a JSON file of passages (an array, or `{ "passages": [...] }`) as text evidence. */
async function readPassages(absolutePath: string, shown: string): Promise<Evidence> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(absolutePath, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileFormatError(
      code === "ENOENT" ? "file not found" : `not valid JSON: ${(error as Error).message}`,
      shown,
    );
  }
  const list = Array.isArray(value) ? value : (value as { passages?: unknown })?.passages;
  if (!Array.isArray(list))
    throw new FileFormatError('expected an array of passages or { "passages": [...] }', shown);
  const passages: Passage[] = list.map((item, index) => {
    const record = (typeof item === "string" ? { text: item } : item) as Partial<Passage> | null;
    if (record === null || typeof record !== "object" || typeof record.text !== "string") {
      throw new FileFormatError(`passage ${index} needs a "text" string`, shown);
    }
    return {
      chunk_id: String(record.chunk_id ?? `c${index + 1}`),
      document: String(record.document ?? path.basename(shown)),
      page: Number.isInteger(record.page) ? (record.page as number) : 1,
      section: String(record.section ?? ""),
      text: record.text,
      score: typeof record.score === "number" ? record.score : 0,
    };
  });
  return { kind: "text", source: path.basename(shown), passages, notes: [] };
}

async function loadSample(options: RuleTestOptions): Promise<SampleData> {
  if (Boolean(options.data) === Boolean(options.passages))
    throw new UsageError(
      "give the sample data with exactly one of --data <rows.csv|rows.json> or --passages <passages.json>",
    );
  const file = (options.data ?? options.passages)!;
  const absolute = path.resolve(file);
  if (options.passages) return { evidence: await readPassages(absolute, file), file };
  const table = await readTabularFile(absolute, {
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(options.delimiter ? { delimiter: options.delimiter } : {}),
  });
  return {
    evidence: { kind: "table", columns: table.columns, rows: table.rows, provenance: [], notes: [] },
    file,
    lines: table.lines,
  };
}

function countOf(evidence: Evidence): string {
  const count = evidence.kind === "table" ? evidence.rows.length : evidence.passages.length;
  const noun = evidence.kind === "table" ? "row" : "passage";
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function printOutcome(outcome: ValidationOutcome, sample: SampleData): void {
  const c = colors();
  const where = `${countOf(sample.evidence)} of ${sample.file}`;
  if (outcome.passed) {
    process.stdout.write(`${c.green("✔")} the rule holds on ${where}\n`);
    return;
  }
  process.stdout.write(`${c.red("✖")} the rule is false on ${where}\n`);
  process.stdout.write(`  failing clause: ${outcome.failed_clause}\n  ${outcome.message}\n`);
  if (outcome.failing_rows.length === 0) return;
  const keys = [...new Set(outcome.failing_rows.flatMap((row) => Object.keys(row.values)))];
  const withLines = sample.lines !== undefined;
  const percentColumns = new Set(
    sample.evidence.kind === "table"
      ? sample.evidence.columns.filter((column) => column.type === "percent").map((column) => column.name)
      : [],
  );
  const headers = ["row", ...(withLines ? ["line"] : []), ...keys];
  const rows = outcome.failing_rows.map((row) => [
    row.index,
    ...(withLines ? [sample.lines![row.index] ?? ""] : []),
    ...keys.map((key) => {
      if (!Object.hasOwn(row.values, key)) return "";
      const value = row.values[key];
      if (value === null) return "null";
      return typeof value === "number" && percentColumns.has(key) ? `${value}%` : value;
    }),
  ]);
  const table = formatTable(headers, rows)
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
  process.stdout.write(`\n  failing rows (first ${outcome.failing_rows.length}):\n${table}\n`);
}

function printRuleError(error: RuleSyntaxError | RuleEvaluationError, json: boolean | undefined): void {
  if (json) {
    printJson({
      passed: false,
      error: {
        kind: error.name === "RuleSyntaxError" ? "rule_syntax_error" : "rule_evaluation_error",
        name: error.name,
        message: error.message,
        position: error.position,
        display: error.display,
      },
    });
  } else {
    const c = colors(process.stderr);
    process.stderr.write(`${c.red("error:")} ${error.name}: ${error.message}\n${error.display}\n`);
  }
  process.exitCode = ExitCode.couldNotRun;
}

/** `triangulate rule test '<rule>' --data rows.csv`: try a validation rule on sample data. */
export function registerRuleCommand(program: Command): void {
  const rule = program
    .command("rule")
    .description("work with validation rules (the language of a sub-goal's `validation`)");
  rule
    .command("test")
    .description(
      "evaluate a validation rule on sample data; exit 0 when it holds, 2 when it is false, 1 when it cannot run",
    )
    .argument("<rule>", "the rule, quoted, e.g. 'has_columns: [month, <metric>] AND rows >= 1'")
    .option("--data <file>", "sample rows: a CSV or JSON file (an array of records)")
    .option(
      "--passages <file>",
      "sample text evidence: a JSON array of passages ({ text, document?, page?, section?, score? })",
    )
    .option("--as-of <date>", "the date age_days() counts to (YYYY-MM-DD); default today", isoDate)
    .option("--encoding <name>", "encoding of the data file (default: detected)")
    .option("--delimiter <char>", "CSV delimiter (default: detected)")
    .option("--json", "print only machine-readable JSON on stdout")
    .action(async (text: string, options: RuleTestOptions) => {
      const asOf = options.asOf ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new UsageError(`--as-of expects YYYY-MM-DD, got ${asOf}`);
      let sample: SampleData;
      try {
        sample = await loadSample(options);
      } catch (error) {
        if (!(error instanceof FileFormatError)) throw error;
        if (options.json) printJson({ passed: false, error: { name: error.name, message: error.message } });
        else process.stderr.write(`${colors(process.stderr).red("error:")} ${error.message}\n`);
        process.exitCode = ExitCode.couldNotRun;
        return;
      }
      let outcome: ValidationOutcome;
      try {
        outcome = evaluateRule(text, sample.evidence, { asOf });
      } catch (error) {
        if (error instanceof RuleSyntaxError || error instanceof RuleEvaluationError) {
          printRuleError(error, options.json);
          return;
        }
        throw error;
      }
      if (options.json) {
        const lines = sample.lines;
        printJson({
          ...outcome,
          failing_rows: outcome.failing_rows.map((row) => ({
            ...row,
            ...(lines ? { line: lines[row.index] } : {}),
          })),
          data: {
            file: sample.file,
            kind: sample.evidence.kind,
            ...(sample.evidence.kind === "table"
              ? { rows: sample.evidence.rows.length }
              : { passages: sample.evidence.passages.length }),
            as_of: asOf,
          },
        });
      } else {
        printOutcome(outcome, sample);
      }
      process.exitCode = outcome.passed ? ExitCode.ok : ExitCode.partial;
    });
}
