import type { Command } from "commander";
import { interruptedBeforeStart } from "../early-interrupt.js";
import { printAskResult } from "../print-ask-result.js";
import { type AskCommandOptions, defineAskCommand } from "./ask-definition.js";

// What a local ask needs (the planner, the executor, the reflector, the workspace's schemas) is
// imported when used: `ask --queue` only sends the question and prints what comes back (a
// client's memory, issue 27), and the built CLI runs it from a light entry of its own.

/** `triangulate ask "<question>"` in the full CLI: answered here, on a queue with --queue, by a server with --server. */
export function registerAskCommand(program: Command): void {
  defineAskCommand(program, {
    here: askHere,
    queue: async () => (await import("./ask-on-queue.js")).askOnQueue,
    server: async () => (await import("./ask-on-server.js")).askOnServer,
  });
}

/** A local ask: the workspace loaded, the question planned, fetched, reflected on and answered here. */
async function askHere(question: string, options: AskCommandOptions, maxIterations: number | undefined) {
  const [{ workspaceFrom }, { askQuestion }, { askResultJson }] = await Promise.all([
    import("./open-workspace.js"),
    import("../../planner/ask.js"),
    import("../../planner/ask-result-json.js"),
  ]);
  const workspace = workspaceFrom(options);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort(new Error("interrupted"));
  process.once("SIGINT", onInterrupt);
  // Ctrl-C while the CLI was still loading: the answer is the interrupted one, as if pressed now.
  if (interruptedBeforeStart()) onInterrupt();
  try {
    const result = await askQuestion(question, workspace, {
      strategy: options.strategy,
      ...(options.planner ? { planner: options.planner } : {}),
      asOf: options.asOf,
      ...(maxIterations !== undefined ? { maxIterations } : {}),
      signal: controller.signal,
      ...(options.sequential || process.env.TRIANGULATE_SEQUENTIAL === "1" ? { sequential: true } : {}),
    });
    await printAskResult(askResultJson(result), options);
  } finally {
    process.removeListener("SIGINT", onInterrupt);
  }
}
