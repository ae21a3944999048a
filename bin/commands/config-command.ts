import type { Command } from "commander";
import { formatConfigIssue } from "../../config/config-error.js";
import { inspectWorkspace } from "../../config/load-workspace.js";
import { unresolvedVariableIssue } from "../../config/unresolved-variables.js";
import { colors, ExitCode, printJson } from "../cli-output.js";
import { workspaceOption } from "./workspace-option.js";

/** `triangulate config check`: every problem in the workspace at once. */
export function registerConfigCommand(program: Command): void {
  const config = program.command("config").description("inspect the workspace configuration");
  config
    .command("check")
    .description("validate triangulate.yaml and report every problem with file:line:column")
    .addOption(workspaceOption())
    .option("--json", "print the issues as JSON")
    .action((options: { workspace: string; json?: boolean }) => {
      const { workspace, issues, warnings: dataWarnings = [] } = inspectWorkspace(options.workspace);
      // Unset variables of a source are warnings: only commands that use that source need them.
      const warnings = [
        ...dataWarnings,
        ...(workspace?.unresolvedVariables ?? []).map(unresolvedVariableIssue),
      ];
      if (options.json) {
        printJson({
          ok: issues.length === 0,
          issues,
          warnings,
          sources: workspace ? Object.keys(workspace.config.sources) : [],
        });
      } else if (issues.length === 0) {
        const c = colors();
        for (const warning of warnings)
          process.stderr.write(`${c.yellow("⚠")} ${formatConfigIssue(warning)}\n`);
        process.stdout.write(
          `${c.green("ok")} ${workspace!.file}: ${Object.keys(workspace!.config.sources).length} sources\n`,
        );
        const warn = colors(process.stderr);
        for (const warning of warnings)
          process.stderr.write(`${warn.yellow("⚠")} ${formatConfigIssue(warning)}\n`);
      } else {
        const c = colors(process.stderr);
        for (const issue of issues) process.stderr.write(`${c.red("✖")} ${formatConfigIssue(issue)}\n`);
        process.stderr.write(`${issues.length} problem${issues.length === 1 ? "" : "s"}\n`);
      }
      process.exitCode = issues.length === 0 ? ExitCode.ok : ExitCode.couldNotRun;
    });
}
