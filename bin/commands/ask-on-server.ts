import { colors } from "../cli-output.js";
import { interruptedBeforeStart } from "../early-interrupt.js";
import { ReportedError } from "../error-object.js";
import { printAskResult } from "../print-ask-result.js";
import { askServer, TOKEN_VARIABLE } from "../serve/http-ask-client.js";
import { readTokenFile } from "../serve/request-auth.js";
import type { AskCommandOptions } from "./ask-definition.js";

/**
 * `ask --server <url>`: the question goes to `triangulate serve` (POST /ask, docs/http-api.md)
 * and its answer prints as a local one does (same text, same JSON, same exit codes). Progress (the
 * trace as it happens) goes to stderr on a terminal. Ctrl-C closes the connection, which cancels
 * the question on the server; nothing is answered (exit 1), since the server's partial answer of a
 * cancelled question goes to the run folder, not down a closed connection.
 */
export async function askOnServer(
  question: string,
  options: AskCommandOptions,
  maxIterations: number | undefined,
): Promise<void> {
  const token = options.tokenFile
    ? readTokenFile(options.tokenFile)
    : process.env[TOKEN_VARIABLE] || undefined;
  const controller = new AbortController();
  const onInterrupt = () => controller.abort(interruptedError());
  process.once("SIGINT", onInterrupt);
  if (interruptedBeforeStart()) onInterrupt();
  const c = colors(process.stderr);
  const showProgress = !options.json && process.stderr.isTTY;
  try {
    const result = await askServer(
      { url: options.server ?? "", ...(token ? { token } : {}) },
      question,
      {
        strategy: options.strategy,
        ...(options.planner ? { planner: options.planner } : {}),
        as_of: options.asOf,
        ...(maxIterations !== undefined ? { max_iterations: maxIterations } : {}),
      },
      {
        signal: controller.signal,
        ...(showProgress ? { onProgress: (event) => process.stderr.write(c.dim(`… ${event.line}\n`)) } : {}),
      },
    );
    await printAskResult(result, options);
  } finally {
    process.removeListener("SIGINT", onInterrupt);
  }
}

/**
 * Ctrl-C, with the kind `--json` failures report it by (docs/json-output.md), printed as
 * `error: <message>` (as the server's own interrupted error is), not as an internal error's class.
 */
function interruptedError(): Error {
  return new ReportedError({
    kind: "interrupted",
    message: "interrupted (Ctrl-C): the question was cancelled on the server",
  });
}
