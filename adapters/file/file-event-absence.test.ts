// An event file with no event for the asked keys and period answers "none recorded", as an empty
// ticket search does; before, the file adapter failed the step with no_results and the answer was
// "unanswerable" after broadening to the whole year.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import { askQuestion } from "../../planner/ask.js";
import { TemporaryFolders } from "../../test/support/temporary-workspace.js";

const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

function fleetWorkspace(): string {
  const root = folders.make("triangulate-fleet-");
  mkdirSync(path.join(root, "data"));
  writeFileSync(
    path.join(root, "data", "depot-closures.csv"),
    "Depot,Closed on,Reason\nHarbour,2024-02-12,flooding\nAirport,2023-09-03,strike\n",
  );
  writeFileSync(
    path.join(root, "data", "deliveries.csv"),
    "Depot,Month,On time\nHarbour,2024-02,81.5%\nAirport,2024-02,93.0%\nHarbour,2024-03,90.1%\nAirport,2024-03,92.4%\n",
  );
  writeFileSync(
    path.join(root, "triangulate.yaml"),
    `catalog:
  metrics:
    on_time_rate: { label: On-time rate, unit: percent, synonyms: [on-time rate, 准时率] }
  dimensions:
    depot:
      values:
        Harbour: [Harbour, harbour depot, 港口仓]
        Airport: [Airport, airport depot, 机场仓]
  events:
    depot_closure: { label: Depot closure, synonyms: [depot closure, depot closures, closures, 停运] }
sources:
  ops:
    kind: file
    datasets:
      closures:
        path: data/depot-closures.csv
        columns: { Depot: depot, "Closed on": closed_on, Reason: reason }
        types: { closed_on: date }
        period_column: closed_on
        offers: { events: [depot_closure], dimensions: [depot] }
      deliveries:
        path: data/deliveries.csv
        columns: { Depot: depot, Month: month, "On time": on_time_rate }
        period_column: month
        offers: { metrics: [on_time_rate], dimensions: [depot] }
`,
  );
  return root;
}

describe("an event file with no event for what was asked", () => {
  it("answers that none is recorded, in English and Chinese", async () => {
    const workspace = loadWorkspace(fleetWorkspace(), { environment: {} });
    const english = await askQuestion(
      "Were there any depot closures at the airport depot in the first quarter of 2024?",
      workspace,
      { asOf: "2024-06-30" },
    );
    expect(english.answer.status).toBe("answered");
    expect(english.results[0]?.status).toBe("succeeded");
    expect(english.results[0]?.evidence).toMatchObject({ kind: "table", rows: [] });
    const chinese = await askQuestion("2024年第一季度机场仓有停运吗？", workspace, { asOf: "2024-06-30" });
    expect(chinese.answer.status).toBe("answered");
  });
  it("still reports a metric with no row as a failure, not as zero", async () => {
    const workspace = loadWorkspace(fleetWorkspace(), { environment: {} });
    const result = await askQuestion("on-time rate of the airport depot in May 2024", workspace, {
      asOf: "2024-06-30",
    });
    expect(result.answer.status).not.toBe("answered");
  });
});
