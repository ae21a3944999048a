#!/usr/bin/env node
// First: Ctrl-C is handled (not death by signal) while the rest loads.
import "./early-interrupt.js";
import { Command, CommanderError } from "commander";
import { ConfigError, formatConfigIssue } from "../config/config-error.js";
import { colors, ExitCode, jsonWasPrinted, printJson, UsageError } from "./cli-output.js";
import { commandStarting } from "./early-interrupt.js";
import { errorObject } from "./error-object.js";
import { exitQuietlyOnClosedPipe } from "./standard-streams.js";

exitQuietlyOnClosedPipe();

// The CLI stays thin: each command parses flags, calls a library function, prints, sets the exit code.
const program = new Command("triangulate")
  .description("answers cross-source analytics questions with every number traced to its evidence")
  .version("0.1.0")
  .showHelpAfterError()
  .exitOverride();

// Each command's module (and what it pulls in: a browser driver, LanceDB, vega) loads only when
// that command runs, so `triangulate run` does not pay for `triangulate report`'s charts.
const commands: Record<string, () => Promise<(program: Command) => void>> = {
  ask: async () => (await import("./commands/ask-command.js")).registerAskCommand,
  config: async () => (await import("./commands/config-command.js")).registerConfigCommand,
  demo: async () => (await import("./commands/demo-command.js")).registerDemoCommand,
  eval: async () => (await import("./commands/eval-command.js")).registerEvalCommand,
  history: async () => (await import("./commands/history-command.js")).registerHistoryCommand,
  init: async () => (await import("./commands/init-command.js")).registerInitCommand,
  ingest: async () => (await import("./commands/ingest-command.js")).registerIngestCommand,
  kb: async () => (await import("./commands/kb-command.js")).registerKbCommand,
  mcp: async () => (await import("./commands/mcp-command.js")).registerMcpCommand,
  plan: async () => (await import("./commands/plan-command.js")).registerPlanCommand,
  report: async () => (await import("./commands/report-command.js")).registerReportCommand,
  rule: async () => (await import("./commands/rule-command.js")).registerRuleCommand,
  run: async () => (await import("./commands/run-command.js")).registerRunCommand,
  runs: async () => (await import("./commands/runs-command.js")).registerRunsCommand,
  serve: async () => (await import("./commands/serve-command.js")).registerServeCommand,
  schedule: async () => (await import("./commands/schedule-command.js")).registerScheduleCommand,
  schema: async () => (await import("./commands/schema-command.js")).registerSchemaCommand,
  sources: async () => (await import("./commands/sources-command.js")).registerSourcesCommand,
  worker: async () => (await import("./commands/worker-command.js")).registerWorkerCommand,
};

const requested = process.argv.slice(2).find((argument) => !argument.startsWith("-"));
const onlyVersion =
  requested === undefined && process.argv.some((argument) => argument === "-V" || argument === "--version");
// Help lists every command, so it loads them all; --version needs none.
const wanted =
  requested !== undefined && requested in commands ? [requested] : onlyVersion ? [] : Object.keys(commands);

/** With --json, stdout holds exactly one JSON object: a failure prints `{ "error": … }` (docs/json-output.md). */
const wantsJson = process.argv.slice(2).includes("--json");

function reportFailure(error: unknown): void {
  const c = colors(process.stderr);
  const helpOrVersion = error instanceof CommanderError && error.exitCode === 0;
  if (wantsJson && !helpOrVersion && !jsonWasPrinted()) printJson({ error: errorObject(error) });
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.couldNotRun;
    return;
  }
  if (error instanceof ConfigError) {
    for (const issue of error.issues) process.stderr.write(`${c.red("✖")} ${formatConfigIssue(issue)}\n`);
  } else if (error instanceof UsageError) {
    process.stderr.write(`${c.red("error:")} ${error.message}\n`);
  } else {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`${c.red("error:")} ${message}\n`);
    if (process.env.TRIANGULATE_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  }
  process.exitCode = ExitCode.couldNotRun;
}

// No top-level await: `npm run build` bundles this entry as a CommonJS script (build/bundle-cli.ts).
async function main(): Promise<void> {
  for (const name of wanted) (await commands[name]())(program);
  // `ask` turns a Ctrl-C received while it loaded into its interrupted (partial) answer.
  commandStarting(requested === "ask");
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    reportFailure(error);
  }
}

main();
