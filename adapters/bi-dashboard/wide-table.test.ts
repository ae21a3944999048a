import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableEvidence } from "../../models/evidence.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  stepFailure,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// Real headless Chromium against test pages served on loopback: a two-row header (year over
// quarter, colspan) filled in by JavaScript, a month × region table, and a table whose script fails.

const PAGES: Record<string, string> = {
  "/revenue": `<!doctype html><meta charset="utf-8"><title>Revenue</title>
<h2>Revenue by region and quarter</h2>
<table><thead>
<tr><th rowspan="2">Region</th><th colspan="2">2023年</th><th>2024年</th></tr>
<tr><th>Q3</th><th>Q4</th><th>Q1</th></tr>
</thead><tbody></tbody></table>
<script>
setTimeout(() => {
  const rows = [["华南", "1,200", "1,350", "1,500"], ["华东", "2,000", "", "2,100"], ["华北", "900", "950", "980"]];
  document.querySelector("tbody").innerHTML = rows
    .map((cells) => "<tr>" + cells.map((cell, index) => (index === 0 ? "<th>" : "<td>") + cell + (index === 0 ? "</th>" : "</td>")).join("") + "</tr>")
    .join("");
}, 300);
</script>`,
  "/by-region": `<!doctype html><meta charset="utf-8"><title>By region</title>
<h2>Monthly revenue by region</h2>
<table aria-label="Monthly revenue"><thead><tr><th>Month</th><th>East</th><th>North</th></tr></thead>
<tbody><tr><td>Jan-24</td><td>10</td><td>20</td></tr><tr><td>Feb-24</td><td>11</td><td>21</td></tr></tbody></table>`,
  "/broken": `<!doctype html><meta charset="utf-8"><title>Broken</title>
<h2>Revenue</h2><table><caption>Revenue by month</caption><thead><tr><th>Month</th><th>Revenue</th></tr></thead><tbody></tbody></table>
<script>fetch("/api/revenue-that-does-not-exist").then((response) => response.json()).then((rows) => {
  document.querySelector("tbody").innerHTML = rows.map((row) => "<tr><td>" + row.month + "</td><td>" + row.revenue + "</td></tr>").join("");
});</script>`,
};

const yaml = `
catalog:
  metrics:
    revenue: { unit: count }
  dimensions:
    region: { values: { South: [华南, South China], East: [华东, East China], North: [华北, North China] } }
sources:
  portal:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 20
    datasets:
      revenue:
        url: /revenue
        locate: { heading: Revenue by region and quarter }
        columns: { Region: region }
        unpivot: { matching: "年", period: { grain: quarter }, value: revenue }
      by_region:
        url: /by-region
        locate: { heading: Monthly revenue by region }
        columns: { Month: month }
        period_column: month
        unpivot: { all_but: [Month], dimension: region, value: revenue }
      broken:
        url: /broken
        locate: { heading: Revenue }
        wait_seconds: 2
        columns: { Month: month, Revenue: revenue }
      mistyped_anchor:
        url: /revenue
        locate: { heading: Revenue by regoin and quarter }
        wait_seconds: 1
        columns: { Region: region }
`;

const browsers = new BrowserManager({ headless: true });
let server: Server;
let adapter: BiDashboardAdapter;

beforeAll(async () => {
  server = createServer((request, response) => {
    const page = PAGES[new URL(request.url ?? "/", "http://x").pathname];
    if (!page) response.writeHead(404).end();
    else response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const workspace = testWorkspace(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {}, yaml);
  const config = workspace.config.sources.portal;
  if (config.kind !== "bi_dashboard") throw new Error("portal is not a BI source");
  adapter = new BiDashboardAdapter("portal", config, workspace, browsers);
});

afterAll(async () => {
  await adapter?.close();
  await browsers.close();
  removeTemporaryDirectories();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

async function read(dataset: string, params = { filters: {} }): Promise<TableEvidence> {
  const goal = biGoal("portal", dataset, params);
  const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
  if (evidence.kind !== "table") throw new Error("expected a table");
  return evidence;
}

describe("wide BI tables in Chromium", () => {
  it("melts a year-over-quarter header into one row per region and quarter", async () => {
    const all = await read("revenue");
    expect(all.columns.map((column) => [column.name, column.type])).toEqual([
      ["region", "string"],
      ["period", "date"],
      ["revenue", "number"],
    ]);
    expect(all.rows).toHaveLength(8);
    expect(all.rows.slice(0, 3)).toEqual([
      { region: "华南", period: "2023-Q3", revenue: 1200 },
      { region: "华南", period: "2023-Q4", revenue: 1350 },
      { region: "华南", period: "2024-Q1", revenue: 1500 },
    ]);
    expect(all.notes.join(" ")).toMatch(/unpivoted 3 rows × 3 columns into 8 rows.*1 empty cells/);
    const south = await read("revenue", {
      filters: { region: "South" },
      period: { grain: "quarter", from: "2024-01-01", to: "2024-03-31" },
    } as never);
    expect(south.rows).toEqual([{ region: "华南", period: "2024-Q1", revenue: 1500 }]);
    expect(south.provenance[0].locator).toMatch(/row 1, column "2024年 \/ Q1"/);
  });

  it("melts category columns into a dimension and filters months given as Jan-24", async () => {
    const north = await read("by_region", {
      filters: { region: "North China" },
      period: { grain: "month", from: "2024-02-01", to: "2024-02-29" },
    } as never);
    expect(north.rows).toEqual([{ month: "Feb-24", region: "North", revenue: 21 }]);
  });

  it("says a table left empty by its script is empty, not that the period has no rows", async () => {
    const failure = await stepFailure(
      adapter.fetch(
        biGoal("portal", "broken", {
          filters: {},
          period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
        }),
        stepContext(),
      ),
    );
    expect(failure.kind).toBe("not_found");
    expect(failure.message).toMatch(
      /is on the page but has no rows once the page settled \(\d+ s\); its rows are probably filled in by JavaScript/,
    );
    expect(failure.message).not.toMatch(/no rows for/);
  });

  it("lists the page's headings with did you mean when the anchor matches nothing", async () => {
    const failure = await stepFailure(adapter.fetch(biGoal("portal", "mistyped_anchor"), stepContext()));
    expect(failure.kind).toBe("not_found");
    expect(failure.message).toMatch(/the page has headings "Revenue by region and quarter"/);
    expect(failure.message).toMatch(/did you mean heading "Revenue by region and quarter"\?/);
  });
});
