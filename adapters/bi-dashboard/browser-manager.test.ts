import { afterAll, describe, expect, it } from "vitest";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager, residentMemoryBytes } from "./browser-manager.js";

afterAll(() => removeTemporaryDirectories());

describe("browser manager", () => {
  it("launches one Chromium for all leases and closes it with the last one; retain() keeps it", async () => {
    const manager = new BrowserManager({ headless: true });
    try {
      const [first, second] = await Promise.all([manager.acquire(), manager.acquire()]);
      expect(first).toBe(second);
      const pids = manager.processIds();
      expect(pids.length).toBeGreaterThan(0);
      expect(residentMemoryBytes(pids)).toBeGreaterThan(10 * 2 ** 20);
      const release = manager.retain();
      await manager.release();
      await manager.release();
      expect(manager.running).toBe(true);
      expect(first.isConnected()).toBe(true);
      await release();
      expect(manager.running).toBe(false);
      expect(first.isConnected()).toBe(false);
    } finally {
      await manager.close();
    }
  });

  it("turns a browser that cannot start into config_error naming browser.executable_path", async () => {
    const workspace = testWorkspace("http://127.0.0.1:9");
    const config = workspace.config.sources.sales_bi;
    if (config.kind !== "bi_dashboard") throw new Error("not BI");
    const manager = new BrowserManager({ executable_path: "/nonexistent/chromium", headless: true });
    const adapter = new BiDashboardAdapter("sales_bi", config, workspace, manager);
    try {
      await expect(adapter.fetch(biGoal("sales_bi", "vip_repurchase"), stepContext())).rejects.toMatchObject({
        kind: "config_error",
        message: expect.stringContaining("browser.executable_path"),
      });
    } finally {
      await adapter.close();
    }
  });
});
