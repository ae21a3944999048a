// Bundles the CLI after `tsc` (run by `npm run build`): a cold `triangulate plan` or `ask` spends
// most of its time loading a few hundred small ES modules (issues 25 and 27), and Node 20 has no
// compile cache. esbuild joins triangulate's own modules and the pure-JavaScript packages every
// command loads at start into a few files under dist/bundle/ (one per lazily loaded command,
// shared code in chunks), and dist/bin/triangulate.js becomes a two-line entry that imports it.
//
// The rest of dist/ stays as tsc wrote it: modules started as their own process or worker (PDF
// extraction, OCR, the shared browser), the benches' in-process imports and the tests read it.
// Code that finds files from its own location (`import.meta.url`, `import.meta.dirname`: answer
// templates, the vocabulary cache's fingerprint, child-process entries) is given the location its
// module has in dist/, so it finds the same files it found unbundled.
//
// Run: npx tsx build/bundle-cli.ts (after tsc -p tsconfig.build.json)
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const bundleDirectory = path.join(dist, "bundle");
const entry = path.join(dist, "bin", "triangulate.js");
const earlyInterrupt = path.join(dist, "bin", "early-interrupt.js");

/**
 * The packages bundled in: pure JavaScript, loaded by every `plan` and `ask` at start (measured
 * with a module-load hook). Every other package stays an import resolved from node_modules at run
 * time, as before: native addons, packages that read their own files, and the large ones a
 * command loads only when it needs them (LanceDB, pdf.js, Playwright, vega, OCR, SQLite, Redis).
 */
const BUNDLED_PACKAGES = new Set([
  "commander",
  "fastest-levenshtein",
  "jsonpath-plus",
  "opencc-js",
  "picocolors",
  "re2js",
  "stemmer",
  "yaml",
  "zod",
]);

/** The package name of a bare import specifier (`zod/v4/core` → `zod`, `@scope/name/x` → `@scope/name`). */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Keeps every package outside the bundle except the listed ones; Node's own modules too. */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (arguments_) => {
      if (arguments_.path.startsWith("node:")) return { path: arguments_.path, external: true };
      if (path.isAbsolute(arguments_.path)) return undefined;
      return BUNDLED_PACKAGES.has(packageName(arguments_.path))
        ? undefined
        : { path: arguments_.path, external: true };
    });
  },
};

/**
 * Gives each of triangulate's modules the location it has in dist/: every bundled file sits in
 * dist/bundle/, one level below dist/ like the module folders, so a path relative to the bundle
 * file reaches the module's own file.
 */
const moduleLocations: Plugin = {
  name: "module-locations",
  setup(builder) {
    builder.onLoad({ filter: /\.js$/ }, (arguments_) => {
      if (!arguments_.path.startsWith(`${dist}${path.sep}`)) return undefined;
      const source = readFileSync(arguments_.path, "utf8");
      if (!source.includes("import.meta")) return { contents: source, loader: "js" };
      const relative = path.relative(bundleDirectory, arguments_.path).split(path.sep).join("/");
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      const directory = `new URL(${JSON.stringify(path.posix.dirname(relative) + "/")}, import.meta.url)`;
      const contents = source
        .replaceAll("import.meta.url", url)
        .replaceAll("import.meta.dirname", `decodeURIComponent(${directory}.pathname).replace(/\\/$/, "")`)
        .replaceAll("import.meta.filename", `decodeURIComponent(new URL(${url}).pathname)`);
      return { contents, loader: "js" };
    });
  },
};

/** The lines the written entry imports the bundle with; an entry holding them is not tsc's output. */
const ENTRY_IMPORT = 'import "../bundle/early-interrupt.js";\nimport "../bundle/triangulate.js";';
if (readFileSync(entry, "utf8").includes(ENTRY_IMPORT))
  throw new Error(
    `${entry} is already the bundle's entry: run tsc -p tsconfig.build.json first (npm run build does both)`,
  );
rmSync(bundleDirectory, { recursive: true, force: true });
await build({
  // Ctrl-C's first listener is an entry of its own so the entry file can load it before the rest:
  // the shared chunks every command imports would otherwise run first (bin/early-interrupt.ts).
  entryPoints: { "early-interrupt": earlyInterrupt, triangulate: entry },
  outdir: bundleDirectory,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: "linked",
  // Bundled CommonJS packages (yaml, commander) call require for Node's own modules.
  banner: {
    js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);',
  },
  plugins: [externalPackages, moduleLocations],
  logLevel: "warning",
});
writeFileSync(
  entry,
  `#!/usr/bin/env node\n// The CLI's modules, bundled by build/bundle-cli.ts (Node loads a few files instead of hundreds).\n${ENTRY_IMPORT}\n`,
  { mode: 0o755 },
);
