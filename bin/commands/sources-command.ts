/**
 * `triangulate sources list` and `triangulate sources test`: for people who edit the YAML that
 * maps a source's raw data onto the catalog.
 *
 * `sources test <source>` runs one dataset/search of a source and prints what the mapping
 * extracted as a table, plus every field whose path/locator matched nothing. Without a source it
 * runs every source that has datasets or searches (a knowledge base without tables is named and
 * passed over: its passages are tried with `kb search`), so a new workspace is checked in one go. It works for any
 * adapter; the two optional members `normalizeSample` (for --sample) and `testMapping` (lenient
 * live test) of `SourceAdapter` (adapters/adapter.ts) make it better.
 *
 * The live sub-goal is built from the flags: the dataset, the period (default: the 12 months up
 * to --as-of, which defaults to today), and --filter dimension=value (repeatable; a comma gives a
 * list). Exit code 0 when every field matched, 2 when a field matched nothing or a fetch failed,
 * 1 when the workspace or the flags are wrong.
 */
import { existsSync, watch } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import type { MappingTestResult, StepContext } from "../../adapters/adapter.js";
import { createAdapter } from "../../adapters/registry.js";
import { ConfigError, formatConfigIssue } from "../../config/config-error.js";
import { describeSources } from "../../config/describe-sources.js";
import type { Workspace } from "../../config/workspace.js";
import { SubGoal } from "../../models/plan.js";
import { StepError } from "../../models/step-error.js";
import { sectionNames } from "../../models/workspace.js";
import { colors, ExitCode, formatTable, printJson, UsageError } from "../cli-output.js";
import { isoDate, positiveInteger } from "../option-values.js";
import { missingValues } from "./missing-values.js";
import { workspaceFrom } from "./open-workspace.js";
import { readSampleJson } from "./sample-file.js";
import { workspaceOption } from "./workspace-option.js";

/** The outcome for one dataset, as printed (and as --json prints it). */
export interface SourceTestReport {
  source: string;
  dataset: string;
  mode: "sample" | "live";
  columns: string[];
  rows: Record<string, unknown>[];
  unmatched: MappingTestResult["unmatched"];
  notes: string[];
  /** What must be fixed though rows came back (MappingTestResult.warnings). */
  warnings: string[];
  error?: { kind: string; message: string; details: Record<string, unknown> };
  elapsedMs: number;
}

/** Options of `sources test`. */
export interface SourceTestOptions {
  dataset?: string;
  sample?: string;
  asOf?: string;
  from?: string;
  to?: string;
  filters?: Record<string, string | string[]>;
}

function datasetsOf(workspace: Workspace, source: string): string[] {
  const config = workspace.config.sources[source];
  if (!config) {
    const names = Object.keys(workspace.config.sources);
    throw new UsageError(`no source named ${source} in ${workspace.file}; sources: ${names.join(", ")}`);
  }
  return sectionNames(config);
}

function yearBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Parses repeated --filter dimension=value[,value] flags. */
export function parseFilters(values: string[]): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = Object.create(null);
  for (const value of values) {
    const match = /^([A-Za-z_][A-Za-z0-9_-]*)=(.+)$/.exec(value);
    if (!match) throw new UsageError(`--filter expects dimension=value, got ${value}`);
    const parts = match[2]
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    filters[match[1]] = parts.length === 1 ? parts[0] : parts;
  }
  return filters;
}

/** Runs the mapping of one source's datasets (all when none is named) on a sample or live. */
export async function testSource(
  workspace: Workspace,
  source: string,
  options: SourceTestOptions,
): Promise<SourceTestReport[]> {
  const available = datasetsOf(workspace, source);
  if (options.dataset && !available.includes(options.dataset)) {
    throw new UsageError(
      `source ${source} has no dataset or search ${options.dataset}; it has ${available.join(", ")}`,
    );
  }
  // A knowledge base with no table datasets has no mapping to test: say how it is tried instead of
  // printing nothing.
  if (available.length === 0)
    throw new UsageError(
      `source ${source} has no datasets or searches to test (a ${workspace.config.sources[source].kind} source); ` +
        (workspace.config.sources[source].kind === "pdf_kb"
          ? `try its passages with: triangulate ingest -w ${workspace.root} && triangulate kb search "<words>" --source ${source} -w ${workspace.root}`
          : `add a dataset or search under sources.${source} in ${workspace.file}`),
    );
  const datasets = options.dataset ? [options.dataset] : available;
  if (options.sample && datasets.length !== 1)
    throw new UsageError(`--sample needs --search/--dataset: source ${source} has ${available.join(", ")}`);
  const adapter = await createAdapter(source, workspace.config.sources[source], workspace);
  const reports: SourceTestReport[] = [];
  const artifactsDirectory = path.join(
    workspace.stateDirectory,
    "sources-test",
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${source}`,
  );
  try {
    for (const dataset of datasets) {
      const started = performance.now();
      const report: SourceTestReport = {
        source,
        dataset,
        mode: options.sample ? "sample" : "live",
        columns: [],
        rows: [],
        unmatched: [],
        notes: [],
        warnings: [],
        elapsedMs: 0,
      };
      try {
        let result: MappingTestResult;
        if (options.sample) {
          if (!adapter.normalizeSample)
            throw new UsageError(
              `source ${source} (${adapter.kind}) cannot test a saved sample; run without --sample`,
            );
          const file = path.resolve(options.sample);
          if (!existsSync(file)) throw new UsageError(`no sample file ${file}`);
          result = await adapter.normalizeSample(readSampleJson(file), dataset);
        } else {
          const asOf = options.asOf ?? new Date().toISOString().slice(0, 10);
          const goal = SubGoal.parse({
            id: "g1",
            description: `sources test ${source} ${dataset}`,
            source,
            dataset,
            params: {
              filters: options.filters ?? {},
              period: {
                grain: "month",
                from: options.from ?? yearBefore(options.to ?? asOf),
                to: options.to ?? asOf,
              },
            },
            expected_format: "records",
          });
          const timeoutMs = workspace.config.executor.step_timeout_seconds * 1000;
          const context: StepContext = {
            signal: AbortSignal.timeout(timeoutMs),
            timeoutMs,
            asOf,
            attempt: 1,
            requestId: `sources-test-${dataset}`,
            // Failure artefacts (screenshot, HTML) as `ask` keeps them; the folder appears only on a failure.
            runDirectory: artifactsDirectory,
            trace: () => {},
          };
          if (adapter.testMapping) result = await adapter.testMapping(goal, context);
          else {
            const evidence = adapter.normalize(await adapter.fetch(goal, context), goal);
            if (evidence.kind !== "table")
              throw new UsageError(`source ${source} returns text passages; sources test shows tables`);
            result = {
              evidence,
              unmatched: missingValues(evidence, spanEnds(workspace, source, dataset)),
              notes: evidence.notes,
            };
          }
        }
        report.columns = result.evidence.columns.map((column) => column.name);
        report.rows = result.evidence.rows;
        report.unmatched = result.unmatched;
        report.notes = result.notes.filter((note) => !result.warnings?.includes(note));
        report.warnings = result.warnings ?? [];
      } catch (error) {
        if (!StepError.isStepError(error)) throw error;
        // The artefacts' paths are relative to the folder they were written in: say where that is.
        const details = { ...error.details };
        for (const key of ["screenshot", "html"])
          if (typeof details[key] === "string")
            details[key] = path.join(artifactsDirectory, details[key] as string);
        report.error = {
          kind: error.kind,
          message: workspace.redactor.text(error.message),
          details: workspace.redactor.value(details),
        };
      }
      report.elapsedMs = Math.round(performance.now() - started);
      reports.push(report);
    }
  } finally {
    await adapter.close();
  }
  return reports;
}

/** The end column of a dataset whose rows span time: empty there means the span still runs. */
function spanEnds(workspace: Workspace, source: string, dataset: string): Set<string> {
  const config = workspace.config.sources[source];
  if (config?.kind !== "file" && config?.kind !== "bi_dashboard") return new Set();
  const periodColumn = config.datasets[dataset]?.period_column;
  return new Set(Array.isArray(periodColumn) ? [periodColumn[1]] : []);
}

/** The text form of a report: a header line, the table, and what matched nothing. */
export function formatReport(
  report: SourceTestReport,
  limit: number,
  stream: NodeJS.WriteStream = process.stdout,
): string {
  const c = colors(stream);
  const lines = [c.bold(`${report.source} · ${report.dataset} · ${report.mode}`)];
  if (report.error) {
    lines.push(`${c.red(report.error.kind)}: ${report.error.message}`);
    const saved = ["screenshot", "html"].flatMap((key) => {
      const value = (report.error?.details as Record<string, unknown> | undefined)?.[key];
      return typeof value === "string" ? [value] : [];
    });
    if (saved.length > 0) lines.push(c.dim(`saved: ${saved.join(", ")}`));
    return lines.join("\n");
  }
  const shown = report.rows.slice(0, limit);
  lines.push(
    formatTable(
      report.columns,
      shown.map((row) => report.columns.map((column) => row[column])),
    ),
  );
  lines.push(
    `${report.rows.length} record${report.rows.length === 1 ? "" : "s"}${report.rows.length > shown.length ? ` (first ${shown.length} shown; --limit N for more)` : ""} in ${report.elapsedMs} ms`,
  );
  for (const warning of report.warnings) lines.push(c.red(`warning: ${warning}`));
  for (const note of report.notes) lines.push(c.yellow(`note: ${note}`));
  if (report.unmatched.length === 0) lines.push(c.green("every field matched on every record"));
  else {
    lines.push(c.red("fields whose path matched nothing:"));
    lines.push(
      formatTable(
        ["field", "path", "records", "e.g."],
        report.unmatched.map((miss) => [
          miss.field,
          miss.path,
          `${miss.records} of ${miss.total}`,
          miss.examples.join(", "),
        ]),
      ),
    );
  }
  return lines.join("\n");
}

function exitCodeOf(reports: SourceTestReport[]): number {
  return reports.some((report) => report.error || report.unmatched.length > 0 || report.warnings.length > 0)
    ? ExitCode.partial
    : ExitCode.ok;
}

/**
 * `sources test` without a source: every source with datasets or searches, in the YAML's order.
 * A dataset name or a saved sample belongs to one source, so both need the source named.
 */
export async function testEverySource(
  workspace: Workspace,
  options: SourceTestOptions,
): Promise<SourceTestReport[]> {
  if (options.dataset || options.sample)
    throw new UsageError(
      `${options.sample ? "--sample" : "--dataset/--search"} needs a source: triangulate sources test <source> …`,
    );
  const reports: SourceTestReport[] = [];
  for (const name of Object.keys(workspace.config.sources)) {
    if (datasetsOf(workspace, name).length === 0) continue;
    reports.push(...(await testSource(workspace, name, options)));
  }
  if (reports.length === 0)
    throw new UsageError(`no source in ${workspace.file} has datasets or searches to test`);
  return reports;
}

/** Registers `sources list` and `sources test`. */
export function registerSourcesCommand(program: Command): void {
  const sources = program
    .command("sources")
    .description("list the configured sources and test their mappings");

  sources
    .command("list")
    .description("each source with the datasets/searches it offers (read from the YAML; nothing is fetched)")
    .addOption(workspaceOption())
    .option("--json", "print the capabilities as JSON")
    .action((options: { workspace: string; json?: boolean }) => {
      const workspace = workspaceFrom(options);
      const described = describeSources(workspace.config);
      if (options.json) {
        printJson(described);
        return;
      }
      const rows = described.flatMap((source) =>
        (source.datasets.length > 0 ? source.datasets : [undefined]).map((dataset) => [
          source.name,
          source.kind,
          source.trust,
          dataset?.name ?? (source.text_search ? "(text search)" : ""),
          [
            ...(dataset?.metrics ?? []).map((name) => `metric:${name}`),
            ...(dataset?.events ?? []).map((name) => `event:${name}`),
            ...(dataset?.dimensions ?? []).map((name) => `by:${name}`),
            ...(dataset?.topics ?? []).map((name) => `topic:${name}`),
            ...(dataset?.grain ? [`grain:${dataset.grain}`] : []),
          ].join(" "),
          (dataset?.columns ?? []).join(", "),
        ]),
      );
      process.stdout.write(
        `${formatTable(["source", "kind", "trust", "dataset", "offers", "columns"], rows)}\n`,
      );
    });

  sources
    .command("test")
    .description("run a source's mapping on a saved response (--sample) or live, and show what it extracts")
    .argument("[source]", "source name in triangulate.yaml; every source with datasets when omitted")
    .addOption(workspaceOption())
    .option("--search <name>", "the search (tickets) to test; all when omitted")
    .option("--dataset <name>", "the dataset to test (same as --search)")
    .option("--sample <file>", "a saved response (JSON) to map instead of fetching")
    .option("--as-of <date>", "as-of date for the default period (the 12 months up to it)", isoDate)
    .option("--from <date>", "period start (ISO date)", isoDate)
    .option("--to <date>", "period end (ISO date)", isoDate)
    .option(
      "--filter <dimension=value>",
      "a filter (repeatable; a,b for a list)",
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option("--limit <n>", "rows shown in the table", positiveInteger, "20")
    .option("--json", "print the reports as JSON")
    .option("--watch", "re-run whenever triangulate.yaml (or the sample) changes")
    .action(
      async (
        source: string | undefined,
        options: Omit<SourceTestOptions, "filters"> & {
          workspace: string;
          search?: string;
          filter: string[];
          limit: string;
          json?: boolean;
          watch?: boolean;
        },
      ) => {
        for (const [flag, value] of [
          ["--as-of", options.asOf],
          ["--from", options.from],
          ["--to", options.to],
        ] as const) {
          if (value !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(value))
            throw new UsageError(`${flag} expects an ISO date (YYYY-MM-DD), got ${value}`);
        }
        const testOptions: SourceTestOptions = {
          ...((options.search ?? options.dataset) ? { dataset: options.search ?? options.dataset } : {}),
          ...(options.sample ? { sample: options.sample } : {}),
          ...(options.asOf ? { asOf: options.asOf } : {}),
          ...(options.from ? { from: options.from } : {}),
          ...(options.to ? { to: options.to } : {}),
          filters: parseFilters(options.filter),
        };
        const limit = Math.max(1, Number(options.limit) || 20);
        const runOnce = async (): Promise<number> => {
          const workspace = workspaceFrom(options);
          const reports = source
            ? await testSource(workspace, source, testOptions)
            : await testEverySource(workspace, testOptions);
          if (options.json) printJson({ reports });
          else process.stdout.write(`${reports.map((report) => formatReport(report, limit)).join("\n\n")}\n`);
          return exitCodeOf(reports);
        };
        if (!options.watch) {
          process.exitCode = await runOnce();
          return;
        }
        await watchAndRun(options.workspace, options.sample, runOnce);
      },
    );
}

/** Re-runs on every change of the YAML (and the sample), until Ctrl-C; problems are printed, not fatal. */
async function watchAndRun(
  workspaceDirectory: string,
  sample: string | undefined,
  runOnce: () => Promise<number>,
): Promise<void> {
  const c = colors(process.stderr);
  const run = async () => {
    try {
      process.exitCode = await runOnce();
    } catch (error) {
      if (error instanceof ConfigError)
        for (const issue of error.issues) process.stderr.write(`${c.red("✖")} ${formatConfigIssue(issue)}\n`);
      else
        process.stderr.write(
          `${c.red("error:")} ${error instanceof Error ? error.message : String(error)}\n`,
        );
      process.exitCode = ExitCode.couldNotRun;
    }
    process.stderr.write(
      c.dim(
        `watching ${path.resolve(workspaceDirectory, "triangulate.yaml")}${sample ? ` and ${sample}` : ""}; Ctrl-C to stop\n`,
      ),
    );
  };
  await run();
  // Editors save by rename, so watch the folder and filter by name; debounce bursts of events.
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const files = new Set([
    path.resolve(workspaceDirectory, "triangulate.yaml"),
    ...(sample ? [path.resolve(sample)] : []),
  ]);
  const watchers = [...new Set([...files].map((file) => path.dirname(file)))].map((directory) =>
    watch(directory, (_event, name) => {
      if (!name || !files.has(path.join(directory, name.toString()))) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(run);
      }, 150);
    }),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      for (const watcher of watchers) watcher.close();
      clearTimeout(timer);
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await running;
}
