import { Cron } from "croner";
import type { Workspace } from "../config/workspace.js";
import type { LoadedJob } from "./job-file.js";
import { JobLockedError } from "./job-lock.js";
import { type JobRunResult, type RunJobOptions, runJob } from "./job-runner.js";
import { withHistory } from "./open-history.js";
import { firingSlots, missedSlot } from "./schedule-slots.js";
import type { SchedulerLog } from "./scheduler-log.js";
import { SlotAlreadyRunError } from "./slot-already-run-error.js";

/** Options of the long-running scheduler. */
export interface SchedulerOptions {
  workspace: Workspace;
  jobs: LoadedJob[];
  log: SchedulerLog;
  /** How long a running job may take to finish after a stop request before it is interrupted (default 30 s). */
  graceMs?: number;
  /** Runs one job; the default is runJob (tests pass a slower or counting one). */
  run?: (job: LoadedJob, workspace: Workspace, options: RunJobOptions) => Promise<JobRunResult>;
  /** The clock for missed-run checks. */
  now?: () => Date;
}

interface RunningJob {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Runs report jobs on their cron schedules (croner, in each job's timezone). A job never overlaps
 * itself: a tick that finds it still running is skipped and logged (and a job lock guards against
 * other processes). Each scheduled run claims its schedule slot (the cron time) in the run history
 * before its first question, so a second scheduler of the workspace (a second `triangulate
 * schedule`, started by cron and by systemd by mistake) skips a slot the first has run or is
 * running, however late its timer fires. On stop, running jobs get `graceMs` to finish, then are
 * aborted and recorded as interrupted.
 */
export class JobScheduler {
  private readonly crons = new Map<string, Cron>();
  private readonly running = new Map<string, RunningJob>();
  /** Missed-run checks in flight (they read the history, which may be a server): stop waits for them. */
  private readonly missedChecks = new Set<Promise<void>>();
  private stopping = false;

  private readonly options: SchedulerOptions;

  constructor(options: SchedulerOptions) {
    // A copy: reload() replaces the job list without touching the caller's options.
    this.options = { ...options };
  }

  /** Starts every scheduled job's timer and applies the missed-run policy. Returns the scheduled job names. */
  start(): string[] {
    const scheduled = this.schedule(this.options.jobs, { checkMissed: true });
    this.options.log.info("scheduler-started", { jobs: scheduled.length, pid: process.pid });
    return scheduled;
  }

  /**
   * Replaces the schedule with edited job files (SIGHUP): every timer is rebuilt from `jobs`; a run
   * in progress continues with the job as it was read when it started. Missed runs are not
   * re-checked (that is done once, at start). Returns the scheduled job names.
   */
  reload(jobs: LoadedJob[]): string[] {
    if (this.stopping) return [];
    const before = new Map(this.options.jobs.map((job) => [job.config.name, JSON.stringify(job.config)]));
    for (const cron of this.crons.values()) cron.stop();
    this.crons.clear();
    this.options.jobs = jobs;
    const scheduled = this.schedule(jobs, { checkMissed: false });
    const names = new Set(jobs.map((job) => job.config.name));
    this.options.log.info("scheduler-reloaded", {
      jobs: scheduled.length,
      added:
        jobs
          .filter((job) => !before.has(job.config.name))
          .map((job) => job.config.name)
          .join(",") || null,
      removed: [...before.keys()].filter((name) => !names.has(name)).join(",") || null,
      changed:
        jobs
          .filter(
            (job) =>
              before.has(job.config.name) && before.get(job.config.name) !== JSON.stringify(job.config),
          )
          .map((job) => job.config.name)
          .join(",") || null,
    });
    return scheduled;
  }

  private schedule(jobs: LoadedJob[], options: { checkMissed: boolean }): string[] {
    const { log } = this.options;
    const scheduled: string[] = [];
    for (const job of jobs) {
      const config = job.config;
      if (!config.schedule) {
        log.info("job-unscheduled", { job: config.name, reason: "no schedule in the job file" });
        continue;
      }
      let slotOfFiring: (() => Date) | undefined;
      const cron = new Cron(
        config.schedule,
        { name: `triangulate:${config.name}:${Math.random()}`, timezone: config.timezone, catch: true },
        () => this.trigger(job, "schedule", slotOfFiring?.()),
      );
      slotOfFiring = firingSlots(cron, () => this.now());
      this.crons.set(config.name, cron);
      scheduled.push(config.name);
      log.info("job-scheduled", {
        job: config.name,
        schedule: config.schedule,
        timezone: config.timezone,
        next_run: cron.nextRun()?.toISOString() ?? null,
        missed_runs: config.missed_runs,
      });
      if (options.checkMissed) {
        const check = this.checkMissedRun(job, cron).catch((error: unknown) =>
          log.error("job-missed-check-failed", {
            job: config.name,
            error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          }),
        );
        this.missedChecks.add(check);
        void check.finally(() => this.missedChecks.delete(check));
      }
    }
    return scheduled;
  }

  private async checkMissedRun(job: LoadedJob, cron: Cron): Promise<void> {
    const config = job.config;
    if (config.missed_runs !== "run_once") return;
    const [last] = await withHistory(this.options.workspace, async (history) => {
      // A run whose process died (crashed, killed) is interrupted, so its slot is missed, not run.
      await history.recoverInterrupted(config.name);
      return history.listRuns({ job: config.name, limit: 1 });
    });
    const due = missedSlot(cron, last, this.now());
    if (!due || !last) return;
    this.options.log.info("job-missed", {
      job: config.name,
      due: due.toISOString(),
      last_run: last.started_at,
      last_status: last.status,
      policy: "run_once",
    });
    void this.trigger(job, "missed", due);
  }

  /**
   * Runs a job now unless it is already running (then the tick is skipped and logged). A `slot`
   * (the cron time of a scheduled or missed run) is claimed in the history first: when its run is
   * already recorded, by this scheduler or another, the run is skipped and logged.
   */
  trigger(job: LoadedJob, reason: "schedule" | "missed" | "manual", slot?: Date): Promise<void> {
    const name = job.config.name;
    const { log } = this.options;
    if (this.stopping) return Promise.resolve();
    const shownSlot = slot ? { slot: slot.toISOString() } : {};
    if (this.running.has(name)) {
      log.warn("job-skipped", {
        job: name,
        reason: "still running from an earlier tick (no overlapping runs)",
        trigger: reason,
        ...shownSlot,
      });
      return Promise.resolve();
    }
    const controller = new AbortController();
    const started = Date.now();
    log.info("job-start", { job: name, trigger: reason, ...shownSlot });
    const run = this.options.run ?? runJob;
    const done = run(job, this.options.workspace, { signal: controller.signal, ...(slot ? { slot } : {}) })
      .then((result) => {
        const fields = {
          job: name,
          ...shownSlot,
          run_id: result.report.run_id,
          status: result.report.status,
          exit_code: result.exitCode,
          duration_ms: Date.now() - started,
          highlighted: result.report.changes.highlighted,
          files: result.report.files.join(","),
        };
        if (result.report.status === "answered") log.info("job-end", fields);
        else log.warn("job-end", fields);
      })
      .catch((error: unknown) => {
        // Another process runs the job now, or has run this slot: neither is this run's failure.
        if (error instanceof JobLockedError || error instanceof SlotAlreadyRunError)
          log.warn("job-skipped", {
            job: name,
            reason: error.message,
            trigger: reason,
            ...shownSlot,
            ...(error instanceof SlotAlreadyRunError ? { slot_run_id: error.run.id } : {}),
          });
        else
          log.error("job-failed", {
            job: name,
            error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
            duration_ms: Date.now() - started,
          });
      })
      .finally(() => this.running.delete(name));
    this.running.set(name, { controller, done });
    return done;
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }

  /** Names of the jobs running now. */
  runningJobs(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Stops the timers, waits up to the grace period for running jobs, then aborts them (they record
   * themselves as interrupted) and waits for that, bounded as well.
   */
  async stop(reason = "stop requested"): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const { log } = this.options;
    for (const cron of this.crons.values()) cron.stop();
    // A check still reading the history starts nothing now (trigger refuses while stopping); it is awaited
    // so no history connection outlives the scheduler.
    await Promise.allSettled([...this.missedChecks]);
    const pending = [...this.running.entries()];
    log.info("scheduler-stopping", {
      reason,
      running: pending.map(([name]) => name).join(",") || null,
      grace_ms: this.options.graceMs ?? 30_000,
    });
    const all = Promise.allSettled(pending.map(([, job]) => job.done));
    const finishedInTime = await Promise.race([
      all.then(() => true),
      delay(this.options.graceMs ?? 30_000).then(() => false),
    ]);
    if (!finishedInTime) {
      for (const [name, job] of this.running) {
        log.warn("job-interrupting", { job: name, reason: "grace period over" });
        job.controller.abort(new Error(reason));
      }
      await Promise.race([all, delay(10_000)]);
    }
    log.info("scheduler-stopped", { interrupted: !finishedInTime });
  }
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds).unref());
}

/**
 * Starts the scheduler and resolves once SIGTERM or SIGINT has been received and the scheduler
 * has stopped (running jobs finished, or interrupted after the grace period). Returns the signal.
 * SIGHUP calls `onReload` (re-read the job files) when given, as daemons conventionally do.
 */
export function runSchedulerUntilSignal(
  scheduler: JobScheduler,
  signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT"],
  onReload?: () => void,
): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const reload = () => onReload?.();
    const shutdown = (signal: NodeJS.Signals) => {
      for (const name of signals) process.off(name, shutdown);
      if (onReload) process.off("SIGHUP", reload);
      scheduler.stop(`received ${signal}`).then(
        () => resolve(signal),
        () => resolve(signal),
      );
    };
    for (const name of signals) process.on(name, shutdown);
    if (onReload) process.on("SIGHUP", reload);
    scheduler.start();
  });
}
