import { Job, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import type { AskResultJson } from "../planner/ask-result-json.js";
import { CANCELLED_KEY_SECONDS, cancelChannel, cancelledKey } from "./job-cancellation.js";
import { connectRedis, type QueueSettings } from "./queue-connection.js";
import {
  AskJobData,
  JobProgress,
  QUEUE_NAME,
  type ReportJobData,
  ReportJobResult,
  reportRunId,
} from "./queue-jobs.js";

/** The options of `ask` a caller may set; the same meaning as on the command line. */
export interface AskRequest {
  strategy?: "standard" | "agentic" | "auto";
  planner?: "catalog" | "model";
  /** YYYY-MM-DD; required, so that the worker's clock cannot change the question's period. */
  asOf: string;
  maxIterations?: number;
}

/** What a caller passes to follow a job. */
export interface FollowOptions {
  onProgress?: (progress: JobProgress) => void;
  /** Aborting cancels the job: removed if still waiting, aborted on its worker if running. */
  signal?: AbortSignal;
  /**
   * Aborting stops following (the promise rejects with the signal's reason) and leaves the job to
   * its worker: a scheduler that stops does not cancel the runs it enqueued.
   */
  until?: AbortSignal;
}

/** The job was cancelled before any worker took it: there is no answer. */
export class JobCancelledError extends Error {
  override readonly name = "JobCancelledError";
  readonly kind = "aborted" as const;
}

/** A worker failed the job (its message says why), or it stalled more often than allowed. */
export class QueueJobFailedError extends Error {
  override readonly name = "QueueJobFailedError";
}

/** How long a finished job's record stays in Redis. */
const ASK_KEPT_SECONDS = 3600;
/**
 * A report run's record is kept a week: its id (job + slot) is what stops a second scheduler, or
 * one that restarts, from enqueueing the same slot again.
 */
const REPORT_RUN_KEPT_SECONDS = 7 * 24 * 3600;
/** After a cancellation, how long the caller waits for the worker's interrupted result. */
const CANCELLED_RESULT_WAIT_MS = 20_000;

/**
 * The caller's side of the queue: asks a question or enqueues a report run, then follows it to its
 * result with progress and cancellation. `ask` returns exactly what `ask --json` prints for a local
 * run, so `triangulate ask --queue` and a future `triangulate serve` print and return the same.
 */
export class QueueClient {
  private constructor(
    private readonly settings: QueueSettings,
    private readonly connection: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
  ) {}

  /** Connects (throws QueueConnectionError when Redis does not answer). */
  static async connect(settings: QueueSettings): Promise<QueueClient> {
    const connection = await connectRedis(settings);
    const queue = new Queue(QUEUE_NAME, { connection, prefix: settings.prefix });
    // Its own connection: QueueEvents blocks reading the event stream.
    const events = new QueueEvents(QUEUE_NAME, {
      connection: connection.duplicate(),
      prefix: settings.prefix,
    });
    // One listener per followed job (a scheduler follows every due run at once): no limit to warn at.
    events.setMaxListeners(0);
    queue.setMaxListeners(0);
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    return new QueueClient(settings, connection, queue, events);
  }

  /** Asks a question on the queue and waits for a worker's answer. */
  async ask(question: string, request: AskRequest, follow: FollowOptions = {}): Promise<AskResultJson> {
    const data = AskJobData.parse({
      kind: "ask",
      question,
      strategy: request.strategy ?? "auto",
      ...(request.planner ? { planner: request.planner } : {}),
      as_of: request.asOf,
      ...(request.maxIterations !== undefined ? { max_iterations: request.maxIterations } : {}),
      // The trace lines only for a caller that takes progress.
      trace: follow.onProgress !== undefined,
    });
    follow.signal?.throwIfAborted();
    const job = await this.queue.add("ask", data, {
      removeOnComplete: { age: ASK_KEPT_SECONDS },
      removeOnFail: { age: ASK_KEPT_SECONDS },
    });
    return (await this.follow(job.id as string, follow)) as AskResultJson;
  }

  /**
   * Enqueues the run of a report job for one schedule slot. The id is the job and the slot, so a
   * second call for the same slot (a racing scheduler) adds nothing. Returns the id.
   */
  async enqueueReport(job: string, slot: Date): Promise<string> {
    const data: ReportJobData = { kind: "report", job, slot: slot.toISOString() };
    const id = reportRunId(job, slot);
    await this.queue.add("report", data, {
      jobId: id,
      removeOnComplete: { age: REPORT_RUN_KEPT_SECONDS },
      removeOnFail: { age: REPORT_RUN_KEPT_SECONDS },
    });
    return id;
  }

  /** Waits for a report run's result. */
  async followReport(id: string, follow: FollowOptions = {}): Promise<ReportJobResult> {
    return ReportJobResult.parse(await this.follow(id, follow));
  }

  /**
   * Waits for a job's result, passing its progress on. On abort: a job no worker has taken is
   * removed (JobCancelledError); a running one is cancelled on its worker and its interrupted
   * result is returned, as a local run returns one after Ctrl-C.
   */
  async follow(id: string, options: FollowOptions = {}): Promise<unknown> {
    const onProgress = ({ jobId, data }: { jobId: string; data: unknown }) => {
      if (jobId !== id || !options.onProgress) return;
      const progress = JobProgress.safeParse(data);
      if (progress.success) options.onProgress(progress.data);
    };
    this.events.on("progress", onProgress);
    let rejectCancelled: (error: unknown) => void = () => {};
    const cancelledOutcome = new Promise<never>((_, reject) => {
      rejectCancelled = reject;
    });
    const onUntil = () => rejectCancelled(options.until?.reason ?? new Error("stopped following"));
    const onAbort = () => {
      this.cancel(id).then(
        (how) => {
          if (how === "removed")
            rejectCancelled(new JobCancelledError(`job ${id} was cancelled before a worker took it`));
          else
            setTimeout(
              () =>
                rejectCancelled(
                  new JobCancelledError(`job ${id} was cancelled and its worker did not stop in time`),
                ),
              CANCELLED_RESULT_WAIT_MS,
            ).unref();
        },
        (error: unknown) => rejectCancelled(error instanceof Error ? error : new Error(String(error))),
      );
    };
    try {
      const job = await Job.fromId(this.queue, id);
      if (!job)
        throw new QueueJobFailedError(`no job ${id} on the queue (its record is kept an hour after it ends)`);
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener("abort", onAbort, { once: true });
      if (options.until?.aborted) onUntil();
      else options.until?.addEventListener("abort", onUntil, { once: true });
      const finished = job.waitUntilFinished(this.events).catch((error: unknown) => {
        throw new QueueJobFailedError(error instanceof Error ? error.message : String(error));
      });
      // A removed job never finishes: then the cancellation decides (or the caller stops following).
      return await Promise.race([finished, cancelledOutcome]);
    } finally {
      this.events.off("progress", onProgress);
      options.signal?.removeEventListener("abort", onAbort);
      options.until?.removeEventListener("abort", onUntil);
    }
  }

  /** Cancels a job: removes it if it is still waiting, otherwise tells its worker to abort it. */
  async cancel(id: string): Promise<"removed" | "signalled"> {
    const job = await Job.fromId(this.queue, id);
    if (job) {
      const state = await job.getState();
      if (
        state === "waiting" ||
        state === "delayed" ||
        state === "prioritized" ||
        state === "waiting-children"
      ) {
        try {
          await job.remove();
          return "removed";
        } catch {
          // Taken by a worker meanwhile (it holds the lock): cancel it there.
        }
      }
    }
    await this.connection.set(cancelledKey(this.settings, id), "1", "EX", CANCELLED_KEY_SECONDS);
    await this.connection.publish(cancelChannel(this.settings), id);
    return "signalled";
  }

  /** How many jobs wait, run, finished and failed (for `worker` logs and benches). */
  counts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts("waiting", "active", "completed", "failed", "delayed");
  }

  /** Removes every job and key of this prefix's queue (tests and benches on a scratch prefix). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }

  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
