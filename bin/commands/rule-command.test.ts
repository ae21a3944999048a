import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The built CLI when `npm run build` made it after the last change to this command or the rule
 * language (as `npm test` does), else the sources through tsx: slower to start, never stale.
 */
function cliCommand(): string[] {
  const built = path.resolve("dist/bin/triangulate.js");
  const builtCommand = path.resolve("dist/bin/commands/rule-command.js");
  if (existsSync(built) && existsSync(builtCommand)) {
    const sources = [
      "bin/commands/rule-command.ts",
      ...["executor/rules", "models/validation-rule"].flatMap((folder) =>
        readdirSync(folder).map((name) => `${folder}/${name}`),
      ),
    ];
    const newestSource = Math.max(...sources.map((source) => statSync(source).mtimeMs));
    if (statSync(builtCommand).mtimeMs >= newestSource) return [built];
  }
  return ["--import", "tsx", "bin/triangulate.ts"];
}

const command = cliCommand();

/** Runs `triangulate rule test …` as a user would, without colour. */
function triangulate(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...command, "rule", "test", ...args], {
      env: { ...process.env, NO_COLOR: "1", CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`rule test ${args.join(" ")} did not finish\n${stderr}`));
    }, 90_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let folder: string;
const file = (name: string) => path.join(folder, name);

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), "triangulate-rule-"));
  writeFileSync(
    file("changes.csv"),
    "key,region,change_date,quarter,updated\nLOG-1,East,2024-01-08,Q1,2024-01-20\nLOG-2,North,2023-12-15,Q4,2023-12-28\nLOG-3,North,,Q5,2024-01-02\n",
  );
  writeFileSync(
    file("returns.json"),
    JSON.stringify([
      { product: "A", region: "East", month: "2024-01", return_rate: "5.2%" },
      { product: "B", region: "North", month: "2024-01", return_rate: "4.1%" },
    ]),
  );
  writeFileSync(file("ragged.csv"), "a,b\n1,2\n3\n");
  writeFileSync(
    file("passages.json"),
    JSON.stringify([
      { text: "Logistics provider changed in East China.", document: "handbook.pdf", page: 3 },
      "Returns policy.",
    ]),
  );
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

// Spawning tsx on a busy 2-core machine takes seconds per run.
describe("triangulate rule test", { timeout: 180_000 }, () => {
  it("exit 0 when the rule holds on JSON records (percent text typed as percent)", async () => {
    const result = await triangulate([
      "has_columns: [product, region, month, return_rate] AND rows >= 1 AND return_rate < 6%",
      "--data",
      file("returns.json"),
    ]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(`✔ the rule holds on 2 rows of ${file("returns.json")}\n`);
    expect(result.code).toBe(0);
  });

  it("exit 2 when it is false, with the clause, the message and the failing rows with their file lines", async () => {
    const result = await triangulate([
      "has_field: change_date AND change_date >= '2024-01-01'",
      "--data",
      file("changes.csv"),
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain("✖ the rule is false on 3 rows of");
    expect(result.stdout).toContain("  failing clause: change_date >= '2024-01-01'\n");
    expect(result.stdout).toContain(
      "  2 of 3 rows fail change_date >= '2024-01-01'; row 1: change_date = 2023-12-15\n",
    );
    expect(result.stdout).toMatch(
      / {2}row {2}line {2}change_date\n.*\n {2}1 {4}3 {5}2023-12-15\n {2}2 {4}4 {5}null\n/,
    );
  });

  it("--json prints only the outcome as JSON, with file lines and the as-of date", async () => {
    const result = await triangulate([
      "age_days(updated) <= 31",
      "--data",
      file("changes.csv"),
      "--as-of",
      "2024-02-01",
      "--json",
    ]);
    expect(result.code).toBe(2);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({
      rule: "age_days(updated) <= 31",
      passed: false,
      failed_clause: "age_days(updated) <= 31",
      failing_rows: [{ index: 1, line: 3, values: { "age_days(updated)": 35, updated: "2023-12-28" } }],
      data: { kind: "table", rows: 3, as_of: "2024-02-01" },
    });
  });

  it("exit 1 on a syntax error, with the caret under the spot", async () => {
    const [result, json] = await Promise.all([
      triangulate(["rows >= AND x", "--data", file("returns.json")]),
      triangulate(["regoin = 'East'", "--data", file("returns.json"), "--json"]),
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "error: RuleSyntaxError: expected a value (a column, a number, 'text', rows, or a function like len(text)) but found 'AND' (at column 9)\n" +
        "  rows >= AND x\n" +
        "          ^\n",
    );
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      passed: false,
      error: {
        kind: "rule_evaluation_error",
        name: "RuleEvaluationError",
        message:
          "unknown column 'regoin' (did you mean 'region'?); columns are: product, region, month, return_rate",
        position: 0,
        display: "  regoin = 'East'\n  ^",
      },
    });
  });

  it("exit 1 on a bad data file or a bad --as-of", async () => {
    const [ragged, asOf] = await Promise.all([
      triangulate(["rows > 0", "--data", file("ragged.csv")]),
      triangulate(["rows > 0", "--data", file("returns.json"), "--as-of", "Feb 1"]),
    ]);
    expect(ragged.code).toBe(1);
    expect(ragged.stderr).toMatch(/ragged\.csv:3: ragged row/);
    expect(asOf.code).toBe(1);
    expect(asOf.stderr).toContain("argument 'Feb 1' is invalid. expects a calendar date YYYY-MM-DD");
  });

  it("--passages tests a rule on text evidence", async () => {
    const result = await triangulate(["chunks = 2 AND len(text) > 100", "--passages", file("passages.json")]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain("  failing clause: len(text) > 100\n  len(text) = 56, expected > 100\n");
  });
});
