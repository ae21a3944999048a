import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  temporaryDirectory,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import type { StepContext } from "../adapter.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// Real headless Chromium against the real demo portal: a step aborted (deadline or Ctrl-C) while the
// adapter navigates, waits for data, or scrolls a grid must end in exactly one rejected fetch
// promise, and leave no promise rejecting unhandled behind it.
const browsers = new BrowserManager({ headless: true });
let portal: BiPortal;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  portal = await startBiPortal({ port: 0, dataDelayMs: 8000 });
});

afterEach(() => {
  portal.setRenderDelay(0);
});

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await browsers.close();
  await portal?.close();
  removeTemporaryDirectories();
});

function adapterFor(): BiDashboardAdapter {
  const workspace = testWorkspace(portal.url);
  const config = workspace.config.sources.sales_bi;
  if (config.kind !== "bi_dashboard") throw new Error("sales_bi is not a BI source");
  return new BiDashboardAdapter("sales_bi", config, workspace, browsers);
}

/** A step context whose signal the test aborts after `afterMs`, as the executor's deadline would. */
function abortedAfter(afterMs: number): StepContext & { traces: string[] } {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException("step timed out", "TimeoutError")), afterMs).unref();
  return {
    ...stepContext({ timeoutMs: 30_000, runDirectory: temporaryDirectory("bi-abort-") }),
    signal: controller.signal,
  };
}

/** Lets late rejections (from work still running when fetch gave up) reach the process. */
async function drain(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setTimeout(resolve, 200));
}

describe("aborting a step leaves no unhandled promise rejection", () => {
  it.each([
    ["navigation to a route that never answers", "hanging", 1500],
    ["the wait for a page whose script never arrives", "stalled_script", 1500],
    ["waiting for data that arrives after 8 s", "returns", 2500],
    ["waiting for a table that never appears", "missing_anchor", 1200],
  ])(
    "while %s",
    async (_what, dataset, abortAfterMs) => {
      unhandled.length = 0;
      const adapter = adapterFor();
      try {
        const params: Parameters<typeof biGoal>[2] =
          dataset === "returns"
            ? {
                filters: { product: "A" },
                period: { grain: "month" as const, from: "2024-01-01", to: "2024-01-31" },
              }
            : { filters: {} };
        const context = abortedAfter(abortAfterMs);
        const started = Date.now();
        const error = await adapter.fetch(biGoal("sales_bi", dataset, params, "g1"), context).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toMatchObject({ kind: "timeout" });
        // The abort, not the 20 s budget, ended it.
        expect(Date.now() - started).toBeLessThan(abortAfterMs + 8000);
        await drain();
      } finally {
        await adapter.close();
      }
      await drain();
      expect(unhandled).toEqual([]);
    },
    40_000,
  );

  it("when the step was aborted before fetch began", async () => {
    unhandled.length = 0;
    const adapter = adapterFor();
    try {
      const context = {
        ...stepContext(),
        signal: AbortSignal.abort(new DOMException("interrupted", "AbortError")),
      };
      const error = await adapter.fetch(biGoal("sales_bi", "hanging", { filters: {} }, "g3"), context).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ kind: "timeout" });
      expect((error as Error).message).toContain("stopped (step deadline or interrupt)");
    } finally {
      await adapter.close();
    }
    await drain();
    expect(unhandled).toEqual([]);
  }, 20_000);

  it.each([
    ["while the browser starts", 30],
    ["while the page navigates", 1500],
  ])(
    "when the caller stops waiting and closes the adapter at once (%s)",
    async (_when, abortAfterMs) => {
      unhandled.length = 0;
      const adapter = adapterFor();
      const context = abortedAfter(abortAfterMs);
      const work = adapter.fetch(biGoal("sales_bi", "hanging", { filters: {} }, "g2"), context);
      // The caller gives up at the abort and closes the adapter at once, while fetch still unwinds.
      await new Promise<void>((resolve) =>
        context.signal.addEventListener("abort", () => resolve(), { once: true }),
      );
      const closing = adapter.close();
      const error = await work.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      await closing;
      // Before this was fixed, a close() during the browser's start left fetch pending forever.
      expect(error).toMatchObject({ kind: "timeout" });
      expect((error as Error).message).toContain("stopped (step deadline or interrupt)");
      await drain();
      expect(unhandled).toEqual([]);
    },
    40_000,
  );
});
