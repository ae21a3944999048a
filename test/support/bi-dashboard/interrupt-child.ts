// Test helper run as a child process: reads one dashboard, prints the Chromium pids, then idles
// until a signal arrives (the test sends SIGINT, as Ctrl-C does) or, with "--leave", exits
// without closing anything (the exit hook must clean up).
import { BiDashboardAdapter } from "../../../adapters/bi-dashboard/bi-dashboard-adapter.js";
import { sharedBrowserManager } from "../../../adapters/bi-dashboard/browser-manager.js";
import { biGoal, removeTemporaryDirectories, stepContext, testWorkspace } from "./bi-test-workspace.js";

const [portalUrl, mode] = process.argv.slice(2);
const workspace = testWorkspace(portalUrl);
const config = workspace.config.sources.sales_bi;
if (config.kind !== "bi_dashboard") throw new Error("not BI");
const manager = sharedBrowserManager(workspace.config.browser);
const adapter = new BiDashboardAdapter("sales_bi", config, workspace, manager);
await adapter.fetch(
  biGoal("sales_bi", "returns", {
    filters: { product: "A", region: "East" },
    period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
  }),
  stepContext(),
);
removeTemporaryDirectories();
process.stdout.write(`${JSON.stringify({ pids: manager.processIds() })}\n`);
if (mode === "--leave") process.exit(0);
setInterval(() => {}, 1000);
