import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Workspace } from "../../config/workspace.js";
import type { TableEvidence } from "../../models/evidence.js";
import { SPA_DATA, SPA_SECRET, SPA_USER, spaWorkspaceYaml } from "../../test/dashboards/vite-spa/spa-seed.js";
import { type RunningSpa, spaBuildPath, startSpa } from "../../test/dashboards/vite-spa/spa-server.js";
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

// A real single-page dashboard (test/dashboards/vite-spa: Vite, Tabulator, Grid.js, Chart.js with
// chartjs-plugin-datalabels, built by .ci/build-vite-spa) read in a real headless Chromium. Its
// sign-in is a client-side route (#/login) the app's own script sends the browser to when its API
// answers 401; the server never redirects. Every number is seeded here and compared cell by cell.

const browsers = new BrowserManager({ headless: true });
let spa: RunningSpa;

/** An adapter of source ops in a fresh workspace, or in the given one (a later run of it). */
function adapterFor(password: string, workspace = testWorkspace(spa.url, {}, spaWorkspaceYaml(password))) {
  const config = workspace.config.sources.ops;
  if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
  return new BiDashboardAdapter("ops", config, workspace, browsers);
}

async function read(
  adapter: BiDashboardAdapter,
  dataset: string,
  filters: Record<string, string> = {},
): Promise<TableEvidence> {
  const goal = biGoal("ops", dataset, { filters });
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
  spa = await startSpa({ data: SPA_DATA, user: SPA_USER, secret: SPA_SECRET, delayMs: 150 });
});

afterAll(async () => {
  await browsers.close();
  await spa?.close();
  removeTemporaryDirectories();
});

describe("a single-page dashboard (Vite, Tabulator, Grid.js, Chart.js) behind a client-side sign-in route", () => {
  let adapter: BiDashboardAdapter;
  let workspace: Workspace;
  beforeAll(() => {
    workspace = testWorkspace(spa.url, {}, spaWorkspaceYaml(SPA_SECRET));
    adapter = adapterFor(SPA_SECRET, workspace);
  });
  afterAll(async () => {
    await adapter?.close();
  });

  it("signs in on #/login, sent there by the app's own script, and reads the Tabulator table", async () => {
    const evidence = await read(adapter, "revenue");
    expect(evidence.rows).toEqual(SPA_DATA.revenue);
    expect(adapter.loginCount).toBe(1);
    expect(spa.logins()).toBe(1);
  }, 120_000);

  it("reads the Grid.js table, every cell exact, without signing in again", async () => {
    const evidence = await read(adapter, "orders");
    expect(evidence.rows).toEqual(SPA_DATA.orders);
    expect(adapter.loginCount).toBe(1);
  }, 120_000);

  it("reads the Chart.js bars' value labels by OCR, never a y-axis tick (142, not 140)", async () => {
    const evidence = await read(adapter, "units");
    expect(evidence.rows).toEqual(SPA_DATA.units);
  }, 120_000);

  it("reads the horizontal Chart.js bars (indexAxis y), the x-axis ticks below them set aside", async () => {
    const evidence = await read(adapter, "units_horizontal");
    expect(evidence.rows).toEqual(SPA_DATA.units);
  }, 120_000);

  it("follows a filter in the client-side route (#/dashboard?market=…) from one market to the next, never the view before", async () => {
    for (const market of ["North", "East", "South"]) {
      const goal = biGoal("ops", "revenue_of_market", { filters: { market } });
      const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
      const evidence = adapter.normalize(raw, goal) as TableEvidence;
      expect(evidence.rows).toEqual(SPA_DATA.revenue.filter((row) => row.market === market));
    }
  }, 120_000);

  it("reuses the stored session in a later run: the app shows its view, no sign-in", async () => {
    const later = adapterFor(SPA_SECRET, workspace);
    try {
      const evidence = await read(later, "orders");
      expect(evidence.rows).toEqual(SPA_DATA.orders);
      expect(later.loginCount).toBe(0);
      expect(spa.logins()).toBe(1);
    } finally {
      await later.close();
    }
  }, 120_000);

  it("signs in once more when the session expired: the app, sent to another #route, shows #/login instead of its view", async () => {
    // The page shows one market's view; the next read is a same-document route change, whose
    // earlier view stays on screen until the app has asked its API (401) and shown its sign-in.
    await read(adapter, "revenue_of_market", { market: "North" });
    spa.expireSessions();
    const before = adapter.loginCount;
    const evidence = await read(adapter, "revenue");
    expect(evidence.rows).toEqual(SPA_DATA.revenue);
    expect(adapter.loginCount).toBe(before + 1);
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

describe("a single-page dashboard routing by path, whose script pushes /app/login itself", () => {
  it("waits for the app to show its sign-in page, signs in, and reads the table (main: not_found after 15 s)", async () => {
    const workspace = testWorkspace(spa.url, {}, spaWorkspaceYaml(SPA_SECRET));
    const config = workspace.config.sources.ops_paths;
    if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
    const adapter = new BiDashboardAdapter("ops_paths", config, workspace, browsers);
    try {
      const started = Date.now();
      const goal = biGoal("ops_paths", "orders", { filters: {} });
      const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
      expect((adapter.normalize(raw, goal) as TableEvidence).rows).toEqual(SPA_DATA.orders);
      expect(adapter.loginCount).toBe(1);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await adapter.close();
    }
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
