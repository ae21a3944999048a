import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { Workspace } from "../config/workspace.js";
import type { Metric } from "../models/workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";
import { selectOffers } from "./select-offers.js";
import type { Offer } from "./workspace-offers.js";

const root = path.resolve(import.meta.dirname, "..");
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });

/** The demo workspace with the return rate's own policy replaced (no `fallback` unless given). */
function withReturnRate(policy: Partial<Pick<Metric, "cross_check" | "sources" | "fallback">>): Workspace {
  const { fallback: _demoFallback, ...returnRate } = demo.config.catalog.metrics.return_rate;
  return new Workspace(demo.root, demo.file, {
    ...demo.config,
    catalog: {
      ...demo.config.catalog,
      metrics: { ...demo.config.catalog.metrics, return_rate: { ...returnRate, ...policy } },
    },
  });
}

function plannedSources(workspace: Workspace): { source: string; required: boolean }[] {
  const outcome = new CatalogPlanner().planSync(
    "What was product A's return rate in East China in January 2024?",
    {
      workspace,
      asOf: "2024-06-30",
      strategy: "auto",
    },
  );
  return (outcome.plan?.sub_goals ?? []).map((goal) => ({ source: goal.source, required: goal.required }));
}

describe("which sources a metric is asked of", () => {
  it("asks the file export beside the live dashboards, the most trusted required", () => {
    // Before: sales_exports (a file export) was never planned beside the BI dashboards.
    expect(plannedSources(withReturnRate({}))).toEqual([
      { source: "sales_bi", required: true },
      { source: "sales_exports", required: false },
      { source: "support_bi", required: false },
    ]);
  });

  it("leaves a metric's fallback sources to the reflector (the demo's export of its own BI)", () => {
    expect(plannedSources(demo).map((goal) => goal.source)).toEqual(["sales_bi", "support_bi"]);
  });

  it("asks only the most trusted with cross_check: false, and only the listed sources with sources", () => {
    expect(plannedSources(withReturnRate({ cross_check: false }))).toEqual([
      { source: "sales_bi", required: true },
    ]);
    expect(plannedSources(withReturnRate({ sources: ["sales_exports", "support_bi"] }))).toEqual([
      { source: "sales_exports", required: true },
      { source: "support_bi", required: false },
    ]);
  });

  it("cross_check: true on the metric overrides reflector.check_conflicts: false", () => {
    const off = withReturnRate({ cross_check: true });
    const workspace = new Workspace(off.root, off.file, {
      ...off.config,
      reflector: { ...off.config.reflector, check_conflicts: false },
    });
    expect(plannedSources(workspace)).toHaveLength(3);
  });

  it("leaves out a dataset coarser than the asked grain beside one that has it", () => {
    const offer = (source: string, trust: number, grain: Offer["grain"], live: boolean): Offer => ({
      source,
      sourceKind: live ? "bi_dashboard" : "file",
      trust,
      dataset: "revenue",
      metrics: ["revenue"],
      dimensions: ["zone"],
      events: [],
      topics: [],
      columns: [],
      ...(grain ? { grain } : {}),
      expectedFormat: "table",
      live,
    });
    const offers = [
      offer("quarterly_ledger", 0.9, "quarter", false),
      offer("monthly_bi", 0.8, "month", true),
      offer("monthly_export", 0.7, "month", false),
    ];
    const byMonth = selectOffers(offers, { metric: "revenue" }, ["zone"], {
      crossCheck: true,
      grain: "month",
    });
    // The most trusted stays first (the asked month widens to its quarter there); the monthly ones are asked too.
    expect(byMonth.offers.map((chosen) => chosen.source)).toEqual([
      "quarterly_ledger",
      "monthly_bi",
      "monthly_export",
    ]);
    const monthlyFirst = selectOffers(
      offers.slice(1).concat(offer("quarterly_ledger", 0.5, "quarter", false)),
      {
        metric: "revenue",
      },
      ["zone"],
      { crossCheck: true, grain: "month" },
    );
    expect(monthlyFirst.offers.map((chosen) => chosen.source)).toEqual(["monthly_bi", "monthly_export"]);
  });
});
