import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import type { TableEvidence } from "../../models/evidence.js";
import { StepError } from "../../models/step-error.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  TEST_WORKSPACE_YAML,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// Real headless Chromium against a portal whose data API answers after 3 s, read through a source
// whose timeout_seconds is 2: the first attempt times out, the reflector's retry with a doubled
// timeout (context.hints.timeoutMs) must be allowed to wait past timeout_seconds.
const browsers = new BrowserManager({ headless: true });
let portal: BiPortal;
let adapter: BiDashboardAdapter;

beforeAll(async () => {
  portal = await startBiPortal({ port: 0, dataDelayMs: 3000 });
  const yaml = TEST_WORKSPACE_YAML.replace("timeout_seconds: 20", "timeout_seconds: 2");
  const workspace = testWorkspace(portal.url, {}, yaml);
  const config = workspace.config.sources.sales_bi;
  if (config.kind !== "bi_dashboard") throw new Error("sales_bi is not a BI source");
  expect(config.timeout_seconds).toBe(2);
  adapter = new BiDashboardAdapter("sales_bi", config, workspace, browsers);
});

afterAll(async () => {
  await adapter?.close();
  await browsers.close();
  await portal?.close();
  removeTemporaryDirectories();
});

describe("a retry with a longer timeout", () => {
  const goal = biGoal("sales_bi", "returns", {
    filters: { product: "A", region: "East" },
    period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
  });

  it("times out at timeout_seconds first, then succeeds when hints.timeoutMs lifts the cap", async () => {
    // Sign in and start the browser first (a longer budget), so the 2 s attempt below is spent on the data alone.
    await adapter.fetch(goal, { ...stepContext({ timeoutMs: 20_000 }), hints: { timeoutMs: 20_000 } });
    const started = Date.now();
    const first = await adapter.fetch(goal, stepContext({ timeoutMs: 10_000 })).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(StepError.isStepError(first) && first.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(8000);

    const retry = { ...stepContext({ timeoutMs: 12_000, attempt: 2 }), hints: { timeoutMs: 12_000 } };
    const evidence = adapter.normalize(await adapter.fetch(goal, retry), goal) as TableEvidence;
    expect(evidence.rows).toEqual([{ product: "A", region: "East", month: "2024-01", return_rate: 5.2 }]);
  }, 90_000);
});
