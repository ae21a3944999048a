import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSource } from "../../bin/commands/sources-command.js";
// The seeded rows, the same function the site's build wrote them with.
import { defectRows, returnRows } from "../../test/dashboards/observable-framework/data.mjs";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  stepFailure,
  temporaryDirectory,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { type StaticSite, serveStaticSite } from "../../test/support/bi-dashboard/static-site-server.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// A real Observable Framework 1.13 site (npm @observablehq/framework, built offline by
// .ci/build-test-dashboards): Inputs.table under Framework's default theme, which renders about 22
// rows and appends more only when its scroll container scrolls, and a Plot chart.
const SITE = path.resolve(import.meta.dirname, "../../test/dashboards/observable-framework/dist");

const workspaceYaml = (extra = "") => `
catalog:
  metrics:
    returned: { unit: count }
    return_rate: { unit: percent }
  dimensions:
    region: { values: { East: [], North: [], South: [], West: [], Central: [] } }
sources:
  framework:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 60
${extra}
    datasets:
      returns:
        url: /returns
        locate: { heading: Monthly returns }
        columns: { Month: month, Region: region, Returned: returned, Return rate %: return_rate }
        row_total: '(\\d+) rows'
        offers: { metrics: [returned, return_rate], dimensions: [region] }
      short:
        url: /short
        locate: { heading: Monthly returns }
        columns: { Month: month, Region: region, Returned: returned, Return rate %: return_rate }
        row_total: '(\\d+) rows'
        offers: { metrics: [returned, return_rate], dimensions: [region] }
`;

// The defects page: one quarter, stated only in its Chinese heading; ppm, ‰ and bp written in the cells.
const defectsYaml = (dataset: string) => `
catalog:
  metrics:
    defects: { unit: ppm }
    scrap_rate: { unit: percent }
    margin_change: { unit: basis_points }
  dimensions:
    plant: { values: { Suzhou: [], Ningbo: [], Tianjin: [], Chengdu: [] } }
sources:
  framework:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    datasets:
      defects:
        url: /defects
        locate: { heading: 各工厂缺陷 }
        columns: { Plant: plant, Defects: defects, Scrap: scrap_rate, Margin change: margin_change }
        offers: { metrics: [defects, scrap_rate, margin_change], dimensions: [plant], grain: quarter }
${dataset}
`;

const quarter = (from: string, to: string) =>
  ({ filters: {}, period: { grain: "quarter", from, to } }) as const;

const browsers = new BrowserManager({ headless: true });
let site: StaticSite;
let guarded: StaticSite;
// The same site, whose own theme stylesheet never answers (a stalled static host or proxy).
let stalled: StaticSite;

beforeAll(async () => {
  if (!existsSync(path.join(SITE, "returns.html")))
    throw new Error(`${SITE} is not built: run bash .ci/build-test-dashboards`);
  // The site, plus one page whose stated total its table does not reach (a list that stopped short).
  site = await serveStaticSite(SITE, {
    extra: (request, response) => {
      if (request.url !== "/short") return false;
      response.writeHead(200, { "content-type": "text/html" }).end(
        `<!DOCTYPE html><html><body><div class="card"><h2>Monthly returns</h2><p>5 rows</p><table>
<thead><tr><th>Month</th><th>Region</th><th>Returned</th><th>Return rate %</th></tr></thead><tbody>
<tr><td>2022-01</td><td>East</td><td>100</td><td>1</td></tr><tr><td>2022-01</td><td>North</td><td>493</td><td>1.3</td></tr>
</tbody></table></div></body></html>`,
      );
      return true;
    },
  });
  guarded = await serveStaticSite(SITE, { basic: { username: "analyst", password: "s3cret-basic-pass" } });
  stalled = await serveStaticSite(SITE, {
    extra: (request) => request.url?.startsWith("/_observablehq/theme-") ?? false,
  });
});

afterAll(async () => {
  await site?.close();
  await guarded?.close();
  await stalled?.close();
  await browsers.close();
  removeTemporaryDirectories();
});

// What the adapter read, as the seeded values: month text, region, returned and rate as numbers.
function seeded(): Record<string, unknown>[] {
  return returnRows().map((row) => ({
    month: row.month,
    region: row.region,
    returned: row.returned,
    return_rate: row.rate,
  }));
}

describe("BI reader on an Observable Framework site", () => {
  it("reads every row of an Inputs.table under the default theme, cells exact, by scrolling its container", async () => {
    const workspace = testWorkspace(site.url, {}, workspaceYaml());
    const adapter = new BiDashboardAdapter(
      "framework",
      workspace.config.sources.framework as never,
      workspace,
      browsers,
    );
    try {
      const goal = biGoal("framework", "returns");
      const started = Date.now();
      const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
      const seconds = (Date.now() - started) / 1000;
      const evidence = adapter.normalize(raw, goal);
      if (evidence.kind !== "table") throw new Error("expected a table");
      expect(evidence.rows).toHaveLength(180);
      expect(evidence.rows).toEqual(seeded());
      expect(raw.meta?.scroll_steps).toBeGreaterThan(0);
      expect(evidence.notes.join("\n")).toMatch(/appeared only when the table was scrolled/);
      // Framework's default head links Google Fonts' stylesheet: refused, and said so.
      expect(evidence.notes.join("\n")).toMatch(
        /1 request to origins outside the source blocked \(https:\/\/fonts\.googleapis\.com: 1 stylesheet\)/,
      );
      expect(seconds).toBeLessThan(30);
      // The same reader on a page whose table stops short of the total it states.
      const short = await stepFailure(adapter.fetch(biGoal("framework", "short"), stepContext()));
      expect(short.kind).toBe("format_error");
      expect(short.message).toBe(
        'framework.short: the page states 5 rows ("5 rows") but 2 were read at heading "Monthly returns"',
      );
    } finally {
      await adapter.close();
    }
  });

  it("signs in with HTTP Basic auth from environment variables, and names the variables when the server refuses them", async () => {
    const auth = `    auth: { type: basic, username: analyst, password: "\${FRAMEWORK_PASSWORD}" }`;
    const good = testWorkspace(guarded.url, { FRAMEWORK_PASSWORD: "s3cret-basic-pass" }, workspaceYaml(auth));
    const adapter = new BiDashboardAdapter(
      "framework",
      good.config.sources.framework as never,
      good,
      browsers,
    );
    try {
      const goal = biGoal("framework", "returns");
      const evidence = adapter.normalize(await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 })), goal);
      expect(evidence.kind === "table" && evidence.rows.length).toBe(180);
    } finally {
      await adapter.close();
    }
    const wrong = testWorkspace(guarded.url, { FRAMEWORK_PASSWORD: "wrong-password" }, workspaceYaml(auth));
    const refused = new BiDashboardAdapter(
      "framework",
      wrong.config.sources.framework as never,
      wrong,
      browsers,
    );
    try {
      const error = await stepFailure(
        refused.fetch(biGoal("framework", "returns"), stepContext({ runDirectory: temporaryDirectory() })),
      );
      expect(error.kind).toBe("auth_error");
      expect(error.message).toMatch(
        /answered 401; check the environment variable FRAMEWORK_PASSWORD \(sources\.framework\.auth\)/,
      );
      expect(JSON.stringify(error.details)).not.toContain("wrong-password");
    } finally {
      await refused.close();
    }
  });
});

describe("units and the page's period on a Framework page", () => {
  it("reads ppm, ‰ and bp as written, converts ‰ to the catalog's percent, and takes the quarter from the heading", async () => {
    const workspace = testWorkspace(
      site.url,
      {},
      defectsYaml(`        units: { defects: ppm }
        period: { heading: '(\\d{4}年第.季度)' }
        period_column: quarter`),
    );
    const adapter = new BiDashboardAdapter(
      "framework",
      workspace.config.sources.framework as never,
      workspace,
      browsers,
    );
    try {
      const goal = biGoal("framework", "defects", quarter("2024-07-01", "2024-09-30"));
      const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
      if (evidence.kind !== "table") throw new Error("expected a table");
      expect(evidence.rows).toEqual(
        defectRows().map((row) => ({
          plant: row.plant,
          defects: row.defects_ppm,
          scrap_rate: Number((row.scrap_per_mille / 10).toPrecision(12)),
          margin_change: row.margin_bp,
          quarter: "2024-Q3",
        })),
      );
      expect(Object.fromEntries(evidence.columns.map((column) => [column.name, column.unit]))).toMatchObject({
        defects: "ppm",
        scrap_rate: "percent",
        margin_change: "basis_points",
      });
      const notes = evidence.notes.join("\n");
      expect(notes).toContain("scrap_rate converted from per_mille on the page to percent");
      expect(notes).toContain('period 2024-Q3 read from the heading "2024年第三季度 各工厂缺陷"');

      const earlier = biGoal("framework", "defects", quarter("2024-01-01", "2024-03-31"));
      const error = await stepFailure(adapter.fetch(earlier, stepContext()));
      expect(error.kind).toBe("no_results");
      expect(error.message).toContain("the page shows 2024-Q3 only");
    } finally {
      await adapter.close();
    }
  });

  it("takes a declared period, and refuses units the cells contradict", async () => {
    const declared = testWorkspace(site.url, {}, defectsYaml("        period: 2024-Q3"));
    const adapter = new BiDashboardAdapter(
      "framework",
      declared.config.sources.framework as never,
      declared,
      browsers,
    );
    try {
      const goal = biGoal("framework", "defects", quarter("2024-07-01", "2024-09-30"));
      const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
      expect(evidence.kind === "table" && evidence.rows.map((row) => row.period)).toEqual([
        "2024-Q3",
        "2024-Q3",
        "2024-Q3",
        "2024-Q3",
      ]);
    } finally {
      await adapter.close();
    }
    const wrong = testWorkspace(site.url, {}, defectsYaml("        units: { defects: per_mille }"));
    const contradicted = new BiDashboardAdapter(
      "framework",
      wrong.config.sources.framework as never,
      wrong,
      browsers,
    );
    try {
      const error = await stepFailure(
        contradicted.fetch(
          biGoal("framework", "defects", quarter("2024-07-01", "2024-09-30")),
          stepContext(),
        ),
      );
      expect(error.kind).toBe("format_error");
      expect(error.message).toMatch(
        /column defects is declared in per_mille \(units\) but its cells are written in ppm/,
      );
    } finally {
      await contradicted.close();
    }
  });
});

describe("a stalled page under sources test", () => {
  it("ends within the source's timeout, names the step and the stylesheet it waited for, and saves the HTML", async () => {
    const workspace = testWorkspace(
      stalled.url,
      {},
      workspaceYaml().replace("timeout_seconds: 60", "timeout_seconds: 6"),
    );
    const started = Date.now();
    const [report] = await testSource(workspace, "framework", { dataset: "returns" });
    const seconds = (Date.now() - started) / 1000;
    expect(report.error?.kind).toBe("timeout");
    expect(report.error?.message).toMatch(
      /^framework\.returns: loading the page \(DOMContentLoaded\) did not finish within [\d.]+ s; the page was still loading stylesheet http:\/\/127\.0\.0\.1:\d+\/_observablehq\/theme-air,near-midnight\.[0-9a-f]+\.css/,
    );
    // The step as a code (models/step-messages/page-wait.ts), said in the answer's language by the catalogs.
    expect(report.error?.details.stalled_step).toBe("page_load");
    const html = String(report.error?.details.html);
    expect(html.startsWith(workspace.stateDirectory)).toBe(true);
    expect(readFileSync(html, "utf8")).toContain("Returns by region");
    // 6 s for the page, at most 10 s more for the artefacts of a page that cannot render.
    expect(seconds).toBeLessThan(18);
  });
});
