import type { Command } from "commander";
import { formatConfigIssue } from "../../config/config-error.js";
import {
  inspectJobFile,
  jobsDirectoryOf,
  type LoadedJob,
  listJobFiles,
  loadJob,
} from "../../jobs/job-file.js";
import { JobLockedError } from "../../jobs/job-lock.js";
import type { JobReport } from "../../jobs/job-report.js";
import { runJob } from "../../jobs/job-runner.js";
import { summarizeStatuses } from "../../jobs/report-markdown.js";
import { dueSlotOf } from "../../jobs/schedule-slots.js";
import { SlotAlreadyRunError } from "../../jobs/slot-already-run-error.js";
import { colors, ExitCode, isInteractive, printJson, UsageError } from "../cli-output.js";
import { isoDate } from "../option-values.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

interface ReportRunOptions {
  workspace: string;
  jobs?: string;
  asOf?: string;
  slot?: string;
  json?: boolean;
}

/**
 * The schedule slot `--slot` names: `due` is the latest time of the job's own schedule at or
 * before now (what a cron entry or a systemd timer running the job is the run of); otherwise an
 * ISO 8601 date-time.
 */
function slotOption(value: string, job: LoadedJob): Date {
  if (value === "due") {
    const due = dueSlotOf(job.config, new Date());
    if (!due)
      throw new UsageError(
        `--slot due needs the job's schedule: ${job.config.name} has ${job.config.schedule ? "no time at or before now" : "no schedule"}`,
      );
    return due;
  }
  const slot = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(slot.getTime()))
    throw new UsageError(`--slot expects due or an ISO 8601 date-time (2026-12-07T00:00:00Z), got ${value}`);
  return slot;
}

/** The --json summary of a job run: what a CI step or a monitor reads. */
export function reportSummary(report: JobReport, exitCode: number) {
  return {
    job: report.job,
    run_id: report.run_id,
    status: report.status,
    exit_code: exitCode,
    as_of: report.as_of,
    duration_ms: report.duration_ms,
    questions: report.questions.map((question) => ({
      id: question.id,
      status: question.status,
      duration_ms: question.duration_ms,
      numbers: question.numbers.length,
      ...(question.error ? { error: question.error } : {}),
    })),
    changes: {
      previous_run: report.changes.previous_run?.id ?? null,
      changed: report.changes.changes.filter((change) => change.kind === "changed").length,
      highlighted: report.changes.changes
        .filter((change) => change.highlighted)
        .map((change) => ({ key: change.key, text: change.text, threshold: change.threshold })),
    },
    files: report.files,
  };
}

/** `triangulate report run <job>` and `triangulate report check`. */
export function registerReportCommand(program: Command): void {
  const report = program
    .command("report")
    .description("run scheduled report jobs (jobs/*.yaml in the workspace)");
  report
    .command("run")
    .description(
      "run a job's questions with one shared browser and write its Markdown, HTML and JSON reports",
    )
    .argument("<job>", "job name (jobs/<name>.yaml) or path to a job file")
    .addOption(workspaceOption())
    .option("--jobs <dir>", "folder of job files (default: <workspace>/jobs)")
    .option("--as-of <date>", "override the job's as-of rule (YYYY-MM-DD)", isoDate)
    .option(
      "--slot <time>",
      "the schedule slot this run is the run of: due (the latest time of the job's schedule) or an ISO date-time; a slot already run is not run again",
    )
    .option("--json", "print only a JSON summary on stdout")
    .action(async (name: string, options: ReportRunOptions) => {
      if (options.asOf && !/^\d{4}-\d{2}-\d{2}$/.test(options.asOf))
        throw new UsageError(`--as-of expects YYYY-MM-DD, got ${options.asOf}`);
      const workspace = workspaceFrom(options);
      const job = loadJob(workspace, name, { jobsDirectory: options.jobs });
      const slot = options.slot === undefined ? undefined : slotOption(options.slot, job);
      const controller = new AbortController();
      const interrupt = (signal: NodeJS.Signals) => controller.abort(new Error(`received ${signal}`));
      process.once("SIGINT", interrupt);
      process.once("SIGTERM", interrupt);
      const progress = isInteractive(process.stderr);
      try {
        const result = await runJob(job, workspace, {
          ...(options.asOf ? { asOf: options.asOf } : {}),
          ...(slot ? { slot } : {}),
          signal: controller.signal,
          onProgress: (event) => {
            if (!progress) return;
            process.stderr.write(
              event.kind === "question-start"
                ? `[${event.index + 1}/${event.total}] ${event.id} …\n`
                : `[${event.index + 1}/${event.total}] ${event.id} ${event.status} ${((event.duration_ms ?? 0) / 1000).toFixed(1)} s\n`,
            );
          },
        });
        process.exitCode = result.exitCode;
        if (options.json) printJson(reportSummary(result.report, result.exitCode));
        else printRunSummary(result.report);
      } catch (error) {
        if (error instanceof JobLockedError || error instanceof SlotAlreadyRunError)
          throw new UsageError(error.message);
        throw error;
      } finally {
        process.off("SIGINT", interrupt);
        process.off("SIGTERM", interrupt);
      }
      // Interrupted: the run is recorded and printed; a step still unwinding in a source must not
      // hold the process for its timeout (Chromium is killed on exit by the browser safety net).
      if (controller.signal.aborted) process.exit(process.exitCode ?? 1);
    });
  report
    .command("check")
    .description("validate job files and report every problem with file:line:column")
    .argument("[job]", "one job (default: every job in the folder)")
    .addOption(workspaceOption())
    .option("--jobs <dir>", "folder of job files (default: <workspace>/jobs)")
    .option("--json", "print the issues as JSON")
    .action((name: string | undefined, options: { workspace: string; jobs?: string; json?: boolean }) => {
      const workspace = workspaceFrom(options);
      const files = name
        ? [loadJob(workspace, name, { jobsDirectory: options.jobs }).file]
        : listJobFiles(options.jobs ?? jobsDirectoryOf(workspace));
      const results = files.map((file) => ({ file, ...inspectJobFile(file, workspace) }));
      const issues = results.flatMap((result) => result.issues);
      if (options.json) {
        printJson({
          ok: issues.length === 0,
          jobs: results.filter((result) => result.job).map((result) => result.job!.config.name),
          issues,
        });
      } else {
        const c = colors(process.stderr);
        for (const issue of issues) process.stderr.write(`${c.red("✖")} ${formatConfigIssue(issue)}\n`);
        for (const result of results.filter((item) => item.job))
          process.stdout.write(
            `${colors().green("ok")} ${result.job!.config.name}: ${result.job!.config.questions.length} questions${result.job!.config.schedule ? `, schedule ${result.job!.config.schedule} (${result.job!.config.timezone})` : ""}\n`,
          );
        if (files.length === 0) process.stdout.write("no job files found\n");
      }
      process.exitCode = issues.length === 0 ? ExitCode.ok : ExitCode.couldNotRun;
    });
}

/** The run's summary as the terminal shows it: status, each question, changes since the last run, report files. */
function printRunSummary(run: JobReport): void {
  const c = colors();
  const statusColor = run.status === "answered" ? c.green : run.status === "partial" ? c.yellow : c.red;
  const lines = [
    `${c.bold(run.job)}  as of ${run.as_of}  run ${run.run_id}  ${statusColor(run.status)}  (${summarizeStatuses(run)})  ${(run.duration_ms / 1000).toFixed(1)} s`,
  ];
  for (const question of run.questions)
    lines.push(
      `  ${question.id}  ${question.status}  ${(question.duration_ms / 1000).toFixed(1)} s${question.error ? `  ${question.error.split("\n")[0]}` : ""}`,
    );
  if (run.changes.previous_run) {
    const changed = run.changes.changes.filter((change) => change.kind === "changed");
    lines.push(
      `changes since run ${run.changes.previous_run.id}: ${changed.length} changed, ${run.changes.highlighted} beyond a threshold`,
    );
    for (const change of run.changes.changes.filter((item) => item.kind !== "unchanged").slice(0, 10))
      lines.push(`  ${change.highlighted ? c.yellow("⚠ ") : ""}${change.text}`);
  } else {
    lines.push("first recorded run of this job: nothing to compare with");
  }
  if (run.files.length) lines.push(`reports: ${run.files.join(", ")}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
