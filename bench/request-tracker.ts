// Benchmark: reads of a real Request Tracker 5.0.3 (Debian's, started by .ci/start-request-tracker)
// through the workspace written from RT's REST 2.0 docs (test/workspaces/request-tracker): seconds
// per read and whether the rows and cells equal what the bench seeded, for this checkout's code
// ("after") beside another checkout's ("before", e.g. main before this change), which reads the
// same RT with the nearest YAML its schema accepts (no values:, no revision params or field_names,
// no {{ }}: CF.Parts without braces, the history's fields= appended to the endpoint). Rows are put
// through the executor's canonicalTable on both sides, as a run does.
// Run: bash .ci/start-request-tracker && npx tsx bench/request-tracker.ts [--before DIR] [--rounds 5]
// where DIR holds the code to compare with and resolves the same packages, e.g. the code before
// Request Tracker support: mkdir /tmp/triangulate-before && git archive b3a4d92 | tar -x -C
// /tmp/triangulate-before && ln -s "$PWD/node_modules" /tmp/triangulate-before/node_modules
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TableEvidence } from "../models/evidence.js";
import type { SubGoal } from "../models/plan.js";
import { findRealRequestTracker, type RealRequestTracker } from "../test/support/real-request-tracker.js";
import {
  CATALOG_SITE,
  type SeededTicket,
  seededChanges,
  seedRequestTracker,
} from "../test/support/request-tracker-seed.js";
import { goalFor, stepContext } from "../test/support/tickets/tickets-test-workspace.js";

const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const rounds = Number(option("rounds") ?? 5);
const before = option("before");
const root = path.resolve(import.meta.dirname, "..");
const workspaceYaml = readFileSync(
  path.join(root, "test/workspaces/request-tracker/triangulate.yaml"),
  "utf8",
);

/** The nearest YAML the code before this change accepts: what a user could write there. */
function beforeYaml(yaml: string): string {
  return yaml
    .replace(/ {4}values:\n {6}site: .*\n/, "")
    .replaceAll("'CF.{{Effective date}}'", "'CF.{Effective date}'")
    .replaceAll("'CF.{{Parts}}'", "'CF.Parts'")
    .replaceAll("'CF.{{Site}}'", "'CF.Site'")
    .replace(
      /endpoint: \/ticket\/\{id\}\/history\n(?:.*\n)*? {12}records: \$\.items\n/,
      "endpoint: /ticket/{id}/history?fields=Type,Field,OldValue,NewValue,Created,Creator&per_page=100\n            records: $.items\n",
    )
    .replace(/ {12}# A custom field's transactions(?:.*\n)*? {14}on_record: \$\.CustomFields\n/, "");
}

/** What one checkout's code needs: its workspace loader, its adapter and its canonicalTable. */
interface Code {
  label: string;
  read: (goal: SubGoal) => Promise<TableEvidence>;
}

async function codeAt(
  checkout: string,
  label: string,
  yaml: string,
  environment: Record<string, string>,
): Promise<Code | string> {
  const { loadWorkspace } = await import(path.join(checkout, "config/load-workspace.ts"));
  const { TicketsAdapter } = await import(path.join(checkout, "adapters/tickets/tickets-adapter.ts"));
  const { canonicalTable } = await import(path.join(checkout, "domain/canonical-values.ts"));
  const folder = mkdtempSync(path.join(os.tmpdir(), "triangulate-rt-bench-"));
  try {
    writeFileSync(path.join(folder, "triangulate.yaml"), yaml);
    const workspace = loadWorkspace(folder, { environment });
    const adapter = new TicketsAdapter("rt", workspace.config.sources.rt, workspace);
    return {
      label,
      read: async (goal) => {
        const evidence = adapter.normalize(
          await adapter.fetch(goal, stepContext({ timeoutMs: 60_000 })),
          goal,
        );
        return canonicalTable(evidence, workspace.config.catalog).evidence;
      },
    };
  } catch (error) {
    return `${label}: the workspace does not load: ${(error instanceof Error ? error.message : String(error)).split("\n").slice(0, 3).join(" / ")}`;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** One read the bench makes, and the rows it must give (as text, compared as sets). */
interface Read {
  name: string;
  goal: SubGoal;
  expected: string[];
  shown: (evidence: TableEvidence) => string[];
  /** Cells compared per row. */
  columns: number;
}

function reads(tickets: SeededTicket[]): Read[] {
  const year2024 = { grain: "year" as const, from: "2024-01-01", to: "2024-12-31" };
  const inPeriod = tickets.filter(
    (ticket) => ticket.final.effective >= "2024-01-01" && ticket.final.effective <= "2024-12-31",
  );
  const record = (ticket: SeededTicket) =>
    [
      ticket.id,
      ticket.subject,
      ticket.final.status,
      ticket.final.effective,
      ticket.final.parts.join(", "),
      CATALOG_SITE[ticket.final.site],
    ].join(" | ");
  const recordRow = (evidence: TableEvidence) =>
    evidence.rows.map((row) =>
      [row.id, row.subject, row.status, row.effective_date, row.part, row.site].join(" | "),
    );
  return [
    {
      name: "part_changes 2024",
      goal: goalFor("part_changes", { period: year2024 }, "rt"),
      expected: inPeriod.map(record),
      shown: recordRow,
      columns: 6,
    },
    {
      name: "part_changes part=Steering knuckle",
      goal: goalFor("part_changes", { period: year2024, filters: { part: "Steering knuckle" } }, "rt"),
      expected: inPeriod.filter((ticket) => ticket.final.parts.includes("Steering knuckle")).map(record),
      shown: recordRow,
      columns: 6,
    },
    {
      name: "part_changes site=KHH",
      goal: goalFor("part_changes", { period: year2024, filters: { site: "KHH" } }, "rt"),
      expected: inPeriod.filter((ticket) => ticket.final.site === "高雄").map(record),
      shown: recordRow,
      columns: 6,
    },
    {
      name: "history (every change)",
      goal: goalFor("history", {}, "rt"),
      expected: seededChanges(tickets),
      shown: (evidence) => evidence.rows.map((row) => `${row.key} ${row.field}: ${row.from} → ${row.to}`),
      columns: 4,
    },
  ];
}

/** Reads `rounds` times: the median seconds, the rows of the last read and whether they equal the seed. */
async function measure(code: Code, read: Read): Promise<string[]> {
  const seconds: number[] = [];
  let evidence: TableEvidence | undefined;
  try {
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      evidence = await code.read(read.goal);
      seconds.push((performance.now() - started) / 1000);
    }
  } catch (error) {
    const kind = (error as { kind?: string }).kind ?? "error";
    failures.push(
      `${code.label}, ${read.name}: ${kind}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return [`fails (${kind})`, "", ""];
  }
  const median = seconds.sort((a, b) => a - b)[Math.floor(seconds.length / 2)];
  const got = read.shown(evidence!).sort();
  const exact = JSON.stringify(got) === JSON.stringify([...read.expected].sort());
  if (!exact) {
    const expected = new Set(read.expected);
    const extra = got.filter((row) => !expected.has(row));
    const missed = read.expected.filter((row) => !got.includes(row));
    failures.push(
      `${code.label}, ${read.name}: ${extra.length} rows not seeded (e.g. ${extra.slice(0, 4).join("; ")}), ${missed.length} seeded rows missing (e.g. ${missed.slice(0, 2).join("; ")})`,
    );
  }
  return [
    `${got.length} (${read.expected.length} seeded)`,
    exact ? `exact (${got.length * read.columns} cells)` : "NOT exact",
    median.toFixed(3),
  ];
}

const found = await findRealRequestTracker();
if ("reason" in found) {
  console.error(found.reason);
  process.exit(2);
}
const tracker = found as RealRequestTracker;
const { queue, tickets } = await seedRequestTracker(tracker);
const environment = {
  RT_URL: tracker.api.replace(/\/REST\/2\.0$/, ""),
  RT_PASSWORD: tracker.password,
  RT_QUEUE: queue,
};
const codes: (Code | string)[] = [];
const failures: string[] = [];
if (before) {
  codes.push(await codeAt(path.resolve(before), "before (docs workspace)", workspaceYaml, environment));
  codes.push(
    await codeAt(
      path.resolve(before),
      "before (nearest YAML it accepts)",
      beforeYaml(workspaceYaml),
      environment,
    ),
  );
}
codes.push(await codeAt(root, "after", workspaceYaml, environment));

console.log(
  `Request Tracker 5.0.3 at ${tracker.api}, queue "${queue}": ${tickets.length} tickets seeded; median of ${rounds} reads; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
);
const table: string[][] = [["code", "read", "rows", "cells", "s/read"]];
for (const code of codes) {
  if (typeof code === "string") {
    table.push([code.split(":")[0], "(every read)", "fails (config_error)", "", ""]);
    failures.push(code);
    continue;
  }
  for (const read of reads(tickets)) table.push([code.label, read.name, ...(await measure(code, read))]);
}
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
for (const row of table)
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd(),
  );
for (const failure of failures) console.log(`- ${failure}`);
