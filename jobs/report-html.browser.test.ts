import { mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGUMENTS } from "../adapters/bi-dashboard/browser-manager.js";
import { createTemporaryWorkspace } from "../test/support/jobs/job-test-workspace.js";
import { loadJob } from "./job-file.js";
import { runJob } from "./job-runner.js";

const ARTIFACTS = path.resolve("test-artifacts");

describe("the HTML report in headless Chromium", () => {
  let browser: Browser;
  const fixture = createTemporaryWorkspace({ aEastJanuary: 5.2 });

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGUMENTS });
  });
  afterAll(async () => {
    await browser?.close();
    fixture.cleanup();
  });

  it("shows its evidence tables, chart SVGs, highlighted changes and collapsible traces, loading nothing from elsewhere", async () => {
    const workspace = fixture.workspace();
    const job = loadJob(workspace, "returns-test");
    await runJob(job, workspace, { asOf: "2024-01-31" });
    fixture.writeCsv(4.1);
    const result = await runJob(job, workspace, { asOf: "2024-01-31" });
    const html = result.files.find((file) => file.endsWith(".html"))!;

    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(html).href);

    expect(await page.title()).toBe("returns-test — as of 2024-01-31");
    // Four evidence tables (two goals per question), each with a header row and data rows.
    const tables = page.locator("table.evidence");
    expect(await tables.count()).toBe(4);
    expect(await tables.first().locator("tbody tr").count()).toBe(1);
    expect(await page.locator("#q-trend table.evidence").first().locator("tbody tr").count()).toBe(4);
    expect(await page.locator("#q-compare table.evidence td.number").first().textContent()).toBe("4.1");

    // Charts: a comparison (compare), a trend (trend), and the change chart, each an inline SVG with marks.
    expect(await page.locator("#q-compare figure.chart-comparison svg").count()).toBe(1);
    expect(await page.locator("#q-trend figure.chart-trend svg").count()).toBe(1);
    expect(await page.locator("#changes figure.chart-change svg").count()).toBe(1);
    expect(await page.locator("#q-trend figure.chart-trend svg path").count()).toBeGreaterThan(1);
    const trendBox = await page.locator("#q-trend figure.chart-trend svg").boundingBox();
    expect(trendBox!.width).toBeGreaterThan(200);

    await expect
      .poll(() => page.locator("#changes li.highlighted").textContent())
      .toContain("Return rate A/East 2024-01 5.2 % → 4.1 %, −1.1 pp");

    // Traces are collapsed until opened.
    const trace = page.locator("#q-compare details.trace");
    expect(await trace.locator("pre").isVisible()).toBe(false);
    await trace.locator("summary").click();
    expect(await trace.locator("pre").isVisible()).toBe(true);
    expect(await trace.locator("pre").textContent()).toContain("fetch:g1:exports:ok");

    expect(requests).toEqual([pathToFileURL(html).href]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, "report-job-html.png"), fullPage: true });
    await page.close();
  });
});
