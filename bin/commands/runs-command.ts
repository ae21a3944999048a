import path from "node:path";
import type { Command } from "commander";
import { findRun, listRuns, readRunFolder } from "../../executor/run-store.js";
import { type JobRunListing, listJobRuns } from "../../jobs/open-history.js";
import { ExitCode, formatTable, printJson, UsageError } from "../cli-output.js";
import { positiveInteger } from "../option-values.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

function printJobRuns(runs: JobRunListing[], options: { json?: boolean; job?: string }): void {
  if (options.json) printJson(runs);
  else if (runs.length === 0) process.stdout.write(`no runs of job ${options.job} yet\n`);
  else {
    const rows = runs.map((run) => [
      run.id,
      run.status,
      run.as_of,
      run.started_at.replace("T", " ").slice(0, 19),
      run.duration_ms === null ? "" : `${(run.duration_ms / 1000).toFixed(1)} s`,
      `${run.questions_answered}/${run.questions_total}`,
      run.exit_code,
      run.report_files.find((file) => file.endsWith(".html")) ?? run.report_files[0] ?? "",
    ]);
    process.stdout.write(
      `${formatTable(["run", "status", "as of", "started", "duration", "answered", "exit", "report"], rows)}\n`,
    );
  }
}

/** `triangulate runs list` and `triangulate runs show <id>`. */
export function registerRunsCommand(program: Command): void {
  const runs = program.command("runs").description("list and inspect earlier runs of this workspace");
  runs
    .command("list")
    .description("list runs, newest first")
    .addOption(workspaceOption())
    .option("--limit <n>", "how many", positiveInteger, "20")
    .option("--json", "print JSON")
    .option("--job <name>", "list the runs of a report job (from the run history) instead")
    .action(async (options: { workspace: string; limit: string; json?: boolean; job?: string }) => {
      const workspace = workspaceFrom(options);
      if (options.job) {
        printJobRuns(
          await listJobRuns(workspace, { job: options.job, limit: Number(options.limit) || 20 }),
          options,
        );
        return;
      }
      const summaries = await listRuns(workspace, Number(options.limit) || 20);
      if (options.json) {
        printJson(summaries);
        return;
      }
      if (summaries.length === 0) {
        process.stdout.write("no runs yet\n");
        return;
      }
      process.stdout.write(
        `${formatTable(
          ["run", "status", "goals", "question"],
          summaries.map((summary) => [
            summary.id,
            summary.status,
            `${summary.goals.filter((goal) => goal.status === "succeeded").length}/${summary.goals.length}`,
            summary.question,
          ]),
        )}\n`,
      );
    });
  runs
    .command("show")
    .description("show one run: its steps, trace and answer (id, a unique prefix, or latest)")
    .argument("<id>")
    .addOption(workspaceOption())
    .option("--json", "print JSON")
    .action(async (id: string, options: { workspace: string; json?: boolean }) => {
      const workspace = workspaceFrom(options);
      const directory = await findRun(workspace, id);
      if (!directory) throw new UsageError(`no run matches ${id}; see \`triangulate runs list\``);
      const folder = await readRunFolder(directory);
      const summary = folder.summary as { status?: string; question?: string } | undefined;
      const plan = folder.plan as { question?: string } | undefined;
      const steps = folder.steps as { result: Record<string, string | undefined> }[];
      const trace = folder.trace as { line: string }[];
      const answer = folder.answerMarkdown;
      if (options.json) {
        printJson({ directory, summary, plan, steps, trace, answer });
        return;
      }
      process.stdout.write(
        `run ${path.basename(directory)}  ${summary?.status ?? "interrupted"}\nquestion: ${plan?.question ?? summary?.question ?? "?"}\n\n`,
      );
      for (const step of steps) {
        const result = step.result;
        process.stdout.write(
          `${result.goal_id}  ${result.source}  ${result.status}  ${result.error_kind ?? ""} ${result.error_message ?? ""}\n`,
        );
      }
      if (trace.length)
        process.stdout.write(`\n${trace.map((event: { line: string }) => event.line).join("\n")}\n`);
      if (answer) process.stdout.write(`\n${answer}\n`);
      process.exitCode = ExitCode.ok;
    });
}
