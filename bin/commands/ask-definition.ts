import { type Command, Option } from "commander";
import { today } from "../../domain/today.js";
import { requireQuestion, UsageError } from "../cli-output.js";
import { isoDate } from "../option-values.js";
import { plannerOption, workspaceOption } from "./workspace-option.js";

// The `ask` command's definition (arguments, options, their checks), shared by the full CLI and
// the light entry of `ask --queue` (bin/queue-client-cli.ts), so both accept, refuse and describe
// the same command line. What a local ask needs and what a queued one needs are imported when
// used: `ask --queue` only sends the question and prints what comes back (a client's memory, issue 27).

export interface AskCommandOptions {
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

/** Answers a checked `ask` here, in this process. */
export type AskHere = (
  question: string,
  options: AskCommandOptions,
  maxIterations: number | undefined,
) => Promise<void>;

/** `triangulate ask "<question>"`: plans, fetches, reflects and answers; exit 0 answered, 2 partial, 1 could not run. */
export function defineAskCommand(program: Command, askHere: AskHere): void {
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
        const { askOnQueue } = await import("./ask-on-queue.js");
        await askOnQueue(question, options, maxIterations);
        return;
      }
      await askHere(question, options, maxIterations);
    });
}

/**
 * `ask` in the light entry, which the built CLI runs only for a command line with `--queue <url>`
 * (bin/light-entry.ts): a question without a queue never reaches it.
 */
export function registerQueueAskCommand(program: Command): void {
  defineAskCommand(program, async () => {
    throw new UsageError("this entry only sends questions to a queue: give --queue <url>");
  });
}
