import type { QueueSettings } from "./queue-connection.js";
import { QUEUE_NAME } from "./queue-jobs.js";

/**
 * How a caller's cancellation reaches the worker that runs its job. A job still waiting is simply
 * removed from the queue (queue-client.ts); a running one is named on this Redis channel, where
 * every worker listens and the one holding it aborts the job's signal (BullMQ `Worker.cancelJob`).
 * The key beside it covers a job taken between the caller's look and its message.
 */
export function cancelChannel(settings: QueueSettings): string {
  return `${settings.prefix}:${QUEUE_NAME}:cancel`;
}

/** Set for an hour when a job is cancelled; a worker that takes the job later aborts it at once. */
export function cancelledKey(settings: QueueSettings, jobId: string): string {
  return `${settings.prefix}:${QUEUE_NAME}:cancelled:${jobId}`;
}

export const CANCELLED_KEY_SECONDS = 3600;
