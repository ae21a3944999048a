/**
 * `ask --queue` is the queue client only (issue 27): what the CLI's entry and the ask command load
 * before they know whether the question is answered here must not include the planner, executor,
 * reflector, the workspace's schemas or the message catalogs (a client took 153 MB and 0.6 s of CPU
 * with them, 94 MB and 0.3 s without). Walks the static imports of the sources, as the bundle runs
 * them; dynamic `import()` is what defers a module.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Every module of the repository a module loads through static, non-type imports (itself included). */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(path.join(root, file), "utf8");
    // `import … from "./x.js"` and `export … from "./x.js"`, not `import type` / `export type`.
    for (const match of text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+"(\.[^"]+)";/gms)) {
      const target = path.normalize(path.join(path.dirname(file), match[1])).replace(/\.js$/, ".ts");
      visit(target);
    }
    // A side-effect import: `import "./x.js";`.
    for (const match of text.matchAll(/^import\s+"(\.[^"]+)";/gm))
      visit(path.normalize(path.join(path.dirname(file), match[1])).replace(/\.js$/, ".ts"));
  };
  visit(entry);
  return seen;
}

describe("what `ask --queue` loads", () => {
  it("is neither the planner, the executor, the reflector, the workspace's loading nor the message catalogs", () => {
    const loaded = [
      ...staticClosure("bin/triangulate.ts"),
      ...staticClosure("bin/commands/ask-command.ts"),
      // The light entry the built CLI runs for `ask --queue` (bin/light-entry.ts), and what it runs.
      ...staticClosure("bin/queue-client-cli.ts"),
      ...staticClosure("bin/commands/ask-on-queue.ts"),
    ];
    expect(loaded).toContain("bin/commands/ask-definition.ts");
    expect(loaded).toContain("bin/print-ask-result.ts");
    const heavy = loaded.filter((file) =>
      /^(planner|executor|reflector|adapters|jobs)\/|^config\/load-workspace\.ts$|^bin\/print-answer\.ts$|^bin\/commands\/open-workspace\.ts$/.test(
        file,
      ),
    );
    expect(heavy).toEqual([]);
  });

  it("is seen by the walk: a local ask's modules are behind import() only", () => {
    const text = readFileSync(path.join(root, "bin/commands/ask-command.ts"), "utf8");
    for (const deferred of ["./open-workspace.js", "../../planner/ask.js"])
      expect(text).toContain(`import("${deferred}")`);
    const printing = readFileSync(path.join(root, "bin/print-ask-result.ts"), "utf8");
    expect(printing).toContain('import("./print-answer.js")');
    // The walk does follow static imports: the local ask's own entry reaches the planner.
    expect([...staticClosure("planner/ask.ts")].some((file) => file.startsWith("reflector/"))).toBe(true);
  });
});
