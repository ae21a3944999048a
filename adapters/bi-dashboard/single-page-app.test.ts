import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableEvidence } from "../../models/evidence.js";
import {
  type RunningSpa,
  type SpaData,
  spaBuildPath,
  startSpa,
} from "../../test/dashboards/vite-spa/spa-server.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  stepFailure,
  temporaryDirectory,
  testWorkspace,
} from "./bi-test-workspace.js";
import { BrowserManager } from "./browser-manager.js";

// A real single-page dashboard (test/dashboards/vite-spa: Vite, Tabulator, Grid.js, Chart.js with
// chartjs-plugin-datalabels, built by .ci/build-vite-spa) read in a real headless Chromium. Its
// sign-in is a client-side route (#/login) the app's own script sends the browser to when its API
// answers 401; the server never redirects. Every number is seeded here and compared cell by cell.

const DATA: SpaData = {
  revenue: [
    { market: "North", quarter: "2024-Q1", revenue: 412500 },
    { market: "North", quarter: "2024-Q2", revenue: 398200 },
    { market: "South", quarter: "2024-Q1", revenue: 287650 },
    { market: "South", quarter: "2024-Q2", revenue: 301900 },
    { market: "East", quarter: "2024-Q1", revenue: 514300 },
    { market: "East", quarter: "2024-Q2", revenue: 530075 },
  ],
  orders: [
    { channel: "Online", month: "2024-01", orders: 1284 },
    { channel: "Online", month: "2024-02", orders: 1173 },
    { channel: "Retail", month: "2024-01", orders: 932 },
    { channel: "Retail", month: "2024-02", orders: 1015 },
    { channel: "Wholesale", month: "2024-01", orders: 415 },
  ],
  // 142 sits just above the y-axis tick 140: the reading must not take the tick for the bar's value.
  units: [
    { product: "Brakes", units: 142 },
    { product: "Clutch", units: 87 },
    { product: "Filters", units: 163 },
    { product: "Lamps", units: 58 },
  ],
};

const USER = "ana@northwind.test";
const SECRET = "s3cret-Pa55";

const yaml = (password: string) => `
catalog:
  metrics:
    revenue: { unit: USD }
    orders: { unit: count }
    units: { unit: count }
  dimensions:
    market: { values: { North: [], South: [], East: [] } }
    channel: { values: { Online: [], Retail: [], Wholesale: [] } }
    product: { values: { Brakes: [], Clutch: [], Filters: [], Lamps: [] } }
sources:
  ops:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 40
    login:
      url: /#/login
      username: { label: Email, value: "${USER}" }
      password: { label: Password, value: "${password}", secret: true }
      submit: Log in
    datasets:
      revenue:
        url: /#/dashboard
        locate: { heading: Revenue by market }
        extract: grid
        columns: { Market: market, Quarter: quarter, Revenue: revenue }
      orders:
        url: /#/dashboard
        locate: { heading: Orders by channel }
        columns: { Channel: channel, Month: month, Orders: orders }
      units:
        url: /#/dashboard
        locate: { aria_label: Units by product }
        extract: ocr
        ocr: { layout: bar_chart, chart: { category: Product, value: Units } }
        columns: { Product: product, Units: units }
      units_axis_only:
        url: /#/dashboard
        locate: { aria_label: "Units by product, no labels" }
        extract: ocr
        ocr: { layout: bar_chart, chart: { category: Product, value: Units } }
        columns: { Product: product, Units: units }
`;

const browsers = new BrowserManager({ headless: true });
let spa: RunningSpa;

function adapterFor(password: string): BiDashboardAdapter {
  const workspace = testWorkspace(spa.url, {}, yaml(password));
  const config = workspace.config.sources.ops;
  if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
  return new BiDashboardAdapter("ops", config, workspace, browsers);
}

async function read(adapter: BiDashboardAdapter, dataset: string): Promise<TableEvidence> {
  const goal = biGoal("ops", dataset, { filters: {} });
  const raw = await adapter.fetch(
    goal,
    stepContext({ timeoutMs: 60_000, runDirectory: temporaryDirectory() }),
  );
  return adapter.normalize(raw, goal) as TableEvidence;
}

beforeAll(async () => {
  if (!existsSync(spaBuildPath()))
    throw new Error(
      `the single-page test dashboard is not built (${spaBuildPath()}): run .ci/build-vite-spa`,
    );
  spa = await startSpa({ data: DATA, user: USER, secret: SECRET, delayMs: 150 });
});

afterAll(async () => {
  await browsers.close();
  await spa?.close();
  removeTemporaryDirectories();
});

describe("a single-page dashboard (Vite, Tabulator, Grid.js, Chart.js) behind a client-side sign-in route", () => {
  let adapter: BiDashboardAdapter;
  beforeAll(() => {
    adapter = adapterFor(SECRET);
  });
  afterAll(async () => {
    await adapter?.close();
  });

  it("signs in on #/login, sent there by the app's own script, and reads the Tabulator table", async () => {
    const evidence = await read(adapter, "revenue");
    expect(evidence.rows).toEqual(DATA.revenue);
    expect(adapter.loginCount).toBe(1);
    expect(spa.logins()).toBe(1);
  }, 120_000);

  it("reads the Grid.js table, every cell exact, without signing in again", async () => {
    const evidence = await read(adapter, "orders");
    expect(evidence.rows).toEqual(DATA.orders);
    expect(adapter.loginCount).toBe(1);
  }, 120_000);

  it("reads the Chart.js bars' value labels by OCR, never a y-axis tick (142, not 140)", async () => {
    const evidence = await read(adapter, "units");
    expect(evidence.rows).toEqual(DATA.units);
  }, 120_000);

  it("says a chart without value labels cannot be read exactly instead of reading its ticks as values", async () => {
    const failure = await stepFailure(
      adapter.fetch(biGoal("ops", "units_axis_only", { filters: {} }), stepContext({ timeoutMs: 60_000 })),
    );
    expect(failure.kind).toBe("format_error");
    expect(failure.message).toMatch(/no value labels/);
    expect(failure.retryable).toBe(false);
  }, 120_000);
});

describe("refused credentials on a client-side sign-in route", () => {
  it("is auth_error naming the refusal, at once (the app shows an alert and stays on #/login)", async () => {
    const adapter = adapterFor("wrong-password");
    try {
      const started = Date.now();
      const failure = await stepFailure(
        adapter.fetch(biGoal("ops", "orders", { filters: {} }), stepContext({ timeoutMs: 60_000 })),
      );
      expect(failure.kind).toBe("auth_error");
      expect(failure.message).toContain("credentials were refused");
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await adapter.close();
    }
  }, 120_000);
});
