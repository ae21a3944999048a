import { Cron } from "croner";
import type { JobConfig } from "../models/job.js";
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
  let expected = cron.nextRun(now());
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

/** How far back the latest slot is looked for: past any cron's longest gap (29 February, 8 years). */
const LATEST_SLOT_LOOKBACK_MS = 16 * 366 * 86_400_000;

/**
 * The latest cron time at or before `now`: the slot a run started by an outside timer (cron, a
 * systemd timer, a Kubernetes CronJob running `report run --slot due`) is the run of, however late
 * it fired. Croner counts forward only, so the window looked back over doubles until it holds one.
 */
export function latestSlot(cron: Cron, now: Date): Date | undefined {
  for (let lookback = 1000; lookback <= LATEST_SLOT_LOOKBACK_MS; lookback *= 2) {
    let due = cron.nextRun(new Date(now.getTime() - lookback));
    if (!due || due > now) continue;
    for (let next = cron.nextRun(due); next && next <= now; next = cron.nextRun(next)) due = next;
    return due;
  }
  return undefined;
}

/**
 * The slot of a job's own schedule that a run at `now` is for (`report run --slot due`): its
 * latest cron time at or before now, in the job's timezone; none for a job without a schedule.
 */
export function dueSlotOf(job: Pick<JobConfig, "schedule" | "timezone">, now: Date): Date | undefined {
  if (!job.schedule) return undefined;
  const cron = new Cron(job.schedule, { timezone: job.timezone, paused: true });
  try {
    return latestSlot(cron, now);
  } finally {
    cron.stop();
  }
}
