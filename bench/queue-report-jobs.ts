// Report jobs on the queue (issue 27.1), with real processes: Redis (.ci/start-redis), the built
// CLI's `worker` and `schedule --queue`, the demo BI portal and ticket server on loopback.
//
// 1. Dispatch: N report jobs (one question each) due at the same cron second; two schedulers race
//    to enqueue them and three workers (3 s lock) run them; the first worker to start a report is
//    killed with SIGKILL, and another is stopped for 10 s (SIGSTOP) in its next report, so the queue
//    hands that job on while its run goes on. Counted from the run history, once with the history in SQLite
//    and once in the real PostgreSQL (.ci/start-postgres; a database of its own): jobs lost (no
//    finished run), jobs run twice (more than one), jobs the queue failed, whether the killed job
//    was finished by another worker, and how many locks a paused event loop lost.
// 2. Throughput: R runs of the demo's report jobs with 1, 2 and 4 warm workers (jobs per minute,
//    from the first enqueue to the last result), beside today's: one `report run` process per run,
//    one after another.
//
//   .ci/start-redis && npm run build && npx tsx bench/queue-report-jobs.ts [--jobs 50] [--runs 12]
//     [--workers 1,2,4] [--history sqlite,postgres] [--skip-dispatch] [--skip-throughput] [--logs <folder>]
import { type ChildProcess, spawn } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadWorkspace } from "../config/load-workspace.js";
import { startBiPortal } from "../demo/bi-portal/bi-portal-server.js";
import { startTicketServer } from "../demo/ticket-server/ticket-server.js";
import { listJobRuns } from "../jobs/open-history.js";
import { writeDueJobs } from "../test/support/due-report-jobs.js";
import { createTestDatabase, findRealPostgres } from "../test/support/jobs/real-postgres.js";
import { findRealRedis, scratchPrefix } from "../test/support/real-redis.js";
import { CLI } from "../test/support/run-cli.js";
import { QueueClient } from "../workers/queue-client.js";
import { queueSettings } from "../workers/queue-connection.js";
import { reportRunId } from "../workers/queue-jobs.js";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "50" },
    runs: { type: "string", default: "12" },
    workers: { type: "string", default: "1,2,4" },
    "skip-dispatch": { type: "boolean", default: false },
    "skip-throughput": { type: "boolean", default: false },
    logs: { type: "string" },
    history: { type: "string", default: "sqlite,postgres" },
  },
});
const found = await findRealRedis();
if ("reason" in found) {
  process.stderr.write(`${found.reason}\n`);
  process.exit(1);
}
const url = found.url;
const QUESTION = "Return rate of product C in West China in February 2024";
const DEMO_JOBS = ["returns-exports-monthly", "lumen-weekly", "returns-questions-monthly"];

const portal = await startBiPortal({ port: 0 });
const tickets = await startTicketServer({ port: 0 });
const environment = { TRIANGULATE_BI_URL: portal.url, TRIANGULATE_TICKETS_URL: tickets.url };
const children: ChildProcess[] = [];

function start(
  args: string[],
  prefix: string,
  extra: NodeJS.ProcessEnv = environment,
): { child: ChildProcess; lines: string[]; started: Promise<void> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...extra, NO_COLOR: "1", TRIANGULATE_QUEUE_PREFIX: prefix },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  const lines: string[] = [];
  if (values.logs) {
    mkdirSync(values.logs, { recursive: true });
    const log = createWriteStream(path.join(values.logs, `${args[0]}-${child.pid}.log`));
    child.stderr?.pipe(log);
  }
  let buffer = "";
  let resolveStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    resolveStarted = resolve;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      lines.push(line);
      if (/"(worker|scheduler)-started"/.test(line)) resolveStarted();
    }
  });
  return { child, lines, started };
}

async function stopAll(processes: ChildProcess[]): Promise<void> {
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("close", () => resolve());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 20_000).unref();
        }),
    ),
  );
}

function workspaceCopy(withDemoJobs: boolean): string {
  const root = mkdtempSync(path.join(tmpdir(), "triangulate-queue-bench-"));
  for (const entry of ["triangulate.yaml", "data", ...(withDemoJobs ? ["jobs", "plans"] : [])])
    cpSync(path.resolve("demo/workspace", entry), path.join(root, entry), { recursive: true });
  return root;
}

/**
 * The job each throughput run runs: a copy of one of the demo's jobs under a name of its own, so
 * that runs on different workers never share a job (two runs of one job at once: the second is
 * skipped by the job's lock, which would count as a run done in no time).
 */
function throughputJobs(root: string, runs: number): string[] {
  return Array.from({ length: runs }, (_, index) => {
    const demo = DEMO_JOBS[index % DEMO_JOBS.length];
    const name = `${demo}-${index + 1}`;
    const text = readFileSync(path.join(root, "jobs", `${demo}.yaml`), "utf8");
    writeFileSync(path.join(root, "jobs", `${name}.yaml`), text.replace(/^name: .*$/m, `name: ${name}`));
    return name;
  });
}

const lines = {
  push: (...text: string[]) => process.stdout.write(`${text.join("\n")}\n`),
};
/** What one dispatch run measured. */
interface DispatchFigures {
  lost: number;
  twice: number;
  interrupted: number;
  failed: number;
  killedId: string;
  killedPid: number | undefined;
  finishedBy: string;
  stoppedId: string;
  stoppedPid: number | undefined;
  stoppedOutcome: string;
  skipped: number;
  enqueued: number[];
  lockLost: number;
  recordedEarlier: number;
  /** Undefined when the workers do not log their pauses (a build before they did). */
  longestPauseMs: number | undefined;
  seconds: number;
}

/**
 * N report jobs due at one slot; two schedulers race to enqueue them, three workers with a 3 s lock
 * run them (a lock that short is lost whenever a worker's event loop pauses longer, which a loaded
 * machine does: the retried attempt must then not run the slot twice), and the first worker to start
 * a report is killed a second into it. Counted from the run history (lost: no finished run; twice:
 * more than one) and from the followers (failed: the queue gave up on the job).
 */
async function dispatch(count: number, history: "sqlite" | "postgres"): Promise<DispatchFigures> {
  const root = workspaceCopy(false);
  const runEnvironment: NodeJS.ProcessEnv = { ...environment };
  let dropDatabase = async () => {};
  if (history === "postgres") {
    const server = await findRealPostgres();
    if ("reason" in server) throw new Error(server.reason);
    const database = await createTestDatabase(server.url);
    dropDatabase = database.drop;
    runEnvironment.HISTORY_DATABASE_URL = database.url;
    appendFileSync(
      path.join(root, "triangulate.yaml"),
      `\nhistory:\n  store: postgres\n  url: "\${HISTORY_DATABASE_URL}"\n`,
    );
  }
  const prefix = scratchPrefix(`bench-dispatch-${history}`);
  const workers = [0, 1, 2].map(() =>
    start(
      ["worker", "--queue", url, "-w", root, "--json", "--lock-seconds", "3", "--stalled-check-seconds", "1"],
      prefix,
      runEnvironment,
    ),
  );
  await Promise.all(workers.map((each) => each.started));
  const names = Array.from({ length: count }, (_, index) => `due-${String(index + 1).padStart(2, "0")}`);
  // Not due before the schedulers are up (a year off), then due 15 s after they reloaded.
  writeDueJobs(root, names, new Date(Date.now() - 3_600_000), QUESTION);
  const schedulers = [0, 1].map(() =>
    start(["schedule", "--queue", url, "-w", root, "--json"], prefix, runEnvironment),
  );
  await Promise.all(schedulers.map((each) => each.started));
  const slot = new Date(Math.ceil((Date.now() + 15_000) / 1000) * 1000);
  writeDueJobs(root, names, slot, QUESTION);
  for (const scheduler of schedulers) scheduler.child.kill("SIGHUP");
  process.stderr.write(
    `… dispatch (${history}): ${count} jobs due at ${slot.toISOString()}, 2 schedulers, 3 workers\n`,
  );
  // Kill the first worker that starts a report, a second into its run.
  const killed = await new Promise<{ index: number; id: string }>((resolve) => {
    const timer = setInterval(() => {
      for (const [index, worker] of workers.entries()) {
        const line = worker.lines.find((each) => /"job-start".*"kind":"report"/.test(each));
        if (line) {
          clearInterval(timer);
          resolve({ index, id: (JSON.parse(line) as { id: string }).id });
          return;
        }
      }
    }, 100);
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  workers[killed.index].child.kill("SIGKILL");
  const started = Date.now();
  // Another worker stops answering for 10 s (SIGSTOP) a second into its next report's first attempt:
  // alive and holding the job's lock, but taken for dead by the queue, which hands its job to the
  // third worker. What a machine swapping or a long pause does, on purpose.
  const stoppedIndex = (killed.index + 1) % workers.length;
  const stoppedWorker = workers[stoppedIndex];
  const seenBefore = stoppedWorker.lines.length;
  const stopped = new Promise<string>((resolve) => {
    const timer = setInterval(() => {
      const line = stoppedWorker.lines
        .slice(seenBefore)
        .find((each) => /"job-start".*"kind":"report"/.test(each) && !/"attempt":[2-9]/.test(each));
      if (!line) return;
      clearInterval(timer);
      setTimeout(() => {
        stoppedWorker.child.kill("SIGSTOP");
        setTimeout(() => stoppedWorker.child.kill("SIGCONT"), 10_000);
        resolve((JSON.parse(line) as { id: string }).id);
      }, 1000);
    }, 100);
  });
  const client = await QueueClient.connect(queueSettings(url, { prefix }));
  // Every slot is on the queue before it is followed (a follower of a missing id gives up).
  while (Object.values(await client.counts()).reduce((sum, each) => sum + each, 0) < count)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const outcomes = await Promise.all(
    names.map((name) =>
      client.followReport(reportRunId(name, slot)).then(
        (result) => ({ name, result }),
        (error: Error) => ({ name, error: error.message }),
      ),
    ),
  );
  const seconds = (Date.now() - started) / 1000 + 1;
  const stoppedId = await stopped;
  const workspace = loadWorkspace(root, { environment: { ...process.env, ...runEnvironment } });
  let lost = 0;
  let twice = 0;
  let interrupted = 0;
  const runs: Record<string, unknown> = {};
  for (const name of names) {
    const listed = await listJobRuns(workspace, { job: name });
    runs[name] = listed;
    // A run that ended (answered, partial, or failed: the questions had no answer) is the slot's run.
    const finished = listed.filter((run) => run.status !== "interrupted" && run.status !== "running").length;
    interrupted += listed.filter((run) => run.status === "interrupted" || run.status === "running").length;
    if (finished === 0) lost += 1;
    if (finished > 1) twice += 1;
  }
  const retried = outcomes.find((each) => reportRunId(each.name, slot) === killed.id);
  const stoppedOutcome = outcomes.find((each) => reportRunId(each.name, slot) === stoppedId);
  const workerLines = workers.flatMap((each) => each.lines);
  const figures: DispatchFigures = {
    lost,
    twice,
    interrupted,
    failed: outcomes.filter((each) => "error" in each).length,
    killedId: killed.id,
    killedPid: workers[killed.index].child.pid,
    finishedBy: retried && "result" in retried ? retried.result.worker : "not finished",
    stoppedId,
    stoppedPid: stoppedWorker.child.pid,
    stoppedOutcome:
      stoppedOutcome && "result" in stoppedOutcome
        ? `${stoppedOutcome.result.status} from ${stoppedOutcome.result.worker}${stoppedOutcome.result.recorded_earlier ? " (given back from the history)" : ""}`
        : `failed: ${stoppedOutcome && "error" in stoppedOutcome ? stoppedOutcome.error : "not followed"}`,
    skipped: outcomes.filter((each) => "result" in each && each.result.status === "skipped").length,
    enqueued: schedulers.map((each) => each.lines.filter((line) => line.includes('"job-enqueued"')).length),
    lockLost: workerLines.filter((line) => line.includes('"job-lock-lost"')).length,
    recordedEarlier: outcomes.filter((each) => "result" in each && each.result.recorded_earlier).length,
    longestPauseMs: workerLines.some((line) => line.includes('"event_loop_pause_ms"'))
      ? Math.max(...workerLines.map((line) => Number(/"event_loop_pause_ms":(\d+)/.exec(line)?.[1] ?? 0)))
      : undefined,
    seconds,
  };
  if (values.logs)
    writeFileSync(
      path.join(values.logs, `dispatch-${history}.json`),
      `${JSON.stringify({ figures, outcomes, runs }, null, 2)}\n`,
    );
  await stopAll([...schedulers, ...workers].map((each) => each.child));
  await client.obliterate();
  await client.close();
  rmSync(root, { recursive: true, force: true });
  await dropDatabase();
  return figures;
}

try {
  if (!values["skip-dispatch"]) {
    const count = Number(values.jobs);
    for (const history of values.history.split(",") as ("sqlite" | "postgres")[]) {
      const figures = await dispatch(count, history);
      lines.push(
        `dispatch, history in ${history === "postgres" ? "PostgreSQL" : "SQLite"}: ${count} due report jobs, 2 schedulers (enqueued ${figures.enqueued.join(" + ")}), 3 workers (3 s lock), worker pid ${figures.killedPid} killed mid-run`,
        `  lost ${figures.lost}, run twice ${figures.twice}, failed on the queue ${figures.failed}, reported skipped ${figures.skipped}; the killed job (${figures.killedId}) finished by ${figures.finishedBy}; ${figures.seconds.toFixed(0)} s from the kill to the last result`,
        `  worker pid ${figures.stoppedPid} stopped 10 s mid-run (past its lock): its job (${figures.stoppedId}) ${figures.stoppedOutcome}`,
        `  interrupted runs recorded ${figures.interrupted}; ${figures.longestPauseMs === undefined ? "lost locks and pauses not logged by this build" : `locks lost to a paused event loop ${figures.lockLost} (longest pause ${(figures.longestPauseMs / 1000).toFixed(1)} s)`}, slots given back from the history ${figures.recordedEarlier}`,
      );
    }
    lines.push(
      "  today (no queue): one `schedule` process runs every job itself; a second scheduler on another machine runs each again (the job lock is per host)",
    );
  }

  if (!values["skip-throughput"]) {
    const runs = Number(values.runs);
    const rows: string[] = [];
    // Today's: one `report run` process per run, one after another.
    {
      const root = workspaceCopy(true);
      const jobs = throughputJobs(root, runs);
      const started = Date.now();
      const statuses: string[] = [];
      for (const job of jobs) {
        const child = spawn(process.execPath, [CLI, "report", "run", job, "-w", root, "--json"], {
          env: { ...process.env, ...environment, NO_COLOR: "1" },
          stdio: ["ignore", "pipe", "ignore"],
        });
        let stdout = "";
        child.stdout.on("data", (chunk) => (stdout += chunk));
        await new Promise((resolve) => child.on("close", resolve));
        try {
          statuses.push((JSON.parse(stdout) as { status: string }).status);
        } catch {
          statuses.push("no JSON");
        }
      }
      const minutes = (Date.now() - started) / 60_000;
      rows.push(
        `  today: \`report run\` per run, sequential   ${(runs / minutes).toFixed(1)} jobs/min  (${statuses.join(",")})`,
      );
      rmSync(root, { recursive: true, force: true });
    }
    for (const count of values.workers.split(",").map(Number)) {
      const root = workspaceCopy(true);
      const jobs = throughputJobs(root, runs);
      const prefix = scratchPrefix(`bench-throughput-${count}`);
      const workers = Array.from({ length: count }, () =>
        start(["worker", "--queue", url, "-w", root, "--json"], prefix),
      );
      await Promise.all(workers.map((each) => each.started));
      const client = await QueueClient.connect(queueSettings(url, { prefix }));
      const base = Date.UTC(2024, 0, 1);
      const started = Date.now();
      const ids: string[] = [];
      for (const [index, job] of jobs.entries())
        ids.push(await client.enqueueReport(job, new Date(base + index * 60_000)));
      const results = await Promise.all(ids.map((id) => client.followReport(id)));
      const minutes = (Date.now() - started) / 60_000;
      rows.push(
        `  ${count} warm worker${count === 1 ? " " : "s"}                           ${(runs / minutes).toFixed(1)} jobs/min  (${results.map((each) => each.status).join(",")})`,
      );
      await stopAll(workers.map((each) => each.child));
      await client.obliterate();
      await client.close();
      rmSync(root, { recursive: true, force: true });
    }
    lines.push(
      `throughput: ${runs} runs of the demo report jobs (${DEMO_JOBS.join(", ")} in turn, each run a copy under its own name)`,
      ...rows,
    );
  }
} finally {
  await stopAll(children);
  await portal.close();
  await tickets.close();
}
