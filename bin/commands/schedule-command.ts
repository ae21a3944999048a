import type { Command } from "commander";
import { formatConfigIssue } from "../../config/config-error.js";
import { inspectJobFile, jobsDirectoryOf, type LoadedJob, listJobFiles } from "../../jobs/job-file.js";
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

/** `triangulate schedule`: runs the workspace's jobs on their cron schedules until SIGTERM/SIGINT. */
export function registerScheduleCommand(program: Command): void {
  program
    .command("schedule")
    .description("run report jobs on their cron schedules (long-running; stop with SIGTERM or Ctrl-C)")
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
      const files = listJobFiles(options.jobs ?? jobsDirectoryOf(workspace));
      const jobs: LoadedJob[] = [];
      const c = colors(process.stderr);
      let problems = 0;
      for (const file of files) {
        const { job, issues } = inspectJobFile(file, workspace);
        for (const issue of issues) process.stderr.write(`${c.red("✖")} ${formatConfigIssue(issue)}\n`);
        problems += issues.length;
        if (job) jobs.push(job);
      }
      // A scheduler that silently drops a broken job would miss reports for weeks: refuse to start.
      if (problems > 0) {
        process.exitCode = ExitCode.couldNotRun;
        return;
      }
      if (jobs.filter((job) => job.config.schedule).length === 0)
        throw new UsageError(
          `no scheduled jobs in ${options.jobs ?? jobsDirectoryOf(workspace)} (a job needs schedule: "<cron>")`,
        );
      const log = createSchedulerLog(process.stderr, Boolean(options.json) || !process.stderr.isTTY, (text) =>
        workspace.redactor.text(text),
      );
      const scheduler = new JobScheduler({ workspace, jobs, log, graceMs: graceSeconds * 1000 });
      await runSchedulerUntilSignal(scheduler);
      process.exitCode = ExitCode.ok;
    });
}
