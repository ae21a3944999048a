import { type Command, Option } from "commander";
import { today } from "../../domain/today.js";
import { requireQuestion, UsageError } from "../cli-output.js";
import { isoDate } from "../option-values.js";
import { plannerOption, workspaceOption } from "./workspace-option.js";

// The `ask` command's definition (arguments, options, their checks), shared by the full CLI and
// the light entries of `ask --queue` and `ask --server` (bin/queue-client-cli.ts,
// bin/server-client-cli.ts), so all accept, refuse and describe the same command line. What a
// local ask needs and what a remote one needs are imported when used: `ask --queue` and
// `ask --server` only send the question and print what comes back (a client's memory, issue 27).

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
  server?: string;
  tokenFile?: string;
}

/** Answers a checked `ask`: here, or by sending it elsewhere and printing what comes back. */
export type AskHere = (
  question: string,
  options: AskCommandOptions,
  maxIterations: number | undefined,
) => Promise<void>;

/**
 * Where a checked `ask` goes: `here` (a local ask), or the loaders of the queue and server clients,
 * imported only when their option is given. An entry that lacks one was never chosen for such a
 * command line (bin/light-entry.ts), so it refuses it as a usage error.
 */
export interface AskRoutes {
  here: AskHere;
  queue?: () => Promise<AskHere>;
  server?: () => Promise<AskHere>;
}

/** `triangulate ask "<question>"`: plans, fetches, reflects and answers; exit 0 answered, 2 partial, 1 could not run. */
export function defineAskCommand(program: Command, routes: AskRoutes): void {
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
    .option(
      "--server <url>",
      "ask triangulate serve at this URL (http://host:port) instead of answering here",
    )
    .option(
      "--token-file <file>",
      "with --server: file whose first line is the server's bearer token (default $TRIANGULATE_TOKEN)",
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
      if (options.queue && options.server)
        throw new UsageError("give --queue or --server, not both: each sends the question elsewhere");
      if (options.tokenFile && !options.server)
        throw new UsageError("--token-file is the bearer token of --server; give --server <url> too");
      const remote = options.server ? routes.server : options.queue ? routes.queue : undefined;
      if ((options.server || options.queue) && !remote)
        throw new UsageError("this entry cannot send a question there; run the full triangulate CLI");
      await (remote ? await remote() : routes.here)(question, options, maxIterations);
    });
}

/** Refuses a question to be answered here: a light entry only sends questions elsewhere. */
export async function refuseLocalAsk(): Promise<void> {
  throw new UsageError("this entry only sends questions elsewhere: give --queue <url> or --server <url>");
}
