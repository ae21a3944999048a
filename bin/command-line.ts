import { Command, CommanderError } from "commander";
import { ConfigError, type ConfigIssue, formatConfigIssue } from "../config/config-error.js";
import { colors, ExitCode, jsonWasPrinted, printJson, UsageError } from "./cli-output.js";
import { commandStarting } from "./early-interrupt.js";
import { errorObject, ReportedError } from "./error-object.js";
import { exitQuietlyOnClosedPipe } from "./standard-streams.js";

/** Loads a command's module and gives the function that registers it. */
export type CommandLoader = () => Promise<(program: Command) => void>;

/**
 * Runs the command line with the given commands: the full CLI (bin/triangulate.ts) and the queue
 * client's light entry (bin/queue-client-cli.ts) share the program, its failure printing and exit
 * codes, so the same command line prints the same whichever entry runs it. Only the command asked
 * for is loaded (help, which lists every command, loads them all; --version none).
 */
export async function runCommandLine(commands: Record<string, CommandLoader>): Promise<void> {
  exitQuietlyOnClosedPipe();
  // The CLI stays thin: each command parses flags, calls a library function, prints, sets the exit code.
  const program = new Command("triangulate")
    .description("answers cross-source analytics questions with every number traced to its evidence")
    .version("0.1.0")
    .showHelpAfterError()
    .exitOverride();
  const requested = process.argv.slice(2).find((argument) => !argument.startsWith("-"));
  const onlyVersion =
    requested === undefined && process.argv.some((argument) => argument === "-V" || argument === "--version");
  const wanted =
    requested !== undefined && requested in commands ? [requested] : onlyVersion ? [] : Object.keys(commands);
  for (const name of wanted) (await commands[name]())(program);
  // `ask` turns a Ctrl-C received while it loaded into its interrupted (partial) answer.
  commandStarting(requested === "ask");
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    reportFailure(error);
  }
}

/** With --json, stdout holds exactly one JSON object: a failure prints `{ "error": … }` (docs/json-output.md). */
function reportFailure(error: unknown): void {
  const wantsJson = process.argv.slice(2).includes("--json");
  const c = colors(process.stderr);
  const helpOrVersion = error instanceof CommanderError && error.exitCode === 0;
  if (wantsJson && !helpOrVersion && !jsonWasPrinted()) printJson({ error: errorObject(error) });
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.couldNotRun;
    return;
  }
  if (error instanceof ConfigError) {
    for (const issue of error.issues) process.stderr.write(`${c.red("✖")} ${formatConfigIssue(issue)}\n`);
  } else if (error instanceof ReportedError) {
    // As the process that met the failure would have printed it.
    const { kind, message, name, issues } = error.object;
    const located =
      kind === "config_error"
        ? (issues ?? []).filter(
            (issue): issue is ConfigIssue => "file" in issue && typeof issue.file === "string",
          )
        : [];
    if (located.length > 0 && located.length === issues?.length)
      for (const issue of located) process.stderr.write(`${c.red("✖")} ${formatConfigIssue(issue)}\n`);
    else if (kind === "usage_error" || !name) process.stderr.write(`${c.red("error:")} ${message}\n`);
    else process.stderr.write(`${c.red("error:")} ${name}: ${message}\n`);
  } else if (error instanceof UsageError) {
    process.stderr.write(`${c.red("error:")} ${error.message}\n`);
  } else {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`${c.red("error:")} ${message}\n`);
    if (process.env.TRIANGULATE_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  }
  process.exitCode = ExitCode.couldNotRun;
}
