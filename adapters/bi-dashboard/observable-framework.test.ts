import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The seeded rows, the same function the site's build wrote them with.
import { returnRows } from "../../test/dashboards/observable-framework/data.mjs";
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
import { type StaticSite, serveStaticSite } from "./static-site-server.js";

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
        offers: { metrics: [returned, return_rate], dimensions: [region] }
`;

const browsers = new BrowserManager({ headless: true });
let site: StaticSite;
let guarded: StaticSite;

beforeAll(async () => {
  if (!existsSync(path.join(SITE, "returns.html")))
    throw new Error(`${SITE} is not built: run bash .ci/build-test-dashboards`);
  site = await serveStaticSite(SITE);
  guarded = await serveStaticSite(SITE, { basic: { username: "analyst", password: "s3cret-basic-pass" } });
});

afterAll(async () => {
  await site?.close();
  await guarded?.close();
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
