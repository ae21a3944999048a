import type { AskResultJson } from "../planner/ask-result-json.js";
import { colors, ExitCode, printJson } from "./cli-output.js";

/**
 * Prints an ask's result (local or from a worker) as `ask` does, and sets the exit code. The
 * person's output (and its message catalogs) is imported only without --json.
 */
export async function printAskResult(
  result: AskResultJson,
  options: { json?: boolean; showTrace?: boolean },
): Promise<void> {
  if (options.json) {
    printJson(result);
  } else {
    const { printAnswer, printTrace } = await import("./print-answer.js");
    for (const warning of result.warnings)
      process.stderr.write(`${colors(process.stderr).yellow("note:")} ${warning}\n`);
    printAnswer(result.answer, result.run_directory ? { runDirectory: result.run_directory } : {});
    if (options.showTrace) printTrace(result.trace);
  }
  process.exitCode = result.exit_code === 0 ? ExitCode.ok : ExitCode.partial;
}
