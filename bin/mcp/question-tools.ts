import path from "node:path";
import { z } from "zod";
import { today } from "../../domain/today.js";
import { checkPlanAgainstWorkspace, PlanError } from "../../executor/check-plan.js";
import { executePlan } from "../../executor/execute-plan.js";
import { TraceRecorder } from "../../executor/trace-recorder.js";
import { safeParsePlan } from "../../models/plan.js";
import { askQuestion } from "../../planner/ask.js";
import { planQuestion } from "../../planner/plan-question.js";
import { IsoDate } from "../iso-date.js";
import { failure, progressReporter, type ToolContext } from "./tool-context.js";
import { toolOutput } from "./tool-output.js";

// Output schemas name the stable top-level fields and let the rest through, so what the answer
// and plan models add later reaches clients without a change here.
const AnswerOutput = z.looseObject({
  status: z.string(),
  answer: z.looseObject({ status: z.string(), text: z.string() }),
  run_id: z.string().nullable(),
  exit_code: z.number(),
});
const PlanOutput = z.looseObject({
  route: z.string(),
  plan: z.unknown().nullable(),
  message: z.string().nullable(),
});
const RunPlanOutput = z.looseObject({
  status: z.string(),
  run_id: z.string().nullable(),
  results: z.array(z.unknown()),
});

/**
 * `ask`: a question answered end to end, with its run id; here, or by `triangulate serve` when the
 * MCP server was started with `--server` (the same output either way).
 */
export function registerAsk({ server, workspace, adapters, answerServer }: ToolContext): void {
  server.registerTool(
    "ask",
    {
      title: "Ask a question",
      description:
        "Answer a cross-source analytics question from the workspace's sources. Returns the answer " +
        "(status answered|partial|unanswerable|direct, the text, items with citations, numbers with " +
        "their evidence, conflicts, gaps, broadenings) and the run id whose files hold the evidence.",
      inputSchema: {
        question: z.string().min(1).max(4000).describe("the question, in Chinese or English"),
        as_of: IsoDate.optional().describe("the date relative periods resolve against (default today)"),
        strategy: z.enum(["standard", "agentic", "auto"]).optional(),
      },
      outputSchema: AnswerOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input, extra) => {
      try {
        const onTrace = progressReporter(extra, workspace);
        if (answerServer) {
          const { askServer } = await import("../serve/http-ask-client.js");
          const reply = await askServer(
            answerServer,
            input.question,
            { as_of: input.as_of ?? today(), ...(input.strategy ? { strategy: input.strategy } : {}) },
            { signal: extra.signal, ...(onTrace ? { onProgress: onTrace } : {}) },
          );
          return toolOutput(workspace, {
            status: reply.answer.status,
            answer: reply.answer,
            plan: reply.plan ?? null,
            warnings: reply.warnings,
            run_id: reply.run_directory ? path.basename(reply.run_directory) : null,
            exit_code: reply.exit_code,
          });
        }
        const result = await askQuestion(input.question, workspace, {
          asOf: input.as_of ?? today(),
          ...(input.strategy ? { strategy: input.strategy } : {}),
          adapters,
          signal: extra.signal,
          ...(onTrace ? { onTrace } : {}),
        });
        return toolOutput(workspace, {
          status: result.answer.status,
          answer: result.answer,
          plan: result.plan ?? null,
          warnings: result.planning.warnings,
          run_id: result.runDirectory ? path.basename(result.runDirectory) : null,
          exit_code: result.exitCode,
        });
      } catch (error) {
        return failure(workspace, error);
      }
    },
  );
}

/** `plan`: a question planned, nothing fetched. */
export function registerPlan({ server, workspace }: ToolContext): void {
  server.registerTool(
    "plan",
    {
      title: "Plan a question",
      description:
        "Plan a question into sub-goals without fetching anything. Returns the route (direct or " +
        "retrieve), the plan, or the message and unknown terms when it cannot be planned.",
      inputSchema: {
        question: z.string().min(1).max(4000),
        as_of: IsoDate.optional(),
        strategy: z.enum(["standard", "agentic", "auto"]).optional(),
      },
      outputSchema: PlanOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input, extra) => {
      try {
        const outcome = await planQuestion(input.question, workspace, {
          asOf: input.as_of ?? today(),
          ...(input.strategy ? { strategy: input.strategy } : {}),
          signal: extra.signal,
        });
        const { route, plan, message, ...rest } = outcome;
        return toolOutput(workspace, {
          ...rest,
          route: route.route,
          routing: route,
          plan: plan ?? null,
          message: message ?? null,
        });
      } catch (error) {
        return failure(workspace, error);
      }
    },
  );
}

/** `run_plan`: a plan checked against the workspace, then executed. */
export function registerRunPlan({ server, workspace, adapters }: ToolContext): void {
  server.registerTool(
    "run_plan",
    {
      title: "Run a plan",
      description:
        "Execute a plan (the JSON the plan tool returns, or one written by hand against the plan " +
        "schema resource) and return each sub-goal's result. The plan is checked against the " +
        "workspace first: it can only name configured sources, datasets, metrics and dimensions.",
      inputSchema: {
        plan: z.record(z.string(), z.unknown()).describe("an ExecutionPlan (see triangulate://schema/plan)"),
        as_of: IsoDate.optional(),
      },
      outputSchema: RunPlanOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input, extra) => {
      try {
        const value: Record<string, unknown> = { ...input.plan };
        if (input.as_of) value.as_of = input.as_of;
        const parsed = safeParsePlan(value);
        if (!parsed.success)
          throw new PlanError(
            "plan",
            parsed.issues.map((issue) => ({
              path: issue.path.join(".") || "(plan)",
              message: issue.message,
            })),
          );
        const issues = checkPlanAgainstWorkspace(parsed.value, workspace);
        if (issues.length > 0) throw new PlanError("plan", issues);
        const trace = new TraceRecorder();
        const onTrace = progressReporter(extra, workspace);
        if (onTrace) trace.onEvent(onTrace);
        const result = await executePlan(parsed.value, workspace, { adapters, signal: extra.signal, trace });
        return toolOutput(workspace, {
          status: result.status,
          run_id: result.directory ? path.basename(result.directory) : null,
          results: result.results,
          trace: result.trace.events,
        });
      } catch (error) {
        return failure(workspace, error);
      }
    },
  );
}
