import { type Job, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { ConfigError } from "../config/config-error.js";
import type { SchedulerLog } from "../jobs/scheduler-log.js";
import { EventLoopPauses } from "./event-loop-pauses.js";
import { cancelChannel, cancelledKey } from "./job-cancellation.js";
import { connectRedis, displayUrl, type QueueSettings } from "./queue-connection.js";
import { type JobProgress, QUEUE_NAME, QueueJobData } from "./queue-jobs.js";
import type { WarmRunner } from "./warm-runner.js";

/** Options of one worker process. */
export interface QueueWorkerOptions {
  /** Jobs this process runs at once (default 1); they share its warm state and its browser. */
  concurrency: number;
  log: SchedulerLog;
}

/** A running worker; `close` lets the jobs it holds finish, then disconnects. */
export interface RunningQueueWorker {
  close(): Promise<void>;
  /** Cancels every job this process holds (a stop that should not wait). */
  cancelAll(reason: string): void;
}

/**
 * Takes asks and report runs from the queue and runs them on the warm runner, `concurrency` at a
 * time. While a job runs BullMQ renews its lock; if this process dies the lock expires and another
 * worker's stalled check puts the job back in the queue (QueueSettings.lockDurationMs,
 * stalledIntervalMs, maxStalledCount). Progress goes back as BullMQ job progress (trace lines,
 * report questions); a caller's cancellation arrives on a Redis channel and aborts the job's signal.
 */
export async function startQueueWorker(
  settings: QueueSettings,
  runner: WarmRunner,
  options: QueueWorkerOptions,
): Promise<RunningQueueWorker> {
  const connection = await connectRedis(settings);
  const { log } = options;
  const pauses = new EventLoopPauses();
  pauses.start();
  const processor = async (job: Job, _token?: string, signal?: AbortSignal) => {
    const parsed = QueueJobData.safeParse(job.data);
    // A job this version cannot read is failed at once rather than retried by every worker.
    if (!parsed.success)
      throw new UnrecoverableError(`job ${job.id} is not an ask or a report run: ${parsed.error.message}`);
    const data = parsed.data;
    const controller = new AbortController();
    const abort = () => controller.abort(signal?.reason ?? new Error("cancelled by the caller"));
    signal?.addEventListener("abort", abort, { once: true });
    // Cancelled before it got here (the message on the channel came before the job did).
    if (job.id && (await connection.exists(cancelledKey(settings, job.id))) === 1) abort();
    const onProgress = (progress: JobProgress) => {
      if (progress.kind === "waiting") log.info("job-waiting", { id: job.id, reason: progress.reason });
      job.updateProgress(progress).catch(() => {
        // Progress is best effort; the result is what counts.
      });
    };
    const started = Date.now();
    const pauseKey = `${job.id}:${job.attemptsStarted}`;
    pauses.begin(pauseKey);
    // BullMQ counts every start of a job: more than one means a worker before this one started it
    // and was taken for dead (killed, or its lock not renewed in time).
    const attempt = job.attemptsStarted;
    log.info("job-start", {
      id: job.id,
      kind: data.kind,
      job: data.kind === "report" ? data.job : undefined,
      attempt,
    });
    try {
      const context = { signal: controller.signal, onProgress, retry: attempt > 1 };
      const result =
        data.kind === "ask" ? await runner.ask(data, context) : await runner.runReport(data, context);
      log.info("job-end", {
        id: job.id,
        kind: data.kind,
        exit_code: "exit_code" in result ? result.exit_code : undefined,
        status: "status" in result ? result.status : undefined,
        recorded_earlier: ("recorded_earlier" in result && result.recorded_earlier) || undefined,
        cancelled: controller.signal.aborted || undefined,
        duration_ms: Date.now() - started,
        event_loop_pause_ms: pauses.end(pauseKey),
      });
      return result;
    } catch (error) {
      log.error("job-failed", {
        id: job.id,
        kind: data.kind,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        duration_ms: Date.now() - started,
        event_loop_pause_ms: pauses.end(pauseKey),
      });
      // A workspace that does not load fails the same way on every worker: no retry.
      if (error instanceof ConfigError) throw new UnrecoverableError(error.message);
      throw error;
    } finally {
      signal?.removeEventListener("abort", abort);
    }
  };
  const worker = new Worker(QUEUE_NAME, processor, {
    connection,
    prefix: settings.prefix,
    concurrency: options.concurrency,
    lockDuration: settings.lockDurationMs,
    stalledInterval: settings.stalledIntervalMs,
    maxStalledCount: settings.maxStalledCount,
  });
  // A job whose lock could not be renewed (this process stalled past the lock) may be handed to
  // another worker. This run goes on: the other attempt waits for the job's lock and then finds the
  // slot's run in the history (report runs), so the slot still runs once. Said once per job, not at
  // every renewal tick.
  const lockLost = new Set<string>();
  worker.on("lockRenewalFailed", (jobIds: string[]) => {
    for (const id of jobIds) {
      if (lockLost.has(id)) continue;
      lockLost.add(id);
      log.warn("job-lock-lost", { id, lock_ms: settings.lockDurationMs });
    }
  });
  worker.on("completed", (job) => job.id && lockLost.delete(job.id));
  worker.on("failed", (job) => job?.id && lockLost.delete(job.id));
  worker.on("error", (error) => {
    if (/^could not renew lock for job /.test(error.message)) return;
    log.error("queue-error", { error: error.message });
  });
  const subscriber: Redis = connection.duplicate();
  await subscriber.subscribe(cancelChannel(settings));
  subscriber.on("message", (_channel, jobId: string) => {
    if (worker.cancelJob(jobId, "cancelled by the caller")) log.info("job-cancel", { id: jobId });
  });
  await worker.waitUntilReady();
  log.info("worker-started", {
    queue: displayUrl(settings.url),
    prefix: settings.prefix,
    concurrency: options.concurrency,
    worker: runner.worker,
    lock_ms: settings.lockDurationMs,
  });
  return {
    cancelAll: (reason) => worker.cancelAllJobs(reason),
    close: async () => {
      await worker.close();
      pauses.stop();
      await subscriber.quit().catch(() => undefined);
      await connection.quit().catch(() => undefined);
      await runner.close();
      log.info("worker-stopped", { worker: runner.worker });
    },
  };
}
