import { Cron } from "croner";
import type { Workspace } from "../config/workspace.js";
import type { LoadedJob } from "../jobs/job-file.js";
import { withHistory } from "../jobs/open-history.js";
import { firingSlots, missedSlot } from "../jobs/schedule-slots.js";
import type { SchedulerLog } from "../jobs/scheduler-log.js";
import type { QueueClient } from "./queue-client.js";

/** Options of a scheduler that hands its runs to queue workers. */
export interface QueueSchedulerOptions {
  workspace: Workspace;
  jobs: LoadedJob[];
  log: SchedulerLog;
  client: QueueClient;
  /** The clock (tests and the missed-run check). */
  now?: () => Date;
}

/**
 * The schedule of `triangulate schedule --queue`: at each cron time of each job it enqueues that
 * job's run for that schedule slot (id = job + slot, `reportRunId`), then follows it and logs its
 * end. The slot is the cron time itself, not the moment the timer fired, so schedulers on any
 * number of machines compute the same id for the same run, and BullMQ keeps one: a run per job and
 * slot, whoever enqueues it. The run is recorded in the workspace's run history by the worker that
 * runs it. Missed runs (`missed_runs: run_once`) are enqueued for the slot that was missed, so two
 * schedulers starting after a pause do not both run it either.
 */
export class QueueScheduler {
  private readonly crons = new Map<string, Cron>();
  private readonly following = new Set<Promise<void>>();
  private readonly stopController = new AbortController();
  private jobs: LoadedJob[];

  constructor(private readonly options: QueueSchedulerOptions) {
    this.jobs = options.jobs;
  }

  /** Starts every scheduled job's timer; returns their names. */
  start(): string[] {
    const names = this.schedule(this.jobs, { checkMissed: true });
    this.options.log.info("scheduler-started", { jobs: names.length, pid: process.pid, queue: true });
    return names;
  }

  /** Replaces the schedule with edited job files (SIGHUP). */
  reload(jobs: LoadedJob[]): string[] {
    for (const cron of this.crons.values()) cron.stop();
    this.crons.clear();
    this.jobs = jobs;
    const names = this.schedule(jobs, { checkMissed: false });
    this.options.log.info("scheduler-reloaded", { jobs: names.length });
    return names;
  }

  /** Enqueues the run of `job` for `slot` and follows it in the background. Returns the run's id. */
  async enqueue(job: LoadedJob, slot: Date, trigger: "schedule" | "missed"): Promise<string> {
    const { log, client } = this.options;
    const name = job.config.name;
    const id = await client.enqueueReport(name, slot);
    log.info("job-enqueued", { job: name, slot: slot.toISOString(), id, trigger });
    const following = client
      // `until`, not `signal`: stopping this scheduler stops following, never cancels the run.
      .followReport(id, { until: this.stopController.signal })
      .then((result) => {
        const fields = {
          job: name,
          slot: result.slot,
          run_id: result.run_id,
          status: result.status,
          reason: result.reason,
          exit_code: result.exit_code,
          worker: result.worker,
          files: result.files.join(","),
        };
        if (result.status === "answered") log.info("job-end", fields);
        else log.warn("job-end", fields);
      })
      .catch((error: unknown) => {
        if (this.stopController.signal.aborted) return;
        log.error("job-failed", {
          job: name,
          id,
          error: error instanceof Error ? error.message : String(error),
        });
      });
    this.following.add(following);
    void following.finally(() => this.following.delete(following));
    return id;
  }

  /**
   * Stops the timers. The enqueued runs are the workers' now: they finish whether or not this
   * scheduler still follows them, so stopping does not cancel them.
   */
  async stop(reason = "stop requested"): Promise<void> {
    for (const cron of this.crons.values()) cron.stop();
    this.options.log.info("scheduler-stopping", { reason, following: this.following.size });
    this.stopController.abort(new Error(reason));
    await Promise.allSettled([...this.following]);
    this.options.log.info("scheduler-stopped", {});
  }

  private schedule(jobs: LoadedJob[], options: { checkMissed: boolean }): string[] {
    const names: string[] = [];
    for (const job of jobs) {
      const config = job.config;
      if (!config.schedule) continue;
      let slotOfFiring: (() => Date) | undefined;
      const cron = new Cron(
        config.schedule,
        { name: `triangulate-queue:${config.name}:${Math.random()}`, timezone: config.timezone, catch: true },
        () => {
          const due = slotOfFiring?.() ?? this.now();
          void this.enqueue(job, due, "schedule").catch((error: unknown) =>
            this.options.log.error("enqueue-failed", {
              job: config.name,
              error: error instanceof Error ? error.message : String(error),
            }),
          );
        },
      );
      slotOfFiring = firingSlots(cron, () => this.now());
      this.crons.set(config.name, cron);
      names.push(config.name);
      this.options.log.info("job-scheduled", {
        job: config.name,
        schedule: config.schedule,
        timezone: config.timezone,
        next_run: cron.nextRun()?.toISOString() ?? null,
      });
      if (options.checkMissed) void this.checkMissedRun(job, cron);
    }
    return names;
  }

  private async checkMissedRun(job: LoadedJob, cron: Cron): Promise<void> {
    const config = job.config;
    if (config.missed_runs !== "run_once") return;
    const [last] = await withHistory(this.options.workspace, (history) =>
      history.listRuns({ job: config.name, limit: 1 }),
    );
    const due = missedSlot(cron, last, this.now());
    if (!due || !last) return;
    this.options.log.info("job-missed", {
      job: config.name,
      due: due.toISOString(),
      last_run: last.started_at,
    });
    await this.enqueue(job, due, "missed");
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }
}
