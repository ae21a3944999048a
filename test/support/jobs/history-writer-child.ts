// A second process on the same history store, for the history tests: the real stores, opened from
// HISTORY_URL (PostgreSQL) or HISTORY_FILE (SQLite). Usage: tsx history-writer-child.ts <mode> <job> [count]
//   write          records <count> finished runs of <job>, each with two questions and three numbers
//   start-and-exit starts a run of <job> and exits without finishing it or closing the store (a crash)
//   hold-lock      takes <job>'s lock, prints "locked", and holds it until killed
import type { HistoryStore } from "../../../jobs/history-store.js";
import { PostgresHistoryStore } from "../../../jobs/postgres-history-store.js";
import { SqliteHistoryStore } from "../../../jobs/sqlite-history-store.js";

const [mode, job, count] = process.argv.slice(2);
const history: HistoryStore = process.env.HISTORY_URL
  ? await PostgresHistoryStore.connect(process.env.HISTORY_URL)
  : new SqliteHistoryStore(String(process.env.HISTORY_FILE));

if (mode === "write") {
  for (let index = 0; index < Number(count); index += 1) {
    const runId = await history.startRun({
      job,
      asOf: "2024-01-31",
      startedAt: new Date(),
      questionsTotal: 2,
    });
    await history.finishRun(runId, {
      status: "answered",
      finishedAt: new Date(),
      durationMs: 5,
      exitCode: 0,
      reportFiles: [`reports/${job}-${index}.md`],
      questions: ["first", "second"].map((question) => ({
        question_id: question,
        question: `${question} question of ${job} run ${index}`,
        status: "answered" as const,
        duration_ms: 1,
        numbers: [1, 2, 3].map((value) => ({
          metric: "return_rate",
          key: `return_rate{run=${index},question=${question},n=${value}}`,
          keys: { run: String(index), n: String(value) },
          value: index * 10 + value,
          source: "exports",
        })),
      })),
    });
  }
  await history.close();
  process.stdout.write("written\n");
} else if (mode === "start-and-exit") {
  const runId = await history.startRun({ job, asOf: "2024-01-31", startedAt: new Date(), questionsTotal: 1 });
  process.stdout.write(`${runId}\n`);
  process.exit(0);
} else if (mode === "hold-lock") {
  await history.lockJob(job);
  process.stdout.write("locked\n");
  setInterval(() => undefined, 60_000);
} else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}
