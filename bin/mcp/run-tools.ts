import path from "node:path";
import { z } from "zod";
import { findRun, listRuns, readRunFolder } from "../../executor/run-store.js";
import { loadJob } from "../../jobs/job-file.js";
import { runJob } from "../../jobs/job-runner.js";
import { IsoDate } from "../iso-date.js";
import { failure, type ToolContext } from "./tool-context.js";
import { toolError, toolOutput } from "./tool-output.js";

const RunsListOutput = z.looseObject({ runs: z.array(z.unknown()) });
const RunShowOutput = z.looseObject({
  run_id: z.string(),
  summary: z.unknown(),
  steps: z.array(z.unknown()),
});
const ReportRunOutput = z.looseObject({ status: z.string(), run_id: z.string(), files: z.array(z.string()) });

/** `runs_list`: the recent runs, newest first. */
export function registerRunsList({ server, workspace }: ToolContext): void {
  server.registerTool(
    "runs_list",
    {
      title: "List runs",
      description: "The workspace's recent runs, newest first: id, question, status, goals.",
      inputSchema: { limit: z.number().int().min(1).max(500).optional() },
      outputSchema: RunsListOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      const runs = await listRuns(workspace, input.limit ?? 20);
      return toolOutput(workspace, {
        runs: runs.map(({ directory, ...summary }) => ({ ...summary, run_id: path.basename(directory) })),
      });
    },
  );
}

/** `run_show`: one run's folder. */
export function registerRunShow({ server, workspace }: ToolContext): void {
  server.registerTool(
    "run_show",
    {
      title: "Show a run",
      description: "One run's summary, plan, steps (evidence, attempts, validation), trace and answer.",
      inputSchema: { id: z.string().min(1).max(200).describe("a run id, a unique prefix, or latest") },
      outputSchema: RunShowOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      const directory = await findRun(workspace, input.id);
      if (!directory) return toolError(workspace, "not_found", `no run matches ${input.id}; see runs_list`);
      const folder = await readRunFolder(directory);
      return toolOutput(workspace, {
        run_id: path.basename(directory),
        summary: folder.summary ?? null,
        plan: folder.plan ?? null,
        steps: folder.steps,
        trace: folder.trace,
        answer: folder.answer ?? null,
        answer_markdown: folder.answerMarkdown ?? null,
      });
    },
  );
}

/** `report_run`: a report job run and its reports written (only with allowWrite). */
export function registerReportRun({ server, workspace }: ToolContext): void {
  server.registerTool(
    "report_run",
    {
      title: "Run a report job",
      description:
        "Run a report job of the workspace (jobs/<name>.yaml) and write its reports; registered only " +
        "when the server was started with --allow-write.",
      inputSchema: {
        job: z.string().regex(/^[\w.-]+$/, "a job name from jobs/"),
        as_of: IsoDate.optional(),
      },
      outputSchema: ReportRunOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    async (input, extra) => {
      try {
        const job = loadJob(workspace, input.job);
        const result = await runJob(job, workspace, {
          ...(input.as_of ? { asOf: input.as_of } : {}),
          signal: extra.signal,
        });
        return toolOutput(workspace, {
          status: result.report.status,
          run_id: result.report.run_id,
          exit_code: result.exitCode,
          files: result.files.map((file) => path.relative(workspace.root, file)),
          questions: result.report.questions,
        });
      } catch (error) {
        return failure(workspace, error);
      }
    },
  );
}
