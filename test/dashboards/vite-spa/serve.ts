import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SPA_DATA, SPA_SECRET, SPA_USER, spaWorkspaceYaml } from "./spa-seed.js";
import { startSpa } from "./spa-server.js";

// Serves the single-page test dashboard with its seeded data until Ctrl-C, and writes a workspace
// that reads it, so `triangulate sources test` can be tried by hand against a real SPA.
// Run: npx tsx test/dashboards/vite-spa/serve.ts [--port N] [--workspace DIR]

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const spa = await startSpa({
  data: SPA_DATA,
  user: SPA_USER,
  secret: SPA_SECRET,
  delayMs: 150,
  port: Number(option("--port") ?? 0),
});
const workspace = option("--workspace") ?? mkdtempSync(path.join(os.tmpdir(), "triangulate-spa-workspace-"));
writeFileSync(path.join(workspace, "triangulate.yaml"), spaWorkspaceYaml(SPA_SECRET));
console.log(`Northwind Ops (Vite single-page dashboard) at ${spa.url}; sign-in at ${spa.url}/#/login`);
console.log(`workspace: ${workspace}`);
console.log(
  `try: TRIANGULATE_BI_URL=${spa.url} triangulate sources test ops --dataset units -w ${workspace}`,
);
process.on("SIGINT", () => void spa.close().then(() => process.exit(0)));
