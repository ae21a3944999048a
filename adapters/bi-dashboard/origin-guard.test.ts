import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  stepFailure,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { type StaticSite, serveStaticSite } from "../../test/support/bi-dashboard/static-site-server.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { resolveBrowserExecutable } from "./browser-executable.js";
import { BrowserManager, CHROMIUM_ARGUMENTS } from "./browser-manager.js";
import { OriginGuard } from "./origin-guard.js";
import { chromium } from "./playwright.js";

// A dashboard on one loopback port whose page tries every way out to a trap host on another port
// (issue 26 item 1): the trap counts TCP connections, and the goal is none.
let trap: Server;
let trapUrl: string;
let trapConnections = 0;
// Authorization headers each host received: the source's credentials must reach its own origin only.
const trapAuthorizations: string[] = [];
const dashboardAuthorizations: string[] = [];
let dashboard: StaticSite;

const escapingPage = (trapOrigin: string, navigate = true) => `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="${trapOrigin}/style.css">
<script src="${trapOrigin}/script.js"></script>
</head><body><h2>Figures</h2><div id="card"></div>
<script>
const trap = ${JSON.stringify(trapOrigin)};
fetch(trap + "/fetch").catch(() => {});
const xhr = new XMLHttpRequest(); xhr.open("GET", trap + "/xhr"); xhr.send();
navigator.sendBeacon(trap + "/beacon", "leak");
try { new WebSocket(trap.replace("http", "ws") + "/socket"); } catch {}
window.open(trap + "/popup");
const frame = document.createElement("iframe"); frame.src = trap + "/frame"; document.body.append(frame);
${navigate ? 'location.assign(trap + "/navigate");' : ""}
setTimeout(() => {
  document.getElementById("card").innerHTML = "<table><thead><tr><th>Month</th><th>Amount</th></tr></thead><tbody><tr><td>2024-01</td><td>12</td></tr><tr><td>2024-02</td><td>15</td></tr></tbody></table>";
}, 400);
</script></body></html>`;

const yaml = (extra = "") => `
catalog:
  metrics: { amount: { unit: count } }
sources:
  dash:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
${extra}
    datasets:
      figures:
        url: /figures
        locate: { heading: Figures }
        columns: { Month: month, Amount: amount }
        offers: { metrics: [amount] }
      calm:
        url: /calm
        locate: { heading: Figures }
        columns: { Month: month, Amount: amount }
        offers: { metrics: [amount] }
      moved:
        url: /moved
        locate: { heading: Figures }
        columns: { Month: month, Amount: amount }
        offers: { metrics: [amount] }
`;

const browsers = new BrowserManager({ headless: true });

beforeAll(async () => {
  trap = createServer((request, response) => {
    if (request.headers.authorization) trapAuthorizations.push(request.headers.authorization);
    response.end("trap");
  });
  trap.on("connection", () => {
    trapConnections += 1;
  });
  trap.on("upgrade", (_request, socket) => socket.destroy());
  await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
  trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  dashboard = await serveStaticSite("/nonexistent", {
    extra: (request, response) => {
      if (request.headers.authorization) dashboardAuthorizations.push(request.headers.authorization);
      if (request.url === "/figures") {
        response.writeHead(200, { "content-type": "text/html" }).end(escapingPage(trapUrl));
        return true;
      }
      if (request.url === "/calm") {
        response.writeHead(200, { "content-type": "text/html" }).end(escapingPage(trapUrl, false));
        return true;
      }
      if (request.url === "/moved") {
        response.writeHead(302, { location: `${trapUrl}/elsewhere` }).end();
        return true;
      }
      return false;
    },
  });
});

afterAll(async () => {
  await dashboard?.close();
  trap?.closeAllConnections();
  await new Promise((resolve) => trap?.close(resolve));
  await browsers.close();
  removeTemporaryDirectories();
});

describe("the browser is held to the source's origins", () => {
  it("refuses fetch, XHR, beacon, WebSocket, popup, frame, navigation, stylesheet and script to another host, and counts them", async () => {
    trapConnections = 0;
    const workspace = testWorkspace(dashboard.url, {}, yaml());
    const adapter = new BiDashboardAdapter(
      "dash",
      workspace.config.sources.dash as never,
      workspace,
      browsers,
    );
    try {
      const goal = biGoal("dash", "figures");
      const raw = await adapter.fetch(goal, stepContext());
      const evidence = adapter.normalize(raw, goal);
      expect(evidence.kind === "table" && evidence.rows).toEqual([
        { month: "2024-01", amount: 12 },
        { month: "2024-02", amount: 15 },
      ]);
      // Give any late attempt (the popup's own load, a reconnecting socket) time to reach the trap.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(trapConnections).toBe(0);
      const note = evidence.notes.find((line) => line.includes("origins outside the source")) ?? "";
      for (const type of ["stylesheet", "script", "fetch", "xhr", "ping", "websocket", "popup", "document"])
        expect(note, type).toMatch(new RegExp(`\\d+ ${type}\\b`));
      expect(note).toContain(trapUrl);
      expect(raw.meta?.blocked_requests).toBeGreaterThanOrEqual(9);
    } finally {
      await adapter.close();
    }
  });

  it("fails a redirect off the origin with a typed error naming the origin, and never connects there", async () => {
    trapConnections = 0;
    const workspace = testWorkspace(dashboard.url, {}, yaml());
    const adapter = new BiDashboardAdapter(
      "dash",
      workspace.config.sources.dash as never,
      workspace,
      browsers,
    );
    try {
      const error = await stepFailure(adapter.fetch(biGoal("dash", "moved"), stepContext()));
      expect(error.kind).toBe("config_error");
      expect(error.retryable).toBe(false);
      expect(error.message).toContain(`redirected to ${trapUrl}, which is not the source's base_url`);
      expect(error.details.redirect_origin).toBe(trapUrl);
      expect(trapConnections).toBe(0);
    } finally {
      await adapter.close();
    }
  });

  it("lets the page reach an origin listed in allow_origins, without the source's credentials", async () => {
    trapConnections = 0;
    const workspace = testWorkspace(
      dashboard.url,
      { DASH_TOKEN: "tok-7f3a9c2e" },
      yaml(`    allow_origins: ["${trapUrl}"]\n    auth: { type: bearer, token: "\${DASH_TOKEN}" }`),
    );
    const adapter = new BiDashboardAdapter(
      "dash",
      workspace.config.sources.dash as never,
      workspace,
      browsers,
    );
    try {
      const goal = biGoal("dash", "calm");
      const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
      expect(evidence.notes.join("\n")).not.toMatch(/origins outside the source/);
      expect(trapConnections).toBeGreaterThan(0);
      expect(dashboardAuthorizations).toContain("Bearer tok-7f3a9c2e");
      expect(trapAuthorizations).toEqual([]);
    } finally {
      await adapter.close();
    }
  });
});

describe("the guard over the workspace's shared browser server", () => {
  it("holds a context of a browser reached by connect() (browser-server.ts) just as one launched here", async () => {
    trapConnections = 0;
    const server = await chromium.launchServer({
      executablePath: resolveBrowserExecutable({ headless: true }),
      headless: true,
      args: CHROMIUM_ARGUMENTS,
    });
    const browser = await chromium.connect(server.wsEndpoint());
    try {
      const context = await browser.newContext({ serviceWorkers: "block" });
      const guard = new OriginGuard({ allowedOrigins: [dashboard.url] });
      await guard.install(context);
      const page = await context.newPage();
      await guard.own(page);
      await page.goto(`${dashboard.url}/calm`, { waitUntil: "domcontentloaded" });
      await page.locator("table").waitFor({ state: "attached" });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(trapConnections).toBe(0);
      expect(new Set(guard.blockedFor(page).map((blocked) => blocked.type))).toEqual(
        new Set(["stylesheet", "script", "fetch", "xhr", "ping", "websocket", "popup", "document"]),
      );
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
