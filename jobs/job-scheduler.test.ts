import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createTemporaryWorkspace, jobYaml } from "../test/support/jobs/job-test-workspace.js";
import { loadJob } from "./job-file.js";
import { runJob } from "./job-runner.js";
import { JobScheduler } from "./job-scheduler.js";
import { listJobRuns } from "./open-history.js";
import { defaultQuestionAnswerer } from "./question-answerer.js";
import { createSchedulerLog } from "./scheduler-log.js";
import { SqliteHistoryStore } from "./sqlite-history-store.js";

const EVERY_SECOND = jobYaml().replace('schedule: "0 7 * * 1"', 'schedule: "* * * * * *"');
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function collectingLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: createSchedulerLog(stream, true) };
}

/** Spawns a process and collects its JSON-line stdout; killed at cleanup if still alive. */
function spawnLogged(args: string[], environment: NodeJS.ProcessEnv = {}) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", ...args], {
    env: { ...process.env, NO_COLOR: "1", ...environment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const events: Record<string, unknown>[] = [];
  let buffer = "";
  const onData = (chunk: Buffer) => {
    buffer += String(chunk);
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      try {
        events.push(JSON.parse(line));
      } catch {
        // Not a log line (a stray warning): ignored.
      }
    }
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  const waitFor = async (predicate: (event: Record<string, unknown>) => boolean, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events.find(predicate);
      if (found) return found;
      if (child.exitCode !== null) throw new Error(`child exited early: ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting; events: ${JSON.stringify(events)}`);
  };
  return { child, events, exited, waitFor };
}

describe("JobScheduler", () => {
  it("runs on a seconds-level schedule without overlapping runs of the same job", async () => {
    const fixture = createTemporaryWorkspace({ job: EVERY_SECOND });
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    const job = loadJob(workspace, "returns-test");
    const { lines, log } = collectingLog();
    const scheduler = new JobScheduler({
      workspace,
      jobs: [job],
      log,
      graceMs: 10_000,
      // Each run takes about 2.4 s (two questions of 1.2 s), so ticks every second must be skipped.
      run: (loaded, target, options) =>
        runJob(loaded, target, {
          ...options,
          answerer: async (question, context) => {
            await new Promise((resolve) => setTimeout(resolve, 1200));
            return defaultQuestionAnswerer(question, context);
          },
        }),
    });
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 5500));
    await scheduler.stop("test over");
    const starts = lines.filter((line) => line.event === "job-start");
    const skipped = lines.filter((line) => line.event === "job-skipped");
    expect(starts.length).toBeGreaterThanOrEqual(1);
    expect(starts.length).toBeLessThanOrEqual(3);
    expect(skipped.length).toBeGreaterThanOrEqual(1);
    expect(String(skipped[0].reason)).toContain("no overlapping runs");
    expect(lines.at(-1)?.event).toBe("scheduler-stopped");
    const runs = (await listJobRuns(workspace, { job: "returns-test" })).reverse();
    expect(runs.length).toBe(starts.length);
    for (let index = 1; index < runs.length; index += 1)
      expect(runs[index].started_at >= (runs[index - 1].finished_at ?? "")).toBe(true);
    expect(runs.every((run) => run.status === "answered")).toBe(true);
  }, 30_000);

  it("runs a missed run once on start with run_once, and not with skip", async () => {
    const yearly = (policy: string) =>
      jobYaml().replace('schedule: "0 7 * * 1"', `schedule: "0 7 1 1 *"\nmissed_runs: ${policy}`);
    for (const policy of ["run_once", "skip"]) {
      const fixture = createTemporaryWorkspace({ job: yearly(policy) });
      cleanups.push(fixture.cleanup);
      const workspace = fixture.workspace();
      const job = loadJob(workspace, "returns-test");
      // The last run was two years ago: the 1 January runs since then were missed.
      await runJob(job, workspace, { now: new Date(Date.now() - 2 * 365 * 86_400_000) });
      const { lines, log } = collectingLog();
      const scheduler = new JobScheduler({ workspace, jobs: [job], log });
      scheduler.start();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await scheduler.stop();
      const runs = await listJobRuns(workspace, { job: "returns-test" });
      if (policy === "run_once") {
        expect(lines.some((line) => line.event === "job-missed")).toBe(true);
        expect(lines.find((line) => line.event === "job-start")?.trigger).toBe("missed");
        expect(runs).toHaveLength(2);
      } else {
        expect(lines.some((line) => line.event === "job-missed" || line.event === "job-start")).toBe(false);
        expect(runs).toHaveLength(1);
      }
    }
  }, 30_000);
});

describe("the scheduler as a process", () => {
  const child = path.resolve("test/support/jobs/slow-scheduler-child.ts");

  it("on SIGTERM lets the running job finish within the grace period", async () => {
    const fixture = createTemporaryWorkspace({ job: EVERY_SECOND });
    cleanups.push(fixture.cleanup);
    const process = spawnLogged([child, fixture.root, "15000"], { SLOW_MS: "1000" });
    await process.waitFor((event) => event.event === "job-start");
    process.child.kill("SIGTERM");
    const exit = await process.exited;
    expect(exit.code).toBe(0);
    const end = process.events.find((event) => event.event === "job-end");
    expect(end?.status).toBe("answered");
    expect(process.events.at(-1)?.event).toBe("scheduler-stopped");
    expect(
      (await listJobRuns(fixture.workspace(), { job: "returns-test" })).map((run) => run.status),
    ).toEqual(["answered"]);
  }, 90_000);

  it("on SIGTERM interrupts a job that outlasts the grace period and records it as interrupted", async () => {
    const fixture = createTemporaryWorkspace({ job: EVERY_SECOND });
    cleanups.push(fixture.cleanup);
    const process = spawnLogged([child, fixture.root, "500"], { SLOW_MS: "60000" });
    await process.waitFor((event) => event.event === "job-start");
    const sent = Date.now();
    process.child.kill("SIGTERM");
    const exit = await process.exited;
    expect(Date.now() - sent).toBeLessThan(8000);
    expect(exit.code).toBe(0);
    expect(process.events.some((event) => event.event === "job-interrupting")).toBe(true);
    expect(process.events.find((event) => event.event === "job-end")?.status).toBe("interrupted");
    const [run] = await listJobRuns(fixture.workspace(), { job: "returns-test" });
    expect(run.status).toBe("interrupted");
    expect(run.error).toContain("SIGTERM");
  }, 90_000);

  it("a run killed mid-way (SIGKILL) shows as interrupted next time, and its lock is taken over", async () => {
    const fixture = createTemporaryWorkspace({ job: EVERY_SECOND });
    cleanups.push(fixture.cleanup);
    const process = spawnLogged([child, fixture.root, "500"], { SLOW_MS: "60000" });
    await process.waitFor((event) => event.event === "job-start");
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.child.kill("SIGKILL");
    await process.exited;
    const workspace = fixture.workspace();
    const history = SqliteHistoryStore.open(workspace);
    try {
      expect((await history.listRuns({ job: "returns-test" }))[0].status).toBe("running");
    } finally {
      await history.close();
    }
    expect((await listJobRuns(workspace, { job: "returns-test" }))[0].status).toBe("interrupted");
    const next = await runJob(loadJob(workspace, "returns-test"), workspace, {});
    expect(next.report.status).toBe("answered");
  }, 90_000);

  it("two scheduler processes on one workspace run each schedule slot once: the late one skips a slot already run", async () => {
    // Every 3 seconds; the second scheduler's runs start 1.5 s after its timer fired, by when the
    // first has run the slot (two short questions) and released the job's lock: without the slot
    // claimed in the history, it would run the slot a second time.
    const fixture = createTemporaryWorkspace({
      job: jobYaml().replace('schedule: "0 7 * * 1"', 'schedule: "*/3 * * * * *"'),
    });
    cleanups.push(fixture.cleanup);
    const first = spawnLogged([child, fixture.root, "10000"], { SLOW_MS: "50" });
    const late = spawnLogged([child, fixture.root, "10000"], { SLOW_MS: "50", LATE_MS: "1500" });
    const skipped = await late.waitFor(
      (event) => event.event === "job-skipped" && event.slot_run_id !== undefined,
      60_000,
    );
    expect(String(skipped.reason)).toMatch(
      /already has its run for the slot \S+ \(run \d+, (running|answered)/,
    );
    first.child.kill("SIGTERM");
    late.child.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);
    expect((await late.exited).code).toBe(0);
    const runs = await listJobRuns(fixture.workspace(), { job: "returns-test" });
    expect(runs.length).toBeGreaterThanOrEqual(1);
    // Every run is a slot's, and no slot has two runs that were not interrupted.
    expect(runs.every((run) => run.slot !== null)).toBe(true);
    const kept = runs.filter((run) => run.status !== "interrupted").map((run) => run.slot);
    expect(new Set(kept).size).toBe(kept.length);
    expect(runs.find((run) => run.id === skipped.slot_run_id)?.slot).toBe(skipped.slot);
    // Both processes logged their scheduled runs with the slot they claimed.
    for (const process of [first, late])
      for (const start of process.events.filter((event) => event.event === "job-start"))
        expect(new Date(String(start.slot)).getUTCSeconds() % 3).toBe(0);
  }, 120_000);

  it("a slot whose run crashed is free again: the next scheduler's missed-run check runs it once", async () => {
    const fixture = createTemporaryWorkspace({
      job: jobYaml().replace('schedule: "0 7 * * 1"', 'schedule: "0 7 1 1 *"\nmissed_runs: run_once'),
    });
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    // A run two years ago: the latest 1 January 07:00 since is a missed slot.
    await runJob(loadJob(workspace, "returns-test"), workspace, {
      now: new Date(Date.now() - 2 * 365 * 86_400_000),
    });
    const crashed = spawnLogged([child, fixture.root, "500"], { SLOW_MS: "60000" });
    const start = await crashed.waitFor((event) => event.event === "job-start");
    expect(start.trigger).toBe("missed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    crashed.child.kill("SIGKILL");
    await crashed.exited;
    const next = spawnLogged([child, fixture.root, "10000"], { SLOW_MS: "10" });
    const missed = await next.waitFor((event) => event.event === "job-missed");
    expect(missed).toMatchObject({ due: start.slot, last_status: "interrupted" });
    const end = await next.waitFor((event) => event.event === "job-end");
    expect(end).toMatchObject({ slot: start.slot, status: "answered" });
    next.child.kill("SIGTERM");
    expect((await next.exited).code).toBe(0);
    const runs = await listJobRuns(workspace, { job: "returns-test" });
    expect(runs.map((run) => [run.slot, run.status])).toEqual([
      [start.slot, "answered"],
      [start.slot, "interrupted"],
      [null, "answered"],
    ]);
  }, 120_000);

  it("`triangulate schedule` reloads edited job files on SIGHUP and keeps the schedule when they are broken", async () => {
    const fixture = createTemporaryWorkspace();
    cleanups.push(fixture.cleanup);
    const process = spawnLogged([
      path.resolve("bin/triangulate.ts"),
      "schedule",
      "--workspace",
      fixture.root,
    ]);
    await process.waitFor((event) => event.event === "scheduler-started");
    // A second job appears and the first one's schedule changes.
    writeFileSync(
      path.join(fixture.root, "jobs/weekly-copy.yaml"),
      jobYaml().replace("name: returns-test", "name: weekly-copy"),
    );
    writeFileSync(
      path.join(fixture.root, "jobs/returns-test.yaml"),
      jobYaml().replace('schedule: "0 7 * * 1"', 'schedule: "0 8 * * 1"'),
    );
    process.child.kill("SIGHUP");
    const reloaded = await process.waitFor((event) => event.event === "scheduler-reloaded");
    expect(reloaded).toMatchObject({ jobs: 2, added: "weekly-copy", removed: null, changed: "returns-test" });
    expect(
      process.events
        .filter((event) => event.event === "job-scheduled" && event.job === "returns-test")
        .at(-1),
    ).toMatchObject({ schedule: "0 8 * * 1" });
    // A broken edit is refused with its position; the previous schedule stays.
    writeFileSync(path.join(fixture.root, "jobs/weekly-copy.yaml"), "name: weekly-copy\nschedule: [\n");
    process.child.kill("SIGHUP");
    const refused = await process.waitFor((event) => event.event === "reload-refused");
    expect(String(refused.first)).toContain("weekly-copy.yaml");
    expect(process.events.filter((event) => event.event === "scheduler-reloaded")).toHaveLength(1);
    process.child.kill("SIGTERM");
    expect((await process.exited).code).toBe(0);
  }, 90_000);

  it("`triangulate schedule` logs JSON lines when not on a TTY and exits 0 on SIGTERM", async () => {
    const fixture = createTemporaryWorkspace({ job: EVERY_SECOND });
    cleanups.push(fixture.cleanup);
    const process = spawnLogged([
      path.resolve("bin/triangulate.ts"),
      "schedule",
      "--workspace",
      fixture.root,
      "--grace",
      "5",
    ]);
    await process.waitFor((event) => event.event === "job-end");
    process.child.kill("SIGTERM");
    const exit = await process.exited;
    expect(exit.code).toBe(0);
    const scheduled = process.events.find((event) => event.event === "job-scheduled");
    expect(scheduled).toMatchObject({
      level: "info",
      job: "returns-test",
      schedule: "* * * * * *",
      timezone: "Asia/Shanghai",
    });
    expect(typeof scheduled?.time).toBe("string");
    expect(process.events.at(-1)?.event).toBe("scheduler-stopped");
  }, 90_000);
});
