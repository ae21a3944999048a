import type { Cron } from "croner";
import type { JobRunRecord } from "./history-store.js";

// A schedule slot is the cron time a run is for, not the moment a timer fired: every scheduler of a
// workspace — local or on a queue, on this machine or another — computes the same slot for the same
// run, and the history keeps one run per job and slot (HistoryStore.startRun).

/**
 * The slot of each firing of a job's cron, to call once per firing: the cron time the firing is
 * for (a firing a few milliseconds early or late keeps its time), or the latest one that has come
 * when the process was suspended past several (those are not caught up).
 */
export function firingSlots(cron: Cron, now: () => Date): () => Date {
  let expected = cron.nextRun();
  return () => {
    const current = now();
    let due = expected ?? current;
    for (let next = cron.nextRun(due); next && next <= current; next = cron.nextRun(next)) due = next;
    expected = cron.nextRun(due);
    return due;
  };
}

/**
 * The slot a scheduler starting at `now` runs once under `missed_runs: run_once`: the latest cron
 * time before now that came after the job's last recorded run; none when no run is recorded (a new
 * job waits for its first time) or none came since. A run that was interrupted (its process
 * crashed, was killed or stopped past the grace period) is not its slot's run: the slot is free
 * again, so it counts from the slot itself and that slot, or a later one that came since, is run.
 */
export function missedSlot(
  cron: Cron,
  last: Pick<JobRunRecord, "started_at" | "status" | "slot"> | undefined,
  now: Date,
): Date | undefined {
  if (!last) return undefined;
  const since =
    last.status === "interrupted" && last.slot
      ? new Date(new Date(last.slot).getTime() - 1)
      : new Date(last.started_at);
  let due = cron.nextRun(since);
  if (!due || due >= now) return undefined;
  // One catch-up run, whatever number was missed: the latest.
  for (let next = cron.nextRun(due); next && next < now; next = cron.nextRun(next)) due = next;
  return due;
}
