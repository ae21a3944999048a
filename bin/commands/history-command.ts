import { createWriteStream } from "node:fs";
import { readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { finished } from "node:stream/promises";
import type { Command } from "commander";
import { exportRuns, importRuns, parseExport } from "../../jobs/history-transfer.js";
import { withHistory } from "../../jobs/open-history.js";
import { ExitCode, isInteractive, printJson, UsageError } from "../cli-output.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

/** `triangulate history export` and `triangulate history import`: moving a run history between stores. */
export function registerHistoryCommand(program: Command): void {
  const history = program
    .command("history")
    .description("move the report jobs' run history between stores (SQLite ⇄ PostgreSQL)");
  history
    .command("export")
    .description("write every run of the history as JSON lines, oldest first")
    .addOption(workspaceOption())
    .option("--job <name>", "only this job's runs")
    .option("-o, --output <file>", "write to a file (written whole or not at all) instead of stdout")
    .action(async (options: { workspace: string; job?: string; output?: string }) => {
      const workspace = workspaceFrom(options);
      await withHistory(workspace, async (store) => {
        if (!options.output) {
          for await (const line of exportRuns(store, options))
            process.stdout.write(workspace.redactor.text(line));
          return;
        }
        const target = path.resolve(options.output);
        const temporary = `${target}.${process.pid}.tmp`;
        const stream = createWriteStream(temporary);
        let count = 0;
        try {
          for await (const line of exportRuns(store, options)) {
            if (!stream.write(workspace.redactor.text(line)))
              await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
            count += 1;
          }
          stream.end();
          await finished(stream);
          await rename(temporary, target);
        } catch (error) {
          stream.destroy();
          await rm(temporary, { force: true });
          throw error;
        }
        process.stderr.write(`exported ${count} runs from ${store.location} to ${options.output}\n`);
      });
      process.exitCode = ExitCode.ok;
    });
  history
    .command("import")
    .description("add the runs of an export file to this workspace's history (checked whole first)")
    .argument("<file>", "a file written by `triangulate history export`")
    .addOption(workspaceOption())
    .option("--json", "print JSON")
    .action(async (file: string, options: { workspace: string; json?: boolean }) => {
      const workspace = workspaceFrom(options);
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (error) {
        throw new UsageError(
          `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
        );
      }
      const runs = parseExport(file, text);
      const progress = isInteractive(process.stderr);
      const result = await withHistory(workspace, async (store) => {
        const outcome = await importRuns(store, file, runs, (done, total) => {
          if (progress && (done % 50 === 0 || done === total))
            process.stderr.write(`\rimported ${done}/${total}`);
        });
        return { ...outcome, history: store.location };
      });
      if (progress) process.stderr.write("\n");
      if (options.json) printJson(result);
      else
        process.stdout.write(
          `imported ${result.imported} runs of ${result.jobs.length} jobs (${result.jobs.join(", ") || "none"}) into ${result.history}\n`,
        );
      process.exitCode = ExitCode.ok;
    });
}
