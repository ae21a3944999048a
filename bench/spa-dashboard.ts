/**
 * Single-page dashboard bench: the real Vite + Tabulator + Grid.js + Chart.js app of
 * test/dashboards/vite-spa (built by .ci/build-vite-spa), whose sign-in is the client-side route
 * #/login its own script sends the browser to, read through the bi_dashboard adapter of main
 * ("before", extracted from git: bench/code-before.ts) and of this checkout ("after"), each round
 * in a fresh browser, adapter and workspace (so the first read signs in). Figures per dataset: the
 * outcome (rows read; cells exact against the seeded data; or the failure kind), and seconds per
 * read (median of the rounds). Then the two Chart.js canvases alone (signed in by the bench, read
 * once by PaddleOCR): bars laid out by main's adapters/ocr/chart-layout.ts and by this checkout's,
 * from the same recognised pieces: values exact, and what was taken for a value.
 * Run: npx tsx bench/spa-dashboard.ts [rounds] [--before <rev>]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BrowserManager } from "../adapters/bi-dashboard/browser-manager.js";
import { type LaidOutChart, layOutBarChart } from "../adapters/ocr/chart-layout.js";
import type { RasterImage, RecognisedText } from "../adapters/ocr/ocr-engine.js";
import { PaddleOcrEngine } from "../adapters/ocr/paddle-engine.js";
import { decodePng } from "../adapters/ocr/png-image.js";
import { SPA_DATA, SPA_SECRET, SPA_USER, spaWorkspaceYaml } from "../test/dashboards/vite-spa/spa-seed.js";
import { startSpa } from "../test/dashboards/vite-spa/spa-server.js";
import { beforeRevision, codeAt } from "./code-before.js";

const rounds = Number(process.argv.slice(2).find((argument) => /^\d+$/.test(argument)) ?? 3);
const revision = beforeRevision();
const here = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** The parts of a code tree the bench drives: the same file names before and after. */
async function codeFrom(folder: string) {
  const load = (file: string) => import(path.join(folder, file));
  return {
    adapter: (await load("adapters/bi-dashboard/bi-dashboard-adapter.ts")) as {
      BiDashboardAdapter: new (
        ...parameters: unknown[]
      ) => {
        fetch(goal: unknown, context: unknown): Promise<unknown>;
        normalize(raw: unknown, goal: unknown): { rows: Record<string, unknown>[] };
        close(): Promise<void>;
      };
    },
    browsers: (await load("adapters/bi-dashboard/browser-manager.ts")) as {
      BrowserManager: new (settings: { headless: boolean }) => { close(): Promise<void> };
    },
    workspace: (await load("config/load-workspace.ts")) as {
      loadWorkspace(
        directory: string,
        options: { environment: Record<string, string> },
      ): {
        config: { sources: Record<string, unknown> };
      };
    },
    plan: (await load("models/plan.ts")) as { SubGoal: { parse(input: unknown): unknown } },
  };
}

// Source ops routes by hash (sign-in at #/login); ops_paths by path (the app pushes /app/login).
const DATASETS = [
  ["ops", "revenue"],
  ["ops", "orders"],
  ["ops", "units"],
  ["ops", "units_axis_only"],
  ["ops_paths", "orders"],
] as const;
const EXPECTED: Record<string, Record<string, unknown>[] | undefined> = {
  revenue: SPA_DATA.revenue,
  orders: SPA_DATA.orders,
  units: SPA_DATA.units,
  units_axis_only: undefined,
};

function cellsExact(rows: Record<string, unknown>[], expected: Record<string, unknown>[]): string {
  let exact = 0;
  let total = 0;
  expected.forEach((row, index) => {
    for (const [name, value] of Object.entries(row)) {
      total += 1;
      if (rows[index]?.[name] === value) exact += 1;
    }
  });
  return `${exact}/${total} cells`;
}

async function readAll(code: Awaited<ReturnType<typeof codeFrom>>, url: string) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "triangulate-spa-bench-"));
  writeFileSync(path.join(directory, "triangulate.yaml"), spaWorkspaceYaml(SPA_SECRET));
  const workspace = code.workspace.loadWorkspace(directory, { environment: { TRIANGULATE_BI_URL: url } });
  const browsers = new code.browsers.BrowserManager({ headless: true });
  const adapters = new Map(
    ["ops", "ops_paths"].map((source) => [
      source,
      new code.adapter.BiDashboardAdapter(source, workspace.config.sources[source], workspace, browsers),
    ]),
  );
  const results: { dataset: string; outcome: string; seconds: number }[] = [];
  try {
    for (const [source, dataset] of DATASETS) {
      const adapter = adapters.get(source) as NonNullable<ReturnType<typeof adapters.get>>;
      const goal = code.plan.SubGoal.parse({
        id: "g1",
        description: dataset,
        source,
        dataset,
        params: { filters: {} },
        expected_format: "table",
      });
      const started = performance.now();
      let outcome: string;
      try {
        const raw = await adapter.fetch(goal, {
          signal: AbortSignal.timeout(65_000),
          timeoutMs: 60_000,
          asOf: "2024-06-30",
          attempt: 1,
          requestId: "bench",
          trace: () => {},
        });
        const rows = adapter.normalize(raw, goal).rows;
        const expected = EXPECTED[dataset];
        outcome = expected
          ? `${rows.length} rows, ${cellsExact(rows, expected)}`
          : `${rows.length} rows (read from ticks)`;
      } catch (error) {
        const failure = error as { kind?: string; message?: string };
        outcome = `${failure.kind ?? "error"}: ${(failure.message ?? String(error)).slice(0, 70)}`;
      }
      results.push({
        dataset: `${source}.${dataset}`,
        outcome,
        seconds: (performance.now() - started) / 1000,
      });
    }
  } finally {
    for (const adapter of adapters.values()) await adapter.close();
    await browsers.close();
    rmSync(directory, { recursive: true, force: true });
  }
  return results;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

type ChartLayout = (image: RasterImage, texts: RecognisedText[]) => LaidOutChart;

/** Both canvases, signed in as a person would, read once; laid out by the chart code before and after. */
async function chartLayouts(url: string): Promise<void> {
  const before = (await import(path.join(codeAt(revision), "adapters/ocr/chart-layout.ts"))) as {
    layOutBarChart: ChartLayout;
  };
  const browsers = new BrowserManager({ headless: true });
  const engine = new PaddleOcrEngine();
  try {
    const browser = await browsers.acquire();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${url}/#/login`);
    await page.getByLabel("Email", { exact: true }).fill(SPA_USER);
    await page.getByLabel("Password", { exact: true }).fill(SPA_SECRET);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("img", { name: "Units by product", exact: true }).waitFor();
    await engine.warmUp();
    console.log(`${"chart".padEnd(34)} ${"layout".padEnd(7)} values exact   read as (category value)`);
    for (const name of ["Units by product", "Units by product, horizontal", "Units by product, no labels"]) {
      const png = await page.getByRole("img", { name, exact: true }).screenshot({ scale: "css" });
      const image = decodePng(png);
      const pieces = await engine.recognise(image);
      for (const [label, layout] of [
        ["before", before.layOutBarChart],
        ["after", layOutBarChart],
      ] as const) {
        const bars = layout(image, pieces).bars;
        const exact = SPA_DATA.units.filter(
          (row, index) => bars[index]?.value?.text.replace(/,/g, "") === String(row.units),
        ).length;
        const read = bars.map((bar) => `${bar.category?.text ?? "?"} ${bar.value?.text ?? "–"}`).join(", ");
        console.log(
          `${name.padEnd(34)} ${label.padEnd(7)} ${`${exact}/${SPA_DATA.units.length}`.padStart(12)}   ${read}`,
        );
      }
    }
  } finally {
    await browsers.close();
  }
}

const spa = await startSpa({ data: SPA_DATA, user: SPA_USER, secret: SPA_SECRET, delayMs: 150 });
try {
  console.log(
    `Single-page dashboard (Vite + Tabulator + Grid.js + Chart.js, sign-in at #/login), ${rounds} round(s), each a fresh browser; before = ${revision} (main), after = this checkout; ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}\n`,
  );
  for (const [label, folder] of [
    ["before", codeAt(revision)],
    ["after", here],
  ] as const) {
    const code = await codeFrom(folder);
    const all: Awaited<ReturnType<typeof readAll>>[] = [];
    for (let round = 0; round < rounds; round += 1) all.push(await readAll(code, spa.url));
    DATASETS.forEach((_, index) => {
      const seconds = all.map((results) => results[index].seconds);
      console.log(
        `${label.padEnd(7)} ${all[0][index].dataset.padEnd(20)} ${median(seconds).toFixed(2).padStart(6)} s  (${seconds.map((value) => value.toFixed(2)).join(", ")})  ${all[all.length - 1][index].outcome}`,
      );
    });
    console.log("");
  }
  await chartLayouts(spa.url);
} finally {
  await spa.close();
}
