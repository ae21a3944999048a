import type { Command } from "commander";
import { formatConfigIssue } from "../../config/config-error.js";
import { inspectJobFolder, jobsDirectoryOf } from "../../jobs/job-file.js";
import { JobScheduler, runSchedulerUntilSignal } from "../../jobs/job-scheduler.js";
import { createSchedulerLog } from "../../jobs/scheduler-log.js";
import { colors, ExitCode, UsageError } from "../cli-output.js";
import { workspaceFrom, workspaceOption } from "./workspace-option.js";

interface ScheduleOptions {
  workspace: string;
  jobs?: string;
  grace: string;
  json?: boolean;
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
