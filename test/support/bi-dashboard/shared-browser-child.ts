// Test helper run as a child process (shared-browser.test.ts): loads the workspace in argv[2]
// against the portal in argv[3], reads one dashboard through the workspace's shared browser,
// prints what it used, holds the browser argv[4] ms, then closes and exits.

import { BiDashboardAdapter } from "../../../adapters/bi-dashboard/bi-dashboard-adapter.js";
import { sharedBrowserManager } from "../../../adapters/bi-dashboard/browser-manager.js";
import { loadWorkspace } from "../../../config/load-workspace.js";
import { biGoal, stepContext } from "./bi-test-workspace.js";

const [directory, portalUrl, holdMs = "0"] = process.argv.slice(2);
const workspace = loadWorkspace(directory, { environment: { TRIANGULATE_BI_URL: portalUrl } });
const config = workspace.config.sources.sales_bi;
if (config.kind !== "bi_dashboard") throw new Error("not BI");
const manager = sharedBrowserManager(workspace.config.browser, workspace.stateDirectory);
const adapter = new BiDashboardAdapter("sales_bi", config, workspace, manager);
const goal = biGoal("sales_bi", "returns", {
  filters: { product: "A", region: "East" },
  period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
});
const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
const rows = "rows" in evidence ? evidence.rows.length : 0;
process.stdout.write(
  `${JSON.stringify({ serverPid: manager.sharedServerPid ?? null, ownPids: manager.processIds(), rows })}\n`,
);
await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
await adapter.close();
process.exit(0);
