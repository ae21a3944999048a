// Load: N concurrent `node dist/bin/triangulate.js ask` processes (plus one report job at the
// largest N) against the demo sources, with the workspace's shared browser (the default) and with
// one browser per process (TRIANGULATE_SHARED_BROWSER=0). Measures peak total RSS (sampled sum over
// the ask processes, the report job, the shared browser server and every Chromium process below
// them; the demo servers in this process are not counted), the peak number of Chromium processes,
// p50/p95 wall time per ask, whether every answer equals the N=1 answer to the same question
// (status and numbers), and the Chromium processes left once the shared server's idle time passed.
// Mode `workers` (issue 27.1) sends the same asks (`ask --queue`) and the report job through two
// warm `triangulate worker` processes on a real Redis (.ci/start-redis; --concurrency per worker):
// its RSS counts the workers, their browser and the ask client processes. It also times each
// flagship question on a warm worker from an in-process client (no CLI start-up).
//
//   npm run build && npx tsx bench/concurrent-asks.ts [--n 1,5,20] [--modes shared,own,workers] [--no-job] [--concurrency 10]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_AS_OF, FLAGSHIP_QUESTIONS, startDemo } from "../demo/run-demo.js";
import type { Answer } from "../models/answer.js";
import { findRealRedis, scratchPrefix } from "../test/support/real-redis.js";
import { QueueClient } from "../workers/queue-client.js";
import { queueSettings } from "../workers/queue-connection.js";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "1,5,20" },
    modes: { type: "string", default: "shared,own" },
    "no-job": { type: "boolean", default: false },
    concurrency: { type: "string", default: "10" },
    /** A folder to keep each ask's JSON in (to read why an answer differs). */
    keep: { type: "string" },
  },
});
const sizes = values.n.split(",").map(Number);
const modes = values.modes.split(",") as ("shared" | "own" | "workers")[];
const binary = path.resolve("dist/bin/triangulate.js");
if (!existsSync(binary)) {
  process.stderr.write("dist/bin/triangulate.js is missing: run `npm run build` first\n");
  process.exit(1);
}
// The browser-bound flagship questions (BI dashboards and tickets), asked in turn.
const QUESTIONS = FLAGSHIP_QUESTIONS.filter((entry) => ["q1-zh", "q1-en", "q6"].includes(entry.id));
const IDLE_SECONDS = 3;

const demo = await startDemo({ onProgress: (message) => process.stderr.write(`… ${message}\n`) });
const stateBrowser = path.join(demo.directory, ".triangulate/browser");
mkdirSync(path.join(demo.directory, "jobs"), { recursive: true });
writeFileSync(
  path.join(demo.directory, "jobs/bench-load.yaml"),
  `name: bench-load\nas_of: "${DEMO_AS_OF}"\nquestions:\n${QUESTIONS.map((entry) => `  - id: ${entry.id}\n    question: ${JSON.stringify(entry.question)}\n`).join("")}outputs: { directory: reports, formats: [json] }\n`,
);

interface ProcessInfo {
  parent: number;
  command: string;
  /** The whole command line, to tell the kinds of process apart. */
  argv: string[];
  rssKb: number;
}

function processTable(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const rss = /VmRSS:\s+(\d+)\s+kB/.exec(status);
      const argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      table.set(Number(entry), {
        parent: Number(fields[1]),
        command: argv[0] ?? "",
        argv,
        rssKb: rss ? Number(rss[1]) : 0,
      });
    } catch {
      // Ended while read.
    }
  }
  return table;
}

/** Pids of the shared browser servers published in the demo workspace now. */
function publishedServers(): number[] {
  if (!existsSync(stateBrowser)) return [];
  const pids: number[] = [];
  for (const name of readdirSync(stateBrowser)) {
    if (!name.endsWith(".json")) continue;
    try {
      pids.push((JSON.parse(readFileSync(path.join(stateBrowser, name), "utf8")) as { pid: number }).pid);
    } catch {
      // Being written.
    }
  }
  return pids;
}

/** Everything below the given roots (the roots included). */
function tree(table: Map<number, ProcessInfo>, roots: Iterable<number>): Set<number> {
  const result = new Set<number>();
  const rootSet = new Set(roots);
  for (const pid of table.keys()) {
    for (let current: number | undefined = pid, hops = 0; current && hops < 64; hops += 1) {
      if (rootSet.has(current)) {
        result.add(pid);
        break;
      }
      current = table.get(current)?.parent;
    }
  }
  return result;
}

const isChromium = (command: string) => /chrom/i.test(command);

/**
 * What a process of the measured trees is: a Chromium process by its --type (no type: the browser
 * itself), a Node process by the triangulate command it runs.
 */
function processKind(info: ProcessInfo): string {
  if (info.command.endsWith("/sh") && isChromium(info.argv.join(" "))) return "chromium launcher (sh)";
  if (isChromium(info.command)) {
    // Chromium's child processes rewrite their command line as one space-separated string.
    const line = info.argv.join(" ");
    const type = /--type=(\S+)/.exec(line)?.[1];
    if (!type) return "chromium browser";
    const utility = /--utility-sub-type=(\S+)/.exec(line)?.[1];
    return `chromium ${type}${utility ? ` (${utility.split(".").pop()})` : ""}`;
  }
  const script = info.argv.slice(1).find((each) => !each.startsWith("-")) ?? "";
  if (script.endsWith("browser-server.js") || script.endsWith("browser-server.ts"))
    return "browser server (node)";
  const command = info.argv[info.argv.indexOf(script) + 1] ?? "";
  if (command === "worker") return "triangulate worker";
  if (command === "ask") return info.argv.includes("--queue") ? "ask --queue client" : "ask (local)";
  if (command === "report") return "report run (local)";
  return `other: ${info.argv.slice(0, 3).join(" ").slice(0, 60)}`;
}

/**
 * Count and memory of each kind of process in one sample: resident (RSS, which counts a page shared
 * by several processes in each of them, as the peak RSS does) and proportional (PSS, a shared page
 * divided among its processes: what the processes cost the machine together).
 */
type Composition = Map<string, { count: number; rssKb: number; pssKb: number }>;

/** Proportional set size of a process (kB), from /proc/<pid>/smaps_rollup; 0 when it ended. */
function proportionalKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

class Sampler {
  peakRssKb = 0;
  peakChromium = 0;
  /** The kinds of process at the sample of peak RSS. */
  peakComposition: Composition = new Map();
  /** The most Chromium browser processes (not renderers) seen at once. */
  peakBrowsers = 0;
  readonly servers = new Set<number>();
  private timer: NodeJS.Timeout;
  constructor(private readonly children: Set<number>) {
    this.timer = setInterval(() => this.sample(), 250);
  }
  sample(): void {
    const table = processTable();
    for (const pid of publishedServers()) this.servers.add(pid);
    const pids = tree(table, [...this.children, ...this.servers]);
    let rss = 0;
    let chromium = 0;
    const composition: Composition = new Map();
    for (const pid of pids) {
      const info = table.get(pid);
      if (!info) continue;
      rss += info.rssKb;
      if (isChromium(info.command)) chromium += 1;
      const kind = processKind(info);
      const entry = composition.get(kind) ?? { count: 0, rssKb: 0, pssKb: 0 };
      entry.count += 1;
      entry.rssKb += info.rssKb;
      composition.set(kind, entry);
    }
    if (rss > this.peakRssKb) {
      // Read only at a new peak: smaps_rollup walks every mapping of the process.
      for (const pid of pids) {
        const info = table.get(pid);
        const entry = info ? composition.get(processKind(info)) : undefined;
        if (entry) entry.pssKb += proportionalKb(pid);
      }
      this.peakComposition = composition;
    }
    this.peakRssKb = Math.max(this.peakRssKb, rss);
    this.peakChromium = Math.max(this.peakChromium, chromium);
    this.peakBrowsers = Math.max(this.peakBrowsers, composition.get("chromium browser")?.count ?? 0);
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

interface AskResult {
  question: string;
  wallMs: number;
  exitCode: number;
  fingerprint: string;
}

function run(args: string[], environment: NodeJS.ProcessEnv, children: Set<number>) {
  const started = performance.now();
  const child = spawn(process.execPath, [binary, ...args], {
    env: environment,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid) children.add(child.pid);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
  return new Promise<{ wallMs: number; exitCode: number; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ wallMs: performance.now() - started, exitCode: code ?? -1, stdout, stderr });
    }),
  );
}

function fingerprint(stdout: string): string {
  try {
    const answer = (JSON.parse(stdout) as { answer: Answer }).answer;
    const numbers = answer.numbers.map((each) => each.value).sort((left, right) => left - right);
    return `${answer.status}|${numbers.join(",")}|${answer.gaps.map((gap) => gap.missing.slice(0, 160)).join(" / ")}`;
  } catch {
    return "no JSON";
  }
}

const percentile = (numbers: number[], share: number) => {
  const sorted = [...numbers].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
};

async function waitForIdleServers(servers: Set<number>): Promise<number> {
  // The shared server closes IDLE_SECONDS after its last user; then nothing may be left.
  const until = Date.now() + (IDLE_SECONDS + 30) * 1000;
  while (Date.now() < until && [...servers].some((pid) => existsSync(`/proc/${pid}`)))
    await new Promise((resolve) => setTimeout(resolve, 200));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const table = processTable();
  return [...tree(table, servers)].filter((pid) => isChromium(table.get(pid)?.command ?? "")).length;
}

const baseline = new Map<string, string>();
const flagshipTimes: string[] = [];
interface Row {
  mode: string;
  n: number;
  job: boolean;
  peakGb: number;
  peakChromium: number;
  peakBrowsers: number;
  composition: Composition;
  p50: number;
  p95: number;
  correct: string;
  leftover: string;
}
const rows: Row[] = [];

try {
  for (const mode of modes) {
    const prefix = scratchPrefix("bench-asks");
    const environment = {
      ...process.env,
      ...demo.environment,
      NO_COLOR: "1",
      TRIANGULATE_SHARED_BROWSER: mode === "own" ? "0" : "1",
      TRIANGULATE_BROWSER_IDLE_SECONDS: String(IDLE_SECONDS),
      TRIANGULATE_QUEUE_PREFIX: prefix,
    };
    const warm = mode === "workers" ? await startWarmWorkers(environment) : undefined;
    for (const n of sizes) {
      const withJob = n === Math.max(...sizes) && n > 1 && !values["no-job"];
      process.stderr.write(`… ${mode}: ${n} concurrent ask${withJob ? " + a report job" : ""}\n`);
      const children = new Set<number>(warm?.pids ?? []);
      const sampler = new Sampler(children);
      const asks = Array.from(
        { length: n === 1 ? QUESTIONS.length : n },
        (_, index) => QUESTIONS[index % QUESTIONS.length],
      );
      // N=1: the questions one after another (the baseline answers); otherwise all at once.
      const results: AskResult[] = [];
      const ask = async (entry: (typeof QUESTIONS)[number]) => {
        const where = warm ? ["--queue", warm.url] : ["--workspace", demo.directory];
        const result = await run(
          ["ask", entry.question, ...where, "--as-of", DEMO_AS_OF, "--json"],
          environment,
          children,
        );
        if (result.exitCode !== 0 && result.exitCode !== 2)
          process.stderr.write(`ask ${entry.id} exit ${result.exitCode}: ${result.stderr.slice(0, 300)}\n`);
        if (values.keep) {
          mkdirSync(values.keep, { recursive: true });
          writeFileSync(
            path.join(values.keep, `${mode}-n${n}-${entry.id}-${results.length}.json`),
            result.stdout,
          );
        }
        results.push({
          question: entry.id,
          wallMs: result.wallMs,
          exitCode: result.exitCode,
          fingerprint: fingerprint(result.stdout),
        });
      };
      let jobStatus = "";
      if (n === 1) {
        for (const entry of asks) await ask(entry);
      } else {
        const job = !withJob
          ? Promise.resolve()
          : warm
            ? warm.client
                .enqueueReport("bench-load", new Date(Date.UTC(2024, 0, 1) + n * 60_000))
                .then((id) => warm.client.followReport(id))
                .then(
                  (result) => {
                    jobStatus = result.status;
                  },
                  (error: Error) => {
                    jobStatus = error.message;
                  },
                )
            : run(
                ["report", "run", "bench-load", "--workspace", demo.directory, "--json"],
                environment,
                children,
              ).then((result) => {
                try {
                  jobStatus = (JSON.parse(result.stdout) as { status: string }).status;
                } catch {
                  jobStatus = `exit ${result.exitCode}`;
                }
              });
        await Promise.all([...asks.map(ask), job]);
      }
      sampler.sample();
      sampler.stop();
      let correct = 0;
      for (const result of results) {
        if (!baseline.has(result.question)) baseline.set(result.question, result.fingerprint);
        // Status and numbers decide; the gaps are printed to say why an answer differs.
        const same = (each: string) => each.split("|").slice(0, 2).join("|");
        if (
          same(baseline.get(result.question) ?? "") === same(result.fingerprint) &&
          result.fingerprint !== "no JSON"
        )
          correct += 1;
        else
          process.stderr.write(
            `  differs: ${result.question} (exit ${result.exitCode}): ${result.fingerprint.slice(0, 400)}\n`,
          );
      }
      const leftover = mode === "shared" ? await waitForIdleServers(sampler.servers) : 0;
      const walls = results.map((each) => each.wallMs / 1000);
      rows.push({
        mode:
          mode === "shared"
            ? "shared browser"
            : mode === "workers"
              ? "2 warm workers (queue)"
              : "browser per process",
        n,
        job: withJob,
        peakGb: sampler.peakRssKb / 2 ** 20,
        peakChromium: sampler.peakChromium,
        peakBrowsers: sampler.peakBrowsers,
        composition: sampler.peakComposition,
        p50: percentile(walls, 0.5),
        p95: percentile(walls, 0.95),
        correct: `${correct}/${results.length}${withJob ? `, job ${jobStatus}` : ""}`,
        leftover: mode === "shared" ? `${leftover} (servers ${sampler.servers.size})` : "—",
      });
    }
    if (warm) await warm.stop();
  }
} finally {
  await demo.close();
}

/**
 * Two `triangulate worker` processes on a scratch queue prefix, warmed with one round of the
 * questions (not measured); then each flagship question is timed on them from an in-process client.
 */
async function startWarmWorkers(environment: NodeJS.ProcessEnv) {
  const found = await findRealRedis();
  if ("reason" in found) throw new Error(found.reason);
  const pids: number[] = [];
  const workers = [0, 1].map(() => {
    const child = spawn(
      process.execPath,
      [
        binary,
        "worker",
        "--queue",
        found.url,
        "-w",
        demo.directory,
        "--concurrency",
        values.concurrency,
        "--json",
      ],
      { env: environment, stdio: ["ignore", "ignore", "pipe"] },
    );
    if (child.pid) pids.push(child.pid);
    return new Promise<typeof child>((resolve) => {
      let text = "";
      child.stderr.on("data", (chunk) => {
        text += chunk;
        if (text.includes('"worker-started"')) resolve(child);
      });
    });
  });
  const children = await Promise.all(workers);
  const client = await QueueClient.connect(
    queueSettings(found.url, { prefix: environment.TRIANGULATE_QUEUE_PREFIX ?? "" }),
  );
  for (const entry of [...QUESTIONS, ...QUESTIONS]) await client.ask(entry.question, { asOf: DEMO_AS_OF });
  for (const entry of FLAGSHIP_QUESTIONS) {
    const started = performance.now();
    const result = await client.ask(entry.question, { asOf: DEMO_AS_OF });
    flagshipTimes.push(
      `${entry.id} ${((performance.now() - started) / 1000).toFixed(2)} s (${result.answer.status})`,
    );
  }
  return {
    url: found.url,
    pids,
    client,
    stop: async () => {
      await client.obliterate();
      await client.close();
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              child.once("close", () => resolve());
              child.kill("SIGTERM");
            }),
        ),
      );
    },
  };
}

const header = [
  "mode",
  "N asks",
  "peak RSS",
  "peak Chromium procs",
  "p50 / p95 per ask",
  "answers = N=1",
  "Chromium left after idle",
];
const lines = rows.map((row) => [
  row.mode,
  `${row.n}${row.job ? " + job" : ""}`,
  `${row.peakGb.toFixed(2)} GB`,
  String(row.peakChromium),
  `${row.p50.toFixed(1)} / ${row.p95.toFixed(1)} s`,
  row.correct,
  row.leftover,
]);
const widths = header.map((title, index) =>
  Math.max(title.length, ...lines.map((line) => line[index].length)),
);
const format = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index])).join("  ");
process.stdout.write(`\n${format(header)}\n${lines.map(format).join("\n")}\n`);
// What the peak is made of: each kind of process, how many, and their resident memory at the sample
// of peak RSS (shared pages are counted in every process that maps them, as RSS does).
for (const row of rows) {
  if (row.composition.size === 0) continue;
  process.stdout.write(
    `\npeak of ${row.mode}, N=${row.n}${row.job ? " + job" : ""} (${row.peakBrowsers} Chromium browser process(es) at most):\n`,
  );
  const kinds = [...row.composition.entries()].sort((left, right) => right[1].rssKb - left[1].rssKb);
  const gb = (kb: number) => `${(kb / 2 ** 20).toFixed(2)} GB`;
  process.stdout.write(`  ${"kind".padEnd(34)} ${"n".padStart(3)}   RSS each   RSS total   PSS total\n`);
  for (const [kind, entry] of kinds)
    process.stdout.write(
      `  ${kind.padEnd(34)} ${String(entry.count).padStart(3)} × ${`${(entry.rssKb / entry.count / 1024).toFixed(0)} MB`.padStart(7)}   ${gb(entry.rssKb).padStart(9)}   ${gb(entry.pssKb).padStart(9)}\n`,
    );
  const total = [...row.composition.values()].reduce(
    (sum, entry) => ({ rssKb: sum.rssKb + entry.rssKb, pssKb: sum.pssKb + entry.pssKb }),
    { rssKb: 0, pssKb: 0 },
  );
  process.stdout.write(
    `  ${"all".padEnd(34)} ${"".padStart(3)}   ${"".padStart(7)}   ${gb(total.rssKb).padStart(9)}   ${gb(total.pssKb).padStart(9)}\n`,
  );
}
for (const n of sizes) {
  const workers = rows.find((row) => row.n === n && row.mode.startsWith("2 warm"));
  const today = rows.find((row) => row.n === n && row.mode === "shared browser");
  if (workers && today)
    process.stdout.write(
      `N=${n}: workers / shared browser: RSS ${(workers.peakGb / today.peakGb).toFixed(2)}, p50 ${(workers.p50 / today.p50).toFixed(2)}, p95 ${(workers.p95 / today.p95).toFixed(2)}\n`,
    );
}
if (flagshipTimes.length > 0)
  process.stdout.write(
    `flagship questions on a warm worker (in-process client): ${flagshipTimes.join("; ")}\n`,
  );
for (const n of sizes) {
  const shared = rows.find((row) => row.n === n && row.mode === "shared browser");
  const own = rows.find((row) => row.n === n && row.mode === "browser per process");
  if (shared && own)
    process.stdout.write(
      `N=${n}: shared / per process: RSS ${(shared.peakGb / own.peakGb).toFixed(2)}, Chromium processes ${shared.peakChromium} vs ${own.peakChromium}, p50 ${(shared.p50 / own.p50).toFixed(2)}\n`,
    );
}
process.stdout.write(
  `(N=1: the ${QUESTIONS.length} questions ${QUESTIONS.map((entry) => entry.id).join(", ")} one after another; N>1: those questions in turn, all at once)\n`,
);
