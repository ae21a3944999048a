import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGUMENTS } from "../adapters/bi-dashboard/browser-manager.js";
import { loadWorkspace } from "../config/load-workspace.js";
import { type BiPortal, startBiPortal } from "../demo/bi-portal/bi-portal-server.js";
import { type RunningTicketServer, startTicketServer } from "../demo/ticket-server/ticket-server.js";
import { loadJob } from "./job-file.js";
import { runJob } from "./job-runner.js";
import { listJobRuns } from "./open-history.js";

// The demo job over the real demo sources: the BI portal in headless Chromium and the Jira-format
// ticket server, both on 127.0.0.1 port 0, with a copy of the demo workspace so reports and
// history land in a temporary folder.
describe("the lumen-weekly demo job end to end", () => {
  let portal: BiPortal;
  let tickets: RunningTicketServer;
  let root: string;

  beforeAll(async () => {
    portal = await startBiPortal({ port: 0, dataDelayMs: 50 });
    tickets = await startTicketServer({ port: 0 });
    root = mkdtempSync(path.join(tmpdir(), "triangulate-demo-job-"));
    for (const entry of ["triangulate.yaml", "data", "jobs"])
      cpSync(path.resolve("demo/workspace", entry), path.join(root, entry), { recursive: true });
  });
  afterAll(async () => {
    await portal?.close();
    await tickets?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("answers all six questions with one shared browser session per source and writes the reports", async () => {
    const workspace = loadWorkspace(root, {
      environment: { ...process.env, TRIANGULATE_BI_URL: portal.url, TRIANGULATE_TICKETS_URL: tickets.url },
    });
    const job = loadJob(workspace, "lumen-weekly");
    const result = await runJob(job, workspace, { now: new Date("2024-03-04T01:00:00Z") });
    expect(result.report.questions.map((question) => `${question.id}:${question.status}`)).toEqual([
      "returns-a-east:answered",
      "returns-b-north:answered",
      "returns-trend:answered",
      "complaints:answered",
      "vip-repurchase:answered",
      "provider-changes:answered",
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.report.as_of).toBe("2024-03-03");
    // Five questions read the sales BI and one the support BI: one login per source, not per question.
    expect(portal.loginCount()).toBe(2);

    // The first question that reports a key wins, as in the report's comparison.
    const numbers = new Map<string, { value: number; source: string }>();
    for (const number of result.report.questions.flatMap((question) => question.numbers))
      if (!numbers.has(number.key)) numbers.set(number.key, number);
    // FACTS.md: sales 5.2 vs support 5.9 for A/East 2024-01, fused by trust weight to 5.49.
    expect(numbers.get("return_rate{product=A,region=East,month=2024-01}")).toMatchObject({
      source: "fused",
    });
    expect(numbers.get("return_rate{product=A,region=East,month=2024-01}")?.value).toBeCloseTo(5.49, 2);
    expect(numbers.get("return_rate{product=B,region=North,month=2024-01}")?.value).toBe(3.1);
    // The grid's rows are per category and sub-type (the demo maps the sub-type, demo/FACTS.md): the
    // Service rows of 2023-Q4 add up to the category's 61.
    const serviceQ4 = [...numbers.entries()].filter(
      ([key]) => key.startsWith("complaints{") && key.includes("category=Service") && key.includes("2023-Q4"),
    );
    expect(serviceQ4.map(([key]) => key)).toHaveLength(4);
    expect(serviceQ4.reduce((total, [, number]) => total + number.value, 0)).toBe(61);
    expect(numbers.get("vip_repurchase_rate{quarter=2023-Q3}")?.value).toBe(22.8);
    const providerChanges = result.report.questions.find((question) => question.id === "provider-changes")!;
    const rows =
      providerChanges.evidence[0].evidence?.kind === "table" ? providerChanges.evidence[0].evidence.rows : [];
    expect(rows.map((row) => row.key).sort()).toEqual(["LOG-101", "LOG-112"]);

    const markdown = readFileSync(path.join(root, "reports/weekly/lumen-weekly-2024-03-03.md"), "utf8");
    expect(markdown).toContain("# lumen-weekly — as of 2024-03-03");
    expect(markdown).toContain("| LOG-101 |");
    const html = readFileSync(path.join(root, "reports/weekly/lumen-weekly-2024-03-03.html"), "utf8");
    expect(html.match(/<figure class="chart/g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/<script|<link |src="http/);
    // The report as a reader sees it, kept as a test artefact.
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: CHROMIUM_ARGUMENTS,
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      await page.goto(pathToFileURL(path.join(root, "reports/weekly/lumen-weekly-2024-03-03.html")).href);
      expect(await page.locator("section.question").count()).toBe(6);
      // One row per category, sub-type and quarter of 2023 (10 sub-types × 4 quarters).
      expect(await page.locator("#q-complaints table.evidence tbody tr").count()).toBe(40);
      expect(await page.locator("#q-returns-trend figure.chart-trend svg").count()).toBe(1);
      // The A/East conflict: sales 5.2, support 5.9 and the resolved 5.49 side by side.
      expect(await page.locator('#q-returns-a-east figure[aria-label="Sources compared"] svg').count()).toBe(
        1,
      );
      mkdirSync(path.resolve("test-artifacts"), { recursive: true });
      await page.screenshot({ path: path.resolve("test-artifacts/report-job-demo.png"), fullPage: true });
    } finally {
      await browser.close();
    }
    expect((await listJobRuns(workspace, { job: "lumen-weekly" }))[0]).toMatchObject({
      status: "answered",
      questions_answered: 6,
      questions_total: 6,
      exit_code: 0,
    });
  }, 240_000);
});
