import { type Command, Option } from "commander";
import { today } from "../../domain/today.js";
import type { AskResultJson } from "../../planner/ask-result-json.js";
import { colors, ExitCode, printJson, requireQuestion, UsageError } from "../cli-output.js";
import { interruptedBeforeStart } from "../early-interrupt.js";
import { isoDate } from "../option-values.js";
import { plannerOption, workspaceOption } from "./workspace-option.js";

// What a local ask needs (the planner, the executor, the reflector, the workspace's schemas) and
// what a person's output needs (the message catalogs) are imported when used: `ask --queue` only
// sends the question and prints what comes back (a client's memory, issue 27).

interface AskCommandOptions {
  workspace: string;
  strategy: "standard" | "agentic" | "auto";
  planner?: "catalog" | "model";
  maxIterations?: string;
  asOf: string;
  showTrace?: boolean;
  json?: boolean;
  sequential?: boolean;
  queue?: string;
}

/** `triangulate ask "<question>"`: plans, fetches, reflects and answers; exit 0 answered, 2 partial, 1 could not run. */
export function registerAskCommand(program: Command): void {
  program
    .command("ask")
    .description("answer a question from the workspace's sources, every number cited; exit 2 when partial")
    .argument("<question>", "the question, in Chinese or English")
    .addOption(workspaceOption())
    .addOption(
      new Option("--strategy <strategy>", "standard, agentic, or auto (the router's complexity decides)")
        .choices(["standard", "agentic", "auto"])
        .default("auto"),
    )
    .addOption(plannerOption())
    .option("--max-iterations <n>", "reflection rounds (default reflector.max_iterations)")
    .option("--as-of <date>", "date relative expressions resolve against, YYYY-MM-DD", isoDate, today())
    .option(
      "--show-trace",
      "print every decision (router, plan, fetch, validate, reflect, conflict, grade, synthesize)",
    )
    .option("--json", "print the answer, plan and trace as JSON only")
    .option(
      "--queue <url>",
      "ask the workers of this Redis queue (triangulate worker) instead of answering here",
    )
    .addOption(new Option("--sequential", "run one step at a time (benchmarks)").hideHelp())
    .action(async (question: string, options: AskCommandOptions) => {
      requireQuestion(question);
      let maxIterations: number | undefined;
      if (options.maxIterations !== undefined) {
        maxIterations = Number(options.maxIterations);
        if (!Number.isInteger(maxIterations) || maxIterations < 0 || maxIterations > 10)
          throw new UsageError(
            `--max-iterations must be a whole number from 0 to 10, not ${options.maxIterations}`,
          );
      }
      if (!/^\d{4}-\d{2}-\d{2}$/.test(options.asOf))
        throw new UsageError(`--as-of must be a date like 2024-06-30, not ${options.asOf}`);
      if (options.queue) {
        await askOnQueue(question, options, maxIterations);
        return;
      }
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
    });
}

/** Prints an ask's result (local or from a worker) as `ask` does, and sets the exit code. */
async function printAskResult(result: AskResultJson, options: AskCommandOptions): Promise<void> {
  if (options.json) {
    printJson(result);
  } else {
    const { printAnswer, printTrace } = await import("../print-answer.js");
    for (const warning of result.warnings)
      process.stderr.write(`${colors(process.stderr).yellow("note:")} ${warning}\n`);
    printAnswer(result.answer, result.run_directory ? { runDirectory: result.run_directory } : {});
    if (options.showTrace) printTrace(result.trace);
  }
  process.exitCode = result.exit_code === 0 ? ExitCode.ok : ExitCode.partial;
}

/**
 * `ask --queue`: the question goes to a worker; its result prints as a local one does (same JSON,
 * same exit codes). Ctrl-C cancels the job: a waiting one is removed, a running one is interrupted
 * on its worker and its interrupted answer printed. Progress (the worker that took it, the trace)
 * goes to stderr on a terminal.
 */
async function askOnQueue(question: string, options: AskCommandOptions, maxIterations: number | undefined) {
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
        onProgress: (progress) => {
          if (!showProgress) return;
          if (progress.kind === "started") process.stderr.write(c.dim(`… worker ${progress.worker}\n`));
          else if (progress.kind === "trace") process.stderr.write(c.dim(`… ${progress.line}\n`));
        },
      },
    );
    await printAskResult(result, options);
  } finally {
    process.removeListener("SIGINT", onInterrupt);
    await client.close();
  }
}
