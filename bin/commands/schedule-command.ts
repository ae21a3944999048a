import type { Command } from "commander";
import { formatConfigIssue } from "../../config/config-error.js";
import type { Workspace } from "../../config/workspace.js";
import { inspectJobFolder, jobsDirectoryOf, type LoadedJob } from "../../jobs/job-file.js";
import { JobScheduler, runSchedulerUntilSignal } from "../../jobs/job-scheduler.js";
import { createSchedulerLog, type SchedulerLog } from "../../jobs/scheduler-log.js";
import { colors, ExitCode, UsageError } from "../cli-output.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

interface ScheduleOptions {
  workspace: string;
  jobs?: string;
  grace: string;
  json?: boolean;
  queue?: string;
}

/** `triangulate schedule`: runs the workspace's jobs on their cron schedules until SIGTERM/SIGINT; SIGHUP reloads them. */
export function registerScheduleCommand(program: Command): void {
  program
    .command("schedule")
    .description(
      "run report jobs on their cron schedules (long-running; stop with SIGTERM or Ctrl-C, reload job files with SIGHUP)",
    )
    .addOption(workspaceOption())
    .option("--jobs <dir>", "folder of job files (default: <workspace>/jobs)")
    .option(
      "--grace <seconds>",
      "on shutdown, how long a running job may take to finish before it is interrupted",
      "30",
    )
    .option("--json", "log JSON lines even on a terminal (the default when stderr is not a TTY)")
    .option(
      "--queue <url>",
      "enqueue each due run on this Redis queue for `triangulate worker`s (one run per job and slot, however many schedulers)",
    )
    .action(async (options: ScheduleOptions) => {
      const graceSeconds = Number(options.grace);
      if (!(graceSeconds >= 0))
        throw new UsageError(`--grace expects a number of seconds, got ${options.grace}`);
      const workspace = workspaceFrom(options);
      const directory = options.jobs ?? jobsDirectoryOf(workspace);
      const c = colors(process.stderr);
      const initial = inspectJobFolder(directory, workspace);
      for (const issue of initial.issues) process.stderr.write(`${c.red("✖")} ${formatConfigIssue(issue)}\n`);
      // A scheduler that silently drops a broken job would miss reports for weeks: refuse to start.
      if (initial.issues.length > 0) {
        process.exitCode = ExitCode.couldNotRun;
        return;
      }
      if (initial.jobs.filter((job) => job.config.schedule).length === 0)
        throw new UsageError(`no scheduled jobs in ${directory} (a job needs schedule: "<cron>")`);
      const log = createSchedulerLog(process.stderr, Boolean(options.json) || !process.stderr.isTTY, (text) =>
        workspace.redactor.text(text),
      );
      if (options.queue) {
        await scheduleOnQueue(options.queue, { workspace, jobs: initial.jobs, log, directory });
        process.exitCode = ExitCode.ok;
        return;
      }
      const scheduler = new JobScheduler({
        workspace,
        jobs: initial.jobs,
        log,
        graceMs: graceSeconds * 1000,
      });
      // SIGHUP: re-read the job files; with any problem the previous schedule stays, and the log says why.
      const reload = () => {
        const edited = inspectJobFolder(directory, workspace);
        if (edited.issues.length > 0) {
          log.error("reload-refused", {
            problems: edited.issues.length,
            first: formatConfigIssue(edited.issues[0]),
            kept: "the previous schedule",
          });
          return;
        }
        scheduler.reload(edited.jobs);
      };
      await runSchedulerUntilSignal(scheduler, ["SIGTERM", "SIGINT"], reload);
      process.exitCode = ExitCode.ok;
    });
}

/**
 * `schedule --queue`: the due runs go to the queue's workers instead of running here. Stops on
 * SIGTERM or Ctrl-C (the enqueued runs carry on on the workers); SIGHUP re-reads the job files.
 */
async function scheduleOnQueue(
  url: string,
  context: { workspace: Workspace; jobs: LoadedJob[]; log: SchedulerLog; directory: string },
): Promise<void> {
  const { QueueClient } = await import("../../workers/queue-client.js");
  const { queueSettings } = await import("../../workers/queue-connection.js");
  const { QueueScheduler } = await import("../../workers/queue-scheduler.js");
  const client = await QueueClient.connect(queueSettings(url));
  const scheduler = new QueueScheduler({
    workspace: context.workspace,
    jobs: context.jobs,
    log: context.log,
    client,
  });
  try {
    await new Promise<void>((resolve) => {
      const reload = () => {
        const edited = inspectJobFolder(context.directory, context.workspace);
        if (edited.issues.length > 0) {
          context.log.error("reload-refused", {
            problems: edited.issues.length,
            first: formatConfigIssue(edited.issues[0]),
            kept: "the previous schedule",
          });
          return;
        }
        scheduler.reload(edited.jobs);
      };
      const stop = (signal: NodeJS.Signals) => {
        process.off("SIGTERM", stop);
        process.off("SIGINT", stop);
        process.off("SIGHUP", reload);
        scheduler.stop(`received ${signal}`).then(resolve, resolve);
      };
      process.on("SIGTERM", stop);
      process.on("SIGINT", stop);
      process.on("SIGHUP", reload);
      scheduler.start();
    });
  } finally {
    await client.close();
  }
}
