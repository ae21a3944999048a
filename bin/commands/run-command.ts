import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { PlanError } from "../../executor/check-plan.js";
import { executePlan } from "../../executor/execute-plan.js";
import { readPlanFile } from "../../executor/read-plan-file.js";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import type { ExecutionPlan } from "../../models/plan.js";
import type { StepResult } from "../../models/step-result.js";
import { colors, ExitCode, isInteractive, printJson, UsageError } from "../cli-output.js";
import { isoDate } from "../option-values.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

interface RunOptions {
  workspace: string;
  asOf?: string;
  timeout?: string;
  json?: boolean;
  showTrace?: boolean;
  sequential?: boolean;
}

/** One line per sub-goal: what happened and why. */
export function describeStep(result: StepResult): string {
  const evidence = result.evidence;
  const size = evidence
    ? evidence.kind === "table"
      ? `${evidence.rows.length} rows`
      : `${evidence.passages.length} passages`
    : "";
  const attempts = result.attempts.length > 1 ? ` (${result.attempts.length} attempts)` : "";
  const problem =
    result.status === "succeeded"
      ? size
      : `${result.error_kind ?? ""}${result.error_message ? `: ${result.error_message}` : ""}`;
  return `${result.goal_id}  ${result.source}  ${result.status}  ${problem}  ${result.duration_ms}ms${attempts}`;
}

/** `triangulate run <plan.json>`: executes a saved or hand-written plan. */
export function registerRunCommand(program: Command): void {
  program
    .command("run")
    .description("execute a saved or hand-written plan (JSON or YAML) and print each sub-goal's outcome")
    .argument("<plan>", "plan file")
    .addOption(workspaceOption())
    .option("--as-of <date>", "the date relative periods and age_days() refer to (YYYY-MM-DD)", isoDate)
    .option("--timeout <seconds>", "per-step timeout in seconds")
    .option("--json", "print only machine-readable JSON on stdout")
    .option("--show-trace", "print the compact trace lines")
    .option("--sequential", "run one step at a time")
    .action(async (planFile: string, options: RunOptions) => {
      if (options.asOf && !/^\d{4}-\d{2}-\d{2}$/.test(options.asOf))
        throw new UsageError(`--as-of expects YYYY-MM-DD, got ${options.asOf}`);
      const timeoutSeconds = options.timeout === undefined ? undefined : Number(options.timeout);
      if (timeoutSeconds !== undefined && !(timeoutSeconds > 0))
        throw new UsageError(`--timeout expects a positive number of seconds, got ${options.timeout}`);
      const workspace = workspaceFrom(options);
      let plan: ExecutionPlan;
      try {
        plan = await readPlanFile(planLocation(planFile, workspace.root), workspace, { asOf: options.asOf });
      } catch (error) {
        if (error instanceof PlanError && !options.json) {
          const c = colors(process.stderr);
          for (const line of error.message.split("\n")) process.stderr.write(`${c.red("✖")} ${line}\n`);
          process.exitCode = ExitCode.couldNotRun;
          return;
        }
        throw error;
      }
      const controller = new AbortController();
      const interrupt = () => controller.abort(new Error("interrupted"));
      process.once("SIGINT", interrupt);
      process.once("SIGTERM", interrupt);
      const trace = new TraceRecorder();
      const c = colors(process.stderr);
      if (isInteractive(process.stderr) && !options.json) {
        trace.onEvent((event) => {
          if (event.kind === "fetch") process.stderr.write(`${c.dim(event.line)}\n`);
        });
      }
      try {
        const result = await executePlan(plan, workspace, {
          signal: controller.signal,
          trace,
          sequential: options.sequential,
          ...(timeoutSeconds ? { stepTimeoutMs: timeoutSeconds * 1000 } : {}),
        });
        if (options.json) {
          printJson({
            status: result.status,
            run: result.directory ? path.basename(result.directory) : undefined,
            directory: result.directory,
            results: result.results,
            ...(options.showTrace ? { trace: result.trace.events } : {}),
          });
        } else {
          const out = colors();
          for (const step of result.results) {
            const line = describeStep(step);
            process.stdout.write(`${step.status === "succeeded" ? out.green("✔") : out.red("✖")} ${line}\n`);
          }
          if (options.showTrace) process.stdout.write(`\n${result.trace.lines().join("\n")}\n`);
          process.stdout.write(
            `\n${result.status}${result.directory ? `; run saved in ${path.relative(process.cwd(), result.directory)}` : ""}\n`,
          );
        }
        process.exitCode = result.status === "succeeded" ? ExitCode.ok : ExitCode.partial;
      } finally {
        process.off("SIGINT", interrupt);
        process.off("SIGTERM", interrupt);
      }
    });
}

/**
 * A relative plan path is read from the current folder, and from the workspace folder when the
 * current folder has no such file (`run plans/x.json -w demo/workspace` reads the workspace's plan).
 */
export function planLocation(planFile: string, workspaceRoot: string): string {
  const fromHere = path.resolve(planFile);
  if (path.isAbsolute(planFile) || existsSync(fromHere)) return fromHere;
  const fromWorkspace = path.resolve(workspaceRoot, planFile);
  return existsSync(fromWorkspace) ? fromWorkspace : fromHere;
}
