// How many MCP requests are answered after an over-long line (issue 26.4), before and after: the
// CLI built from another git revision (default b3a4d92, the last commit before issue 26's
// boundary work; read with `git archive` and compiled with tsc in a temporary folder) against this
// checkout's dist/. Each server gets `initialize`, then one 20 MB `tools/call` line, one line that
// is not JSON, and then 20 ordinary requests (tools/list, sources_list, kb_search in turn); the
// bench counts the replies to each and how the process ended.
//
//   npm run build && npx tsx bench/mcp-over-long-line.ts [--before b3a4d92] [--megabytes 20]
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: {
    before: { type: "string", default: "b3a4d92" },
    megabytes: { type: "string", default: "20" },
  },
});

const WORKSPACE = `
catalog:
  events:
    echo: { label: Echo }
sources:
  tickets:
    kind: tickets
    base_url: http://127.0.0.1:9
    searches:
      echo:
        endpoint: /search
        records: $.issues
        pagination: { type: none }
        event: echo
        fields:
          key: $.key
        offers: { events: [echo] }
`;

const FOLLOWING = 20;

interface Outcome {
  overLong: string;
  notJson: string;
  following: number;
  exit: string;
  elapsedMs: number;
}

function line(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/** Runs one server through the sequence and reports what came back within 60 s. */
function measure(cli: string, folder: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, "mcp", "--workspace", folder], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    const replies: { id: unknown; error?: { code: number } }[] = [];
    let buffered = "";
    let exit = "still running";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
        const text = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (text.trim()) replies.push(JSON.parse(text));
      }
    });
    child.stderr.resume();
    child.stdin.on("error", () => {
      // The old server stops reading: the writes after that fail, which is what is measured.
    });
    const finish = () => {
      clearInterval(poll);
      clearTimeout(limit);
      const byId = (id: number) => replies.find((reply) => reply.id === id);
      const overLong = byId(2);
      const anonymous = replies.find((reply) => reply.id === null);
      resolve({
        overLong: overLong ? `error ${overLong.error?.code}` : "no reply",
        notJson: anonymous ? `error ${anonymous.error?.code}` : "no reply",
        following: Array.from({ length: FOLLOWING }, (_, index) => byId(100 + index)).filter(Boolean).length,
        exit,
        elapsedMs: performance.now() - started,
      });
      child.kill("SIGTERM");
    };
    child.on("exit", (code, signal) => {
      exit = signal ? `killed by ${signal}` : `exit ${code}`;
    });
    const limit = setTimeout(finish, 60_000);
    const poll = setInterval(() => {
      if (replies.length >= FOLLOWING + 3 || exit !== "still running") setTimeout(finish, 500);
    }, 200);
    child.stdin.write(
      line({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "bench", version: "1" },
        },
      }),
    );
    child.stdin.write(line({ jsonrpc: "2.0", method: "notifications/initialized" }));
    const question = "x".repeat(Number(options.megabytes) * 1024 * 1024);
    child.stdin.write(
      line({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "ask", arguments: { question } } }),
    );
    child.stdin.write("not json at all\n");
    const calls = [
      { method: "tools/list", params: {} },
      { method: "tools/call", params: { name: "sources_list", arguments: {} } },
      { method: "tools/call", params: { name: "kb_search", arguments: { query: "returns" } } },
    ];
    for (let index = 0; index < FOLLOWING; index += 1)
      child.stdin.write(line({ jsonrpc: "2.0", id: 100 + index, ...calls[index % calls.length] }));
  });
}

/** Builds the CLI of a git revision into a temporary folder; returns the folder. */
function buildRevision(revision: string): string {
  const checkout = mkdtempSync(path.join(tmpdir(), "mcp-bench-before-"));
  execFileSync("sh", ["-c", 'git archive "$1" | tar -x -C "$2"', "sh", revision, checkout]);
  symlinkSync(path.resolve("node_modules"), path.join(checkout, "node_modules"));
  execFileSync(
    process.execPath,
    [path.resolve("node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"],
    {
      cwd: checkout,
      stdio: "inherit",
    },
  );
  return checkout;
}

const folder = mkdtempSync(path.join(tmpdir(), "mcp-bench-"));
const before = buildRevision(options.before);
try {
  writeFileSync(path.join(folder, "triangulate.yaml"), WORKSPACE);
  const rows: [string, Outcome][] = [
    [`before (${options.before})`, await measure(path.join(before, "dist", "bin", "triangulate.js"), folder)],
    ["after (this checkout)", await measure(path.resolve("dist/bin/triangulate.js"), folder)],
  ];
  console.log(`a ${options.megabytes} MB tools/call line, a non-JSON line, then ${FOLLOWING} requests`);
  console.log("| server | over-long line | non-JSON line | requests answered after | process | time |");
  console.log("|---|---|---|---|---|---|");
  for (const [name, outcome] of rows)
    console.log(
      `| ${name} | ${outcome.overLong} | ${outcome.notJson} | ${outcome.following}/${FOLLOWING} | ${outcome.exit} | ${(outcome.elapsedMs / 1000).toFixed(1)} s |`,
    );
} finally {
  rmSync(folder, { recursive: true, force: true });
  rmSync(before, { recursive: true, force: true });
}
