import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { Workspace } from "../config/workspace.js";
import { WorkspaceConfig } from "../models/workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

const root = path.resolve(import.meta.dirname, "..");
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });

/** The demo workspace plus a lower-trust operations table that offers provider changes by region AND product. */
function withOperationsTable(checkConflicts: boolean): Workspace {
  const config = WorkspaceConfig.parse({
    ...demo.config,
    reflector: { ...demo.config.reflector, check_conflicts: checkConflicts },
    sources: {
      ...demo.config.sources,
      ops_bi: {
        kind: "bi_dashboard",
        trust: 0.6,
        base_url: "http://127.0.0.1:4100",
        datasets: {
          carrier_table: {
            url: "/ops/carriers",
            locate: { heading: "Carrier changes" },
            columns: { Region: "region", Product: "product", Date: "change_date" },
            offers: { events: ["logistics_provider_change"], dimensions: ["region", "product"] },
          },
        },
      },
    },
  });
  return new Workspace(demo.root, demo.file, config);
}

describe("event sources by trust and coverage together", () => {
  for (const checkConflicts of [true, false]) {
    it(`asks the trusted register as well as a wider lower-trust table, register first (check_conflicts ${checkConflicts})`, () => {
      const outcome = new CatalogPlanner().planSync(
        "Were there logistics provider changes for product A in East China in 2024?",
        { workspace: withOperationsTable(checkConflicts), asOf: "2024-06-30", strategy: "auto" },
      );
      const events = (outcome.plan?.sub_goals ?? []).filter(
        (goal) => goal.params.event === "logistics_provider_change",
      );
      // Before: only ops_bi (it covers region and product) was asked; the tickets register (trust 0.9) was dropped.
      expect(events.map((goal) => goal.source)).toEqual(["tickets", "ops_bi"]);
      expect(events[0].params.filters).toEqual({ region: "East" });
      expect(events[1].params.filters).toEqual({ region: "East", product: "A" });
      // The product the question names stays asked of the register that cannot filter by it, so its
      // events are context, not the product's (hearthwell hw-g22, seen: Guangdong's supplier
      // changes were answered with every zone's).
      expect(events[0].asked).toMatchObject({ keys: { region: "East", product: "A" } });
      expect(events[1].asked).toMatchObject({ keys: { region: "East", product: "A" } });
      expect(
        outcome.warnings.some((warning) =>
          warning.includes("tickets/provider_changes cannot filter by product"),
        ),
      ).toBe(true);
    });
  }
});

describe("event exports", () => {
  it("asks a file export of an event beside the live register, the register first", () => {
    const config = WorkspaceConfig.parse({
      ...demo.config,
      sources: {
        ...demo.config.sources,
        carrier_exports: {
          kind: "file",
          trust: 0.7,
          datasets: {
            carrier_changes: {
              path: "data/carrier-changes.csv",
              columns: { Region: "region", Date: "change_date" },
              offers: { events: ["logistics_provider_change"], dimensions: ["region"] },
            },
          },
        },
      },
    });
    const outcome = new CatalogPlanner().planSync(
      "Were there logistics provider changes in East China in 2024?",
      {
        workspace: new Workspace(demo.root, demo.file, config),
        asOf: "2024-06-30",
        strategy: "auto",
      },
    );
    // Before: the export was asked only when no live source offered the event.
    expect(
      (outcome.plan?.sub_goals ?? [])
        .filter((goal) => goal.params.event === "logistics_provider_change")
        .map((goal) => goal.source),
    ).toEqual(["tickets", "carrier_exports"]);
  });
});
