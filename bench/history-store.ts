// What the shared history costs: the write latency of one report-job run (start + finish with its
// questions and numbers, the two writes a run makes) in SQLite (WAL, the one-machine default) and
// in PostgreSQL (a server on loopback: `.ci/start-postgres`, or TRIANGULATE_POSTGRES_URL), and the
// memory of an idle worker-like process (Node with the workspace loaded and the history open).
//
//   npx tsx bench/history-store.ts [runs=200] [numbers per question=10]
//
// Loopback is the best case for a server: across a network, add one round trip per statement
// (a finished run is 5 statements in one transaction, a started one 1).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { HistoryStore } from "../jobs/history-store.js";
import { PostgresHistoryStore } from "../jobs/postgres-history-store.js";
import { SqliteHistoryStore } from "../jobs/sqlite-history-store.js";
import { createTestDatabase, findRealPostgres } from "../test/support/jobs/real-postgres.js";

const runs = Number(process.argv[2] ?? 200);
const numbersPerQuestion = Number(process.argv[3] ?? 10);

async function writeRuns(history: HistoryStore, job: string): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    const runId = await history.startRun({
      job,
      asOf: "2024-01-31",
      startedAt: new Date(),
      questionsTotal: 2,
    });
    await history.finishRun(runId, {
      status: "answered",
      finishedAt: new Date(),
      durationMs: 1000,
      exitCode: 0,
      reportFiles: [`reports/${job}-${index}.md`, `reports/${job}-${index}.html`],
      questions: ["compare", "trend"].map((question) => ({
        question_id: question,
        question: `${question} of run ${index}`,
        status: "answered" as const,
        duration_ms: 900,
        run_directory: `/shared/runs/20240131T000000Z-${index}`,
        numbers: Array.from({ length: numbersPerQuestion }, (_, number) => ({
          metric: "return_rate",
          key: `return_rate{run=${index},n=${number}}`,
          keys: { n: String(number) },
          value: number / 10,
          unit: "percent",
          source: "exports",
        })),
      })),
    });
    // What the next run reads before it writes: the previous run's numbers.
    const previous = await history.previousFinishedRun(job, runId);
    if (previous) await history.numbers(previous.id);
    durations.push(performance.now() - started);
  }
  return durations;
}

const percentile = (values: number[], share: number) =>
  [...values].sort((left, right) => left - right)[
    Math.min(values.length - 1, Math.floor(values.length * share))
  ];
const describe = (values: number[]) =>
  `median ${percentile(values, 0.5).toFixed(2)} ms, p95 ${percentile(values, 0.95).toFixed(2)} ms`;

const folder = mkdtempSync(path.join(tmpdir(), "triangulate-history-bench-"));
try {
  const sqlite = new SqliteHistoryStore(path.join(folder, "history.sqlite"));
  const sqliteTimes = await writeRuns(sqlite, "bench");
  await sqlite.close();
  console.log(
    `one run (start + finish, 2 questions × ${numbersPerQuestion} numbers, read of the previous run), ${runs} runs:`,
  );
  console.log(`  SQLite (WAL, synchronous=NORMAL, local disk): ${describe(sqliteTimes)}`);

  const found = await findRealPostgres();
  if ("url" in found) {
    const database = await createTestDatabase(found.url);
    try {
      const postgres = await PostgresHistoryStore.connect(database.url);
      const postgresTimes = await writeRuns(postgres, "bench");
      await postgres.close();
      console.log(`  PostgreSQL (loopback, one session):          ${describe(postgresTimes)}`);
      console.log(
        `  ratio of medians PostgreSQL / SQLite: ${(percentile(postgresTimes, 0.5) / percentile(sqliteTimes, 0.5)).toFixed(1)}×`,
      );
    } finally {
      await database.drop();
    }
  } else console.log(`  PostgreSQL: not measured (${found.reason})`);

  // An idle worker-like process: Node, the workspace loaded, the history open, nothing running. A copy
  // of the demo workspace, so the SQLite history it opens is the copy's.
  const workspaceFolder = path.join(folder, "workspace");
  cpSync(path.resolve("demo/workspace"), workspaceFolder, { recursive: true });
  const idle = (store: "sqlite" | "postgres") => {
    const script = `
      const { loadWorkspace } = await import(${JSON.stringify(path.resolve("config/load-workspace.ts"))});
      const { openHistory } = await import(${JSON.stringify(path.resolve("jobs/open-history.ts"))});
      const workspace = loadWorkspace(${JSON.stringify(workspaceFolder)}, { environment: process.env });
      if (process.env.BENCH_STORE === "postgres")
        Object.assign(workspace.config, { history: { store: "postgres", url: process.env.BENCH_URL } });
      const history = await openHistory(workspace);
      await history.listRuns({ limit: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      globalThis.gc?.();
      process.stdout.write(String(process.memoryUsage().rss));
      await history.close();`;
    const result = spawnSync(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", script],
      {
        env: {
          ...process.env,
          BENCH_STORE: store,
          BENCH_URL: "url" in found ? found.url : "",
        },
        encoding: "utf8",
      },
    );
    if (result.status !== 0) return `failed: ${result.stderr.slice(0, 300)}`;
    return `${(Number(result.stdout) / 1024 / 1024).toFixed(0)} MB`;
  };
  console.log(
    "idle worker-like process (Node 20 + tsx, a copy of the demo workspace loaded, history open), RSS:",
  );
  console.log(`  with the SQLite history:     ${idle("sqlite")}`);
  if ("url" in found) console.log(`  with the PostgreSQL history: ${idle("postgres")}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
