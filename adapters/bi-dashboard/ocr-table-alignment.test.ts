import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableEvidence } from "../../models/evidence.js";
import {
  ALIGNED_TABLES,
  type AlignedTableSpec,
  serveAlignedTables,
} from "../../test/support/bi-dashboard/aligned-table-pages.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// Canvas tables whose headers are not aligned like their numbers, read in a real headless
// Chromium by real PaddleOCR through the adapter (extract: ocr): left-aligned headers over
// right-aligned numbers (on main's layout: 6 columns, the header row lost), centred Chinese
// headers, and merged header cells (a group over three quarters, a cell spanning both header rows).

const [LEFT, CENTRED, MERGED] = ALIGNED_TABLES;

const YAML = `
sources:
  tables:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 40
    datasets:
      left:
        url: /tables
        locate: { aria_label: "${LEFT.label}" }
        extract: ocr
        columns: { Market: market, Q1: q1, Q2: q2, Total: total }
      centred:
        url: /tables
        locate: { aria_label: "${CENTRED.label}" }
        extract: ocr
        columns: { 市场: market, 一季度: q1, 二季度: q2, 合计: total }
      merged:
        url: /tables
        locate: { aria_label: "${MERGED.label}" }
        extract: ocr
        columns: { Market: market, 2024 / Q1: q1, Q2: q2, Q3: q3 }
`;

const browsers = new BrowserManager({ headless: true });
let server: Awaited<ReturnType<typeof serveAlignedTables>>;
let adapter: BiDashboardAdapter;

beforeAll(async () => {
  server = await serveAlignedTables(ALIGNED_TABLES);
  const workspace = testWorkspace(server.url, {}, YAML);
  const config = workspace.config.sources.tables;
  if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
  adapter = new BiDashboardAdapter("tables", config, workspace, browsers);
});

afterAll(async () => {
  await adapter?.close();
  await browsers.close();
  await server?.close();
  removeTemporaryDirectories();
});

async function read(dataset: string): Promise<TableEvidence> {
  const goal = biGoal("tables", dataset, { filters: {} });
  const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
  return adapter.normalize(raw, goal) as TableEvidence;
}

/** The spec's body as the evidence's rows: numbers without their thousands separators. */
function expectedRows(spec: AlignedTableSpec, names: string[]): Record<string, string | number>[] {
  return spec.body.map((cells) =>
    Object.fromEntries(
      cells.map((value, index) => [names[index], index === 0 ? value : Number(value.replace(/,/g, ""))]),
    ),
  );
}

describe("OCR tables: column bands from header and body together", () => {
  it("reads left-aligned headers over right-aligned numbers: 4 columns, every cell exact", async () => {
    const evidence = await read("left");
    expect(evidence.rows).toEqual(expectedRows(LEFT, ["market", "q1", "q2", "total"]));
  }, 120_000);

  it("reads centred Chinese headers over right-aligned numbers", async () => {
    const evidence = await read("centred");
    expect(evidence.rows).toEqual(expectedRows(CENTRED, ["market", "q1", "q2", "total"]));
  }, 120_000);

  it("flattens merged header cells into Group / Column and reads every cell", async () => {
    const raw = await adapter.fetch(
      biGoal("tables", "merged", { filters: {} }),
      stepContext({ timeoutMs: 60_000 }),
    );
    expect((raw.body as { headers: string[] }).headers).toEqual([
      "Market",
      "2024 / Q1",
      "2024 / Q2",
      "2024 / Q3",
    ]);
    const evidence = adapter.normalize(raw, biGoal("tables", "merged", { filters: {} })) as TableEvidence;
    expect(evidence.rows).toEqual(expectedRows(MERGED, ["market", "q1", "q2", "q3"]));
  }, 120_000);
});
