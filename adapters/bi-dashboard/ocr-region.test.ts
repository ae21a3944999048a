import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import { salesReturnRates } from "../../demo/data/return-rates.js";
import type { TableEvidence } from "../../models/evidence.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  stepFailure,
  temporaryDirectory,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// The demo portal's "Returns (chart)" page draws its table and a bar chart on <canvas>: no number
// is in the DOM. Real headless Chromium, real PaddleOCR (ONNX models from npm, no download).

const YAML = `
catalog:
  metrics:
    return_rate: { unit: percent }
  dimensions:
    product: { values: { A: [A产品], B: [B产品], C: [C产品] } }
    region: { values: { East: [华东, 華東], North: [华北, 華北], South: [华南, 華南], West: [华西, 華西] } }
sources:
  sales_bi:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 30
    login:
      url: /login
      username: { label: Username, value: analyst }
      password: { label: Password, value: demo-password, secret: true }
      submit: Sign in
      success: { text: Dashboards }
    datasets:
      chart_auto:
        url: /dashboards/returns-chart?month={month}
        locate: { heading: 退货率（按地区） }
        columns: { 产品: product, 地区: region, 月份: month, 退货率: return_rate }
        period_column: month
      chart_ocr:
        url: /dashboards/returns-chart?month={month}
        locate: { aria_label: 退货率表 }
        extract: ocr
        columns: { 产品: product, 地区: region, 月份: month, 退货率: return_rate }
        period_column: month
      chart_bars:
        url: /dashboards/returns-chart?month={month}
        locate: { aria_label: 退货率图 }
        extract: ocr
        ocr: { layout: bar_chart, chart: { category: 地区, value: 退货率 } }
        columns: { 地区: region, 退货率: return_rate }
      table_auto_layout:
        url: /dashboards/returns-chart?month={month}
        locate: { aria_label: 退货率表 }
        extract: ocr
        ocr: { layout: auto }
        columns: { 产品: product, 地区: region, 月份: month, 退货率: return_rate }
        period_column: month
      chart_table_only:
        url: /dashboards/returns-chart?month={month}
        locate: { heading: 退货率（按地区） }
        extract: table
        wait_seconds: 15
        columns: { 产品: product, 地区: region, 月份: month, 退货率: return_rate }
`;

const browsers = new BrowserManager({ headless: true });
let portal: BiPortal;
let adapter: BiDashboardAdapter;
const january = { grain: "month" as const, from: "2024-01-01", to: "2024-01-31" };

beforeAll(async () => {
  portal = await startBiPortal({ port: 0, dataDelayMs: 200 });
  const workspace = testWorkspace(portal.url, {}, YAML);
  const config = workspace.config.sources.sales_bi;
  if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
  adapter = new BiDashboardAdapter("sales_bi", config, workspace, browsers);
});

afterAll(async () => {
  await adapter?.close();
  await browsers.close();
  await portal?.close();
  removeTemporaryDirectories();
});

const REGION_NAMES: Record<string, string> = { East: "华东", North: "华北", South: "华南", West: "华西" };

describe("a dashboard region drawn on canvas", () => {
  it("falls back to OCR by itself and reads every number of the canvas table exactly", async () => {
    const runDirectory = temporaryDirectory("bi-ocr-run-");
    const goal = biGoal("sales_bi", "chart_auto", { filters: {}, period: january });
    const context = stepContext({ runDirectory, timeoutMs: 60_000 });
    const raw = await adapter.fetch(goal, context);
    const evidence = adapter.normalize(raw, goal) as TableEvidence;
    const expected = salesReturnRates.filter((row) => row.month === "2024-01");
    expect(evidence.rows).toHaveLength(expected.length);
    for (const row of expected) {
      const read = evidence.rows.find(
        (candidate) =>
          String(candidate.product).toUpperCase() === row.product &&
          candidate.region === REGION_NAMES[row.region],
      );
      expect(read, `${row.product}/${row.region}`).toBeDefined();
      expect(read?.return_rate).toBe(row.return_rate);
      expect(read?.month).toBe("2024-01");
    }
    // Evidence says it was OCR, by which engine, with a confidence per cell and the kept screenshot.
    const provenance = evidence.provenance[0];
    expect(provenance.ocr?.engine).toMatch(/PaddleOCR/);
    expect(provenance.ocr?.confidence.return_rate).toBeGreaterThan(0.5);
    expect(provenance.locator).toMatch(/a canvas \(OCR\)/);
    const image = provenance.ocr?.image as string;
    expect(existsSync(path.join(runDirectory, image))).toBe(true);
    expect(statSync(path.join(runDirectory, image)).size).toBeGreaterThan(1000);
    expect(evidence.notes.join("\n")).toMatch(/read by OCR \(PaddleOCR/);
    expect(context.traces.some((line) => line.includes(":ocr:a canvas"))).toBe(true);
  }, 120_000);

  it("reads the canvas named by its aria-label with extract: ocr, filtered like a DOM table", async () => {
    const goal = biGoal("sales_bi", "chart_ocr", {
      filters: { product: "A", region: "East" },
      period: january,
    });
    const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
    const evidence = adapter.normalize(raw, goal) as TableEvidence;
    // Catalog synonyms apply to OCR'd cells as to DOM cells: 华东 is East.
    expect(evidence.rows).toEqual([{ product: "A", region: "华东", month: "2024-01", return_rate: 5.2 }]);
  }, 120_000);

  it("lays the demo's bar chart out as region → return rate rows (ocr.layout: bar_chart)", async () => {
    const goal = biGoal("sales_bi", "chart_bars", { filters: {}, period: january });
    const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
    const evidence = adapter.normalize(raw, goal) as TableEvidence;
    // The chart shows product A of the month, one bar per region, left to right.
    const expected = salesReturnRates.filter((row) => row.month === "2024-01" && row.product === "A");
    expect(evidence.rows).toEqual(
      expected.map((row) => ({ region: REGION_NAMES[row.region], return_rate: row.return_rate })),
    );
  }, 120_000);

  it("keeps reading the canvas table as a table with ocr.layout: auto (no bars on a baseline)", async () => {
    const goal = biGoal("sales_bi", "table_auto_layout", { filters: {}, period: january });
    const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
    const evidence = adapter.normalize(raw, goal) as TableEvidence;
    expect(evidence.rows).toHaveLength(salesReturnRates.filter((row) => row.month === "2024-01").length);
  }, 120_000);

  it("says at once that the region is a canvas with no table when OCR is not allowed (not retried)", async () => {
    const started = Date.now();
    const failure = await stepFailure(
      adapter.fetch(biGoal("sales_bi", "chart_table_only", { filters: {}, period: january }), stepContext()),
    );
    expect(failure.kind).toBe("format_error");
    expect(failure.retryable).toBe(false);
    expect(failure.message).toMatch(/there is a canvas, no table: needs OCR/);
    expect(failure.details.needs_ocr).toBe(true);
    // Well before wait_seconds (15 s): the region was recognised on the first look.
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);
});
