import { existsSync } from "node:fs";
import path from "node:path";
import { type Command, Option } from "commander";
import { today } from "../../domain/today.js";
import type { SubGoal } from "../../models/plan.js";
import { planQuestion } from "../../planner/plan-question.js";
import type { PlanOutcome } from "../../planner/planner.js";
import { colors, ExitCode, hasWords, printJson, UsageError } from "../cli-output.js";
import { isoDate } from "../option-values.js";
import { planJson } from "../plan-json.js";
import { workspaceFrom } from "./open-workspace.js";
import { plannerOption, workspaceOption } from "./workspace-option.js";

interface PlanOptions {
  workspace: string;
  planner?: "catalog" | "model";
  asOf?: string;
  strategy: "standard" | "agentic" | "auto";
  json?: boolean;
  showTrace?: boolean;
  exportExamples?: string;
  gold?: string;
}

function period(goal: SubGoal): string {
  const value = goal.params.period;
  if (!value) return "";
  return `${value.grain} ${value.from}..${value.to}`;
}

function filters(goal: SubGoal): string {
  return Object.entries(goal.params.filters)
    .map(([dimension, value]) => `${dimension}=${Array.isArray(value) ? value.join("|") : value}`)
    .join(" ");
}

/** One line per sub-goal, then the warnings and (with --show-trace) the trace. */
function printHuman(outcome: PlanOutcome, showTrace: boolean): void {
  const c = colors();
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    `${c.bold("route")} ${outcome.route.route} (${outcome.route.route === "direct" ? outcome.route.reason : outcome.route.complexity}) · language ${outcome.language}${outcome.plan ? ` · planner ${outcome.plan.planner} · strategy ${outcome.plan.strategy} · as of ${outcome.plan.as_of}` : ""}`,
  );
  if (outcome.route.reply) out(outcome.route.reply);
  if (outcome.subQuestions.length > 1)
    for (const [index, sub] of outcome.subQuestions.entries()) out(`${c.dim(`q${index + 1}`)} ${sub}`);
  for (const goal of outcome.plan?.sub_goals ?? []) {
    const what = goal.params.metric ?? goal.params.event ?? `"${goal.params.query ?? ""}"`;
    const parts = [
      c.bold(goal.id),
      `${goal.source}${goal.dataset ? `/${goal.dataset}` : ""}`,
      what,
      filters(goal),
      period(goal),
      goal.expected_format,
      goal.required ? "required" : c.dim("optional"),
    ];
    out(parts.filter((part) => part !== "").join("  "));
    out(`    ${c.dim(`validate: ${goal.validation}`)}`);
  }
  for (const warning of outcome.warnings) process.stderr.write(`${c.yellow("note:")} ${warning}\n`);
  if (showTrace) for (const line of outcome.trace) out(c.dim(line));
}

/**
 * The demo's gold set, found from this file (dist/bin/commands or bin/commands), not from the
 * current folder, so `--export-examples` works wherever it is run.
 */
const DEMO_GOLD_SET = path.join(packageRoot(import.meta.dirname), "demo", "gold", "plans.jsonl");

/** The folder holding triangulate's package.json, above `from`. */
function packageRoot(from: string): string {
  let folder = from;
  while (!existsSync(path.join(folder, "package.json")) && path.dirname(folder) !== folder)
    folder = path.dirname(folder);
  return folder;
}

/** `triangulate plan "<question>"`: plans without fetching; `--export-examples` writes fine-tuning data. */
export function registerPlanCommand(program: Command): void {
  program
    .command("plan")
    .description("plan a question into sub-goals (no fetch); exit 1 when it cannot be planned")
    .argument("[question]", "the question, in Chinese or English")
    .addOption(workspaceOption())
    .addOption(plannerOption())
    .option(
      "--as-of <date>",
      "date that relative expressions (last month, 上个月) resolve against, YYYY-MM-DD",
      isoDate,
      today(),
    )
    .addOption(
      new Option("--strategy <strategy>", "standard, agentic, or auto (the router's complexity decides)")
        .choices(["standard", "agentic", "auto"])
        .default("auto"),
    )
    .option("--json", "print the plan as JSON (or the route and message when there is no plan)")
    .option("--show-trace", "print the planner's trace lines")
    .option(
      "--export-examples <file>",
      "write the gold plans as chat-format JSONL for fine-tuning a planner model",
    )
    .option(
      "--gold <file>",
      "gold set used by --export-examples (default: the demo's, shipped with triangulate)",
    )
    .action(async (question: string | undefined, options: PlanOptions) => {
      const workspace = workspaceFrom(options);
      if (options.exportExamples) {
        // Loaded only for this option: planning a question does not need the gold set or the
        // model planner's prompt that export-examples builds on.
        const { exportExamples } = await import("../../planner/export-examples.js");
        const { readGoldSet } = await import("../../planner/gold-set.js");
        const count = exportExamples(
          readGoldSet(options.gold === undefined ? DEMO_GOLD_SET : path.resolve(options.gold)),
          workspace,
          path.resolve(options.exportExamples),
        );
        if (options.json) printJson({ file: path.resolve(options.exportExamples), examples: count });
        else process.stdout.write(`wrote ${count} examples to ${options.exportExamples}\n`);
        return;
      }
      if (!question || !hasWords(question))
        throw new UsageError('give a question with words in it: triangulate plan "<question>"');
      if (options.asOf && !/^\d{4}-\d{2}-\d{2}$/.test(options.asOf))
        throw new UsageError(`--as-of ${options.asOf} is not YYYY-MM-DD`);
      const outcome = await planQuestion(question, workspace, {
        planner: options.planner,
        asOf: options.asOf,
        strategy: options.strategy,
      });
      if (options.json) {
        printJson(planJson(outcome));
      } else {
        printHuman(outcome, Boolean(options.showTrace));
      }
      if (!outcome.plan && outcome.route.route !== "direct") {
        if (!options.json)
          process.stderr.write(
            `${colors(process.stderr).red("cannot plan:")} ${outcome.message ?? "no plan"}\n`,
          );
        // A question back to the user is not a failure to run: its own exit code (docs/planner.md).
        process.exitCode = outcome.clarification ? ExitCode.needsClarification : ExitCode.couldNotRun;
        return;
      }
      process.exitCode = ExitCode.ok;
    });
}
