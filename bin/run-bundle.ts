// Runs the CLI's bundle (build/bundle-cli.ts) with V8's code cache kept beside it. Node 20 has no
// compile cache for modules (`module.enableCompileCache` is Node 22), but a CommonJS script
// compiled through `vm.Script` can hand V8 the code it compiled last time: a cold `plan` then
// skips parsing and compiling most of the 3 MB it runs.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";

/**
 * How much bytecode (bytes) a process must compile beyond what its code cache gave it before it
 * writes a larger cache at exit. A command the cache already covers still compiles 0.2 MB or so
 * (Node's own modules, packages outside the bundle); one it does not cover compiles far more
 * (a cold `plan` on the cache `--version` wrote: about 1 MB, then 60 ms more CPU per process).
 */
export const CACHE_GROWTH_BYTES = 512 * 1024;

/**
 * Runs `bundleFile` as a CommonJS module. `sourceHash` names its code cache: V8 checks a cache
 * against the source's length only, so a rebuilt bundle must never meet the cache of another.
 * The first process (or the first after a rebuild, or after a Node upgrade V8 rejects the cache
 * for) writes the cache when it exits, with the code its command compiled; a folder that cannot
 * be written runs without one. A later process whose command the cache did not cover (it
 * compiled more than CACHE_GROWTH_BYTES of bytecode) writes the cache again when the new one is
 * larger: it holds the functions the old cache gave and the ones this command compiled, so the
 * cache grows to the commands people run instead of staying the first command's (`--version`
 * right after an install left every later `plan` and `ask` compiling most of its code).
 *
 * The bundle's `import()` of the packages left outside it goes through `bundleImport`, this ES
 * module's own `import()`: a script compiled by `vm` has none that survives its code cache on
 * Node 20 ("A dynamic import callback was not specified").
 */
export function runBundle(
  bundleFile: string,
  sourceHash: string,
  growthBytes: number = CACHE_GROWTH_BYTES,
): void {
  const cacheFile = `${bundleFile}.${sourceHash}.${process.version}-${process.arch}.v8-cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The entry's `#!` line, which Node's own loader skips, made a comment (lines keep their numbers).
  const source = readFileSync(bundleFile, "utf8").replace(/^#!/, "//");
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __bundleImport) {${source}\n})`,
    { filename: bundleFile, cachedData },
  );
  if (cachedData === undefined || script.cachedDataRejected === true)
    process.once("exit", () => writeCache(cacheFile, script.createCachedData()));
  else {
    const bytecodeAtStart = v8.getHeapCodeStatistics().bytecode_and_metadata_size;
    const previousSize = cachedData.length;
    process.once("exit", () => {
      const compiled = v8.getHeapCodeStatistics().bytecode_and_metadata_size - bytecodeAtStart;
      if (compiled < growthBytes) return;
      // Never smaller: functions the old cache held that this run did not keep are not lost.
      let grown: Buffer;
      try {
        grown = script.createCachedData();
      } catch {
        return;
      }
      if (grown.length > previousSize) writeCache(cacheFile, grown);
    });
  }
  const module = { exports: {} };
  const wrapper = script.runInThisContext() as (...parameters: unknown[]) => void;
  const bundleImport = (specifier: string) => import(specifier);
  wrapper.call(
    module.exports,
    module.exports,
    createRequire(bundleFile),
    module,
    bundleFile,
    path.dirname(bundleFile),
    bundleImport,
  );
}

/** Written whole under a temporary name, then renamed: processes starting meanwhile read all of it or none. */
function writeCache(cacheFile: string, data: Buffer): void {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, cacheFile);
  } catch {
    // A read-only installation: the next process compiles the bundle again, as without a cache.
  }
}
