/**
 * One suite, run against both history stores: SQLite (a file in a temporary folder) and a REAL
 * PostgreSQL (`.ci/start-postgres`; a database of its own per run of this file). Without a server
 * the PostgreSQL half is skipped with the reason on its own line; with TRIANGULATE_REQUIRE_POSTGRES=1
 * (set by .ci/run) a missing server fails. Second processes (test/support/jobs/history-writer-child.ts)
 * write concurrently, crash mid-run and hold locks, as workers on other machines would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, findRealPostgres } from "../test/support/jobs/real-postgres.js";
import type { ExportedRun, HistoryStore } from "./history-store.js";
import { JobLockedError } from "./job-lock.js";
import { PostgresHistoryStore } from "./postgres-history-store.js";
import { SlotAlreadyRunError } from "./slot-already-run-error.js";
import { SqliteHistoryStore } from "./sqlite-history-store.js";

const CHILD = path.resolve("test/support/jobs/history-writer-child.ts");

const found = await findRealPostgres();
const missing = "reason" in found ? found.reason : undefined;
if (missing) console.warn(`history-store.test.ts: the PostgreSQL half is skipped: ${missing}`);
if (missing) {
  describe("a real PostgreSQL", () => {
    it.runIf(process.env.TRIANGULATE_REQUIRE_POSTGRES === "1")("must run in CI", () => {
      throw new Error(`TRIANGULATE_REQUIRE_POSTGRES=1 but ${missing}`);
    });
    it.skip(`is not running here: ${missing}`, () => {});
  });
}

/** How a test reaches one kind of store: open it here, and the environment a child process opens it from. */
interface StoreUnderTest {
  name: string;
  open: () => Promise<HistoryStore>;
  childEnvironment: Record<string, string>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const folder = mkdtempSync(path.join(tmpdir(), "triangulate-history-"));
cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
const sqliteFile = path.join(folder, "history.sqlite");
const stores: StoreUnderTest[] = [
  {
    name: "sqlite",
    open: async () => new SqliteHistoryStore(sqliteFile),
    childEnvironment: { HISTORY_FILE: sqliteFile },
  },
];
if ("url" in found) {
  const database = await createTestDatabase(found.url);
  cleanups.push(database.drop);
  stores.push({
    name: "postgres",
    open: () => PostgresHistoryStore.connect(database.url),
    childEnvironment: { HISTORY_URL: database.url },
  });
}

function runChild(
  store: StoreUnderTest,
  args: string[],
): { child: ChildProcess; output: Promise<string>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, ...args], {
    env: { ...process.env, ...store.childEnvironment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const output = exited.then((code) => {
    if (code !== 0) throw new Error(`child ${args.join(" ")} exited ${code}: ${stderr}`);
    return stdout;
  });
  // A child killed on purpose rejects `output`; only a test that awaits it cares.
  output.catch(() => undefined);
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return { child, output, exited };
}

const finished = (numbers: number[]) => ({
  status: "partial" as const,
  finishedAt: new Date("2024-02-01T08:00:05.000Z"),
  durationMs: 5000.4,
  exitCode: 2,
  reportFiles: ["reports/a.md", "reports/a.html"],
  questions: [
    {
      question_id: "trend",
      question: "退货率趋势",
      status: "answered" as const,
      duration_ms: 12.6,
      run_directory: "/shared/runs/20240201T080000Z-abc123",
      numbers: numbers.map((value, index) => ({
        metric: "return_rate",
        key: `return_rate{month=2024-0${index + 1}}`,
        keys: { month: `2024-0${index + 1}` },
        value,
        unit: "percent",
        source: "exports",
        goal: "g1",
      })),
    },
    {
      question_id: "compare",
      question: "compare",
      status: "failed" as const,
      duration_ms: 3,
      error: "boom",
      numbers: [],
    },
  ],
});

describe.each(stores)("the $name history store", (store) => {
  let history: HistoryStore;
  afterEach(async () => {
    await history?.close();
  });

  it("records a run and gives back the same records, in the order written", async () => {
    history = await store.open();
    const job = `roundtrip-${store.name}`;
    const first = await history.startRun({
      job,
      asOf: "2024-01-31",
      startedAt: new Date("2024-02-01T08:00:00.000Z"),
      questionsTotal: 2,
    });
    expect((await history.run(first))?.status).toBe("running");
    await history.finishRun(first, finished([5.2, 4.1, 3.9]));
    const run = await history.run(first);
    expect(run).toMatchObject({
      id: first,
      job,
      status: "partial",
      as_of: "2024-01-31",
      started_at: "2024-02-01T08:00:00.000Z",
      finished_at: "2024-02-01T08:00:05.000Z",
      duration_ms: 5000,
      exit_code: 2,
      questions_total: 2,
      questions_answered: 1,
      report_files: ["reports/a.md", "reports/a.html"],
      error: null,
      pid: process.pid,
    });
    expect(await history.questions(first)).toEqual([
      {
        run_id: first,
        question_id: "trend",
        question: "退货率趋势",
        status: "answered",
        duration_ms: 13,
        run_directory: "/shared/runs/20240201T080000Z-abc123",
        error: null,
      },
      {
        run_id: first,
        question_id: "compare",
        question: "compare",
        status: "failed",
        duration_ms: 3,
        run_directory: null,
        error: "boom",
      },
    ]);
    const numbers = await history.numbers(first);
    expect(numbers.map((number) => number.value)).toEqual([5.2, 4.1, 3.9]);
    expect(numbers[1]).toEqual({
      run_id: first,
      question_id: "trend",
      metric: "return_rate",
      key: "return_rate{month=2024-02}",
      keys: { month: "2024-02" },
      value: 4.1,
      unit: "percent",
      source: "exports",
      goal: "g1",
    });
    const second = await history.startRun({
      job,
      asOf: "2024-02-29",
      startedAt: new Date(),
      questionsTotal: 2,
    });
    expect((await history.previousFinishedRun(job, second))?.id).toBe(first);
    expect(await history.previousFinishedRun(job, first)).toBeUndefined();
    expect((await history.listRuns({ job })).map((listed) => listed.id)).toEqual([second, first]);
    expect(await history.listRuns({ job, limit: 1 })).toHaveLength(1);
    expect(await history.run(987_654)).toBeUndefined();
  });

  it("marks a run whose process died as interrupted, and leaves a live one alone", async () => {
    history = await store.open();
    const job = `crash-${store.name}`;
    const live = await history.startRun({
      job,
      asOf: "2024-01-31",
      startedAt: new Date(),
      questionsTotal: 1,
    });
    const crashed = Number((await runChild(store, ["start-and-exit", job]).output).trim());
    expect((await history.run(crashed))?.status).toBe("running");
    // The child's session (PostgreSQL) or process (SQLite) is gone; its row is found stale.
    await expect
      .poll(
        async () => {
          await history.recoverInterrupted(job);
          return (await history.run(crashed))?.status;
        },
        { timeout: 5000 },
      )
      .toBe("interrupted");
    const after = await history.run(crashed);
    expect(after?.status).toBe("interrupted");
    expect(after?.error).toBe("the process stopped before the run finished");
    expect((await history.run(live))?.status).toBe("running");
  });

  it("gives one job's lock to one process at a time, and frees it when the holder dies", async () => {
    history = await store.open();
    const job = `locked-${store.name}`;
    const holder = runChild(store, ["hold-lock", job]);
    await new Promise<void>((resolve, reject) => {
      holder.child.stdout?.on("data", (chunk) => String(chunk).includes("locked") && resolve());
      holder.exited.then((code) => reject(new Error(`lock holder exited ${code}`)));
    });
    await expect(history.lockJob(job)).rejects.toBeInstanceOf(JobLockedError);
    // Another job's lock is free.
    await (await history.lockJob(`${job}-other`))();
    holder.child.kill("SIGKILL");
    await holder.exited;
    await expect
      .poll(
        () =>
          history.lockJob(job).then(
            async (release) => {
              await release();
              return true;
            },
            () => false,
          ),
        { timeout: 5000 },
      )
      .toBe(true);
  });

  it("keeps every run when two processes write at the same time", async () => {
    history = await store.open();
    const writers = ["left", "right"].map((side) =>
      runChild(store, ["write", `concurrent-${store.name}-${side}`, "25"]),
    );
    await Promise.all(writers.map((writer) => writer.output));
    for (const side of ["left", "right"]) {
      const runs = await history.listRuns({ job: `concurrent-${store.name}-${side}`, limit: 100 });
      expect(runs).toHaveLength(25);
      expect(runs.every((run) => run.status === "answered" && run.questions_answered === 2)).toBe(true);
      for (const run of runs.slice(0, 5)) {
        const index = Number(run.report_files[0].match(/-(\d+)\.md$/)?.[1]);
        expect((await history.numbers(run.id)).map((number) => number.value)).toEqual([
          index * 10 + 1,
          index * 10 + 2,
          index * 10 + 3,
          index * 10 + 1,
          index * 10 + 2,
          index * 10 + 3,
        ]);
        expect((await history.questions(run.id)).map((question) => question.question_id)).toEqual([
          "first",
          "second",
        ]);
      }
    }
  }, 60_000);

  it("applies retention: the newest runs and recent ones stay, a running one is never removed", async () => {
    history = await store.open();
    const job = `retention-${store.name}`;
    const ids: number[] = [];
    for (const day of [1, 2, 3, 4]) {
      const id = await history.startRun({
        job,
        asOf: `2024-01-0${day}`,
        startedAt: new Date(`2024-01-0${day}T00:00:00.000Z`),
        questionsTotal: 1,
      });
      await history.finishRun(id, finished([day]));
      ids.push(id);
    }
    const running = await history.startRun({
      job,
      asOf: "2023-12-01",
      startedAt: new Date("2023-12-01T00:00:00.000Z"),
      questionsTotal: 1,
    });
    // The running row counts among the newest three, and stays.
    const removed = await history.applyRetention(job, { runs: 3 }, new Date("2024-01-05T00:00:00.000Z"));
    expect(removed.map((run) => run.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await history.numbers(ids[0])).toEqual([]);
    const byDays = await history.applyRetention(job, { days: 1.5 }, new Date("2024-01-05T00:00:00.000Z"));
    expect(byDays.map((run) => run.id)).toEqual([ids[2]]);
    expect((await history.listRuns({ job })).map((run) => run.id)).toEqual([running, ids[3]]);
  });

  it("keeps one run per job and schedule slot: a second is refused with the first, unless the first was interrupted", async () => {
    history = await store.open();
    const job = `slotted-${store.name}`;
    const slot = "2024-02-01T08:00:00.000Z";
    const start = () =>
      history.startRun({
        job,
        asOf: "2024-01-31",
        startedAt: new Date("2024-02-01T08:00:01.000Z"),
        questionsTotal: 1,
        slot,
      });
    const first = await start();
    // Running: the slot is taken.
    const running = await start().catch((error: unknown) => error);
    expect(running).toBeInstanceOf(SlotAlreadyRunError);
    expect((running as SlotAlreadyRunError).run).toMatchObject({ id: first, status: "running", slot });
    // Interrupted (its worker was killed): the slot may run again, once.
    await history.finishRun(first, { ...finished([]), status: "interrupted", questions: [] });
    expect(await history.slotRun(job, slot)).toBeUndefined();
    const second = await start();
    await history.finishRun(second, finished([1]));
    expect(await history.slotRun(job, slot)).toMatchObject({ id: second, status: "partial", slot });
    await expect(start()).rejects.toMatchObject({ name: "SlotAlreadyRunError", run: { id: second } });
    // Another slot, and runs without one (by hand), are not limited.
    const other = await history.startRun({
      job,
      asOf: "2024-02-29",
      startedAt: new Date("2024-03-01T08:00:01.000Z"),
      questionsTotal: 1,
      slot: "2024-03-01T08:00:00.000Z",
    });
    const byHand = [0, 1].map(() =>
      history.startRun({ job, asOf: "2024-02-29", startedAt: new Date(), questionsTotal: 1 }),
    );
    expect(new Set([other, ...(await Promise.all(byHand))]).size).toBe(3);
    expect((await history.listRuns({ job })).map((run) => run.slot)).toEqual([
      null,
      null,
      "2024-03-01T08:00:00.000Z",
      slot,
      slot,
    ]);
  });

  it("imports an exported run with a new id and the same records", async () => {
    history = await store.open();
    const exported: ExportedRun = {
      run: {
        id: 4242,
        job: `imported-${store.name}`,
        status: "answered",
        as_of: "2023-06-30",
        started_at: "2023-07-01T07:00:00.000Z",
        finished_at: "2023-07-01T07:01:00.000Z",
        duration_ms: 60000,
        exit_code: 0,
        questions_total: 1,
        questions_answered: 1,
        report_files: ["reports/old.md"],
        error: null,
        pid: 77,
        host: "old-machine",
        slot: "2023-07-01T07:00:00.000Z",
      },
      questions: [
        {
          run_id: 4242,
          question_id: "q",
          question: "退貨率",
          status: "answered",
          duration_ms: 10,
          run_directory: null,
          error: null,
        },
      ],
      numbers: [
        { run_id: 4242, question_id: "q", metric: "m", key: "m{}", keys: {}, value: 1.5, source: "s" },
      ],
    };
    const id = await history.importRun(exported);
    expect(await history.run(id)).toEqual({ ...exported.run, id });
    expect(await history.questions(id)).toEqual([{ ...exported.questions[0], run_id: id }]);
    expect(await history.numbers(id)).toEqual([{ ...exported.numbers[0], run_id: id }]);
  });
});
