import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  stepFailure,
  TEST_WORKSPACE_YAML,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// Real Chromium. A wrong field label must fail fast as auth_error; a login page that is merely
// slow must be a timeout (retryable with a longer one), not a misleading auth_error.
const browsers = new BrowserManager({ headless: true });
const adapters: BiDashboardAdapter[] = [];
let portal: BiPortal;
let slowLogin: Server;
let slowLoginUrl: string;

function adapterFor(workspace: ReturnType<typeof testWorkspace>): BiDashboardAdapter {
  const config = workspace.config.sources.sales_bi;
  if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
  const adapter = new BiDashboardAdapter("sales_bi", config, workspace, browsers);
  adapters.push(adapter);
  return adapter;
}

const goal = biGoal("sales_bi", "returns", {
  filters: { product: "A" },
  period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
});

beforeAll(async () => {
  portal = await startBiPortal({ port: 0, dataDelayMs: 50 });
  // Every page redirects to /login, a single-page app whose form appears once its settings
  // request answers, after 8 s (a busy identity provider).
  slowLogin = createServer((request, response) => {
    if (request.url === "/api/login-settings") {
      setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end("{}"), 8000);
      return;
    }
    if (!request.url?.startsWith("/login")) {
      response.writeHead(302, { location: "/login" }).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><title>Sign in</title><main id="m">Loading…</main>
<script>fetch("/api/login-settings").then(() => { document.getElementById("m").innerHTML =
  '<label>Username <input name="u"></label><label>Password <input name="p" type="password"></label><button>Sign in</button>'; });</script>`);
  });
  await new Promise<void>((resolve) => slowLogin.listen(0, "127.0.0.1", resolve));
  slowLoginUrl = `http://127.0.0.1:${(slowLogin.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.allSettled(adapters.map((adapter) => adapter.close()));
  await browsers.close();
  await portal.close();
  slowLogin.closeAllConnections();
  await new Promise((resolve) => slowLogin.close(resolve));
  removeTemporaryDirectories();
});

describe("bi_dashboard login failures", () => {
  it("reports a username label the login form does not have as auth_error, well before the deadline", async () => {
    const yaml = TEST_WORKSPACE_YAML.replace("username: { label: Username,", "username: { label: User name,");
    const adapter = adapterFor(testWorkspace(portal.url, {}, yaml));
    const started = Date.now();
    const error = await stepFailure(adapter.fetch(goal, stepContext({ timeoutMs: 20_000 })));
    expect(error.kind).toBe("auth_error");
    expect(error.message).toContain('no username field ("User name")');
    expect(error.message).toContain("login.username");
    expect(Date.now() - started).toBeLessThan(12_000);
  });

  it("reports a login page still not showing its form at the step deadline as timeout", async () => {
    const adapter = adapterFor(testWorkspace(slowLoginUrl));
    const error = await stepFailure(adapter.fetch(goal, stepContext({ timeoutMs: 3_000 })));
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("username field");
    expect(error.message).toContain("timeout_seconds");
  });
});
