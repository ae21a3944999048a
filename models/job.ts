import { z } from "zod";
import { Name } from "./plan.js";

/** Identifier of a question inside a job: letters, digits, _ and -. */
export const QuestionId = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]{0,63}$/,
    "a question id is letters, digits, _ and -, starting with a letter",
  );

/** A question asked in free text; the planner turns it into a plan at run time. */
export const TextQuestion = z
  .object({
    id: QuestionId,
    question: z.string().min(1).max(4000),
    /** A short title for the report's table of contents; defaults to the question. */
    title: z.string().max(200).optional(),
  })
  .strict();

/** A question given as a saved plan (JSON) inside the workspace: it runs without a planner. */
export const PlanQuestion = z
  .object({
    id: QuestionId,
    plan: z.string().min(1).max(500),
    title: z.string().max(200).optional(),
  })
  .strict();

/** One question of a job: free text or a saved plan. */
export const JobQuestion = z.union([TextQuestion, PlanQuestion]);
export type JobQuestion = z.infer<typeof JobQuestion>;

/**
 * Which date the questions are asked "as of". Relative rules are evaluated in the job's timezone
 * when the job runs; a fixed ISO date pins every run to that day.
 */
export const AsOfRule = z.union([
  z.enum([
    "today",
    "yesterday",
    "last complete week",
    "last complete month",
    "last complete quarter",
    "last complete year",
  ]),
  z.iso.date(),
]);
export type AsOfRule = z.infer<typeof AsOfRule>;

/** Report formats a job can write. */
export const ReportFormat = z.enum(["markdown", "html", "json"]);
export type ReportFormat = z.infer<typeof ReportFormat>;

/** Where reports go: a folder inside the workspace, with dated file names. */
export const JobOutputs = z
  .object({
    directory: z.string().min(1).max(500).default("reports"),
    formats: z.array(ReportFormat).min(1).default(["markdown", "html", "json"]),
    /** File name without extension; {job}, {as_of} and {run_date} are replaced. */
    file_name: z
      .string()
      .regex(
        /^[A-Za-z0-9_{}.-]+$/,
        "a file name pattern is letters, digits, _ . - and {job}, {as_of}, {run_date}",
      )
      .default("{job}-{as_of}"),
  })
  .strict();
export type JobOutputs = z.infer<typeof JobOutputs>;

/**
 * A change worth highlighting: a metric moving by more than `change_pp` percentage points, or by
 * more than `change_relative` (0.2 = 20 %) of its previous value. Metric `*` matches every metric.
 */
export const ChangeThreshold = z
  .object({
    metric: z.union([Name, z.literal("*")]),
    change_pp: z.number().positive().optional(),
    change_relative: z.number().positive().optional(),
  })
  .strict()
  .refine((threshold) => threshold.change_pp !== undefined || threshold.change_relative !== undefined, {
    message: "a threshold needs change_pp (percentage points) or change_relative (a fraction, 0.2 = 20 %)",
  });
export type ChangeThreshold = z.infer<typeof ChangeThreshold>;

/** How much history to keep: the newest `runs` runs and/or runs younger than `days` days. */
export const JobRetention = z
  .object({
    runs: z.number().int().positive().optional(),
    days: z.number().int().positive().optional(),
  })
  .strict();
export type JobRetention = z.infer<typeof JobRetention>;

/** What the scheduler does about a run missed while it was not running. */
export const MissedRunPolicy = z.enum(["skip", "run_once"]);
export type MissedRunPolicy = z.infer<typeof MissedRunPolicy>;

/** Options passed to the question answerer for every question of the job. */
export const JobAnswerOptions = z
  .object({
    /** catalog (default, no model) or model (Ollama, falling back to the catalog planner). */
    planner: z.enum(["catalog", "model"]).optional(),
    strategy: z.enum(["standard", "agentic", "auto"]).optional(),
    max_iterations: z.number().int().min(1).max(10).optional(),
  })
  .strict();
export type JobAnswerOptions = z.infer<typeof JobAnswerOptions>;

/** A report job: jobs/<name>.yaml in a workspace. */
export const JobConfig = z
  .object({
    name: Name,
    description: z.string().max(1000).optional(),
    /** Cron expression (5 fields, or 6 with seconds first), checked with croner. */
    schedule: z.string().min(1).max(200).optional(),
    /** IANA timezone of the schedule and of relative as-of rules; defaults to UTC. */
    timezone: z.string().min(1).max(100).default("UTC"),
    missed_runs: MissedRunPolicy.default("skip"),
    as_of: AsOfRule.default("today"),
    questions: z.array(JobQuestion).min(1).max(50),
    outputs: JobOutputs.default({
      directory: "reports",
      formats: ["markdown", "html", "json"],
      file_name: "{job}-{as_of}",
    }),
    thresholds: z.array(ChangeThreshold).default([]),
    retention: JobRetention.default({}),
    options: JobAnswerOptions.default({}),
  })
  .strict();
export type JobConfig = z.infer<typeof JobConfig>;
export type JobConfigInput = z.input<typeof JobConfig>;
