import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserManager } from "./browser-manager.js";
import { TABLE_CHANGES } from "./browser-scripts.js";
import { DEFAULT_SETTLE, InFlightRequests, waitUntilSettled } from "./page-readiness.js";

// Real Chromium, pages that render their rows in batches 150 ms apart (as a busy dashboard does),
// with and without aria-busy: the wait must never return a half-filled table.
const browsers = new BrowserManager({ headless: true });
let context: BrowserContext;
/** A context as the adapter makes one: every page records when its tables last changed. */
let watched: BrowserContext;

beforeAll(async () => {
  const browser = await browsers.acquire();
  context = await browser.newContext();
  watched = await browser.newContext();
  await watched.addInitScript({ content: TABLE_CHANGES });
});

afterAll(async () => {
  await context?.close();
  await watched?.close();
  await browsers.close();
});

// Three batches of 4 rows, 150 ms apart, after 100 ms; with `busy`, the section says aria-busy
// "true" until the last batch is in.
const batchedPage = (busy: boolean) => `<!DOCTYPE html><html><body>
<section id="card" ${busy ? 'aria-busy="true"' : ""}><table><thead><tr><th>N</th></tr></thead><tbody id="rows"></tbody></table></section>
<script>
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  await pause(100);
  for (let batch = 0; batch < 3; batch += 1) {
    for (let row = 0; row < 4; row += 1) {
      const tr = document.createElement("tr");
      tr.innerHTML = "<td>" + (batch * 4 + row + 1) + "</td>";
      document.getElementById("rows").appendChild(tr);
    }
    if (batch < 2) await pause(150);
  }
  ${busy ? 'document.getElementById("card").setAttribute("aria-busy", "false");' : ""}
})();
</script></body></html>`;

describe("waitUntilSettled", () => {
  for (const [busy, withRecord] of [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ]) {
    it(`waits out render batches 150 ms apart ${busy ? "while the page says aria-busy" : "without aria-busy"}${withRecord ? ", with the page's record of changes" : ""}`, async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const page = await (withRecord ? watched : context).newPage();
        try {
          const requests = new InFlightRequests(page);
          await page.setContent(batchedPage(busy));
          const table = page.locator("table");
          await table.waitFor({ state: "attached" });
          const state = await waitUntilSettled(table, requests, Date.now() + 10_000);
          expect(state.rows).toBe(12);
          expect(state.busyDeclared).toBe(busy);
        } finally {
          await page.close();
        }
      }
    });
  }

  it("counts a still table's window from its last change as the page recorded it, not from the first look", async () => {
    for (const [pageContext, recorded] of [
      [watched, true],
      [context, false],
    ] as const) {
      const page = await pageContext.newPage();
      try {
        const requests = new InFlightRequests(page);
        await page.setContent(batchedPage(false));
        const table = page.locator("table");
        // The rows are all in (the third batch 400 ms after the start) and still for a while.
        await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 12);
        await page.waitForTimeout(DEFAULT_SETTLE.stableMs + 100);
        const started = Date.now();
        const state = await waitUntilSettled(table, requests, Date.now() + 10_000);
        const waited = Date.now() - started;
        expect(state.rows).toBe(12);
        if (recorded) {
          expect(state.unchangedForMs).toBeGreaterThanOrEqual(DEFAULT_SETTLE.stableMs);
          // One look: the window had passed already.
          expect(waited).toBeLessThan(DEFAULT_SETTLE.stableMs);
        } else {
          expect(state.unchangedForMs).toBeNull();
          expect(waited).toBeGreaterThanOrEqual(DEFAULT_SETTLE.stableMs);
        }
      } finally {
        await page.close();
      }
    }
  });

  it("with nothing pending, looks again when the windows would close, not a poll later", async () => {
    // A poll interval far longer than the windows: waiting for a still table then costs the windows,
    // not a poll (each look is a round trip through the browser); the batches are still all waited for.
    const slowPolls = { ...DEFAULT_SETTLE, pollMs: 2_000 };
    for (const pageContext of [watched, context]) {
      const page = await pageContext.newPage();
      try {
        const requests = new InFlightRequests(page);
        await page.setContent(batchedPage(false));
        const table = page.locator("table");
        await table.waitFor({ state: "attached" });
        const started = Date.now();
        const state = await waitUntilSettled(table, requests, Date.now() + 10_000, slowPolls);
        expect(state.rows).toBe(12);
        // Before: at least one poll (2 s) after the first look.
        expect(Date.now() - started).toBeLessThan(slowPolls.pollMs);
      } finally {
        await page.close();
      }
    }
  });

  it("records a change anywhere inside the table, and in an enclosing table, as the table's", async () => {
    const page = await watched.newPage();
    try {
      await page.setContent(
        `<!DOCTYPE html><html><body><table id="outer"><tbody><tr><td><table id="inner"><tbody><tr><td id="cell">1</td></tr></tbody></table></td></tr></tbody></table></body></html>`,
      );
      await page.waitForTimeout(400);
      const before = await page.evaluate(() => {
        const mark = (id: string) =>
          (document.getElementById(id) as unknown as Record<string, number>).__triangulateTableChangedAt;
        return { outer: mark("outer"), inner: mark("inner") };
      });
      await page.evaluate(() => {
        (document.getElementById("cell") as HTMLElement).firstChild!.textContent = "2";
      });
      const after = await page.evaluate(() => {
        const mark = (id: string) =>
          (document.getElementById(id) as unknown as Record<string, number>).__triangulateTableChangedAt;
        return { outer: mark("outer"), inner: mark("inner") };
      });
      expect(after.inner).toBeGreaterThan(before.inner ?? 0);
      expect(after.outer).toBe(after.inner);
    } finally {
      await page.close();
    }
  });

  it("says the page never settled, and what kept changing, when a live counter never stops", async () => {
    const page = await watched.newPage();
    try {
      const requests = new InFlightRequests(page);
      await page.setContent(`<!DOCTYPE html><html><body><table><tbody><tr><td id="n">0</td></tr></tbody></table>
<script>let n = 0; setInterval(() => { document.getElementById("n").textContent = String(++n); }, 50);</script></body></html>`);
      const table = page.locator("table");
      await table.waitFor({ state: "attached" });
      const error = await waitUntilSettled(table, requests, Date.now() + 1_500).catch((failure) => failure);
      expect((error as Error).name).toBe("NotSettledError");
      expect((error as Error).message).toMatch(
        /^the page never settled: its rows kept changing \(last change \d+ ms before the deadline, 1 rows then\)$/,
      );
    } finally {
      await page.close();
    }
  });
});
