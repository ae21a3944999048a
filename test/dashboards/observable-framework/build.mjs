// Builds the Observable Framework test dashboard offline, as its users build it (`observable build`),
// after writing the data it shows. The data is a pure function of the row number, so the tests
// recompute it (data.mjs) and compare every cell.
//
// Offline: Framework resolves `npm:` imports (and the implicit `Inputs`) from cdn.jsdelivr.net at
// build time. The pages import their packages by bare name instead, which Framework bundles from
// node_modules into /_node/ (its documented "self-hosted" path), and the Inputs stylesheet that the
// implicit import would have added is Framework's own file with its namespace applied, as
// Framework's bundler does (rollup.js rewriteInputsNamespace).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defectRows, returnRows } from "./data.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
mkdirSync(path.join(here, "src/data"), { recursive: true });
writeFileSync(path.join(here, "src/data/returns.json"), JSON.stringify(returnRows()));
writeFileSync(path.join(here, "src/data/defects.json"), JSON.stringify(defectRows()));
const frameworkDirectory = path.dirname(require.resolve("@observablehq/framework/package.json"));
const inputsCss = readFileSync(path.join(frameworkDirectory, "dist/client/stdlib/inputs.css"), "utf8");
writeFileSync(path.join(here, "src/inputs.css"), inputsCss.replace(/\b__ns__\b/g, "inputs-3a86ea"));
rmSync(path.join(here, "dist"), { recursive: true, force: true });
execFileSync(path.join(here, "node_modules/.bin/observable"), ["build"], {
  cwd: here,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true" },
});
