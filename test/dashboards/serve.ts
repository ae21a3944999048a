/**
 * Serves a built test dashboard on loopback, to try a workspace against real dashboard software by hand:
 *
 *   npx tsx test/dashboards/serve.ts observable-framework [--basic analyst:secret] [--seconds 600]
 *
 * Prints the URL (port chosen by the system) and serves until the time is up or Ctrl-C.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { serveStaticSite } from "../support/bi-dashboard/static-site-server.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { basic: { type: "string" }, seconds: { type: "string", default: "600" } },
});
const stack = positionals[0] ?? "observable-framework";
const root = path.resolve(import.meta.dirname, stack, "dist");
if (!existsSync(root)) {
  process.stderr.write(`error: ${root} is not built: run bash .ci/build-test-dashboards\n`);
  process.exit(2);
}
const [username, password] = values.basic ? values.basic.split(/:(.*)/s) : [];
const site = await serveStaticSite(root, username ? { basic: { username, password: password ?? "" } } : {});
process.stdout.write(`${site.url}\n`);
const stop = () => void site.close().then(() => process.exit(0));
setTimeout(stop, Number(values.seconds) * 1000);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
