import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
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
import { InFlightRequests } from "./page-readiness.js";
import { describeIndexes, extractTable } from "./table-extraction.js";

// Real headless Chromium against the real demo portal's AG Grid: the virtualised grid must yield
// every row on every read, also when the grid renders the rows of a new scroll position late.
const browsers = new BrowserManager({ headless: true });
let portal: BiPortal;
let adapter: BiDashboardAdapter;

/** FACTS.md's "Service complaints" table: category → [Q1, Q2, Q3, Q4]. */
function factsComplaints(): Record<string, number[]> {
  const facts = readFileSync(path.join(import.meta.dirname, "../../demo/FACTS.md"), "utf8");
  // The per-category table only: the section's sub-type table below it splits Service further.
  const section = facts.split("## Service complaints")[1].split("\n## ")[0].split("by sub-type")[0];
  const totals: Record<string, number[]> = {};
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length === 7 && /^\d+$/.test(cells[2])) totals[cells[1]] = cells.slice(2, 6).map(Number);
  }
  return totals;
}

beforeAll(async () => {
  portal = await startBiPortal({ port: 0, dataDelayMs: 50 });
  // A generous timeout_seconds: the slow-switch read waits ≈ 15 × 600 ms on a shared, loaded machine.
  const workspace = testWorkspace(
    portal.url,
    {},
    TEST_WORKSPACE_YAML.replace("timeout_seconds: 20", "timeout_seconds: 45"),
  );
  const config = workspace.config.sources.sales_bi;
  if (config.kind !== "bi_dashboard") throw new Error("sales_bi is not a BI source");
  adapter = new BiDashboardAdapter("sales_bi", config, workspace, browsers);
});

afterAll(async () => {
  await adapter?.close();
  await browsers.close();
  await portal?.close();
  removeTemporaryDirectories();
});

describe("virtualised grid extraction is complete", () => {
  const goal = biGoal("sales_bi", "service_complaints", {
    filters: {},
    period: { grain: "quarter", from: "2023-01-01", to: "2023-12-31" },
  });

  async function readAndCheck(): Promise<void> {
    const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 50_000 }));
    const rows = (raw.body as { rows: { index: number; cells: string[] }[] }).rows;
    // aria-rowcount is 121 (one header row): body rows are aria-rowindex 2 … 121, each once, all cells filled.
    expect(rows.map((row) => row.index)).toEqual(Array.from({ length: 120 }, (_, offset) => offset + 2));
    expect(rows.filter((row) => row.cells.some((cell) => cell === ""))).toEqual([]);
    const evidence = adapter.normalize(raw, goal) as TableEvidence;
    const facts = factsComplaints();
    expect(facts.Service).toEqual([35, 38, 42, 61]);
    for (const [category, quarters] of Object.entries(facts)) {
      quarters.forEach((count, index) => {
        expect(evidence.rows).toContainEqual({ category, quarter: `2023-Q${index + 1}`, complaints: count });
      });
    }
    expect(evidence.rows).toHaveLength(12);
  }

  it("reads all 120 rows and the FACTS.md quarterly totals on five reads in a row", async () => {
    for (let read = 0; read < 5; read += 1) await readAndCheck();
  }, 120_000);

  it("still reads every row when the grid renders a new scroll position late (slow-render switch)", async () => {
    // The switch delays every scroll of the grid's viewport by 600 ms before AG Grid sees it; the old
    // reader (250 ms grace, then read what is there) lost the last rows here.
    portal.setRenderDelay(1200);
    try {
      await readAndCheck();
    } finally {
      portal.setRenderDelay(0);
    }
  }, 90_000);

  it("names the rows a grid declared (aria-rowcount) but never rendered, as format_error", async () => {
    const browser: Browser = await browsers.acquire();
    const page = await browser.newPage();
    try {
      // A grid that claims 12 body rows but renders only aria-rowindex 2–6 and 9–10.
      const rows = [2, 3, 4, 5, 6, 9, 10]
        .map(
          (index) =>
            `<div role="row" aria-rowindex="${index}" style="height:40px"><div role="gridcell" aria-colindex="1">r${index}</div><div role="gridcell" aria-colindex="2">${index * 10}</div></div>`,
        )
        .join("");
      await page.setContent(
        `<div role="grid" aria-label="Broken" aria-rowcount="13"><div role="row" aria-rowindex="1"><div role="columnheader" aria-colindex="1">Name</div><div role="columnheader" aria-colindex="2">Value</div></div><div style="height:120px;overflow-y:auto"><div style="height:600px">${rows}</div></div></div>`,
      );
      const error = await extractTable(page.getByRole("grid", { name: "Broken" }), {
        mode: "grid",
        requests: new InFlightRequests(page),
        deadline: Date.now() + 15_000,
        nextButton: "Next",
        renderPatienceMs: 300,
      }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(StepError.isStepError(error)).toBe(true);
      const stepError = error as StepError;
      expect(stepError.kind).toBe("format_error");
      expect(stepError.message).toContain("aria-rowindex 7–8, 11–13");
      expect(stepError.details.missing_rows).toEqual([7, 8, 11, 12, 13]);
    } finally {
      await page.close();
      await browsers.release();
    }
  }, 30_000);

  it("accepts a row the grid keeps showing with fewer cells (a full-width group row)", async () => {
    const browser: Browser = await browsers.acquire();
    const page = await browser.newPage();
    try {
      const cellsOf = (index: number) =>
        index === 3
          ? `<div role="gridcell" aria-colindex="1">Group</div>`
          : `<div role="gridcell" aria-colindex="1">r${index}</div><div role="gridcell" aria-colindex="2">${index * 10}</div>`;
      const rows = [2, 3, 4, 5]
        .map(
          (index) => `<div role="row" aria-rowindex="${index}" style="height:40px">${cellsOf(index)}</div>`,
        )
        .join("");
      await page.setContent(
        `<div role="grid" aria-label="Grouped" aria-rowcount="5"><div role="row" aria-rowindex="1"><div role="columnheader" aria-colindex="1">Name</div><div role="columnheader" aria-colindex="2">Value</div></div><div style="height:80px;overflow-y:auto"><div style="height:160px">${rows}</div></div></div>`,
      );
      const result = await extractTable(page.getByRole("grid", { name: "Grouped" }), {
        mode: "grid",
        requests: new InFlightRequests(page),
        deadline: Date.now() + 15_000,
        nextButton: "Next",
        renderPatienceMs: 300,
      });
      expect(result.rows.map((row) => row.cells)).toEqual([
        ["r2", "20"],
        ["Group", ""],
        ["r4", "40"],
        ["r5", "50"],
      ]);
    } finally {
      await page.close();
      await browsers.release();
    }
  }, 30_000);

  it("describes row indexes as short ranges", () => {
    expect(describeIndexes([3, 4, 5, 9, 11, 12])).toBe("3–5, 9, 11–12");
    expect(describeIndexes([7])).toBe("7");
  });
});
