import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableEvidence } from "../../models/evidence.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  stepFailure,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { type CanvasSpec, serveCanvasPages } from "../../test/support/bi-dashboard/chart-test-pages.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// Bar charts drawn on <canvas> in a real headless Chromium, read by real PaddleOCR and laid out by
// geometry (adapters/ocr/chart-layout.ts) as category → value rows, then mapped and parsed like a
// DOM table. Two charts unlike each other and unlike the demo's: sizes, fonts, scripts, vertical
// and horizontal bars, value labels beyond and inside the bars, axis ticks, grid lines, titles with
// digits.

const VERTICAL_ZH: CanvasSpec = {
  kind: "bars",
  label: "各地区退货率",
  width: 640,
  height: 340,
  font: "'WenQuanYi Zen Hei', sans-serif",
  fontSize: 18,
  orientation: "vertical",
  title: "2024年1月各地区退货率",
  bars: [
    { category: "华东", value: 5.2, text: "5.2%" },
    { category: "华北", value: 3.1, text: "3.1%" },
    { category: "华南", value: 7.4, text: "7.4%" },
    { category: "华西", value: 4.6, text: "4.6%" },
    { category: "东北", value: 2.3, text: "2.3%" },
  ],
};

const HORIZONTAL_EN: CanvasSpec = {
  kind: "bars",
  label: "Complaints by category",
  width: 560,
  height: 260,
  font: "'DejaVu Sans', sans-serif",
  fontSize: 13,
  orientation: "horizontal",
  title: "Complaints, Q1 2024",
  bars: [
    { category: "Delivery", value: 1284, text: "1,284" },
    { category: "Service", value: 932, text: "932" },
    { category: "Product", value: 415, text: "415" },
  ],
};

const HORIZONTAL_INSIDE: CanvasSpec = {
  ...HORIZONTAL_EN,
  label: "Complaints inside",
  width: 720,
  height: 300,
  font: "Lato, sans-serif",
  fontSize: 16,
  valuesInside: true,
  colour: "#2a5aa8",
};

const YAML = `
catalog:
  metrics:
    return_rate: { unit: percent }
    complaints: { unit: count }
  dimensions:
    region: { values: { East: [华东], North: [华北], South: [华南], West: [华西], Northeast: [东北] } }
    category: { values: { Delivery: [], Service: [], Product: [] } }
sources:
  charts:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 40
    datasets:
      returns_zh:
        url: /charts
        locate: { aria_label: 各地区退货率 }
        extract: ocr
        ocr: { layout: bar_chart, chart: { category: 地区, value: 退货率 } }
        columns: { 地区: region, 退货率: return_rate }
      returns_zh_detected:
        url: /charts
        locate: { aria_label: 各地区退货率 }
        extract: ocr
        # No chart names: the value is the header mapped to the offered metric, the category the other.
        ocr: { layout: auto }
        columns: { 地区: region, 退货率: return_rate }
        offers: { metrics: [return_rate], dimensions: [region] }
      returns_zh_unnamed:
        url: /charts
        locate: { aria_label: 各地区退货率 }
        extract: ocr
        ocr: { layout: auto }
        columns: { 地区: region, 月份: month, 退货率: return_rate }
      complaints_en:
        url: /charts
        locate: { aria_label: Complaints by category }
        extract: ocr
        ocr: { layout: bar_chart, chart: { orientation: horizontal, category: Category, value: Complaints } }
        columns: { Category: category, Complaints: complaints }
      complaints_inside:
        url: /charts
        locate: { aria_label: Complaints inside }
        extract: ocr
        ocr: { layout: auto, chart: { category: Category, value: Complaints } }
        columns: { Category: category, Complaints: complaints }
`;

const browsers = new BrowserManager({ headless: true });
let server: Awaited<ReturnType<typeof serveCanvasPages>>;
let adapter: BiDashboardAdapter;

beforeAll(async () => {
  server = await serveCanvasPages({ charts: [VERTICAL_ZH, HORIZONTAL_EN, HORIZONTAL_INSIDE] });
  const workspace = testWorkspace(server.url, {}, YAML);
  const config = workspace.config.sources.charts;
  if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
  adapter = new BiDashboardAdapter("charts", config, workspace, browsers);
});

afterAll(async () => {
  await adapter?.close();
  await browsers.close();
  await server?.close();
  removeTemporaryDirectories();
});

async function read(dataset: string): Promise<TableEvidence> {
  const goal = biGoal("charts", dataset, { filters: {} });
  const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
  return adapter.normalize(raw, goal) as TableEvidence;
}

describe("a bar chart drawn on canvas, laid out as category → value rows", () => {
  it("reads vertical bars with Chinese categories: every bar's value, no axis tick or title number", async () => {
    const evidence = await read("returns_zh");
    expect(evidence.rows).toEqual(
      VERTICAL_ZH.bars?.map((bar) => ({ region: bar.category, return_rate: bar.value })),
    );
    expect(evidence.provenance[0].ocr?.confidence.return_rate).toBeGreaterThan(0.5);
  }, 120_000);

  it("detects the chart with layout: auto", async () => {
    const evidence = await read("returns_zh_detected");
    expect(evidence.rows).toHaveLength(5);
    expect(evidence.rows[2]).toEqual({ region: "华南", return_rate: 7.4 });
  }, 120_000);

  it("says a chart found with layout: auto whose two columns have no names is a config error, not retried", async () => {
    const failure = await stepFailure(read("returns_zh_unnamed"));
    expect(failure.kind).toBe("config_error");
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain(
      "the region is a bar chart, and its two columns have no header names: set ocr.chart.category and ocr.chart.value, or map exactly two columns in columns (now 地区, 月份, 退货率)",
    );
  }, 120_000);

  it("reads horizontal bars with English categories and thousands separators", async () => {
    const evidence = await read("complaints_en");
    expect(evidence.rows).toEqual(
      HORIZONTAL_EN.bars?.map((bar) => ({ category: bar.category, complaints: bar.value })),
    );
  }, 120_000);

  it("reads value labels drawn inside the bars, orientation detected", async () => {
    const evidence = await read("complaints_inside");
    expect(evidence.rows).toEqual(
      HORIZONTAL_INSIDE.bars?.map((bar) => ({ category: bar.category, complaints: bar.value })),
    );
  }, 120_000);
});
