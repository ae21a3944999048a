import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import { COMPLAINTS_BY_QUARTER } from "../../demo/data/service-complaints.js";
import type { TableEvidence } from "../../models/evidence.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  stepFailure,
  temporaryDirectory,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// Real headless Chromium against the real demo portal on 127.0.0.1:0. One browser for the file.
const browsers = new BrowserManager({ headless: true });
let portal: BiPortal;
const adapters: BiDashboardAdapter[] = [];

function adapterFor(workspace: ReturnType<typeof testWorkspace>, source = "sales_bi"): BiDashboardAdapter {
  const config = workspace.config.sources[source];
  if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
  const adapter = new BiDashboardAdapter(source, config, workspace, browsers);
  adapters.push(adapter);
  return adapter;
}

const january = { grain: "month" as const, from: "2024-01-01", to: "2024-01-31" };

beforeAll(async () => {
  portal = await startBiPortal({ port: 0, dataDelayMs: 200 });
});

afterAll(async () => {
  await Promise.allSettled(adapters.map((adapter) => adapter.close()));
  await browsers.close();
  await portal.close();
  removeTemporaryDirectories();
});

describe("bi_dashboard adapter against the demo portal", () => {
  const workspace = () => sharedWorkspace;
  let sharedWorkspace: ReturnType<typeof testWorkspace>;
  let sales: BiDashboardAdapter;

  beforeAll(() => {
    sharedWorkspace = testWorkspace(portal.url);
    sales = adapterFor(sharedWorkspace);
  });

  it("logs in from the YAML, keeps the session in a 0600 file, and reads the returns table", async () => {
    const runDirectory = temporaryDirectory("bi-run-");
    const goal = biGoal("sales_bi", "returns", {
      filters: { product: "A", region: "East" },
      period: january,
    });
    const context = stepContext({ runDirectory });
    const raw = await sales.fetch(goal, context);
    const evidence = sales.normalize(raw, goal) as TableEvidence;
    expect(evidence.rows).toEqual([{ product: "A", region: "East", month: "2024-01", return_rate: 5.2 }]);
    expect(evidence.columns.find((column) => column.name === "return_rate")).toMatchObject({
      type: "percent",
      unit: "percent",
    });
    expect(evidence.provenance[0].locator).toContain('heading "Return rate by region"');
    expect(portal.loginCount()).toBe(1);
    expect(context.traces.some((line) => line.includes("login:no session"))).toBe(true);
    const sessionFile = path.join(workspace().stateDirectory, "sessions", "sales_bi.json");
    expect(statSync(sessionFile).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(raw)).not.toContain("lumen_session");
    // Nothing of the session reached the run directory.
    expect(readdirSync(runDirectory)).toEqual([]);
  });

  it("reads the support dashboard's ARIA table (divs with role=table) and its differing value", async () => {
    const support = adapterFor(workspace(), "support_bi");
    const goal = biGoal("support_bi", "returns", {
      filters: { product: "A", region: "East" },
      period: january,
    });
    const evidence = support.normalize(await support.fetch(goal, stepContext()), goal) as TableEvidence;
    expect(evidence.rows).toEqual([{ product: "A", region: "East", month: "2024-01", return_rate: 5.9 }]);
  });

  it("scrolls the virtualised AG Grid until every row is read, de-duplicated by aria-rowindex", async () => {
    const goal = biGoal("sales_bi", "service_complaints", {
      filters: {},
      period: { grain: "quarter", from: "2023-01-01", to: "2023-12-31" },
    });
    const raw = await sales.fetch(goal, stepContext());
    expect(raw.meta?.rows_on_page).toBe(120);
    expect(raw.meta?.scroll_steps as number).toBeGreaterThan(3);
    const indexes = (raw.body as { rows: { index: number }[] }).rows.map((row) => row.index);
    expect(new Set(indexes).size).toBe(120);
    const evidence = sales.normalize(raw, goal) as TableEvidence;
    for (const [category, quarters] of Object.entries(COMPLAINTS_BY_QUARTER)) {
      quarters.forEach((count, index) => {
        expect(evidence.rows).toContainEqual({ category, quarter: `2023-Q${index + 1}`, complaints: count });
      });
    }
    expect(evidence.rows).toHaveLength(12);
  });

  it("follows Next through the paginated VIP table until it is disabled", async () => {
    const goal = biGoal("sales_bi", "vip_repurchase", {
      filters: {},
      period: { grain: "quarter", from: "2023-01-01", to: "2023-12-31" },
    });
    const raw = await sales.fetch(goal, stepContext());
    expect(raw.meta?.pages).toBe(2);
    expect((sales.normalize(raw, goal) as TableEvidence).rows).toEqual([
      { quarter: "2023-Q1", vip_repurchase_rate: 18.2 },
      { quarter: "2023-Q2", vip_repurchase_rate: 19.5 },
      { quarter: "2023-Q3", vip_repurchase_rate: 22.8 },
      { quarter: "2023-Q4", vip_repurchase_rate: 24.1 },
    ]);
  });

  it("sets filters through form controls found by their labels", async () => {
    const goal = biGoal("sales_bi", "returns_by_form", {
      filters: { product: "B", region: "North" },
      period: january,
    });
    const evidence = sales.normalize(await sales.fetch(goal, stepContext()), goal) as TableEvidence;
    expect(evidence.rows).toEqual([{ product: "B", region: "North", month: "2024-01", return_rate: 3.1 }]);
  });

  it("fails at once with not_found and the options when a select has no such value", async () => {
    const goal = biGoal("sales_bi", "returns_by_form", {
      filters: { product: "B", region: "Atlantis" },
      period: january,
    });
    const started = Date.now();
    const failure = await stepFailure(sales.fetch(goal, stepContext()));
    expect(failure.kind).toBe("not_found");
    expect(failure.message).toMatch(/"Region" has no option "Atlantis"; its options are: .*East/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("runs sub-goals concurrently in pages of one context", async () => {
    const goals = (["A", "B", "C"] as const).map((product, index) =>
      biGoal(
        "sales_bi",
        "returns",
        {
          filters: { product, region: "North" },
          period: { grain: "month", from: "2023-12-01", to: "2023-12-31" },
        },
        `g${index + 1}`,
      ),
    );
    const results = await Promise.all(
      goals.map(
        async (goal) => sales.normalize(await sales.fetch(goal, stepContext()), goal) as TableEvidence,
      ),
    );
    expect(results.map((evidence) => evidence.rows[0].product)).toEqual(["A", "B", "C"]);
    expect(results[1].rows[0].return_rate).toBe(3.0);
  });

  it("closes the pages of a burst once they are idle, keeping one for the next read", async () => {
    // A process that lives on (a warm worker) must not keep a renderer per page a burst opened.
    const config = workspace().config.sources.sales_bi;
    if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
    const adapter = new BiDashboardAdapter("sales_bi", config, workspace(), browsers, {
      sparePageIdleMs: 300,
    });
    adapters.push(adapter);
    const read = (product: string) => {
      const goal = biGoal("sales_bi", "returns", {
        filters: { product, region: "East" },
        period: january,
      });
      return adapter.fetch(goal, stepContext()).then((raw) => adapter.normalize(raw, goal) as TableEvidence);
    };
    await Promise.all(["A", "B", "C"].map(read));
    expect(adapter.openPages).toBe(3);
    const renderersDuring = browsers.processIds().length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(adapter.openPages).toBe(1);
    // One renderer per site of the context (--process-per-site): the closed pages leave no process.
    expect(browsers.processIds().length).toBeLessThanOrEqual(renderersDuring);
    // The page kept is used again; nothing else is opened for it.
    expect((await read("A")).rows[0].return_rate).toBe(5.2);
    expect(adapter.openPages).toBe(1);
  });

  it("reports an empty selection (C / West / 2024-02) as no_results", async () => {
    const goal = biGoal("sales_bi", "returns", {
      filters: { product: "C", region: "West" },
      period: { grain: "month", from: "2024-02-01", to: "2024-02-29" },
    });
    const error = await stepFailure(sales.fetch(goal, stepContext()));
    expect(error.kind).toBe("no_results");
  });

  it("names the missing anchor (not_found) and lists the headers found (format_error), with artefacts", async () => {
    const runDirectory = temporaryDirectory("bi-run-");
    const missing = await stepFailure(
      sales.fetch(biGoal("sales_bi", "missing_anchor", { filters: {} }, "g7"), stepContext({ runDirectory })),
    );
    expect(missing.kind).toBe("not_found");
    expect(missing.message).toContain('heading "Margin by region"');
    const wrong = await stepFailure(
      sales.fetch(
        biGoal("sales_bi", "wrong_headers", { filters: { product: "A" }, period: january }, "g8"),
        stepContext({ runDirectory, attempt: 2 }),
      ),
    );
    expect(wrong.kind).toBe("format_error");
    expect(wrong.message).toContain('"Refund rate"');
    expect(wrong.message).toContain('"Product", "Region", "Month", "Return rate"');
    expect(readdirSync(path.join(runDirectory, "artifacts")).sort()).toEqual([
      "g7-1.html",
      "g7-1.png",
      "g8-2.html",
      "g8-2.png",
    ]);
    expect(wrong.details).toMatchObject({
      screenshot: path.join("artifacts", "g8-2.png"),
      html: path.join("artifacts", "g8-2.html"),
    });
    const html = readFileSync(path.join(runDirectory, "artifacts", "g8-2.html"), "utf8");
    expect(html).toContain("Return rate by region");
    expect(html).not.toContain("demo-password");
  });

  it("turns a route that never answers into a timeout within the step's bounds", async () => {
    const runDirectory = temporaryDirectory("bi-run-");
    const started = Date.now();
    const error = await stepFailure(
      sales.fetch(
        biGoal("sales_bi", "hanging", { filters: {} }, "g9"),
        stepContext({ timeoutMs: 4000, runDirectory }),
      ),
    );
    const elapsed = Date.now() - started;
    expect(error.kind).toBe("timeout");
    expect(error.retryable).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(2500);
    // The step's own budget (timeout minus a 1 s margin) plus at most 10 s for the artefacts.
    expect(elapsed).toBeLessThan(4000 + 10_000 + 2000);
    expect(existsSync(path.join(runDirectory, "artifacts", "g9-1.png"))).toBe(true);
  });

  it("reuses the stored session in a later run and logs in again once when it expired", async () => {
    const before = portal.loginCount();
    const secondRun = adapterFor(workspace());
    const goal = biGoal("sales_bi", "returns", {
      filters: { product: "B", region: "North" },
      period: january,
    });
    const context = stepContext();
    await secondRun.fetch(goal, context);
    expect(portal.loginCount()).toBe(before);
    expect(secondRun.loginCount).toBe(0);
    expect(context.traces.some((line) => line.includes("session reused"))).toBe(true);

    portal.expireSessions();
    const thirdRun = adapterFor(workspace());
    const afterExpiry = stepContext();
    const evidence = thirdRun.normalize(await thirdRun.fetch(goal, afterExpiry), goal) as TableEvidence;
    expect(evidence.rows[0].return_rate).toBe(3.1);
    expect(portal.loginCount()).toBe(before + 1);
    expect(afterExpiry.traces.some((line) => line.includes("login:"))).toBe(true);
  });

  it("blocks images and fonts", () => {
    expect(portal.assetRequestCount()).toBe(0);
  });
});

describe("bi_dashboard adapter: login failures, slow rendering, changing class names", () => {
  let slowPortal: BiPortal;

  beforeAll(async () => {
    slowPortal = await startBiPortal({ port: 0, dataDelayMs: 400, renderDelayMs: 1200 });
  });

  afterAll(async () => {
    await slowPortal.close();
  });

  it("reports a wrong password as auth_error naming the source and the variables", async () => {
    const adapter = adapterFor(testWorkspace(slowPortal.url, { BI_PASSWORD: "not-the-password" }));
    const error = await stepFailure(
      adapter.fetch(
        biGoal("sales_bi", "returns", { filters: { product: "A" }, period: january }),
        stepContext({ timeoutMs: 15_000 }),
      ),
    );
    expect(error.kind).toBe("auth_error");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("sales_bi");
    expect(error.message).toContain("$BI_PASSWORD");
    expect(error.message).not.toContain("not-the-password");
  });

  it("waits for slow, batched rendering instead of reading a half-filled table", async () => {
    const adapter = adapterFor(testWorkspace(slowPortal.url));
    const goal = biGoal("sales_bi", "returns", {
      filters: { product: "A" },
      period: { grain: "year", from: "2024-01-01", to: "2024-12-31" },
    });
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal) as TableEvidence;
    expect(evidence.rows).toHaveLength(48);
    expect(evidence.rows).toContainEqual({
      product: "A",
      region: "East",
      month: "2024-01",
      return_rate: 5.2,
    });
  });

  it("finds the same data although every class name changed between server starts", async () => {
    expect(slowPortal.classSuffix).not.toBe(portal.classSuffix);
    // The pages really carry the hashed names (so a class-based locator would break).
    const pageHtml = async (target: BiPortal) => {
      const login = await fetch(`${target.url}/login`, {
        method: "POST",
        body: new URLSearchParams({ username: "analyst", password: "demo-password" }),
        redirect: "manual",
      });
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
      return (await fetch(`${target.url}/dashboards/returns`, { headers: { cookie } })).text();
    };
    const [htmlA, htmlB] = await Promise.all([pageHtml(portal), pageHtml(slowPortal)]);
    expect(htmlA).toContain(`card_${portal.classSuffix}`);
    expect(htmlB).toContain(`card_${slowPortal.classSuffix}`);
    expect(htmlB).not.toContain(portal.classSuffix);
    const readTable = async (target: BiPortal) => {
      const adapter = adapterFor(testWorkspace(target.url));
      const goal = biGoal("sales_bi", "returns", {
        filters: { product: "A", region: "East" },
        period: { grain: "quarter", from: "2024-01-01", to: "2024-03-31" },
      });
      return (adapter.normalize(await adapter.fetch(goal, stepContext()), goal) as TableEvidence).rows;
    };
    const [first, second] = await Promise.all([readTable(portal), readTable(slowPortal)]);
    expect(first).toEqual(second);
    expect(first.map((row) => row.return_rate)).toEqual([5.2, 4.6, expect.any(Number)]);
  });
});
