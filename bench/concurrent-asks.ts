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
// Mode `serve` sends the same asks through one `triangulate serve --queue` in front of the same two
// warm workers, each from a light `ask --server` client (HTTP, no BullMQ): its RSS counts the
// workers, their browser, the server and the clients.
// For each row it prints what the peak is made of: every kind of process (worker, ask client,
// browser server, Chromium browser / renderer / GPU / …), how many, their RSS and PSS at the peak,
// and the CPU seconds each kind used over the row (the work, whatever else loads the machine).
//
// `--baseline <dist folder>` (dist/ built from the code before a change, inside a copy of that
// code's tree, which its answer templates are read from, itself inside this folder so that it finds
// node_modules: e.g. `.baseline/dist`, docs/deployment.md) adds the mode `workers` run with that
// build first: before and after in one run, on the same demo servers.
//
//   npm run build && npx tsx bench/concurrent-asks.ts [--n 1,5,20] [--modes shared,own,workers,serve] [--no-job] [--concurrency 10] [--bi-concurrency 4] [--keep <folder>] [--baseline <dist folder>]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
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
    /**
     * The BI sources' `concurrency` in the demo copy (default: the demo's own, 4). A warm worker's
     * renderer processes are at most workers × BI sources × this, whatever the number of questions.
     */
    "bi-concurrency": { type: "string" },
    /** dist/ of the code before a change: `workers` runs with it first, labelled "before". */
    baseline: { type: "string" },
  },
});
const sizes = values.n.split(",").map(Number);
type Mode = "shared" | "own" | "workers" | "workers-before" | "serve";
const requestedModes = values.modes.split(",") as Mode[];
// The baseline build runs right before this one, in the same run.
const modes = values.baseline
  ? requestedModes.flatMap((mode): Mode[] => (mode === "workers" ? ["workers-before", "workers"] : [mode]))
  : requestedModes;
const currentBinary = path.resolve("dist/bin/triangulate.js");
const baselineBinary = values.baseline ? path.resolve(values.baseline, "bin/triangulate.js") : undefined;
for (const file of [currentBinary, baselineBinary])
  if (file && !existsSync(file)) {
    process.stderr.write(`${file} is missing: run \`npm run build\` first\n`);
    process.exit(1);
  }
/** The build the mode being measured runs. */
let binary = currentBinary;
// The browser-bound flagship questions (BI dashboards and tickets), asked in turn.
const QUESTIONS = FLAGSHIP_QUESTIONS.filter((entry) => ["q1-zh", "q1-en", "q6"].includes(entry.id));
const IDLE_SECONDS = 3;

const demo = await startDemo({ onProgress: (message) => process.stderr.write(`… ${message}\n`) });
const stateBrowser = path.join(demo.directory, ".triangulate/browser");
if (values["bi-concurrency"]) {
  const file = path.join(demo.directory, "triangulate.yaml");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(
      /^( +)kind: bi_dashboard\n/gm,
      (line, indent: string) => `${line}${indent}concurrency: ${Number(values["bi-concurrency"])}\n`,
    ),
  );
}
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
  /** CPU time used so far (user + system), in clock ticks. */
  cpuTicks: number;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Every process now. Read asynchronously (libuv's thread pool), so sampling never blocks this
 * process's event loop: the demo's BI portal and ticket server answer from it, and a blocked loop
 * would show up as slow dashboards and timed-out answers.
 */
async function processTable(): Promise<Map<number, ProcessInfo>> {
  const table = new Map<number, ProcessInfo>();
  const entries = (await readdir("/proc")).filter((entry) => /^\d+$/.test(entry));
  await Promise.all(
    entries.map(async (entry) => {
      try {
        const [stat, status, cmdline] = await Promise.all(
          ["stat", "status", "cmdline"].map((file) => readFile(`/proc/${entry}/${file}`, "utf8")),
        );
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const rss = /VmRSS:\s+(\d+)\s+kB/.exec(status);
        const argv = cmdline.split("\0");
        table.set(Number(entry), {
          parent: Number(fields[1]),
          command: argv[0] ?? "",
          argv,
          rssKb: rss ? Number(rss[1]) : 0,
          // utime and stime: fields 14 and 15 of stat, counted from the state (field 3).
          cpuTicks: Number(fields[11]) + Number(fields[12]),
        });
      } catch {
        // Ended while read.
      }
    }),
  );
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
  if (command === "serve") return "triangulate serve";
  if (command === "ask")
    return info.argv.includes("--queue")
      ? "ask --queue client"
      : info.argv.includes("--server")
        ? "ask --server client"
        : "ask (local)";
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
async function proportionalKb(pid: number): Promise<number> {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
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
  private first = true;
  private readonly cpuAtStart = new Map<number, number>();
  private readonly cpuLast = new Map<number, { kind: string; ticks: number }>();
  /** The sample being taken: one at a time, however slowly /proc answers. */
  private sampling: Promise<void> | undefined;
  constructor(private readonly children: Set<number>) {
    this.timer = setInterval(() => {
      this.sampling ??= this.sample().finally(() => {
        this.sampling = undefined;
      });
    }, 250);
  }
  async sample(): Promise<void> {
    const table = await processTable();
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
      await Promise.all(
        [...pids].map(async (pid) => {
          const info = table.get(pid);
          const entry = info ? composition.get(processKind(info)) : undefined;
          // Read first: `entry.pssKb += await …` would read the sum before the await and lose
          // the other processes' shares added meanwhile.
          const proportional = await proportionalKb(pid);
          if (entry) entry.pssKb += proportional;
        }),
      );
      this.peakComposition = composition;
    }
    this.peakRssKb = Math.max(this.peakRssKb, rss);
    this.peakChromium = Math.max(this.peakChromium, chromium);
    this.peakBrowsers = Math.max(this.peakBrowsers, composition.get("chromium browser")?.count ?? 0);
    for (const pid of pids) {
      const info = table.get(pid);
      if (!info) continue;
      // A process alive at the first sample (a warm worker, the browser) counts from then on.
      if (this.first) this.cpuAtStart.set(pid, info.cpuTicks);
      // An ending process (a zombie) has no command line left: it keeps the kind it was seen as.
      const known = this.cpuLast.get(pid)?.kind;
      const kind = known && !known.startsWith("other") ? known : processKind(info);
      this.cpuLast.set(pid, { kind, ticks: info.cpuTicks });
    }
    this.first = false;
  }

  /**
   * CPU seconds each kind of process used during the measurement, from the last sample of each
   * process (a process that ended between samples loses at most its last 250 ms). Unlike wall
   * times, this does not depend on what else the machine runs: the work the asks cost.
   */
  cpuSeconds(): Map<string, number> {
    const result = new Map<string, number>();
    for (const [pid, last] of this.cpuLast)
      result.set(
        last.kind,
        (result.get(last.kind) ?? 0) + (last.ticks - (this.cpuAtStart.get(pid) ?? 0)) / TICKS_PER_SECOND,
      );
    return result;
  }
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sampling;
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
  const table = await processTable();
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
  /** CPU seconds per kind of process over the measurement. */
  cpu: Map<string, number>;
  p50: number;
  p95: number;
  correct: string;
  leftover: string;
}
const rows: Row[] = [];

try {
  for (const mode of modes) {
    binary = mode === "workers-before" && baselineBinary ? baselineBinary : currentBinary;
    const prefix = scratchPrefix("bench-asks");
    const environment = {
      ...process.env,
      ...demo.environment,
      NO_COLOR: "1",
      TRIANGULATE_SHARED_BROWSER: mode === "own" ? "0" : "1",
      TRIANGULATE_BROWSER_IDLE_SECONDS: String(IDLE_SECONDS),
      TRIANGULATE_QUEUE_PREFIX: prefix,
    };
    const warm =
      mode.startsWith("workers") || mode === "serve" ? await startWarmWorkers(environment, mode) : undefined;
    const served = mode === "serve" && warm ? await startServe(environment, warm.url) : undefined;
    if (served) warm?.pids.push(served.pid);
    for (const n of sizes) {
      const withJob = n === Math.max(...sizes) && n > 1 && !values["no-job"];
      process.stderr.write(`… ${mode}: ${n} concurrent ask${withJob ? " + a report job" : ""}\n`);
      const children = new Set<number>(warm?.pids ?? []);
      const sampler = new Sampler(children);
      // The CPU times of the processes already running are read before any ask starts.
      await sampler.sample();
      const asks = Array.from(
        { length: n === 1 ? QUESTIONS.length : n },
        (_, index) => QUESTIONS[index % QUESTIONS.length],
      );
      // N=1: the questions one after another (the baseline answers); otherwise all at once.
      const results: AskResult[] = [];
      const ask = async (entry: (typeof QUESTIONS)[number]) => {
        const where = served
          ? ["--server", served.url]
          : warm
            ? ["--queue", warm.url]
            : ["--workspace", demo.directory];
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
      await sampler.stop();
      await sampler.sample();
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
              : mode === "workers-before"
                ? "2 warm workers, before"
                : mode === "serve"
                  ? "2 warm workers behind serve"
                  : "browser per process",
        n,
        job: withJob,
        peakGb: sampler.peakRssKb / 2 ** 20,
        peakChromium: sampler.peakChromium,
        peakBrowsers: sampler.peakBrowsers,
        composition: sampler.peakComposition,
        cpu: sampler.cpuSeconds(),
        p50: percentile(walls, 0.5),
        p95: percentile(walls, 0.95),
        correct: `${correct}/${results.length}${withJob ? `, job ${jobStatus}` : ""}`,
        leftover: mode === "shared" ? `${leftover} (servers ${sampler.servers.size})` : "—",
      });
    }
    if (served) await served.stop();
    if (warm) {
      await warm.stop();
      // The next mode (another build) must start its own browser server, not reuse this one.
      await waitForIdleServers(new Set(publishedServers()));
    }
  }
} finally {
  await demo.close();
}

/**
 * Two `triangulate worker` processes on a scratch queue prefix, warmed with one round of the
 * questions (not measured); then each flagship question is timed on them from an in-process client.
 */
async function startWarmWorkers(environment: NodeJS.ProcessEnv, mode: string) {
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
  // The same workers as mode `workers`: their warm flagship times are that mode's.
  for (const entry of mode === "serve" ? [] : FLAGSHIP_QUESTIONS) {
    const started = performance.now();
    const result = await client.ask(entry.question, { asOf: DEMO_AS_OF });
    flagshipTimes.push(
      `${mode === "workers-before" ? "before " : ""}${entry.id} ${((performance.now() - started) / 1000).toFixed(2)} s (${result.answer.status})`,
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

/**
 * One `triangulate serve --queue` in front of the warm workers (asks answered on them, each
 * `ask --server` client a light HTTP client); its URL is read from its `--json` line.
 */
async function startServe(environment: NodeJS.ProcessEnv, queueUrl: string) {
  const child = spawn(
    process.execPath,
    [binary, "serve", "--queue", queueUrl, "-w", demo.directory, "--port", "0", "--json"],
    { env: environment, stdio: ["ignore", "pipe", "ignore"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
      const match = /"url":\s*"([^"]+)"/.exec(text);
      if (match) resolve(match[1]);
    });
    child.once("close", (code) =>
      reject(new Error(`triangulate serve ended (exit ${code}) before listening`)),
    );
  });
  return {
    url,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("close", () => resolve());
        child.kill("SIGTERM");
      }),
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
// What the peak is made of: each kind of process, how many, their memory at the sample of peak RSS
// (RSS counts a shared page in every process that maps it, as the peak RSS does; PSS divides it),
// and the CPU seconds each kind used over the whole measurement.
for (const row of rows) {
  if (row.composition.size === 0) continue;
  process.stdout.write(
    `\npeak of ${row.mode}, N=${row.n}${row.job ? " + job" : ""} (${row.peakBrowsers} Chromium browser process(es) at most):\n`,
  );
  const gb = (kb: number) => `${(kb / 2 ** 20).toFixed(2)} GB`;
  const empty = { count: 0, rssKb: 0, pssKb: 0 };
  const kinds = [...new Set([...row.composition.keys(), ...row.cpu.keys()])].sort(
    (left, right) => (row.composition.get(right)?.rssKb ?? 0) - (row.composition.get(left)?.rssKb ?? 0),
  );
  const line = (kind: string, count: string, each: string, rss: number, pss: number, cpu: number) =>
    process.stdout.write(
      `  ${kind.padEnd(34)} ${count.padStart(3)}  ${each.padStart(8)}  ${gb(rss).padStart(9)}  ${gb(pss).padStart(9)}  ${`${cpu.toFixed(1)} s`.padStart(9)}\n`,
    );
  process.stdout.write(
    `  ${"kind".padEnd(34)} ${"n".padStart(3)}  ${"RSS each".padStart(8)}  ${"RSS".padStart(9)}  ${"PSS".padStart(9)}  ${"CPU".padStart(9)}\n`,
  );
  const sum = (filter: (kind: string) => boolean) => {
    const chosen = kinds.filter(filter);
    return {
      rss: chosen.reduce((total, kind) => total + (row.composition.get(kind)?.rssKb ?? 0), 0),
      pss: chosen.reduce((total, kind) => total + (row.composition.get(kind)?.pssKb ?? 0), 0),
      cpu: chosen.reduce((total, kind) => total + (row.cpu.get(kind) ?? 0), 0),
    };
  };
  for (const kind of kinds) {
    const entry = row.composition.get(kind) ?? empty;
    line(
      kind,
      String(entry.count),
      entry.count > 0 ? `${(entry.rssKb / entry.count / 1024).toFixed(0)} MB` : "",
      entry.rssKb,
      entry.pssKb,
      row.cpu.get(kind) ?? 0,
    );
  }
  const all = sum(() => true);
  line("all", "", "", all.rss, all.pss, all.cpu);
  const clientKinds: string[] = kinds.filter(
    (kind) => kind === "ask --queue client" || kind === "ask --server client",
  );
  if (clientKinds.length > 0) {
    // The clients are the analysts' terminals, usually not the workers' machine.
    const served = sum((kind) => !clientKinds.includes(kind));
    line(`all but the ${clientKinds.join(", ")}s`, "", "", served.rss, served.pss, served.cpu);
  }
}
for (const n of sizes) {
  const workers = rows.find((row) => row.n === n && row.mode === "2 warm workers (queue)");
  const before = rows.find((row) => row.n === n && row.mode === "2 warm workers, before");
  if (workers && before) {
    const lone = (row: Row) => rows.find((each) => each.mode === row.mode && each.n === 1);
    const ratio = (row: Row) => {
      const single = lone(row);
      return single && row.n > 1 ? `, p95 / a lone ask's p95 ${(row.p95 / single.p95).toFixed(1)}×` : "";
    };
    process.stdout.write(
      `N=${n}: workers after / before: RSS ${(workers.peakGb / before.peakGb).toFixed(2)}, p50 ${(workers.p50 / before.p50).toFixed(2)}, p95 ${(workers.p95 / before.p95).toFixed(2)}${ratio(before)} before${ratio(workers)} after\n`,
    );
  }
  const behindServe = rows.find((row) => row.n === n && row.mode === "2 warm workers behind serve");
  if (behindServe) {
    const loneServe = rows.find((row) => row.mode === behindServe.mode && row.n === 1);
    const loneQueue = rows.find((row) => row.mode === "2 warm workers (queue)" && row.n === 1);
    const clientRss = (row: Row, kind: string) => {
      const entry = row.composition.get(kind);
      return entry && entry.count > 0 ? `${(entry.rssKb / entry.count / 1024).toFixed(0)} MB` : "—";
    };
    const clientCpu = (row: Row, kind: string) => {
      const seconds = row.cpu.get(kind);
      return seconds !== undefined && row.n > 1 ? `${(seconds / row.n).toFixed(2)} s` : "—";
    };
    if (n > 1 && loneServe)
      process.stdout.write(
        `N=${n}: behind serve: p95 / a lone ask's p95 ${(behindServe.p95 / loneServe.p95).toFixed(1)}×; ask --server client RSS at the peak ${clientRss(behindServe, "ask --server client")} each, CPU ${clientCpu(behindServe, "ask --server client")} each`,
      );
    if (n > 1 && workers && loneQueue)
      process.stdout.write(
        `; queue: p95 / a lone ask's p95 ${(workers.p95 / loneQueue.p95).toFixed(1)}×, ask --queue client ${clientRss(workers, "ask --queue client")} each, CPU ${clientCpu(workers, "ask --queue client")} each`,
      );
    if (n > 1) process.stdout.write("\n");
  }
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
