/**
 * BI extraction benchmark: cold (process start → first table) and warm (next dataset in the same
 * browser) times; ten datasets one after another vs concurrently in pages of one browser; peak
 * memory of the Node process and of Chromium (sum of RSS of its processes, from /proc).
 *
 *   npx tsx bench/bi-extraction.ts [--rounds 3]
 *
 * The parent starts the demo portal and spawns a fresh Node process per round, so "cold" includes
 * loading the code, launching Chromium and signing in, exactly as a CLI run pays it.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { child: { type: "string" }, rounds: { type: "string", default: "3" } },
});

interface ChildFigures {
  coldMs: number;
  importMs: number;
  firstFetchMs: number;
  warm: { dataset: string; ms: number }[];
  sequentialMs: number;
  concurrentMs: number;
  peakNodeRssMb: number;
  peakChromiumRssMb: number;
  /** Proportional set size: shared pages split between the processes that share them (no double counting). */
  peakChromiumPssMb: number;
  chromiumProcesses: number;
}

// Sum of Pss over the processes (Linux /proc/<pid>/smaps_rollup).
function proportionalMemoryBytes(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /^Pss:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // Ended or not readable.
    }
  }
  return total;
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function child(portalUrl: string): Promise<void> {
  // performance.now() counts from process start: the cold figure includes every import below.
  const importStart = performance.now();
  const { BiDashboardAdapter } = await import("../adapters/bi-dashboard/bi-dashboard-adapter.js");
  const { biGoal, removeTemporaryDirectories, stepContext, testWorkspace } = await import(
    "../test/support/bi-dashboard/bi-test-workspace.js"
  );
  const { sharedBrowserManager, residentMemoryBytes } = await import(
    "../adapters/bi-dashboard/browser-manager.js"
  );
  const importMs = performance.now() - importStart;

  const workspace = testWorkspace(portalUrl);
  const manager = sharedBrowserManager(workspace.config.browser);
  const make = (source: "sales_bi" | "support_bi") => {
    const config = workspace.config.sources[source];
    if (config.kind !== "bi_dashboard") throw new Error("not BI");
    return new BiDashboardAdapter(source, config, workspace, manager);
  };
  const sales = make("sales_bi");
  const support = make("support_bi");

  let peakNode = 0;
  let peakChromium = 0;
  let peakChromiumPss = 0;
  let chromiumProcesses = 0;
  const sample = () => {
    peakNode = Math.max(peakNode, process.memoryUsage().rss);
    const pids = manager.processIds();
    chromiumProcesses = Math.max(chromiumProcesses, pids.length);
    peakChromium = Math.max(peakChromium, residentMemoryBytes(pids));
    peakChromiumPss = Math.max(peakChromiumPss, proportionalMemoryBytes(pids));
  };
  const sampler = setInterval(sample, 200);

  const month = (from: string, to: string) => ({ grain: "month" as const, from, to });
  const firstStart = performance.now();
  await sales.fetch(
    biGoal("sales_bi", "returns", {
      filters: { product: "A", region: "East" },
      period: month("2024-01-01", "2024-01-31"),
    }),
    stepContext(),
  );
  const coldMs = performance.now();
  const firstFetchMs = coldMs - firstStart;

  const warm: ChildFigures["warm"] = [];
  const timed = async (label: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    warm.push({ dataset: label, ms: performance.now() - started });
  };
  await timed("returns (table)", () =>
    sales.fetch(
      biGoal("sales_bi", "returns", {
        filters: { product: "B", region: "North" },
        period: month("2024-01-01", "2024-01-31"),
      }),
      stepContext(),
    ),
  );
  await timed("support returns (its own context + login)", () =>
    support.fetch(
      biGoal("support_bi", "returns", {
        filters: { product: "A", region: "East" },
        period: month("2024-01-01", "2024-01-31"),
      }),
      stepContext(),
    ),
  );
  await timed("VIP repurchase (2 pages)", () =>
    sales.fetch(
      biGoal("sales_bi", "vip_repurchase", {
        filters: {},
        period: { grain: "quarter", from: "2023-01-01", to: "2023-12-31" },
      }),
      stepContext(),
    ),
  );
  await timed("complaints (AG Grid, 120 rows)", () =>
    sales.fetch(
      biGoal("sales_bi", "service_complaints", {
        filters: {},
        period: { grain: "quarter", from: "2023-01-01", to: "2023-12-31" },
      }),
      stepContext(),
    ),
  );

  // Ten datasets: six returns selections, two support, one VIP, one grid.
  const ten = () => {
    const goals: [typeof sales, ReturnType<typeof biGoal>][] = [];
    const months = ["2023-10", "2023-11", "2023-12", "2024-01", "2024-02", "2024-03"];
    months.forEach((value, index) => {
      const last = new Date(Date.UTC(+value.slice(0, 4), +value.slice(5), 0)).getUTCDate();
      goals.push([
        sales,
        biGoal(
          "sales_bi",
          "returns",
          {
            filters: { product: index % 2 ? "A" : "B", region: "East" },
            period: month(`${value}-01`, `${value}-${last}`),
          },
          `g${index + 1}`,
        ),
      ]);
    });
    goals.push([
      support,
      biGoal(
        "support_bi",
        "returns",
        { filters: { product: "A" }, period: month("2024-01-01", "2024-01-31") },
        "g7",
      ),
    ]);
    goals.push([
      support,
      biGoal(
        "support_bi",
        "returns",
        { filters: { product: "B" }, period: month("2024-01-01", "2024-01-31") },
        "g8",
      ),
    ]);
    goals.push([
      sales,
      biGoal(
        "sales_bi",
        "vip_repurchase",
        { filters: {}, period: { grain: "quarter", from: "2023-01-01", to: "2023-12-31" } },
        "g9",
      ),
    ]);
    goals.push([
      sales,
      biGoal(
        "sales_bi",
        "service_complaints",
        { filters: {}, period: { grain: "quarter", from: "2023-01-01", to: "2023-12-31" } },
        "g10",
      ),
    ]);
    return goals;
  };
  let started = performance.now();
  for (const [adapter, goal] of ten()) await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
  const sequentialMs = performance.now() - started;
  started = performance.now();
  await Promise.all(ten().map(([adapter, goal]) => adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }))));
  const concurrentMs = performance.now() - started;
  sample();
  clearInterval(sampler);
  await sales.close();
  await support.close();
  await manager.close();
  removeTemporaryDirectories();
  const figures: ChildFigures = {
    coldMs,
    importMs,
    firstFetchMs,
    warm,
    sequentialMs,
    concurrentMs,
    peakNodeRssMb: peakNode / 2 ** 20,
    peakChromiumRssMb: peakChromium / 2 ** 20,
    peakChromiumPssMb: peakChromiumPss / 2 ** 20,
    chromiumProcesses,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

async function parent(): Promise<void> {
  const { startBiPortal } = await import("../demo/bi-portal/bi-portal-server.js");
  const portal = await startBiPortal({ port: 0, dataDelayMs: 300 });
  const rounds = Math.max(1, Number(values.rounds) || 3);
  const results: (ChildFigures & { spawnToFirstTableMs: number; wallMs: number })[] = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      const spawned = performance.now();
      const output = await new Promise<string>((resolve, reject) => {
        const processHandle = spawn(
          process.execPath,
          ["--import", "tsx", path.join(import.meta.dirname, "bi-extraction.ts"), "--child", portal.url],
          { stdio: ["ignore", "pipe", "inherit"] },
        );
        let text = "";
        processHandle.stdout.on("data", (chunk) => {
          text += chunk;
        });
        processHandle.on("error", reject);
        processHandle.on("exit", (code) =>
          code === 0 ? resolve(text) : reject(new Error(`child exited with ${code}`)),
        );
      });
      const figures = JSON.parse(output.trim().split("\n").pop() as string) as ChildFigures;
      // The child's clock starts at its own process start; spawning adds the time before that.
      results.push({ ...figures, spawnToFirstTableMs: figures.coldMs, wallMs: performance.now() - spawned });
      process.stderr.write(`round ${round + 1}/${rounds} done\n`);
    }
  } finally {
    await portal.close();
  }
  writeFileSync(path.join(tmpdir(), "bi-extraction-last.json"), JSON.stringify(results, null, 2));
  const ms = (value: number) => `${Math.round(value)} ms`;
  const line = (label: string, pick: (figures: ChildFigures) => number, format = ms) =>
    `${label.padEnd(50)} median ${format(median(results.map(pick))).padStart(9)}   (${results.map((figures) => format(pick(figures))).join(", ")})`;
  const out = [
    `BI extraction against the demo portal (data API delay 300 ms), ${rounds} fresh processes; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
    "",
    "cold vs warm",
    line("cold: process start → first table", (figures) => figures.coldMs),
    line("  of which loading modules", (figures) => figures.importMs),
    line("  of which first fetch (launch, login, read)", (figures) => figures.firstFetchMs),
    ...results[0].warm.map((_, index) =>
      line(`warm: ${results[0].warm[index].dataset}`, (figures) => figures.warm[index].ms),
    ),
    "",
    "ten datasets in one browser",
    line("one after another", (figures) => figures.sequentialMs),
    line("concurrently (one page each)", (figures) => figures.concurrentMs),
    `${"speed-up (median)".padEnd(50)} ${(median(results.map((figures) => figures.sequentialMs)) / median(results.map((figures) => figures.concurrentMs))).toFixed(2)}×`,
    "",
    "peak memory",
    line(
      "Node process RSS",
      (figures) => figures.peakNodeRssMb,
      (value) => `${value.toFixed(0)} MB`,
    ),
    line(
      "Chromium RSS summed (counts shared pages twice)",
      (figures) => figures.peakChromiumRssMb,
      (value) => `${value.toFixed(0)} MB`,
    ),
    line(
      "Chromium PSS summed (shared pages split)",
      (figures) => figures.peakChromiumPssMb,
      (value) => `${value.toFixed(0)} MB`,
    ),
    line(
      "Chromium processes at peak",
      (figures) => figures.chromiumProcesses,
      (value) => `${value}`,
    ),
  ];
  process.stdout.write(`${out.join("\n")}\n`);
}

if (values.child) await child(values.child);
else await parent();
