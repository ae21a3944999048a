// A qualifier the question names that no dataset of the metric offers, and no other goal of the
// question uses, asks back (needs_clarification) naming the qualifier and what the metric is kept
// by: planning the overall figure would answer another question. Before, it was planned with a note
// and the answer was partial. A qualifier another goal applies ("on-time rate and fuel cost of vans")
// is that goal's: the metric is planned and the qualifier stays in what was asked, so the overall
// figure is shown as partial, with the gap naming the qualifier, never as the qualified answer.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { TemporaryFolders } from "../test/support/temporary-workspace.js";
import { askQuestion } from "./ask.js";

const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

function fleet(): string {
  const root = folders.make("triangulate-fleet-qualifier-");
  mkdirSync(path.join(root, "data"));
  writeFileSync(
    path.join(root, "data", "deliveries.csv"),
    "Depot,Month,On time\nHarbour,2024-02,81.5%\nAirport,2024-02,93.0%\n",
  );
  writeFileSync(
    path.join(root, "data", "fuel.csv"),
    "Depot,Vehicle,Month,Fuel cost\nHarbour,Van,2024-02,1200\nHarbour,Truck,2024-02,3100\n",
  );
  writeFileSync(
    path.join(root, "triangulate.yaml"),
    `catalog:
  metrics:
    on_time_rate: { label: On-time rate, unit: percent, synonyms: [on-time rate, 准时率] }
    fuel_cost: { label: Fuel cost, unit: count, synonyms: [fuel cost, 油费] }
  dimensions:
    depot:
      values:
        Harbour: [Harbour, harbour depot, 港口仓]
        Airport: [Airport, airport depot, 机场仓]
    vehicle:
      values:
        Van: [van, vans, 厢式车]
        Truck: [truck, trucks, 卡车]
sources:
  ops:
    kind: file
    datasets:
      deliveries:
        path: data/deliveries.csv
        columns: { Depot: depot, Month: month, "On time": on_time_rate }
        period_column: month
        offers: { metrics: [on_time_rate], dimensions: [depot], grain: month }
      fuel:
        path: data/fuel.csv
        columns: { Depot: depot, Vehicle: vehicle, Month: month, "Fuel cost": fuel_cost }
        period_column: month
        offers: { metrics: [fuel_cost], dimensions: [depot, vehicle], grain: month }
`,
  );
  return root;
}

describe("a qualifier no dataset offers", () => {
  const workspace = loadWorkspace(fleet(), { environment: {} });
  it("asks back when no other goal uses it, naming it and what the metric is kept by", async () => {
    const result = await askQuestion(
      "on-time rate of vans at the harbour depot in February 2024",
      workspace,
      { asOf: "2024-06-30" },
    );
    expect(result.plan).toBeUndefined();
    expect(result.planning.clarification?.spans).toEqual([
      { written: "vans", candidates: ["On-time rate by depot"] },
    ]);
    expect(result.planning.message).toBe(
      'The on-time rate is kept only by depot, by month, not by vehicle ("vans"): ask for the figure without them?',
    );
    expect(result.answer.status).not.toBe("answered");
  });
  it("asks in the question's language", async () => {
    const result = await askQuestion("2024年2月港口仓厢式车的准时率", workspace, { asOf: "2024-06-30" });
    expect(result.plan).toBeUndefined();
    expect(result.planning.message).toContain("“厢式车”");
    expect(result.planning.message).toContain("准时率只有按");
  });
  it("keeps it in what was asked when another goal applies it, so the depot's figure is not the vans' answer", async () => {
    const result = await askQuestion(
      "on-time rate and fuel cost of vans at the harbour depot in February 2024",
      workspace,
      { asOf: "2024-06-30" },
    );
    expect(result.plan?.sub_goals.find((goal) => goal.params.metric === "fuel_cost")?.params.filters).toEqual(
      {
        depot: "Harbour",
        vehicle: "Van",
      },
    );
    const onTime = result.plan?.sub_goals.find((goal) => goal.params.metric === "on_time_rate");
    expect(onTime?.params.filters).toEqual({ depot: "Harbour" });
    expect(onTime?.asked).toMatchObject({ keys: { depot: "Harbour", vehicle: "Van" } });
    expect(result.answer.status).not.toBe("answered");
    expect(JSON.stringify(result.answer.gaps)).toMatch(/vehicle/);
  });
  it("answers the same question without the qualifier", async () => {
    const result = await askQuestion("on-time rate at the harbour depot in February 2024", workspace, {
      asOf: "2024-06-30",
    });
    expect(result.answer.status).toBe("answered");
    expect(result.answer.text).toContain("81.5");
  });
});
