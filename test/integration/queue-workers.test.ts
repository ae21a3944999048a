/**
 * Issue 27.1 against a REAL Redis (`.ci/start-redis`) and the built CLI in separate processes:
 * `triangulate worker` answers `ask --queue` with the JSON a local `ask --json` prints; two racing
 * `schedule --queue` processes and three workers run each of 20 report jobs' slot once (the history
 * in SQLite, and again in the real PostgreSQL when .ci/start-postgres runs one): a worker killed with
 * SIGKILL mid-run has its job finished by another, a worker stopped (SIGSTOP) past its lock finishes
 * its run while the worker handed its job waits and gives back that run, and a scheduler that stops
 * cancels nothing; a caller's cancellation reaches a running job, and a waiting one is removed.
 * Without Redis the tests are skipped with the reason; with TRIANGULATE_REQUIRE_REDIS=1 (set by
 * .ci/run) a missing Redis fails. QUEUE_TEST_LOGS=<folder> keeps every process's log there.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import { DEMO_AS_OF } from "../../demo/run-demo.js";
import { type RunningTicketServer, startTicketServer } from "../../demo/ticket-server/ticket-server.js";
import { listJobRuns } from "../../jobs/open-history.js";
import { JobCancelledError, QueueClient } from "../../workers/queue-client.js";
import { queueSettings } from "../../workers/queue-connection.js";
import { QUEUE_NAME, reportRunId } from "../../workers/queue-jobs.js";
import { writeDueJobs } from "../support/due-report-jobs.js";
import { createTestDatabase, findRealPostgres } from "../support/jobs/real-postgres.js";
import { findRealRedis, scratchPrefix } from "../support/real-redis.js";
import { CLI, runCli } from "../support/run-cli.js";

const found = await findRealRedis();
const missing = "reason" in found ? found.reason : undefined;
if (missing) console.warn(`queue-workers.test.ts skipped: ${missing}`);

if (missing) {
  describe("a real Redis", () => {
    it.runIf(process.env.TRIANGULATE_REQUIRE_REDIS === "1")("must run in CI", () => {
      throw new Error(`TRIANGULATE_REQUIRE_REDIS=1 but ${missing}`);
    });
    it.skip(`is not running here: ${missing}`, () => {});
  });
}

const QUESTION = "Return rate of product C in West China in February 2024";
const url = "url" in found ? found.url : "";

/** A CLI process whose stderr lines are kept, with a wait for a line that matches. */
class CliProcess {
  readonly child: ChildProcess;
  readonly lines: string[] = [];
  private waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  readonly closed: Promise<number | null>;
  constructor(args: string[], environment: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, NO_COLOR: "1", ...environment },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let buffer = "";
    this.child.stderr?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        this.lines.push(line);
        this.waiters = this.waiters.filter((waiter) => {
          if (!waiter.pattern.test(line)) return true;
          waiter.resolve(line);
          return false;
        });
      }
    });
    this.closed = new Promise((resolve) => this.child.on("close", resolve));
  }
  waitFor(pattern: RegExp, timeoutMs = 300_000): Promise<string> {
    const seen = this.lines.find((line) => pattern.test(line));
    if (seen) return Promise.resolve(seen);
    return this.waitForNext(pattern, timeoutMs);
  }
  /** The next line matching `pattern` written after this call. */
  waitForNext(pattern: RegExp, timeoutMs = 300_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no new line matching ${pattern} in ${timeoutMs} ms:\n${this.lines.join("\n")}`)),
        timeoutMs,
      );
      this.waiters.push({
        pattern,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  }
  async stop(): Promise<void> {
    // QUEUE_TEST_LOGS=<folder> keeps every process's log lines there (what happened, when a test fails).
    const folder = process.env.QUEUE_TEST_LOGS;
    if (folder) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        path.join(folder, `${this.child.spawnargs[2]}-${this.child.pid}.log`),
        `${this.lines.join("\n")}\n`,
      );
    }
    // A stopped process (SIGSTOP) handles SIGTERM only once it runs again.
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGCONT");
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGTERM");
    await Promise.race([this.closed, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }
}

/** The job id of a worker's `job-start` line. */
function idOf(line: string): string {
  return (JSON.parse(line) as { id: string }).id;
}

// The dispatch test runs on the one-machine default (SQLite in the workspace) and, when the real
// PostgreSQL of .ci/start-postgres answers, on a history in it, as workers on several machines share.
const postgres = await findRealPostgres();
if ("reason" in postgres)
  console.warn(`queue-workers.test.ts: the PostgreSQL history is not tried: ${postgres.reason}`);
const histories = ["sqlite", ...("url" in postgres ? ["postgres"] : [])];

/** The ask JSON without what differs between any two runs (timings, the run folder). */
function comparable(stdout: string) {
  const result = JSON.parse(stdout) as Record<string, unknown> & { understanding: Record<string, unknown> };
  const { run_directory: _folder, trace: _trace, ...rest } = result;
  const { elapsed_ms: _elapsed, ...understanding } = result.understanding;
  return { ...rest, understanding };
}

describe.skipIf(missing !== undefined)("warm workers on a Redis queue (BullMQ)", () => {
  let portal: BiPortal;
  let tickets: RunningTicketServer;
  let root: string;
  let environment: NodeJS.ProcessEnv;
  const processes: CliProcess[] = [];

  beforeAll(async () => {
    portal = await startBiPortal({ port: 0, dataDelayMs: 400 });
    tickets = await startTicketServer({ port: 0 });
    root = mkdtempSync(path.join(tmpdir(), "triangulate-queue-"));
    for (const entry of ["triangulate.yaml", "data"])
      cpSync(path.resolve("demo/workspace", entry), path.join(root, entry), { recursive: true });
    environment = { TRIANGULATE_BI_URL: portal.url, TRIANGULATE_TICKETS_URL: tickets.url };
  });
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((each) => each.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup();
    await portal?.close();
    await tickets?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** A copy of the demo workspace whose run history is SQLite (its own file) or a new PostgreSQL database. */
  async function dispatchWorkspace(
    history: string,
  ): Promise<{ root: string; environment: NodeJS.ProcessEnv }> {
    const copy = mkdtempSync(path.join(tmpdir(), `triangulate-queue-${history}-`));
    cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
    for (const entry of ["triangulate.yaml", "data"])
      cpSync(path.resolve("demo/workspace", entry), path.join(copy, entry), { recursive: true });
    if (history !== "postgres" || !("url" in postgres)) return { root: copy, environment };
    const database = await createTestDatabase(postgres.url);
    cleanups.push(database.drop);
    appendFileSync(
      path.join(copy, "triangulate.yaml"),
      `\nhistory:\n  store: postgres\n  url: "\${HISTORY_DATABASE_URL}"\n`,
    );
    return { root: copy, environment: { ...environment, HISTORY_DATABASE_URL: database.url } };
  }

  function worker(prefix: string, extra: string[] = []): CliProcess {
    const started = new CliProcess(["worker", "--queue", url, "--workspace", root, "--json", ...extra], {
      ...environment,
      TRIANGULATE_QUEUE_PREFIX: prefix,
    });
    processes.push(started);
    return started;
  }

  it("answers `ask --queue` on a warm worker with the JSON and exit code of a local `ask --json`", async () => {
    const prefix = scratchPrefix("ask");
    const running = worker(prefix);
    await running.waitFor(/"worker-started"/);
    const options = ["--as-of", DEMO_AS_OF, "--json"];
    const local = await runCli(["ask", QUESTION, "--workspace", root, ...options], {
      env: environment,
      timeoutMs: 180_000,
    });
    // Every progress event of the queue, as every client's event reader sees them.
    const events = new QueueEvents(QUEUE_NAME, {
      connection: new Redis(url, { maxRetriesPerRequest: null }),
      prefix,
    });
    await events.waitUntilReady();
    const progressKinds: string[] = [];
    events.on("progress", ({ data }) => progressKinds.push((data as { kind?: string }).kind ?? "?"));
    for (const round of [1, 2]) {
      const queued = await runCli(["ask", QUESTION, "--queue", url, ...options], {
        env: { TRIANGULATE_QUEUE_PREFIX: prefix },
        timeoutMs: 180_000,
      });
      expect(queued.code, `round ${round}: ${queued.stderr}`).toBe(local.code);
      expect(comparable(queued.stdout)).toEqual(comparable(local.stdout));
    }
    // Both rounds on the one worker: the second found the BI sessions of the first (warm).
    expect(running.lines.filter((line) => line.includes('"job-end"'))).toHaveLength(2);
    // `--json` shows no progress, so the worker sent no trace line for anyone to read.
    expect(progressKinds.filter((kind) => kind === "trace")).toEqual([]);
    expect(progressKinds).toContain("started");
    // A caller that follows progress gets the trace, line by line.
    const client = await QueueClient.connect(queueSettings(url, { prefix }));
    const lines: string[] = [];
    try {
      await client.ask(
        QUESTION,
        { asOf: DEMO_AS_OF },
        { onProgress: (progress) => progress.kind === "trace" && lines.push(progress.line) },
      );
    } finally {
      await client.close();
      await events.close();
    }
    expect(lines.some((line) => line.startsWith("plan:"))).toBe(true);
    await running.stop();
  }, 420_000);

  it("shares one read of a dashboard among the asks of a worker that need it at once, each answered as a lone ask", async () => {
    const prefix = scratchPrefix("shared");
    const running = worker(prefix, ["--concurrency", "4"]);
    await running.waitFor(/"worker-started"/);
    const options = ["--as-of", DEMO_AS_OF, "--json"];
    // Signed in and warm; the dashboard reads one lone ask makes.
    await runCli(["ask", QUESTION, "--queue", url, ...options], {
      env: { TRIANGULATE_QUEUE_PREFIX: prefix },
      timeoutMs: 180_000,
    });
    const beforeLone = portal.dataRequestCount();
    const lone = await runCli(["ask", QUESTION, "--queue", url, ...options], {
      env: { TRIANGULATE_QUEUE_PREFIX: prefix },
      timeoutMs: 180_000,
    });
    const loneReads = portal.dataRequestCount() - beforeLone;
    expect(loneReads).toBeGreaterThan(0);
    const before = portal.dataRequestCount();
    const together = await Promise.all(
      [1, 2, 3, 4].map(() =>
        runCli(["ask", QUESTION, "--queue", url, ...options], {
          env: { TRIANGULATE_QUEUE_PREFIX: prefix },
          timeoutMs: 180_000,
        }),
      ),
    );
    const reads = portal.dataRequestCount() - before;
    for (const each of together) {
      expect(each.code, each.stderr).toBe(lone.code);
      expect(comparable(each.stdout)).toEqual(comparable(lone.stdout));
    }
    // Four at once read what one reads, give or take an ask that started after a read had ended.
    expect(reads).toBeLessThan(4 * loneReads);
    const traces = together.map((each) => JSON.stringify(JSON.parse(each.stdout).trace));
    expect(traces.some((trace) => trace.includes(":shared:"))).toBe(true);
    await running.stop();
  }, 420_000);

  it("cancels: a running ask is interrupted on its worker, a waiting one is removed", async () => {
    const prefix = scratchPrefix("cancel");
    const client = await QueueClient.connect(queueSettings(url, { prefix }));
    try {
      // No worker yet: the job waits, and cancelling removes it.
      const waiting = new AbortController();
      const pending = client.ask(QUESTION, { asOf: DEMO_AS_OF }, { signal: waiting.signal });
      await new Promise((resolve) => setTimeout(resolve, 300));
      waiting.abort();
      await expect(pending).rejects.toBeInstanceOf(JobCancelledError);
      expect((await client.counts()).waiting).toBe(0);

      const running = worker(prefix);
      await running.waitFor(/"worker-started"/);
      const controller = new AbortController();
      const progress: string[] = [];
      let abortedAt = 0;
      const result = await client.ask(
        QUESTION,
        { asOf: DEMO_AS_OF },
        {
          signal: controller.signal,
          onProgress: (event) => {
            progress.push(event.kind);
            // Cancelled once the worker has started fetching.
            if (event.kind === "trace" && event.line.startsWith("plan:") && !abortedAt) {
              abortedAt = Date.now();
              controller.abort();
            }
          },
        },
      );
      expect(progress[0]).toBe("started");
      expect(abortedAt).toBeGreaterThan(0);
      // The worker's answer to a cancelled ask, as a local Ctrl-C gives one: not a complete answer.
      expect(result.exit_code).not.toBe(0);
      expect(Date.now() - abortedAt).toBeLessThan(20_000);
      await running.waitFor(/"job-cancel"/);
      await running.stop();
    } finally {
      await client.obliterate();
      await client.close();
    }
  }, 300_000);

  it.each(histories)(
    "runs each of 20 due report jobs' slot once with two racing schedulers and three workers, one killed mid-run and one stopped past its lock (history: %s)",
    async (history) => {
      const dispatch = await dispatchWorkspace(history);
      const prefix = scratchPrefix(`schedule-${history}`);
      const processEnvironment = { ...dispatch.environment, TRIANGULATE_QUEUE_PREFIX: prefix };
      const cli = (args: string[]) => {
        const started = new CliProcess([...args, "--workspace", dispatch.root, "--json"], processEnvironment);
        processes.push(started);
        return started;
      };
      // A short lock so that a worker that stops answering is taken for dead within seconds.
      const workers = [0, 1, 2].map(() =>
        cli(["worker", "--queue", url, "--lock-seconds", "4", "--stalled-check-seconds", "1"]),
      );
      const names = Array.from({ length: 20 }, (_, index) => `queued-${String(index + 1).padStart(2, "0")}`);
      // Not due before the schedulers are up (a year off), then due 5 s after they reloaded.
      writeDueJobs(dispatch.root, names, new Date(Date.now() - 3_600_000), QUESTION);
      const schedulers = [0, 1].map(() => cli(["schedule", "--queue", url]));
      await Promise.all(
        [...workers, ...schedulers].map((each) => each.waitFor(/"(worker|scheduler)-started"/)),
      );
      const slot = new Date(Math.ceil((Date.now() + 5_000) / 1000) * 1000);
      writeDueJobs(dispatch.root, names, slot, QUESTION);
      for (const scheduler of schedulers) scheduler.child.kill("SIGHUP");
      await Promise.all(schedulers.map((each) => each.waitFor(/"scheduler-reloaded"/)));
      expect(Date.now(), "the schedulers reloaded after the slot: raise the 5 s").toBeLessThan(
        slot.getTime(),
      );

      const client = await QueueClient.connect(queueSettings(url, { prefix }));
      try {
        // The first report a worker starts: that worker is killed while it runs it.
        const reportStart = /"job-start".*"kind":"report"/;
        const first = await Promise.race(
          workers.map((each) => each.waitFor(reportStart).then((line) => ({ worker: each, line }))),
        );
        const killed = first.worker;
        const killedId = idOf(first.line);
        await new Promise((resolve) => setTimeout(resolve, 500));
        killed.child.kill("SIGKILL");
        // One scheduler stops (a restart): the runs it enqueued and followed carry on, none cancelled.
        await schedulers[0].stop();

        // Follow every slot once all are on the queue, keeping each one's progress.
        while (Object.values(await client.counts()).reduce((sum, count) => sum + count, 0) < names.length)
          await new Promise((resolve) => setTimeout(resolve, 100));
        // The ids whose question has started, and a wait for one of them.
        const questionStarted = new Set<string>();
        const questionWaiters = new Map<string, () => void>();
        const results = Promise.all(
          names.map((name) => {
            const id = reportRunId(name, slot);
            return client.followReport(id, {
              onProgress: (event) => {
                if (event.kind !== "question-start") return;
                questionStarted.add(id);
                questionWaiters.get(id)?.();
              },
            });
          }),
        );
        results.catch(() => undefined);

        // Another worker is stopped (SIGSTOP: alive, silent) once its next report has started its
        // question, and let go only when a third worker, given the job because the lock expired,
        // waits for the job's lock that the stopped one still holds.
        const stopped = workers.find((each) => each !== killed) as CliProcess;
        // A first attempt: the killed worker's job, taken over, has used one of its stalls already.
        const stoppedLine = await stopped.waitForNext(/"job-start".*"kind":"report".*"attempt":1\}/);
        const stoppedId = idOf(stoppedLine);
        if (!questionStarted.has(stoppedId))
          await new Promise<void>((resolve) => questionWaiters.set(stoppedId, resolve));
        stopped.child.kill("SIGSTOP");
        const waiting = new RegExp(`"job-waiting","id":"${stoppedId.replace(/[.]/g, "\\.")}"`);
        const waiter = await Promise.race(
          workers.filter((each) => each !== stopped).map((each) => each.waitFor(waiting).then(() => each)),
        );
        stopped.child.kill("SIGCONT");

        const finishedResults = await results;
        const workspace = loadWorkspace(dispatch.root, {
          environment: { ...process.env, ...dispatch.environment },
        });
        // A run that ended (answered, partial, or failed for want of answers) is the slot's run.
        const finished = (run: { status: string }) =>
          run.status !== "interrupted" && run.status !== "running";
        let lost = 0;
        let twice = 0;
        for (const [index, name] of names.entries()) {
          // The question's data has a gap (FACTS.md: C/West has no February value), so a finished
          // run is partial as a local run is; what matters is that each slot finished exactly once.
          expect(["answered", "partial"]).toContain(finishedResults[index].status);
          const runs = await listJobRuns(workspace, { job: name });
          const done = runs.filter(finished);
          if (done.length === 0) lost += 1;
          if (done.length > 1) twice += 1;
          // Besides the one finished run, only the killed worker's interrupted one.
          expect(runs.filter((run) => !finished(run) && run.status !== "interrupted")).toEqual([]);
          expect(done.map((run) => run.slot)).toEqual(done.length > 0 ? [slot.toISOString()] : []);
        }
        expect({ lost, twice }).toEqual({ lost: 0, twice: 0 });

        const resultOf = (id: string) =>
          finishedResults[names.findIndex((name) => reportRunId(name, slot) === id)];
        // The killed worker's job was finished by another.
        expect(resultOf(killedId).worker.endsWith(`:${killed.child.pid}`)).toBe(false);
        // The stopped worker finished its own run once it went on; the worker that was handed the
        // job waited for it and gave back that run, without running the slot a second time.
        expect(resultOf(stoppedId)).toMatchObject({ recorded_earlier: true });
        expect(resultOf(stoppedId).worker.endsWith(`:${stopped.child.pid}`)).toBe(true);
        expect(waiter.lines.some((line) => line.includes('"job-end"') && line.includes(stoppedId))).toBe(
          true,
        );
        expect(
          stopped.lines.some((line) => line.includes('"job-lock-lost"') && line.includes(stoppedId)),
        ).toBe(true);
        expect(workers.flatMap((each) => each.lines).filter((line) => line.includes('"job-cancel"'))).toEqual(
          [],
        );
        // Both schedulers enqueued every slot; BullMQ kept one of each, and none failed.
        for (const scheduler of schedulers)
          expect(scheduler.lines.filter((line) => line.includes('"job-enqueued"'))).toHaveLength(
            names.length,
          );
        expect(await client.counts()).toMatchObject({ completed: names.length, failed: 0 });
      } finally {
        await Promise.all([...schedulers, ...workers].map((each) => each.stop()));
        await client.obliterate();
        await client.close();
      }
    },
    120_000,
  );
});
