import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { TableEvidence } from "../../models/evidence.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  temporaryDirectory,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { corpusPath } from "../../test/support/corpora.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";
import { extractOnce } from "./table-extraction.js";
import { tableLocator } from "./table-locator.js";

// The DataTables example pages (outside material, test/corpora): static HTML whose whole
// table is in the DOM; expected/*.json holds every thead/tbody/tfoot cell.
const CORPUS = corpusPath("dashboards", "datatables-examples");

interface ExpectedTable {
  table_index: number;
  thead: { text: string; colspan: number; rowspan: number }[][];
  tbody_rows: string[][];
  tfoot: string[][];
}

const browsers = new BrowserManager({ headless: true });
let server: Server;
let baseUrl = "";
let context: BrowserContext;

beforeAll(async () => {
  server = createServer((request, response) => {
    const name = path.basename(new URL(request.url ?? "/", "http://x").pathname);
    const file = path.join(CORPUS, "html", name);
    if (!name.endsWith(".html") || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await browsers.acquire();
  context = await browser.newContext();
  // The pages load jQuery from a CDN and DataTables' files we do not have: keep everything local.
  await context.route("**/*", (route) =>
    route.request().url().startsWith(baseUrl) ? route.continue() : route.abort(),
  );
});

afterAll(async () => {
  await context?.close();
  await browsers.close();
  removeTemporaryDirectories();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

const cases = readdirSync(path.join(CORPUS, "expected"))
  .filter((name) => name.endsWith(".json"))
  .flatMap((name) => {
    const expected = JSON.parse(readFileSync(path.join(CORPUS, "expected", name), "utf8")) as {
      source_html: string;
      tables: ExpectedTable[];
    };
    return expected.tables.map((table) => ({ page: path.basename(expected.source_html), table }));
  });

describe("DataTables example pages (every cell against the expected JSON)", () => {
  it.each(cases)("$page table $table.table_index", async ({ page: pageName, table: expected }) => {
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl}/${pageName}`, { waitUntil: "domcontentloaded" });
      // Located by the page heading; several tables under it are told apart by nth.
      const table = tableLocator(page, { heading: "DataTables example", nth: expected.table_index + 1 });
      const extracted = await extractOnce(table);
      expect(extracted.kind).toBe("html");
      expect(extracted.headerRows).toEqual(expected.thead);
      expect(extracted.rows.map((row) => row.cells)).toEqual(expected.tbody_rows);
      expect(extracted.footer).toEqual(expected.tfoot);
    } finally {
      await page.close();
    }
  });

  it("flattens the two-row header into Group / Column names", async () => {
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl}/basic_init_complex_header.html`, { waitUntil: "domcontentloaded" });
      const extracted = await extractOnce(tableLocator(page, { heading: "DataTables example" }));
      expect(extracted.headers).toEqual([
        "Name",
        "HR Information / Position",
        "HR Information / Salary",
        "Contact / Office",
        "Contact / Extn.",
        "Contact / E-mail",
      ]);
    } finally {
      await page.close();
    }
  });

  it("reads a corpus page end to end through the adapter: mapping, currency parsing, second table", async () => {
    const directory = temporaryDirectory("triangulate-dt-");
    writeFileSync(
      path.join(directory, "triangulate.yaml"),
      `sources:
  datatables:
    kind: bi_dashboard
    base_url: \${DT_URL}
    datasets:
      staff:
        url: /basic_init_complex_header.html
        locate: { heading: DataTables example }
        columns: { Name: name, HR Information / Salary: salary, Office: office }
      second_table:
        url: /basic_init_multiple_tables.html
        locate: { heading: DataTables example, nth: 2 }
        columns: { Name: name, Age: age, Salary: salary }
`,
    );
    const workspace = loadWorkspace(directory, { environment: { DT_URL: baseUrl } });
    const config = workspace.config.sources.datatables;
    if (config.kind !== "bi_dashboard") throw new Error("unexpected kind");
    const adapter = new BiDashboardAdapter("datatables", config, workspace, browsers);
    try {
      const staff = biGoal("datatables", "staff", { filters: {} });
      const evidence = adapter.normalize(await adapter.fetch(staff, stepContext()), staff) as TableEvidence;
      expect(evidence.rows).toHaveLength(57);
      expect(evidence.rows[0]).toEqual({ name: "Tiger Nixon", salary: 320800, office: "Edinburgh" });
      expect(evidence.columns.find((column) => column.name === "salary")?.type).toBe("number");
      const second = biGoal("datatables", "second_table", { filters: {} });
      const secondEvidence = adapter.normalize(
        await adapter.fetch(second, stepContext()),
        second,
      ) as TableEvidence;
      const expected = JSON.parse(
        readFileSync(path.join(CORPUS, "expected", "basic_init_multiple_tables.json"), "utf8"),
      ) as { tables: ExpectedTable[] };
      expect(secondEvidence.rows.map((row) => row.name)).toEqual(
        expected.tables[1].tbody_rows.map((row) => row[0]),
      );
    } finally {
      await adapter.close();
    }
  });
});
