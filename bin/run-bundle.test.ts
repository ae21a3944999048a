import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const RUN_BUNDLE = pathToFileURL(path.resolve("bin/run-bundle.ts")).href;
let folder: string | undefined;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** A bundle as build/bundle-cli.ts writes one: CommonJS, a `#!` line, `import()` through the host. */
function writeBundle(): string {
  folder = mkdtempSync(path.join(tmpdir(), "triangulate-run-bundle-"));
  const file = path.join(folder, "bundle.cjs");
  writeFileSync(
    file,
    [
      "#!/usr/bin/env node",
      'const os = require("node:os");',
      "async function later() {",
      '  const { default: pathModule } = await __bundleImport("node:path");',
      '  process.stdout.write([typeof os.cpus, pathModule.basename(__filename), process.argv.at(-1)].join(" ") + "\\n");',
      "}",
      "later();",
    ].join("\n"),
  );
  return file;
}

/** Runs the bundle in a fresh process, as dist/bin/triangulate.js does. */
function run(
  file: string,
  hash: string,
  options: { argument?: string; growthBytes?: number } = {},
): { stdout: string; stderr: string; status: number | null } {
  const growth = options.growthBytes === undefined ? "" : `, ${options.growthBytes}`;
  const code = `import(${JSON.stringify(RUN_BUNDLE)}).then(({ runBundle }) => runBundle(${JSON.stringify(file)}, ${JSON.stringify(hash)}${growth}));`;
  const result = spawnSync(
    process.execPath,
    ["--import", import.meta.resolve("tsx"), "-e", code, options.argument ?? "argument"],
    {
      encoding: "utf8",
    },
  );
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

const caches = (directory: string) => readdirSync(directory).filter((name) => name.endsWith(".v8-cache"));

describe("runBundle (the built CLI's loader)", () => {
  it("writes the code cache on the first run and runs the same from it, import() included", () => {
    const file = writeBundle();
    const first = run(file, "aaaa");
    expect(first.stderr).toBe("");
    expect(first.stdout).toBe("function bundle.cjs argument\n");
    expect(caches(path.dirname(file))).toEqual([
      `bundle.cjs.aaaa.${process.version}-${process.arch}.v8-cache`,
    ]);
    // Node 20 loses a vm script's dynamic import callback when the code comes from the cache:
    // the bundle's import() must not depend on it.
    const cached = run(file, "aaaa");
    expect(cached).toEqual(first);
  }, 60_000);

  it("never reads the cache of another build: a new hash writes its own", () => {
    const file = writeBundle();
    run(file, "aaaa");
    const other = run(file, "bbbb");
    expect(other.stdout).toBe("function bundle.cjs argument\n");
    expect(caches(path.dirname(file)).sort()).toEqual([
      `bundle.cjs.aaaa.${process.version}-${process.arch}.v8-cache`,
      `bundle.cjs.bbbb.${process.version}-${process.arch}.v8-cache`,
    ]);
  }, 60_000);

  it("writes the cache again, larger, when a command compiled code the cache did not hold, and never smaller", () => {
    folder = mkdtempSync(path.join(tmpdir(), "triangulate-run-bundle-"));
    const file = path.join(folder, "bundle.cjs");
    // A "command" of 400 functions, compiled only when asked for (as a CLI command's modules are).
    const functions = Array.from(
      { length: 400 },
      (_, index) => `function f${index}(x) { return [x, ${index}, String(x * ${index})].join("-"); }`,
    );
    writeFileSync(
      file,
      [
        ...functions,
        'if (process.argv.at(-1) === "big") {',
        "  let total = 0;",
        ...functions.map((_, index) => `  total += f${index}(${index}).length;`),
        '  process.stdout.write(String(total) + "\\n");',
        '} else process.stdout.write("small\\n");',
      ].join("\n"),
    );
    const cacheName = `bundle.cjs.cccc.${process.version}-${process.arch}.v8-cache`;
    const cacheSize = () => statSync(path.join(folder as string, cacheName)).size;
    expect(run(file, "cccc", { argument: "small", growthBytes: 10_000 }).stdout).toBe("small\n");
    const small = cacheSize();
    // Below the threshold nothing is written again.
    run(file, "cccc", { argument: "big", growthBytes: 100_000_000 });
    expect(cacheSize()).toBe(small);
    const big = run(file, "cccc", { argument: "big", growthBytes: 10_000 });
    expect(big.stderr).toBe("");
    expect(cacheSize()).toBeGreaterThan(small);
    const grown = cacheSize();
    // The small command, run from the grown cache, compiles nothing new and leaves it as it is.
    expect(run(file, "cccc", { argument: "small", growthBytes: 10_000 }).stdout).toBe("small\n");
    expect(cacheSize()).toBe(grown);
    expect(run(file, "cccc", { argument: "big", growthBytes: 10_000 })).toEqual(big);
    expect(cacheSize()).toBe(grown);
  }, 60_000);
});
