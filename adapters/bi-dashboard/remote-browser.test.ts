import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../config/config-error.js";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  stepFailure,
  TEST_WORKSPACE_YAML,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { type StaticSite, serveStaticSite } from "../../test/support/bi-dashboard/static-site-server.js";
import {
  type BrowserServerProcess,
  startBrowserServerProcess,
} from "../../test/support/remote-browser-servers.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager, chromiumDescendants } from "./browser-manager.js";
import { connectRemoteBrowser } from "./remote-browser.js";

// Real browser servers (playwright's chromium.launchServer over Debian's Chromium), each in its own
// process as on a browser host; the adapter reaches them through `browser.ws_endpoint(s)`.
let portal: BiPortal;
let first: BrowserServerProcess;
let second: BrowserServerProcess;
/** An endpoint nothing listens on: a server that is down. */
let deadEndpoint: string;

const january = { grain: "month" as const, from: "2024-01-01", to: "2024-01-31" };

beforeAll(async () => {
  portal = await startBiPortal({ port: 0, dataDelayMs: 50 });
  [first, second] = await Promise.all([startBrowserServerProcess(), startBrowserServerProcess()]);
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  deadEndpoint = `ws://127.0.0.1:${port}/0123456789abcdef-dead-token`;
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await portal?.close();
  removeTemporaryDirectories();
});

const withBrowser = (section: string) => `${TEST_WORKSPACE_YAML}browser:\n${section}\n`;

function adapterFor(section: string, manager?: BrowserManager) {
  const workspace = testWorkspace(portal.url, {}, withBrowser(section));
  const browsers = manager ?? new BrowserManager(workspace.config.browser);
  const adapter = new BiDashboardAdapter(
    "sales_bi",
    workspace.config.sources.sales_bi as never,
    workspace,
    browsers,
  );
  return { workspace, browsers, adapter };
}

describe("a remote browser (browser.ws_endpoint)", () => {
  it("signs in and reads the demo portal through a browser server in another process; nothing is launched here", async () => {
    const { adapter, browsers } = adapterFor(`  ws_endpoint: ${first.wsEndpoint}`);
    try {
      const goal = biGoal("sales_bi", "returns", {
        filters: { product: "A", region: "East" },
        period: january,
      });
      const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
      expect(evidence.kind === "table" && evidence.rows.length).toBeGreaterThan(0);
      // Connected, not launched: no Chromium below this process, none for the manager to kill.
      expect(browsers.processIds()).toEqual([]);
      // (The browser servers are this test's children: their Chromium is theirs, not the adapter's.)
      const servers = new Set([first.pid, second.pid]);
      expect(chromiumDescendants(process.pid, browsers.executablePath, servers)).toEqual([]);
    } finally {
      await adapter.close();
    }
    expect(browsers.running).toBe(false);
  }, 60_000);

  it("skips a dead endpoint of the pool for the next one", async () => {
    // Each connection starts one further along the pool: of two in a row, one starts at the dead one.
    const pool = [deadEndpoint, second.wsEndpoint];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const connection = await connectRemoteBrowser(pool);
      expect(connection.endpoint).toBe(second.wsEndpoint);
      await connection.browser.close();
    }
    const { adapter } = adapterFor(`  ws_endpoints:\n    - ${deadEndpoint}\n    - ${second.wsEndpoint}`);
    try {
      for (const product of ["A", "B"]) {
        const goal = biGoal("sales_bi", "returns", { filters: { product, region: "East" }, period: january });
        const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
        expect(evidence.kind === "table" && evidence.rows.length).toBeGreaterThan(0);
      }
    } finally {
      await adapter.close();
    }
  }, 60_000);

  it("fails with a typed error naming every endpoint, without its token, when none answers", async () => {
    const other = deadEndpoint.replace("dead-token", "other-secret-path");
    const { adapter, workspace } = adapterFor(`  ws_endpoints: [${deadEndpoint}, ${other}]`);
    try {
      const error = await stepFailure(
        adapter.fetch(biGoal("sales_bi", "returns", { filters: {}, period: january }), stepContext()),
      );
      expect(error.kind).toBe("server_error");
      const label = `ws://${new URL(deadEndpoint).host}/…`;
      expect(error.message).toContain(`no browser server answered (browser.ws_endpoints): ${label} (`);
      expect(error.message.split(label).length - 1).toBe(2);
      expect(error.message).not.toContain("dead-token");
      expect(error.message).not.toContain("other-secret-path");
      // Whatever else prints the endpoint (a trace, a run file) goes through the redactor.
      expect(workspace.redactor.text(`connecting to ${second.wsEndpoint}`)).toBe(
        `connecting to ${second.wsEndpoint}`,
      );
      expect(workspace.redactor.text(`connecting to ${deadEndpoint}`)).not.toContain("dead-token");
    } finally {
      await adapter.close();
    }
  }, 30_000);

  it("a server killed mid-read fails that read at once and the next read goes to the next server", async () => {
    const victim = await startBrowserServerProcess();
    // One process's manager: the pool order is decided per connection, so put the victim alone first.
    const { adapter, browsers } = adapterFor(`  ws_endpoint: ${victim.wsEndpoint}`);
    try {
      const started = Date.now();
      const reading = stepFailure(
        adapter.fetch(biGoal("sales_bi", "hanging", { filters: {} }), stepContext()),
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      victim.kill();
      const error = await reading;
      expect(`${error.kind}: ${error.message}`).toMatch(/^server_error/);
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/the browser went away|no browser server answered/);
      // Not the 30 s step timeout: the disconnect ends the read.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(error.message).not.toContain(new URL(victim.wsEndpoint).pathname.slice(1));
      // The manager lets go of the dead browser (the next acquire connects again).
      await expect.poll(() => browsers.running, { timeout: 5_000 }).toBe(false);
    } finally {
      await adapter.close();
      await victim.stop();
    }
    // A fresh adapter of a pool whose first server is the dead one reads through the second.
    const pool = adapterFor(`  ws_endpoints: [${victim.wsEndpoint}, ${first.wsEndpoint}]`);
    try {
      const goal = biGoal("sales_bi", "returns", {
        filters: { product: "C", region: "West" },
        period: january,
      });
      const evidence = pool.adapter.normalize(await pool.adapter.fetch(goal, stepContext()), goal);
      expect(evidence.kind === "table" && evidence.rows.length).toBeGreaterThan(0);
    } finally {
      await pool.adapter.close();
    }
  }, 60_000);

  it("reconnects the same adapter after its server died, to the next server of the pool", async () => {
    const victims = await Promise.all([startBrowserServerProcess(), startBrowserServerProcess()]);
    const { adapter, browsers } = adapterFor(
      `  ws_endpoints: [${victims.map((each) => each.wsEndpoint).join(", ")}]`,
    );
    try {
      const goal = biGoal("sales_bi", "returns", {
        filters: { product: "A", region: "North" },
        period: january,
      });
      expect((await adapter.fetch(goal, stepContext())).meta).toBeDefined();
      const used = victims.find((each) => each.wsEndpoint === browsers.connectedEndpoint);
      expect(used).toBeDefined();
      used!.kill();
      await expect.poll(() => browsers.connectedEndpoint, { timeout: 5_000 }).toBeUndefined();
      const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
      expect(evidence.kind === "table" && evidence.rows.length).toBeGreaterThan(0);
      // The other server of the pool, not the dead one.
      expect(browsers.connectedEndpoint).toBe(victims.find((each) => each !== used)!.wsEndpoint);
    } finally {
      await adapter.close();
      await Promise.all(victims.map((each) => each.stop()));
    }
  }, 90_000);
});

describe("the origin guard on a remote browser", () => {
  let trap: Server;
  let trapConnections = 0;
  let dashboard: StaticSite;

  beforeAll(async () => {
    trap = createServer((_request, response) => response.end("trap"));
    trap.on("connection", () => {
      trapConnections += 1;
    });
    await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
    const trapOrigin = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
    dashboard = await serveStaticSite("/nonexistent", {
      extra: (request, response) => {
        if (request.url !== "/figures") return false;
        response.writeHead(200, { "content-type": "text/html" }).end(`<!DOCTYPE html><h2>Figures</h2>
<script>fetch(${JSON.stringify(`${trapOrigin}/leak`)}).catch(() => {});
window.open(${JSON.stringify(`${trapOrigin}/popup`)});</script>
<table><thead><tr><th>Month</th><th>Amount</th></tr></thead><tbody><tr><td>2024-01</td><td>12</td></tr></tbody></table>`);
        return true;
      },
    });
  });

  afterAll(async () => {
    await dashboard?.close();
    trap?.closeAllConnections();
    await new Promise((resolve) => trap?.close(resolve));
  });

  it("holds the remote browser's page to the source's origin", async () => {
    trapConnections = 0;
    const yaml = `
catalog:
  metrics: { amount: { unit: count } }
sources:
  dash:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    datasets:
      figures:
        url: /figures
        locate: { heading: Figures }
        columns: { Month: month, Amount: amount }
        offers: { metrics: [amount] }
browser:
  ws_endpoint: ${first.wsEndpoint}
`;
    const workspace = testWorkspace(dashboard.url, {}, yaml);
    const adapter = new BiDashboardAdapter(
      "dash",
      workspace.config.sources.dash as never,
      workspace,
      new BrowserManager(workspace.config.browser),
    );
    try {
      const goal = biGoal("dash", "figures");
      const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
      expect(evidence.kind === "table" && evidence.rows).toEqual([{ month: "2024-01", amount: 12 }]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(trapConnections).toBe(0);
      expect(evidence.notes.join("\n")).toMatch(/origins outside the source/);
    } finally {
      await adapter.close();
    }
  }, 60_000);
});

describe("browser endpoint configuration", () => {
  it("refuses an endpoint that is not ws:// or wss://, at its line", () => {
    let caught: unknown;
    try {
      testWorkspace(portal.url, {}, withBrowser("  ws_endpoint: http://127.0.0.1:3000/abc"));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const issue = (caught as ConfigError).issues.find((each) => each.path?.includes("ws_endpoint"));
    expect(issue?.message).toMatch(/ws:\/\/ or wss:\/\/ URL/);
    expect(issue?.line).toBeGreaterThan(1);
  });

  it("refuses ws_endpoint and ws_endpoints together", () => {
    expect(() =>
      testWorkspace(
        portal.url,
        {},
        withBrowser(`  ws_endpoint: ws://127.0.0.1:1/a\n  ws_endpoints: [ws://127.0.0.1:2/b]`),
      ),
    ).toThrow(/either browser.ws_endpoint or browser.ws_endpoints/);
  });
});
