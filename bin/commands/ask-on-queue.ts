import type { JobProgress } from "../../workers/queue-jobs.js";
import { colors } from "../cli-output.js";
import { interruptedBeforeStart } from "../early-interrupt.js";
import { printAskResult } from "../print-ask-result.js";
import type { AskCommandOptions } from "./ask-definition.js";

/**
 * `ask --queue`: the question goes to a worker; its result prints as a local one does (same JSON,
 * same exit codes). Ctrl-C cancels the job: a waiting one is removed, a running one is interrupted
 * on its worker and its interrupted answer printed. Progress (the worker that took it, the trace)
 * goes to stderr on a terminal.
 */
export async function askOnQueue(
  question: string,
  options: AskCommandOptions,
  maxIterations: number | undefined,
): Promise<void> {
  const { QueueClient } = await import("../../workers/queue-client.js");
  const { queueSettings } = await import("../../workers/queue-connection.js");
  const client = await QueueClient.connect(queueSettings(options.queue ?? ""));
  const controller = new AbortController();
  const onInterrupt = () => controller.abort(new Error("interrupted"));
  process.once("SIGINT", onInterrupt);
  if (interruptedBeforeStart()) onInterrupt();
  const c = colors(process.stderr);
  const showProgress = !options.json && process.stderr.isTTY;
  try {
    const result = await client.ask(
      question,
      {
        strategy: options.strategy,
        ...(options.planner ? { planner: options.planner } : {}),
        asOf: options.asOf,
        ...(maxIterations !== undefined ? { maxIterations } : {}),
      },
      {
        signal: controller.signal,
        // Progress (and with it the worker's trace lines) only when it is shown.
        ...(showProgress
          ? {
              onProgress: (progress: JobProgress) => {
                if (progress.kind === "started") process.stderr.write(c.dim(`… worker ${progress.worker}\n`));
                else if (progress.kind === "trace") process.stderr.write(c.dim(`… ${progress.line}\n`));
              },
            }
          : {}),
      },
    );
    await printAskResult(result, options);
  } finally {
    process.removeListener("SIGINT", onInterrupt);
    await client.close();
  }
}
