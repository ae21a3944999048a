// Report jobs on the queue (issue 27.1), with real processes: Redis (.ci/start-redis), the built
// CLI's `worker` and `schedule --queue`, the demo BI portal and ticket server on loopback.
//
// 1. Dispatch: N report jobs (one question each) due at the same cron second; two schedulers race
//    to enqueue them and three workers run them; the first worker to start a report is killed with
//    SIGKILL. Counted from the workspace's run history: jobs lost (no answered run), jobs run twice
//    (more than one answered run), and whether the killed job was finished by another worker.
// 2. Throughput: R runs of the demo's report jobs with 1, 2 and 4 warm workers (jobs per minute,
//    from the first enqueue to the last result), beside today's: one `report run` process per run,
//    one after another.
//
//   .ci/start-redis && npm run build && npx tsx bench/queue-report-jobs.ts [--jobs 50] [--runs 6] [--workers 1,2,4]
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadWorkspace } from "../config/load-workspace.js";
import { startBiPortal } from "../demo/bi-portal/bi-portal-server.js";
import { startTicketServer } from "../demo/ticket-server/ticket-server.js";
import { listJobRuns } from "../jobs/open-history.js";
import { writeDueJobs } from "../test/support/due-report-jobs.js";
import { findRealRedis, scratchPrefix } from "../test/support/real-redis.js";
import { CLI } from "../test/support/run-cli.js";
import { QueueClient } from "../workers/queue-client.js";
import { queueSettings } from "../workers/queue-connection.js";
import { reportRunId } from "../workers/queue-jobs.js";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "50" },
    runs: { type: "string", default: "6" },
    workers: { type: "string", default: "1,2,4" },
    "skip-dispatch": { type: "boolean", default: false },
    "skip-throughput": { type: "boolean", default: false },
    logs: { type: "string" },
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
): { child: ChildProcess; lines: string[]; started: Promise<void> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...environment, NO_COLOR: "1", TRIANGULATE_QUEUE_PREFIX: prefix },
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

const lines = {
  push: (...text: string[]) => process.stdout.write(`${text.join("\n")}\n`),
};
try {
  if (!values["skip-dispatch"]) {
    const count = Number(values.jobs);
    const root = workspaceCopy(false);
    const prefix = scratchPrefix("bench-dispatch");
    const workers = [0, 1, 2].map(() =>
      start(
        [
          "worker",
          "--queue",
          url,
          "-w",
          root,
          "--json",
          "--lock-seconds",
          "3",
          "--stalled-check-seconds",
          "1",
        ],
        prefix,
      ),
    );
    await Promise.all(workers.map((each) => each.started));
    const names = Array.from({ length: count }, (_, index) => `due-${String(index + 1).padStart(2, "0")}`);
    // Not due before the schedulers are up (a year off), then due 15 s after they reloaded.
    writeDueJobs(root, names, new Date(Date.now() - 3_600_000), QUESTION);
    const schedulers = [0, 1].map(() => start(["schedule", "--queue", url, "-w", root, "--json"], prefix));
    await Promise.all(schedulers.map((each) => each.started));
    const slot = new Date(Math.ceil((Date.now() + 15_000) / 1000) * 1000);
    writeDueJobs(root, names, slot, QUESTION);
    for (const scheduler of schedulers) scheduler.child.kill("SIGHUP");
    process.stderr.write(`… dispatch: ${count} jobs due at ${slot.toISOString()}, 2 schedulers, 3 workers\n`);
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
    const client = await QueueClient.connect(queueSettings(url, { prefix }));
    const outcomes = await Promise.all(
      names.map((name) =>
        client.followReport(reportRunId(name, slot)).then(
          (result) => ({ name, result }),
          (error: Error) => ({ name, error: error.message }),
        ),
      ),
    );
    const seconds = (Date.now() - started) / 1000 + 1;
    const workspace = loadWorkspace(root, { environment: { ...process.env, ...environment } });
    let lost = 0;
    let twice = 0;
    let interrupted = 0;
    const history: Record<string, unknown> = {};
    for (const name of names) {
      const runs = await listJobRuns(workspace, { job: name });
      history[name] = runs;
      const answered = runs.filter((run) => run.status === "answered" || run.status === "partial").length;
      interrupted += runs.filter((run) => run.status === "interrupted" || run.status === "running").length;
      if (answered === 0) lost += 1;
      if (answered > 1) twice += 1;
    }
    const killedPid = workers[killed.index].child.pid;
    const retried = outcomes.find((each) => reportRunId(each.name, slot) === killed.id);
    const finishedBy = retried && "result" in retried ? retried.result.worker : "not finished";
    const enqueued = schedulers.map(
      (each) => each.lines.filter((line) => line.includes('"job-enqueued"')).length,
    );
    if (values.logs)
      writeFileSync(path.join(values.logs, "history.json"), `${JSON.stringify({ outcomes, history }, null, 2)}\n`);
    await stopAll([...schedulers, ...workers].map((each) => each.child));
    await client.obliterate();
    await client.close();
    rmSync(root, { recursive: true, force: true });
    lines.push(
      `dispatch: ${count} due report jobs, 2 schedulers (enqueued ${enqueued.join(" + ")}), 3 workers, worker pid ${killedPid} killed mid-run`,
      `  lost ${lost}, run twice ${twice}, interrupted runs recorded ${interrupted}; the killed job (${killed.id}) finished by ${finishedBy}; ${seconds.toFixed(0)} s from the kill to the last result`,
      `  today (no queue): one \`schedule\` process runs every job itself; a second scheduler on another machine runs each again (the job lock is per host)`,
    );
  }

  if (!values["skip-throughput"]) {
    const runs = Number(values.runs);
    const rows: string[] = [];
    // Today's: one `report run` process per run, one after another.
    {
      const root = workspaceCopy(true);
      const started = Date.now();
      const statuses: string[] = [];
      for (let index = 0; index < runs; index += 1) {
        const job = DEMO_JOBS[index % DEMO_JOBS.length];
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
      const prefix = scratchPrefix(`bench-throughput-${count}`);
      const workers = Array.from({ length: count }, () =>
        start(["worker", "--queue", url, "-w", root, "--json"], prefix),
      );
      await Promise.all(workers.map((each) => each.started));
      const client = await QueueClient.connect(queueSettings(url, { prefix }));
      const base = Date.UTC(2024, 0, 1);
      const started = Date.now();
      const ids: string[] = [];
      for (let index = 0; index < runs; index += 1)
        ids.push(
          await client.enqueueReport(DEMO_JOBS[index % DEMO_JOBS.length], new Date(base + index * 60_000)),
        );
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
    lines.push(`throughput: ${runs} runs of the demo report jobs (${DEMO_JOBS.join(", ")} in turn)`, ...rows);
  }
} finally {
  await stopAll(children);
  await portal.close();
  await tickets.close();
}
