// Benchmark: tickets field-mapping throughput on 10,000 Jira issues with changelogs.
// Compares the compiled plain-path walker (what the adapter uses) with jsonpath-plus evaluating
// every path, and measures the whole normalize() (issues → rows; changelog → event rows).
// Run: npx tsx bench/tickets-mapping.ts [--issues N] [--rounds N]
import os from "node:os";
import { compileFields, mapRecord } from "../adapters/tickets/field-mapping.js";
import { generalPath } from "../adapters/tickets/json-path.js";
import type { TicketsRawBody } from "../adapters/tickets/tickets-adapter.js";
import { benchIssues } from "../demo/ticket-server/demo-issues.js";
import { goalFor, ticketsAdapterFor } from "../test/support/tickets/tickets-test-workspace.js";

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const count = flag("issues", 10_000);
const rounds = flag("rounds", 5);

// Jira v2 search records with the changelog embedded, as /rest/api/2/search?expand=changelog sends them.
const records = benchIssues(count).map((issue) => ({
  expand: "operations,changelog",
  id: issue.id,
  key: issue.key,
  fields: issue.fields,
  changelog: {
    startAt: 0,
    maxResults: issue.histories.length,
    total: issue.histories.length,
    histories: issue.histories,
  },
}));
const fields = {
  key: "$.key",
  summary: "$.fields.summary",
  status: "$.fields.status.name",
  category: "$.fields.customfield_10020.value",
  created: { path: "$.fields.created", type: "datetime" as const },
  created_day: { path: "$.fields.created", type: "date" as const },
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(work: () => number): { ms: number; output: number } {
  let output = 0;
  const samples: number[] = [];
  work(); // warm-up: JIT and jsonpath-plus caches
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    output = work();
    samples.push(performance.now() - started);
  }
  return { ms: median(samples), output };
}

const compiled = compileFields(fields);
const general = compileFields(fields, generalPath);
const fast = time(() =>
  records.reduce((sum, record) => sum + Object.keys(mapRecord(record, compiled, record.key)).length, 0),
);
const slow = time(() =>
  records.reduce((sum, record) => sum + Object.keys(mapRecord(record, general, record.key)).length, 0),
);

const adapter = ticketsAdapterFor({
  preset: "jira-v2",
  base_url: "http://127.0.0.1:1",
  project: "BENCH",
  searches: {
    issues: { fields },
    history: { changelog: true, fields: { category: "$.fields.customfield_10020.value" } },
  },
});
const raw = (search: string) => ({
  request: "bench",
  body: {
    search,
    records,
    changelogs: {},
    notes: [],
    clientFilters: [],
    clientPeriod: false,
  } satisfies TicketsRawBody,
});
const issueRows = time(() => adapter.normalize(raw("issues"), goalFor("issues")).rows.length);
const eventRows = time(() => adapter.normalize(raw("history"), goalFor("history")).rows.length);

const perSecond = (items: number, ms: number) => Math.round((items / ms) * 1000).toLocaleString("en-US");
process.stdout.write(
  `tickets mapping: ${count.toLocaleString("en-US")} issues, ${Object.keys(fields).length} fields, median of ${rounds} rounds (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version})\n`,
);
process.stdout.write(
  `  mapRecord, compiled paths          ${fast.ms.toFixed(1).padStart(8)} ms  ${perSecond(count, fast.ms).padStart(10)} records/s\n`,
);
process.stdout.write(
  `  mapRecord, jsonpath-plus for all   ${slow.ms.toFixed(1).padStart(8)} ms  ${perSecond(count, slow.ms).padStart(10)} records/s   (compiled is ${(slow.ms / fast.ms).toFixed(1)}x faster)\n`,
);
process.stdout.write(
  `  normalize(), one row per issue     ${issueRows.ms.toFixed(1).padStart(8)} ms  ${perSecond(count, issueRows.ms).padStart(10)} records/s\n`,
);
process.stdout.write(
  `  normalize(), changelog → events    ${eventRows.ms.toFixed(1).padStart(8)} ms  ${perSecond(count, eventRows.ms).padStart(10)} records/s  (${eventRows.output.toLocaleString("en-US")} event rows, ${perSecond(eventRows.output, eventRows.ms)} events/s)\n`,
);
