import type { SpaData } from "./spa-server.js";

// What the single-page test dashboard is seeded with, and the workspace that reads it: shared by
// adapters/bi-dashboard/single-page-app.test.ts and bench/spa-dashboard.ts.

/** The data the dashboard shows: every number the tests and the bench compare. */
export const SPA_DATA: SpaData = {
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

/** The account the dashboard accepts. */
export const SPA_USER = "ana@northwind.test";
/** Its password. */
export const SPA_SECRET = "s3cret-Pa55";

/**
 * The workspace that reads the dashboard, signing in with the given password: source `ops` at /
 * (hash routes, sign-in at #/login), source `ops_paths` under /app/ (path routes, the app pushing
 * /app/login itself).
 */
export const spaWorkspaceYaml = (password: string): string => `
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
      username: { label: Email, value: "${SPA_USER}" }
      password: { label: Password, value: "${password}", secret: true }
      submit: Log in
    datasets:
      revenue:
        url: /#/dashboard
        locate: { heading: Revenue by market }
        extract: grid
        columns: { Market: market, Quarter: quarter, Revenue: revenue }
      revenue_of_market:
        url: /#/dashboard?market={market}
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
      units_horizontal:
        url: /#/dashboard
        locate: { aria_label: "Units by product, horizontal" }
        extract: ocr
        ocr: { layout: bar_chart, chart: { category: Product, value: Units } }
        columns: { Product: product, Units: units }
      units_axis_only:
        url: /#/dashboard
        locate: { aria_label: "Units by product, no labels" }
        extract: ocr
        ocr: { layout: bar_chart, chart: { category: Product, value: Units } }
        columns: { Product: product, Units: units }
  ops_paths:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 40
    login:
      url: /app/login
      username: { label: Email, value: "${SPA_USER}" }
      password: { label: Password, value: "${password}", secret: true }
      submit: Log in
    datasets:
      orders:
        url: /app/dashboard
        locate: { heading: Orders by channel }
        columns: { Channel: channel, Month: month, Orders: orders }
`;
