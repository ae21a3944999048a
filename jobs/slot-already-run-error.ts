import type { JobRunRecord } from "./history-store.js";

/**
 * A job's schedule slot already has its run in the history (running or finished), so it is not
 * run again: a second scheduler, or a queue worker retrying a job whose first worker was taken for
 * dead but finished it. `run` is the recorded run, whose outcome is the slot's.
 */
export class SlotAlreadyRunError extends Error {
  override readonly name = "SlotAlreadyRunError";
  constructor(readonly run: JobRunRecord) {
    super(
      `job ${run.job} already has its run for the slot ${run.slot} (run ${run.id}, ${run.status}, pid ${run.pid} on ${run.host}); not running it twice`,
    );
  }
}
