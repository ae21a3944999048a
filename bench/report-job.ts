// Benchmark: one report job of six questions (one process, one shared browser and BI sessions)
// against the same six questions asked one by one as separate processes
// (`node dist/bin/triangulate.js ask …`), over the demo BI portal and ticket server.
//   npm run build && npx tsx bench/report-job.ts [--rounds 2]
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startBiPortal } from "../demo/bi-portal/bi-portal-server.js";
import { startTicketServer } from "../demo/ticket-server/ticket-server.js";

const QUESTIONS = [
  "Compare product A's return rate in East China in January 2024 with product B's in North China for the same month, and relate it to logistics-provider changes in both regions.",
  "What was the return rate of product A in East China in February 2024?",
  "How many service complaints per category were there in each quarter of 2023?",
  "How did the VIP repurchase rate change by quarter in 2023?",
  "Which logistics provider changes happened in East China in January 2024?",
  "对比A产品在华东区2024年1月的退货率与B产品在华北区同期的退货率，并结合两地物流服务商变更记录分析可能原因。",
];
const AS_OF = "2024-03-01";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "1" } } });
const rounds = Math.max(1, Number(values.rounds) || 1);
const cli = path.resolve("dist/bin/triangulate.js");
if (!existsSync(cli)) {
  process.stderr.write("dist/bin/triangulate.js is missing: run `npm run build` first\n");
  process.exit(1);
}

function run(
  args: string[],
  environment: NodeJS.ProcessEnv,
): Promise<{ ms: number; code: number | null; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: environment,
      stdio: ["ignore", "pipe", "ignore"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.on("exit", (code) => resolve({ ms: performance.now() - started, code, stdout }));
  });
}

const portal = await startBiPortal({ port: 0 });
const tickets = await startTicketServer({ port: 0 });
const root = mkdtempSync(path.join(tmpdir(), "triangulate-bench-job-"));
try {
  for (const entry of ["triangulate.yaml", "data"])
    cpSync(path.resolve("demo/workspace", entry), path.join(root, entry), { recursive: true });
  cpSync(path.resolve("demo/workspace/jobs"), path.join(root, "jobs"), { recursive: true });
  writeFileSync(
    path.join(root, "jobs/bench-six.yaml"),
    `name: bench-six\nas_of: "${AS_OF}"\nquestions:\n${QUESTIONS.map((question, index) => `  - id: q${index + 1}\n    question: ${JSON.stringify(question)}\n`).join("")}outputs: { directory: reports, formats: [markdown, html, json] }\n`,
  );
  const environment = {
    ...process.env,
    NO_COLOR: "1",
    TRIANGULATE_BI_URL: portal.url,
    TRIANGULATE_TICKETS_URL: tickets.url,
  };
  const sessions = path.join(root, ".triangulate/sessions");
  const rows: string[][] = [];
  for (let round = 1; round <= rounds; round += 1) {
    // Each phase starts cold: no saved BI session from the other phase.
    rmSync(sessions, { recursive: true, force: true });
    let logins = portal.loginCount();
    const separate: number[] = [];
    const statuses: string[] = [];
    for (const question of QUESTIONS) {
      const result = await run(
        ["ask", question, "--workspace", root, "--as-of", AS_OF, "--json"],
        environment,
      );
      separate.push(result.ms);
      statuses.push(String(result.code));
    }
    const separateLogins = portal.loginCount() - logins;
    rmSync(sessions, { recursive: true, force: true });
    logins = portal.loginCount();
    const job = await run(["report", "run", "bench-six", "--workspace", root, "--json"], environment);
    const jobLogins = portal.loginCount() - logins;
    const summary = JSON.parse(job.stdout) as {
      status: string;
      questions: { id: string; status: string; duration_ms: number }[];
    };
    const sum = separate.reduce((total, ms) => total + ms, 0);
    process.stdout.write(`\nround ${round}: six questions, as of ${AS_OF}\n`);
    process.stdout.write(
      `${"question".padEnd(6)}  ${"separate process".padStart(16)}  ${"inside the job".padStart(14)}  exit/status\n`,
    );
    QUESTIONS.forEach((_, index) => {
      const inJob = summary.questions[index];
      process.stdout.write(
        `${`q${index + 1}`.padEnd(6)}  ${`${(separate[index] / 1000).toFixed(1)} s`.padStart(16)}  ${`${(inJob.duration_ms / 1000).toFixed(1)} s`.padStart(14)}  ${statuses[index]}/${inJob.status}\n`,
      );
    });
    process.stdout.write(
      `${"total".padEnd(6)}  ${`${(sum / 1000).toFixed(1)} s`.padStart(16)}  ${`${(job.ms / 1000).toFixed(1)} s`.padStart(14)}  (job wall time incl. process start; exit ${job.code}, ${summary.status})\n`,
    );
    process.stdout.write(`BI logins: ${separateLogins} (separate) vs ${jobLogins} (job)\n`);
    process.stdout.write(
      `ratio job / separate: ${(job.ms / sum).toFixed(2)} (${(sum / job.ms).toFixed(1)}× faster)\n`,
    );
    rows.push([
      String(round),
      (sum / 1000).toFixed(1),
      (job.ms / 1000).toFixed(1),
      (job.ms / sum).toFixed(2),
    ]);
  }
  if (rounds > 1) {
    process.stdout.write("\nround  separate (s)  job (s)  ratio\n");
    for (const row of rows)
      process.stdout.write(
        `${row[0].padEnd(5)}  ${row[1].padStart(12)}  ${row[2].padStart(7)}  ${row[3].padStart(5)}\n`,
      );
  }
} finally {
  await portal.close();
  await tickets.close();
  rmSync(root, { recursive: true, force: true });
}
