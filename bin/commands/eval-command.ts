import path from "node:path";
import { type Command, Option } from "commander";
import { evaluatePlanner } from "../../planner/evaluate-plans.js";
import { readGoldSet } from "../../planner/gold-set.js";
import { plannerFor } from "../../planner/plan-question.js";
import { colors, ExitCode, formatTable, printJson } from "../cli-output.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** `triangulate eval plans <gold.jsonl>`: scores a planner against a hand-written gold set. */
export function registerEvalCommand(program: Command): void {
  const evaluate = program.command("eval").description("evaluate parts of the pipeline against gold sets");
  evaluate
    .command("plans")
    .description("score a planner: schema compliance, router accuracy, sub-goal precision/recall, latency")
    .argument("<gold>", "gold set, JSON Lines (demo/gold/plans.jsonl)")
    .addOption(workspaceOption())
    .addOption(
      new Option("--planner <kind>", "catalog or model").choices(["catalog", "model"]).default("catalog"),
    )
    .option("--json", "print the report as JSON")
    .option("--failures", "list every question whose sub-goals or outcome differ from the gold")
    .action(
      async (
        gold: string,
        options: { workspace: string; planner: "catalog" | "model"; json?: boolean; failures?: boolean },
      ) => {
        const workspace = workspaceFrom(options);
        const entries = readGoldSet(path.resolve(gold));
        const report = await evaluatePlanner(
          await plannerFor(workspace, options.planner),
          entries,
          workspace,
        );
        if (options.json) {
          printJson(report);
        } else {
          const c = colors();
          process.stdout.write(
            `${formatTable(
              ["measure", "value"],
              [
                ["planner", report.planner],
                ["questions", report.questions],
                ["schema compliance", `${percent(report.schemaCompliance)} (${report.plansProduced} plans)`],
                ["router accuracy", percent(report.routerAccuracy)],
                ["complexity accuracy", percent(report.complexityAccuracy)],
                ["outcome accuracy", percent(report.outcomeAccuracy)],
                ["sub-goal precision", percent(report.precision)],
                ["sub-goal recall", percent(report.recall)],
                ["sub-goal F1", report.f1.toFixed(3)],
                [
                  "plans right",
                  `${percent(report.rightShare)} (${report.misses} misses, ${report.silentMisses} silent)`,
                ],
                ["latency p50", `${report.latencyP50Ms.toFixed(2)} ms`],
                ["latency p95", `${report.latencyP95Ms.toFixed(2)} ms`],
              ],
            )}\n`,
          );
          const wrong = report.entries.filter(
            (entry) =>
              !entry.outcomeCorrect ||
              entry.missing.length > 0 ||
              entry.extra.length > 0 ||
              entry.complexityCorrect === false ||
              !entry.routeCorrect,
          );
          if (options.failures) {
            for (const entry of wrong) {
              process.stdout.write(`${c.yellow(entry.id)} ${entry.question}\n`);
              for (const key of entry.missing) process.stdout.write(`  ${c.red("- missing")} ${key}\n`);
              for (const key of entry.extra) process.stdout.write(`  ${c.yellow("+ extra")} ${key}\n`);
              if (!entry.outcomeCorrect) process.stdout.write(`  ${c.red("outcome differs")}\n`);
              if (entry.complexityCorrect === false)
                process.stdout.write(`  ${c.yellow("complexity differs")}\n`);
            }
          } else if (wrong.length > 0) {
            process.stdout.write(`${wrong.length} question(s) differ from the gold; --failures lists them\n`);
          }
        }
        process.exitCode = ExitCode.ok;
      },
    );
}
