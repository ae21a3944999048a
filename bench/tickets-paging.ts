// Benchmark: wall time for the tickets adapter to page through 5,000 issues at 100 per page from
// the demo ticket server, against the floor of the server's own handling time (the sum of its
// per-request handling, reported by the server). The server runs in its own process so its work
// does not share the adapter's event loop.
// Run: npx tsx bench/tickets-paging.ts [--issues N] [--page-size N] [--rounds N]
import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { goalFor, stepContext, ticketsAdapterFor } from "../test/support/tickets/tickets-test-workspace.js";

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const issues = flag("issues", 5000);
const pageSize = flag("page-size", 100);
const rounds = flag("rounds", 3);
const root = path.resolve(import.meta.dirname, "..");
const token = "bench-token";

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(root, "demo/ticket-server/main.ts"),
      "--port",
      "0",
      "--token",
      token,
      "--bench",
      String(issues),
    ],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error("the ticket server did not start within 60 s")), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/[\d.:]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`the ticket server exited with ${code}`)));
  });
  return { url, child };
}

const stats = async (url: string) =>
  (await (await fetch(`${url}/__stats`)).json()) as { requests: number; handlingMs: number };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { url, child } = await startServer();
try {
  const results: string[] = [];
  for (const [preset, pagination] of [
    ["jira-v2", { type: "offset", page_size: pageSize }],
    ["jira-v3", { type: "cursor", page_size: pageSize }],
  ] as const) {
    const adapter = ticketsAdapterFor({
      preset,
      base_url: url,
      project: "BENCH",
      max_pages: 1000,
      auth: { type: "bearer", token },
      searches: {
        all: {
          pagination,
          fields: {
            key: "$.key",
            status: "$.fields.status.name",
            created: { path: "$.fields.created", type: "datetime" },
          },
        },
      },
    });
    const goal = goalFor("all", { period: { grain: "year", from: "2023-01-01", to: "2023-12-31" } });
    await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 })); // warm-up
    const walls: number[] = [];
    const floors: number[] = [];
    let pages = 0;
    let rows = 0;
    for (let round = 0; round < rounds; round += 1) {
      const before = await stats(url);
      const started = performance.now();
      const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 }));
      rows = adapter.normalize(raw, goal).rows.length;
      walls.push(performance.now() - started);
      const after = await stats(url);
      floors.push(after.handlingMs - before.handlingMs);
      pages = after.requests - before.requests;
    }
    // Baseline: the same pages with a bare fetch + JSON.parse loop (no adapter), to separate HTTP cost from the adapter's.
    const bare: number[] = [];
    const jql = encodeURIComponent(
      'project = "BENCH" AND created >= "2023-01-01" AND created < "2024-01-01" ORDER BY created ASC',
    );
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      let cursor: string | undefined;
      for (let start = 0; ; start += pageSize) {
        const target =
          preset === "jira-v2"
            ? `${url}/rest/api/2/search?jql=${jql}&startAt=${start}&maxResults=${pageSize}`
            : `${url}/rest/api/3/search/jql?jql=${jql}&fields=*all&maxResults=${pageSize}${cursor ? `&nextPageToken=${cursor}` : ""}`;
        const body = (await (
          await fetch(target, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { issues: unknown[]; isLast?: boolean; nextPageToken?: string };
        if (preset === "jira-v3" ? body.isLast : start + body.issues.length >= rows) break;
        cursor = body.nextPageToken;
      }
      bare.push(performance.now() - started);
    }
    const wall = median(walls);
    const bareWall = median(bare);
    const floor = median(floors);
    results.push(
      `  ${preset.padEnd(8)} ${String(rows).padStart(6)} issues in ${String(pages).padStart(3)} pages: wall ${wall.toFixed(0).padStart(6)} ms, server floor ${floor.toFixed(0).padStart(6)} ms, ratio ${(wall / floor).toFixed(2)}x, overhead ${((wall - floor) / pages).toFixed(1)} ms/page; bare fetch loop ${bareWall.toFixed(0)} ms`,
    );
  }
  process.stdout.write(
    `tickets paging: ${issues} issues at ${pageSize} per page from the demo server (child process), median of ${rounds} rounds (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version})\n`,
  );
  process.stdout.write(`${results.join("\n")}\n`);
  process.stdout.write(
    "  floor = sum of the server's own handling time per request (JQL filter, sort, JSON); wall includes HTTP, parsing, JSONPath mapping\n",
  );
} finally {
  child.kill("SIGTERM");
}
