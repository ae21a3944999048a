import cliProgress from "cli-progress";
import type { Command } from "commander";
import {
  type IngestProgress,
  type IngestSummary,
  ingestKnowledgeBase,
} from "../../adapters/pdf-kb/ingest/ingest-knowledge-base.js";
import {
  knowledgeBaseSourceNames,
  pickKnowledgeBaseSource,
} from "../../adapters/pdf-kb/open-knowledge-base.js";
import { colors, ExitCode, isInteractive, printJson, UsageError } from "../cli-output.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

const reasonText: Record<string, string> = {
  corrupt: "corrupt or truncated, not a readable PDF",
  encrypted: "encrypted, needs a password",
  image_only: "no text layer, needs OCR",
  outside_workspace: "links outside the workspace, not read",
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The human summary of one source's ingest. */
export function formatIngestSummary(summary: IngestSummary, c = colors()): string {
  const lines: string[] = [];
  const changes = [
    summary.added ? `${summary.added} added` : "",
    summary.changed ? `${summary.changed} changed` : "",
  ]
    .filter(Boolean)
    .join(", ");
  lines.push(
    `${c.bold(summary.source)}: ${plural(summary.documents, "document")} indexed${changes ? ` (${changes})` : ""}, ${summary.removed} removed, ${summary.skipped} unchanged, ${summary.failed.length} failed` +
      `${summary.rebuilt ? ` ${c.dim(`[rebuilt: ${summary.rebuildReason}]`)}` : ""}`,
  );
  lines.push(
    `  this run: ${plural(summary.pages, "page")}, ${plural(summary.passages, "passage")}, ${plural(summary.tables, "table")} in ${summary.seconds.toFixed(1)} s`,
  );
  lines.push(
    `  index:    ${plural(summary.index.documents, "document")}, ${plural(summary.index.pages, "page")}, ${plural(summary.index.passages, "passage")}, ${plural(summary.index.tables, "table")}`,
  );
  for (const failure of summary.failed) {
    lines.push(
      `  ${c.red("failed")} ${failure.document}: ${failure.reason}${reasonText[failure.reason] ? ` (${reasonText[failure.reason]})` : ` (${failure.message})`}${failure.notRetriedSince ? ` [unchanged since ${failure.notRetriedSince}: not tried again; --rebuild tries it]` : ""}`,
    );
  }
  for (const warning of summary.warnings)
    lines.push(`  ${c.yellow("warning")} ${warning.document}: ${warning.message}`);
  return lines.join("\n");
}

/** `triangulate ingest`: brings the knowledge base of every pdf_kb source (or one) up to date with its files. */
export function registerIngestCommand(program: Command): void {
  program
    .command("ingest")
    .description(
      "index the PDFs of the workspace's pdf_kb sources: unchanged files skipped, changed replaced, removed deleted",
    )
    .addOption(workspaceOption())
    .option("-s, --source <name>", "only this pdf_kb source")
    .option(
      "--rebuild",
      "re-extract every document into a fresh index (the old one stays usable until it is done)",
    )
    .option("--json", "print the summaries as JSON")
    .action(async (options: { workspace: string; source?: string; rebuild?: boolean; json?: boolean }) => {
      const workspace = workspaceFrom(options);
      let names: string[];
      try {
        names = options.source
          ? [pickKnowledgeBaseSource(workspace, options.source).name]
          : knowledgeBaseSourceNames(workspace);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      if (names.length === 0)
        throw new UsageError(`${workspace.file} has no source of kind pdf_kb: nothing to ingest`);

      const controller = new AbortController();
      const errorColors = colors(process.stderr);
      const onInterrupt = () => {
        if (controller.signal.aborted) process.exit(130);
        process.stderr.write(
          `\n${errorColors.yellow("stopping")}: the previous index stays as it was (Ctrl-C again to quit at once)\n`,
        );
        controller.abort(new DOMException("ingest interrupted", "AbortError"));
      };
      process.on("SIGINT", onInterrupt);
      process.on("SIGTERM", onInterrupt);
      const interactive = !options.json && isInteractive(process.stderr);
      const summaries: IngestSummary[] = [];
      try {
        for (const name of names) {
          const bar = interactive
            ? new cliProgress.SingleBar(
                {
                  stream: process.stderr,
                  format: `${name} {phase} [{bar}] {value}/{total} {document}`,
                  clearOnComplete: true,
                  hideCursor: true,
                },
                cliProgress.Presets.shades_classic,
              )
            : undefined;
          let started = false;
          const onProgress = (progress: IngestProgress) => {
            if (!bar) return;
            if (!started) {
              bar.start(progress.total, progress.done, { phase: progress.phase, document: "" });
              started = true;
            }
            bar.setTotal(progress.total);
            bar.update(progress.done, { phase: progress.phase.padEnd(7), document: progress.document ?? "" });
          };
          try {
            summaries.push(
              await ingestKnowledgeBase(workspace, name, {
                rebuild: options.rebuild,
                signal: controller.signal,
                onProgress,
              }),
            );
          } finally {
            bar?.stop();
          }
          if (!options.json) process.stdout.write(`${formatIngestSummary(summaries.at(-1)!)}\n`);
        }
      } catch (error) {
        if (controller.signal.aborted) {
          if (options.json)
            printJson({ error: { kind: "interrupted", message: "interrupted: nothing was changed" } });
          process.stderr.write(
            `${errorColors.red("interrupted")}: nothing was changed; the index is the one the last complete ingest wrote\n`,
          );
          process.exitCode = ExitCode.couldNotRun;
          return;
        }
        throw error;
      } finally {
        process.off("SIGINT", onInterrupt);
        process.off("SIGTERM", onInterrupt);
      }
      if (options.json) printJson({ sources: summaries });
      process.exitCode = summaries.some((summary) => summary.failed.length > 0)
        ? ExitCode.partial
        : ExitCode.ok;
    });
}
