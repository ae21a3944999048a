#!/usr/bin/env node
import { Command, CommanderError } from "commander";
import { ConfigError, formatConfigIssue } from "../config/config-error.js";
import { ExitCode, UsageError, colors } from "./cli-output.js";
import { registerAskCommand } from "./commands/ask-command.js";
import { registerConfigCommand } from "./commands/config-command.js";
import { registerDemoCommand } from "./commands/demo-command.js";
import { registerEvalCommand } from "./commands/eval-command.js";
import { registerIngestCommand } from "./commands/ingest-command.js";
import { registerKbCommand } from "./commands/kb-command.js";
import { registerPlanCommand } from "./commands/plan-command.js";
import { registerReportCommand } from "./commands/report-command.js";
import { registerRuleCommand } from "./commands/rule-command.js";
import { registerRunCommand } from "./commands/run-command.js";
import { registerRunsCommand } from "./commands/runs-command.js";
import { registerScheduleCommand } from "./commands/schedule-command.js";
import { registerSchemaCommand } from "./commands/schema-command.js";
import { registerSourcesCommand } from "./commands/sources-command.js";

// The CLI stays thin: each command parses flags, calls a library function, prints, sets the exit code.
const program = new Command("triangulate")
  .description("answers cross-source analytics questions with every number traced to its evidence")
  .version("0.1.0")
  .showHelpAfterError()
  .exitOverride();

registerAskCommand(program);
registerDemoCommand(program);
registerConfigCommand(program);
registerSchemaCommand(program);
registerPlanCommand(program);
registerEvalCommand(program);
registerIngestCommand(program);
registerKbCommand(program);
registerRunCommand(program);
registerRunsCommand(program);
registerReportCommand(program);
registerRuleCommand(program);
registerScheduleCommand(program);
registerSourcesCommand(program);

function reportFailure(error: unknown): void {
  const c = colors(process.stderr);
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

try {
  await program.parseAsync(process.argv);
} catch (error) {
  reportFailure(error);
}
