/**
 * `ask --queue` runs the light bundle (bin/queue-client-cli.ts), every other command line the full
 * CLI's (issue 27: a client waiting for a worker kept the whole CLI loaded). The choice, what the
 * built light bundle holds, and that it prints what the full CLI prints for the same command line.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lightEntryFor } from "./light-entry.js";

describe("lightEntryFor", () => {
  it("picks the queue client for ask with a queue, in either spelling and any position", () => {
    expect(lightEntryFor(["ask", "Return rate?", "--queue", "redis://h:6379"])).toBe("queue-client");
    expect(lightEntryFor(["ask", "--queue", "redis://h:6379", "Return rate?", "--json"])).toBe(
      "queue-client",
    );
    expect(lightEntryFor(["ask", "--queue=redis://h:6379", "Return rate?"])).toBe("queue-client");
    expect(lightEntryFor(["ask", "--json", "--queue", "redis://h", "--help"])).toBe("queue-client");
  });

  it("picks the server client for ask with a server, in either spelling", () => {
    expect(lightEntryFor(["ask", "Return rate?", "--server", "http://h:8787"])).toBe("server-client");
    expect(lightEntryFor(["ask", "--server=http://h:8787", "Return rate?", "--json"])).toBe("server-client");
  });

  it("leaves every other command line to the full CLI", () => {
    // Both at once, or a server without its URL: the full CLI refuses them.
    expect(lightEntryFor(["ask", "Q", "--queue", "redis://h", "--server", "http://h"])).toBeUndefined();
    expect(lightEntryFor(["ask", "Q", "--server"])).toBeUndefined();
    expect(lightEntryFor(["ask", "Q", "--server="])).toBeUndefined();
    expect(lightEntryFor(["ask", "Q", "--queue", "redis://h", "--server"])).toBeUndefined();
    expect(lightEntryFor(["ask", "Return rate?"])).toBeUndefined();
    expect(lightEntryFor(["ask", "Return rate?", "--queue"])).toBeUndefined();
    expect(lightEntryFor(["ask", "Return rate?", "--queue", ""])).toBeUndefined();
    expect(lightEntryFor(["ask", "Return rate?", "--queue="])).toBeUndefined();
    // After `--` the words are the question's, not options.
    expect(lightEntryFor(["ask", "--", "--queue", "redis://h"])).toBeUndefined();
    expect(lightEntryFor(["schedule", "--queue", "redis://h"])).toBeUndefined();
    expect(lightEntryFor(["worker", "--queue", "redis://h"])).toBeUndefined();
    expect(lightEntryFor(["plan", "ask", "--queue", "redis://h"])).toBeUndefined();
    expect(lightEntryFor(["--version"])).toBeUndefined();
    expect(lightEntryFor([])).toBeUndefined();
  });
});

const dist = path.resolve("dist");
const bundles = path.join(dist, "bundle");
function requireBuilt(): void {
  if (!existsSync(path.join(bundles, "queue-client.cjs")))
    throw new Error(`${bundles}/queue-client.cjs is missing: run \`npm run build\` (npm test does it)`);
}

describe("the built light bundle", () => {
  it("holds the command line, the queue client and the answer printer, nothing of a local ask", () => {
    requireBuilt();
    const map = JSON.parse(readFileSync(path.join(bundles, "queue-client.cjs.map"), "utf8")) as {
      sources: string[];
    };
    // The map names the sources (through tsc's maps), relative to the bundle's folder.
    const own = map.sources
      .filter((source) => !source.includes("node_modules/"))
      .map((source) => path.relative(path.resolve("."), path.resolve(bundles, source)));
    expect(own).toEqual(expect.arrayContaining(["workers/queue-client.ts", "bin/print-answer.ts"]));
    const heavy = own.filter((file) =>
      /^(planner|executor|adapters|jobs|synthesizer)\/|^config\/load-workspace\.ts$|^bin\/commands\/open-workspace\.ts$/.test(
        file,
      ),
    );
    expect(heavy).toEqual([]);
    // A fraction of the full CLI's code to read and compile.
    const size = (name: string) => readFileSync(path.join(bundles, name)).length;
    expect(size("queue-client.cjs")).toBeLessThan(size("triangulate.cjs") / 3);
  });

  it("holds, for `ask --server`, the command line, the HTTP client and the answer printer: no queue, no BullMQ or Redis", () => {
    requireBuilt();
    const map = JSON.parse(readFileSync(path.join(bundles, "server-client.cjs.map"), "utf8")) as {
      sources: string[];
    };
    const own = map.sources
      .filter((source) => !source.includes("node_modules/"))
      .map((source) => path.relative(path.resolve("."), path.resolve(bundles, source)));
    expect(own).toEqual(expect.arrayContaining(["bin/serve/http-ask-client.ts", "bin/print-answer.ts"]));
    const heavy = own.filter((file) =>
      /^(planner|executor|adapters|jobs|synthesizer|workers)\/|^config\/load-workspace\.ts$|^bin\/commands\/(open-workspace|ask-on-queue)\.ts$/.test(
        file,
      ),
    );
    expect(heavy).toEqual([]);
    // Nothing of BullMQ or ioredis is bundled or required (they stay outside every bundle).
    const code = readFileSync(path.join(bundles, "server-client.cjs"), "utf8");
    expect(code).not.toMatch(/require\("(bullmq|ioredis)"\)|__bundleImport\("(bullmq|ioredis)"\)/);
    expect(map.sources.filter((source) => /node_modules\/(bullmq|ioredis)\//.test(source))).toEqual([]);
  });

  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-light-entry-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The same command line through the built entry (which picks the light bundle) and through the full bundle. */
  function bothWays(args: string[]) {
    requireBuilt();
    const full = path.join(folder, "full.mjs");
    writeFileSync(
      full,
      [
        `import { runBundle } from ${JSON.stringify(path.join(dist, "bin/run-bundle.js"))};`,
        `runBundle(${JSON.stringify(path.join(bundles, "triangulate.cjs"))}, "light-entry-test");`,
      ].join("\n"),
    );
    const run = (script: string) => {
      const result = spawnSync(process.execPath, [script, ...args], {
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
        timeout: 60_000,
      });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    };
    return { light: run(path.join(dist, "bin/triangulate.js")), full: run(full) };
  }

  // Port 1 on loopback: nothing listens, the connection is refused at once.
  const unreachable = "redis://127.0.0.1:1";
  it.each([
    ["a queue that does not answer, --json", ["ask", "Return rate?", "--queue", unreachable, "--json"]],
    ["a queue that does not answer", ["ask", "Return rate?", "--queue", unreachable]],
    [
      "a date that does not exist",
      ["ask", "Return rate?", "--queue", unreachable, "--as-of", "2024-02-30", "--json"],
    ],
    ["too many reflection rounds", ["ask", "Return rate?", "--queue", unreachable, "--max-iterations", "11"]],
    ["an empty question", ["ask", " ", "--queue", unreachable, "--json"]],
    ["a queue URL that is not Redis", ["ask", "Return rate?", "--queue", "http://127.0.0.1:1", "--json"]],
    ["an unknown strategy", ["ask", "Return rate?", "--queue", unreachable, "--strategy", "fast"]],
    ["the command's help", ["ask", "--queue", unreachable, "--help"]],
    // Port 1 on loopback: no server, the connection is refused at once.
    [
      "a server that does not answer, --json",
      ["ask", "Return rate?", "--server", "http://127.0.0.1:1", "--json"],
    ],
    ["a server that does not answer", ["ask", "Return rate?", "--server", "http://127.0.0.1:1"]],
    ["a server URL that is not http", ["ask", "Return rate?", "--server", "redis://127.0.0.1:1", "--json"]],
    ["a server URL with credentials", ["ask", "Return rate?", "--server", "http://u:p@127.0.0.1:1"]],
    [
      "a token file that does not exist",
      ["ask", "Return rate?", "--server", "http://127.0.0.1:1", "--token-file", "/nonexistent/token"],
    ],
    ["an empty question to a server", ["ask", " ", "--server", "http://127.0.0.1:1", "--json"]],
  ])("prints what the full CLI prints, with its exit code: %s", (_, args) => {
    const { light, full } = bothWays(args);
    // Each case is one the light entry itself answers (no worker needed), so each says something.
    expect(light.stdout + light.stderr).not.toBe("");
    expect(light).toEqual(full);
  });
});
