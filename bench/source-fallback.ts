// One source down, another offering the same metric (issue 28 item 7): for each scenario a source
// is made to fail in a temporary copy of a workspace, the question is asked with the built CLI of
// this checkout and of another one (main's code, built), and the figures are printed side by side:
// the answer's status and exit code, whether the other source's number is in the answer, whether
// the answer names the failed source, the sub-goals planned, and the seconds the question took.
// A last row counts the sources a metric is planned from when a file export offers it beside live
// dashboards (the demo's return rate without its `fallback`).
//
//   npx tsx bench/source-fallback.ts --before /path/to/main-checkout [--json]
//
// The other checkout needs `npm run build` (dist/) and its own node_modules.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { before: { type: "string" }, json: { type: "boolean", default: false } },
});
if (!values.before) {
  console.error("usage: npx tsx bench/source-fallback.ts --before <checkout with dist/> [--json]");
  process.exit(2);
}
const checkouts = { before: path.resolve(values.before), after: path.resolve(".") };
for (const [name, root] of Object.entries(checkouts))
  if (!existsSync(path.join(root, "dist/bin/triangulate.js"))) {
    console.error(`${name}: ${root}/dist/bin/triangulate.js is missing; run npm run build there`);
    process.exit(2);
  }

interface Scenario {
  name: string;
  /** The workspace folder, relative to a checkout. */
  workspace: string;
  question: string;
  /** Breaks a source in the copy; gets the copy's folder. */
  breakSource: (folder: string) => void;
  /** The other source's number, as the answer prints it. */
  number: string;
  /** The failed source, as the answer must name it. */
  failed: string;
  /** The cause, as the answer must state it beside the failed source (the step's own words). */
  cause: RegExp;
  environment?: Record<string, string>;
}

interface Figures {
  status: string;
  exit: number;
  number: boolean;
  failureStated: boolean;
  goals: number;
  seconds: number;
}

const folders: string[] = [];
function copyOf(root: string, workspace: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-bench-fallback-"));
  folders.push(folder);
  cpSync(path.join(root, workspace), folder, {
    recursive: true,
    filter: (source) => !source.includes(".triangulate"),
  });
  return folder;
}

function appendYaml(folder: string, text: string): void {
  const file = path.join(folder, "triangulate.yaml");
  writeFileSync(file, `${readFileSync(file, "utf8")}\n${text}\n`);
}

function run(
  root: string,
  args: string[],
  environment: Record<string, string>,
): Promise<{ stdout: string; code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "dist/bin/triangulate.js"), ...args],
      {
        env: { ...process.env, NO_COLOR: "1", TRIANGULATE_SHARED_BROWSER: "0", ...environment },
        maxBuffer: 64 << 20,
      },
      (error, stdout) => {
        const code = error && typeof error.code === "number" ? error.code : 0;
        resolve({ stdout, code, seconds: (performance.now() - started) / 1000 });
      },
    );
  });
}

async function ask(root: string, scenario: Scenario): Promise<Figures> {
  const folder = copyOf(root, scenario.workspace);
  scenario.breakSource(folder);
  const { stdout, code, seconds } = await run(
    root,
    ["ask", scenario.question, "-w", folder, "--as-of", "2024-06-30", "--json"],
    scenario.environment ?? {},
  );
  const output = JSON.parse(stdout) as {
    answer: { status: string; text: string; gaps: { missing: string }[] };
    plan?: { sub_goals: unknown[] };
  };
  const gaps = output.answer.gaps.map((gap) => gap.missing).join("\n");
  return {
    status: output.answer.status,
    exit: code,
    number: output.answer.text.includes(scenario.number),
    failureStated: gaps.split("\n").some((gap) => gap.includes(scenario.failed) && scenario.cause.test(gap)),
    goals: output.plan?.sub_goals.length ?? 0,
    seconds,
  };
}

/** The demo's metrics without `fallback: [sales_exports]`: the export is asked beside the dashboards. */
function withoutFallback(folder: string): void {
  const file = path.join(folder, "triangulate.yaml");
  writeFileSync(file, readFileSync(file, "utf8").replaceAll(", fallback: [sales_exports]", ""));
}

/** Sub-goals planned per source for the demo's return rate with the export not declared a fallback. */
async function plannedSources(root: string): Promise<string> {
  const folder = copyOf(root, "demo/workspace");
  withoutFallback(folder);
  const { stdout } = await run(
    root,
    [
      "plan",
      "What was product A's return rate in East China in January 2024?",
      "-w",
      folder,
      "--as-of",
      "2024-06-30",
      "--json",
    ],
    {},
  );
  const plan = JSON.parse(stdout) as { sub_goals: { source: string; required: boolean }[] };
  return plan.sub_goals.map((goal) => `${goal.source}${goal.required ? "*" : ""}`).join(", ");
}

async function main(): Promise<void> {
  const hanging = http.createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  const moveFile = (file: string) => (folder: string) =>
    renameSync(path.join(folder, file), path.join(folder, `${file}.moved`));
  const scenarios: Scenario[] = [
    {
      name: "qingtu: ops revenue export moved",
      workspace: "test/held-out/qingtu/workspace",
      question: "What was the revenue of Downtown in January 2024?",
      breakSource: moveFile("data/revenue-ops.csv"),
      number: "100600",
      failed: "ops_exports",
      cause: /file not found/,
    },
    {
      name: "lanting: PMS export moved (zh)",
      workspace: "test/held-out/lanting/workspace",
      question: "2024年1月上海店的平均房价是多少？",
      breakSource: moveFile("data/pms-monthly.csv"),
      number: "807",
      failed: "pms",
      cause: /file not found/,
    },
    {
      name: "demo: BI port closed (return rate)",
      workspace: "demo/workspace",
      question: "What was product A's return rate in East China in January 2024?",
      breakSource: (folder) => appendYaml(folder, "executor: { step_timeout_seconds: 20 }"),
      number: "5.2%",
      failed: "sales_bi",
      cause: /cannot reach|ERR_CONNECTION_REFUSED/,
      environment: { TRIANGULATE_BI_URL: closedUrl },
    },
    {
      name: "demo: BI never answers, 5 s timeout (VIP rate)",
      workspace: "demo/workspace",
      question: "2023年第四季度VIP复购率是多少？",
      breakSource: (folder) => appendYaml(folder, "executor: { step_timeout_seconds: 5 }"),
      number: "24.1%",
      failed: "sales_bi",
      cause: /timeout|timed out|逾时|超时|Timeout|no answer within/,
      environment: { TRIANGULATE_BI_URL: hangingUrl },
    },
    {
      name: "demo, export not a fallback (asked beside): BI never answers (return rate)",
      workspace: "demo/workspace",
      question: "What was product A's return rate in East China in January 2024?",
      breakSource: (folder) => {
        withoutFallback(folder);
        appendYaml(folder, "executor: { step_timeout_seconds: 5 }");
      },
      number: "5.2%",
      failed: "sales_bi",
      cause: /timeout|timed out|Timeout|no answer within/,
      environment: { TRIANGULATE_BI_URL: hangingUrl },
    },
  ];
  const rows: { scenario: string; before: Figures; after: Figures }[] = [];
  try {
    for (const scenario of scenarios) {
      const before = await ask(checkouts.before, scenario);
      const after = await ask(checkouts.after, scenario);
      rows.push({ scenario: scenario.name, before, after });
    }
    const planned = {
      before: await plannedSources(checkouts.before),
      after: await plannedSources(checkouts.after),
    };
    if (values.json) {
      console.log(JSON.stringify({ rows, planned }, null, 2));
      return;
    }
    const cell = (figures: Figures) =>
      `${figures.status} (exit ${figures.exit}), number ${figures.number ? "yes" : "no"}, failure and cause named ${figures.failureStated ? "yes" : "no"}, ${figures.goals} goals, ${figures.seconds.toFixed(1)} s`;
    console.log("| scenario | before (main) | after |");
    console.log("|---|---|---|");
    for (const row of rows) console.log(`| ${row.scenario} | ${cell(row.before)} | ${cell(row.after)} |`);
    console.log(
      `| demo return rate, export not a fallback: sources planned (* required) | ${planned.before} | ${planned.after} |`,
    );
  } finally {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

await main();
