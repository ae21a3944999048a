import { z } from "zod";

/**
 * The one BullMQ queue every worker takes jobs from and every client adds them to, and the two
 * kinds of job on it. Keys live under the queue prefix (default "triangulate"), so several teams or
 * test runs can share one Redis with different prefixes.
 */
export const QUEUE_NAME = "work";

/** A question to answer, with the options of `ask` that change the answer. */
export const AskJobData = z.object({
  kind: z.literal("ask"),
  question: z.string().min(1).max(10_000),
  strategy: z.enum(["standard", "agentic", "auto"]).default("auto"),
  planner: z.enum(["catalog", "model"]).optional(),
  /** YYYY-MM-DD relative periods resolve against; the caller's today when not given. */
  as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  max_iterations: z.number().int().min(0).max(10).optional(),
  /**
   * Whether the worker sends the ask's trace lines back as progress. Every client of the queue
   * reads every job's events, so lines nobody shows cost each of them (twenty clients, twenty
   * asks: every line read twenty times). Absent: sent, as before this field existed.
   */
  trace: z.boolean().optional(),
});
export type AskJobData = z.infer<typeof AskJobData>;

/** One scheduled run of a report job: the job's name and the schedule slot it is the run of. */
export const ReportJobData = z.object({
  kind: z.literal("report"),
  job: z.string().min(1).max(200),
  /** The cron time this run is for (ISO 8601); the as-of date is resolved against it. */
  slot: z.iso.datetime(),
});
export type ReportJobData = z.infer<typeof ReportJobData>;

export const QueueJobData = z.discriminatedUnion("kind", [AskJobData, ReportJobData]);
export type QueueJobData = z.infer<typeof QueueJobData>;

/** What a report job's run gives back to whoever follows it. */
export const ReportJobResult = z.object({
  job: z.string(),
  slot: z.string(),
  /** The run in the workspace's run history; null when the run was skipped. */
  run_id: z.number().nullable(),
  /** The run's status, or "skipped" when another process was running the job already. */
  status: z.string(),
  /** Why it was skipped. */
  reason: z.string().optional(),
  exit_code: z.number().int(),
  files: z.array(z.string()),
  /** The worker that ran it (host:pid), for the logs. */
  worker: z.string(),
  /**
   * True when the slot's run was already in the run history when this attempt began (its first
   * worker was taken for dead yet finished it, or the slot was enqueued again): the fields are
   * that recorded run's, and nothing ran a second time.
   */
  recorded_earlier: z.boolean().optional(),
});
export type ReportJobResult = z.infer<typeof ReportJobResult>;

/** A progress report sent back while a job runs: a trace line of an ask, a question of a report. */
export const JobProgress = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("started"), worker: z.string() }),
  /** A retried report run waits for the job's lock (its earlier attempt may still run): who holds it. */
  z.object({ kind: z.literal("waiting"), reason: z.string() }),
  z.object({ kind: z.literal("trace"), t: z.number(), line: z.string() }),
  z.object({
    kind: z.enum(["question-start", "question-end"]),
    id: z.string(),
    index: z.number().int(),
    total: z.number().int(),
    status: z.string().optional(),
    duration_ms: z.number().optional(),
  }),
]);
export type JobProgress = z.infer<typeof JobProgress>;

/**
 * The BullMQ job id of a report job's run: the job name and its schedule slot. Adding a job whose
 * id is already in the queue does nothing, so schedulers that race over the same slot enqueue it
 * once, and it runs once. (BullMQ ids may not contain ":" alone, so the slot is written without.)
 */
export function reportRunId(job: string, slot: Date): string {
  return `report.${job}.${slot.toISOString().replace(/[:.]/g, "")}`;
}
