import type { Command } from "commander";
import { createSchedulerLog } from "../../jobs/scheduler-log.js";
import { queueSettings } from "../../workers/queue-connection.js";
import { startQueueWorker } from "../../workers/queue-worker.js";
import { WarmRunner } from "../../workers/warm-runner.js";
import { ExitCode } from "../cli-output.js";
import { positiveInteger } from "../option-values.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

interface WorkerOptions {
  workspace: string;
  queue: string;
  concurrency: string;
  lockSeconds: string;
  stalledCheckSeconds: string;
  json?: boolean;
}

/**
 * `triangulate worker --queue redis://…`: runs asks and report jobs from the queue with the
 * workspace, the planner, the knowledge bases and one browser kept warm between jobs, until
 * SIGTERM or Ctrl-C (the jobs it holds finish first; a second signal cancels them).
 */
export function registerWorkerCommand(program: Command): void {
  program
    .command("worker")
    .description(
      "run asks and report jobs from a Redis queue (BullMQ), keeping the workspace and browser warm",
    )
    .requiredOption("--queue <url>", "Redis URL of the queue, e.g. redis://127.0.0.1:6379")
    .addOption(workspaceOption())
    .option("--concurrency <n>", "jobs this worker runs at once", positiveInteger, "1")
    .option(
      "--lock-seconds <n>",
      "a running job's lock; a killed worker's job is retried by another once it expires",
      positiveInteger,
      "30",
    )
    .option("--stalled-check-seconds <n>", "how often expired locks are looked for", positiveInteger, "15")
    .option("--json", "log JSON lines even on a terminal (the default when stderr is not a TTY)")
    .action(async (options: WorkerOptions) => {
      const settings = queueSettings(options.queue, {
        lockDurationMs: Number(options.lockSeconds) * 1000,
        stalledIntervalMs: Number(options.stalledCheckSeconds) * 1000,
      });
      const workspace = workspaceFrom(options);
      const runner = new WarmRunner(workspace.root);
      runner.warm();
      const log = createSchedulerLog(process.stderr, Boolean(options.json) || !process.stderr.isTTY, (text) =>
        workspace.redactor.text(text),
      );
      const worker = await startQueueWorker(settings, runner, {
        concurrency: Number(options.concurrency),
        log,
      });
      await new Promise<void>((resolve) => {
        let stopping = false;
        const stop = (signal: NodeJS.Signals) => {
          if (stopping) {
            // A second signal: do not wait for the jobs, cancel them (they return interrupted).
            worker.cancelAll(`received ${signal} twice`);
            return;
          }
          stopping = true;
          log.info("worker-stopping", { reason: `received ${signal}` });
          worker.close().then(resolve, resolve);
        };
        process.on("SIGTERM", stop);
        process.on("SIGINT", stop);
      });
      process.exitCode = ExitCode.ok;
    });
}
