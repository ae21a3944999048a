/**
 * The tickets adapter against the demo ticket server (a real HTTP server in Jira's wire format):
 * the demo facts end to end through loadWorkspace, every fault switch, and injection attempts.
 */
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import { complaintRows } from "../../demo/data/service-complaints.js";
import { COMPLAINTS_2023 } from "../../demo/ticket-server/demo-issues.js";
import type { JqlNode } from "../../demo/ticket-server/jql.js";
import { type RunningTicketServer, startTicketServer } from "../../demo/ticket-server/ticket-server.js";
import { StepError } from "../../models/step-error.js";
import {
  goalFor,
  stepContext,
  ticketsAdapterFor,
} from "../../test/support/tickets/tickets-test-workspace.js";
import { createAdapter } from "../registry.js";
import type { TicketsAdapter } from "./tickets-adapter.js";

const demoWorkspace = path.resolve(__dirname, "../../demo/workspace");
const TOKEN = "s3cret-demo-token-value";

let server: RunningTicketServer;
beforeAll(async () => {
  server = await startTicketServer({ token: TOKEN });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.setFaults({});
});

async function failure(promise: Promise<unknown>): Promise<StepError> {
  try {
    await promise;
  } catch (error) {
    if (StepError.isStepError(error)) return error;
    throw error;
  }
  throw new Error("expected a StepError");
}

function clauses(node: JqlNode | undefined): { field: string; operator: string; value: unknown }[] {
  if (!node) return [];
  if (node.type === "clause") return [{ field: node.field, operator: node.operator, value: node.value }];
  if (node.type === "not") return clauses(node.node);
  return [...clauses(node.left), ...clauses(node.right)];
}

describe("demo workspace end to end", () => {
  let adapter: TicketsAdapter;
  beforeAll(async () => {
    const workspace = loadWorkspace(demoWorkspace, {
      environment: { ...process.env, TRIANGULATE_TICKETS_URL: server.url, JIRA_TOKEN: TOKEN },
    });
    adapter = (await createAdapter("tickets", workspace.config.sources.tickets, workspace)) as TicketsAdapter;
  });

  it("finds East China's provider change in January 2024 and none for North China", async () => {
    const period = { grain: "month" as const, from: "2024-01-01", to: "2024-01-31" };
    const east = goalFor("provider_changes", { filters: { region: "East" }, period });
    const evidence = adapter.normalize(await adapter.fetch(east, stepContext()), east);
    expect(evidence.rows).toEqual([
      {
        key: "LOG-101",
        region: "East",
        from_provider: "SwiftShip",
        to_provider: "EastExpress",
        change_date: "2024-01-15",
        status: "Done",
        event: "logistics_provider_change",
      },
    ]);
    expect(evidence.provenance[0]).toMatchObject({
      source: "tickets",
      issue_key: "LOG-101",
      url: `${server.url}/browse/LOG-101`,
    });
    const north = goalFor("provider_changes", {
      filters: { region: "North" },
      period: { grain: "year", from: "2023-07-01", to: "2024-06-30" },
    });
    const error = await failure(adapter.fetch(north, stepContext()));
    expect(error.kind).toBe("no_results");
  });

  it("counts complaints per category per quarter exactly as FACTS.md", async () => {
    const quarters = [
      ["2023-01-01", "2023-03-31"],
      ["2023-04-01", "2023-06-30"],
      ["2023-07-01", "2023-09-30"],
      ["2023-10-01", "2023-12-31"],
    ];
    const goal = goalFor("complaints", { period: { grain: "year", from: "2023-01-01", to: "2023-12-31" } });
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
    for (const [category, counts] of Object.entries(COMPLAINTS_2023)) {
      quarters.forEach(([from, to], quarter) => {
        const count = evidence.rows.filter(
          (row) => row.category === category && String(row.created) >= from && String(row.created) <= to,
        ).length;
        expect(count, `${category} Q${quarter + 1}`).toBe(counts[quarter]);
      });
    }
    // Every ticket carries the sub-type of the BI grid's split: per category and quarter the counts agree.
    const grid = new Map<string, number>();
    for (const row of complaintRows) {
      const id = `${row.category}|${row.sub_type}|${Number(row.quarter[1]) - 1}`;
      grid.set(id, (grid.get(id) ?? 0) + row.complaints);
    }
    for (const [id, inGrid] of grid) {
      const [category, subType, quarter] = id.split("|");
      const [from, to] = quarters[Number(quarter)];
      const inTickets = evidence.rows.filter(
        (ticket) =>
          ticket.category === category &&
          ticket.sub_type === subType &&
          String(ticket.created) >= from &&
          String(ticket.created) <= to,
      ).length;
      expect(inTickets, id).toBe(inGrid);
    }
    const q4 = goalFor("complaints", {
      filters: { category: "Service" },
      period: { grain: "quarter", from: "2023-10-01", to: "2023-12-31" },
    });
    expect(adapter.normalize(await adapter.fetch(q4, stepContext()), q4).rows).toHaveLength(61);
  });

  it("lists the CRM releases with their modules", async () => {
    const goal = goalFor("crm_releases", { period: { grain: "year", from: "2023-01-01", to: "2023-12-31" } });
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
    expect(evidence.rows.map((row) => [row.version, row.release_date, row.modules])).toEqual([
      ["3.1.0", "2023-04-12", "Orders, Reporting"],
      ["3.2.0", "2023-07-20", "Ticketing, Loyalty"],
      ["3.3.0", "2023-09-05", "Service Desk"],
      ["3.4.0", "2023-10-18", "Service Desk, Notifications"],
      ["3.5.0", "2023-12-01", "Loyalty"],
    ]);
  });

  it("turns the provider-change changelog into events", async () => {
    const goal = goalFor("provider_change_history", { filters: { region: "East" } });
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
    const provider = evidence.rows.find((row) => row.field === "Logistics provider");
    expect(provider).toMatchObject({ key: "LOG-101", from: "SwiftShip", to: "EastExpress", region: "East" });
    expect(String(provider!.at).slice(0, 10)).toBe("2024-01-15");
  });

  it("never puts the token in requests it reports or in errors", async () => {
    const goal = goalFor("crm_releases");
    const raw = await adapter.fetch(goal, stepContext());
    expect(JSON.stringify(raw)).not.toContain(TOKEN);
    server.setFaults({ serverError: {} });
    const error = await failure(adapter.fetch(goal, stepContext()));
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(TOKEN);
  });
});

describe("jira-v3 preset: cursor pages and paged changelogs", () => {
  it("reads the same events through nextPageToken pages and the changelog endpoint", async () => {
    const small = await startTicketServer({ token: TOKEN, changelogInlineLimit: 1 });
    try {
      const make = (preset: string) =>
        ticketsAdapterFor({
          preset,
          base_url: small.url,
          project: "SVC",
          auth: { type: "bearer", token: TOKEN },
          searches: {
            history: {
              pagination:
                preset === "jira-v3" ? { type: "cursor", page_size: 7 } : { type: "offset", page_size: 7 },
              changelog: { fields: ["status"] },
              fields: { category: "$.fields.customfield_10020.value" },
            },
          },
        });
      const goal = goalFor("history", { period: { grain: "month", from: "2023-03-01", to: "2023-03-31" } });
      const v3 = await make("jira-v3").fetch(goal, stepContext());
      const requests = small.requests.map((request) => request.path);
      expect(requests.filter((request) => request === "/rest/api/3/search/jql").length).toBeGreaterThan(2);
      expect(
        requests.filter((request) => /\/rest\/api\/3\/issue\/SVC-\d+\/changelog/.test(request)).length,
      ).toBeGreaterThan(10);
      expect(small.requests.filter((request) => request.query.nextPageToken).length).toBeGreaterThan(1);
      const v3Rows = make("jira-v3").normalize(v3, goal).rows;
      const v2Rows = make("jira-v2").normalize(await make("jira-v2").fetch(goal, stepContext()), goal).rows;
      expect(v3Rows.length).toBeGreaterThan(20);
      expect(v3Rows).toEqual(v2Rows);
      expect(v3Rows.every((row) => row.field === "status")).toBe(true);
    } finally {
      await small.close();
    }
  });

  it("pages Jira Cloud's /search/jql by nextPageToken alone: no startAt sent, no total read, fields asked for", async () => {
    const adapter = ticketsAdapterFor({
      preset: "jira-v3",
      base_url: server.url,
      project: "SVC",
      auth: { type: "bearer", token: TOKEN },
      searches: {
        complaints: {
          pagination: { type: "cursor", page_size: 50 },
          fields: { key: "$.key", category: "$.fields.customfield_10020.value" },
        },
      },
    });
    const before = server.requests.length;
    const goal = goalFor("complaints", {
      period: { grain: "quarter", from: "2023-01-01", to: "2023-03-31" },
    });
    const rows = adapter.normalize(await adapter.fetch(goal, stepContext()), goal).rows;
    const sent = server.requests.slice(before).filter((request) => request.path === "/rest/api/3/search/jql");
    expect(sent.length).toBeGreaterThan(1);
    expect(
      sent.every((request) => request.query.startAt === undefined && request.query.fields === "*all"),
    ).toBe(true);
    const expected = Object.values(COMPLAINTS_2023)
      .map((quarters) => quarters[0])
      .reduce((sum, count) => sum + count, 0);
    expect(rows).toHaveLength(expected);
  });

  it("says what Jira Cloud says when a workspace still points jira-v3 at the removed /rest/api/3/search", async () => {
    const adapter = ticketsAdapterFor({
      preset: "jira-v3",
      base_url: server.url,
      project: "SVC",
      auth: { type: "bearer", token: TOKEN },
      searches: { old: { endpoint: "/rest/api/3/search", fields: { key: "$.key" } } },
    });
    const error = (await adapter.fetch(goalFor("old"), stepContext()).catch((caught) => caught)) as StepError;
    expect(error.kind).toBe("format_error");
    expect(error.message).toContain("migrate to the /rest/api/3/search/jql API");
  });

  it("maps nothing but ids when fields are not asked for (fields: null), and says which path missed", async () => {
    const adapter = ticketsAdapterFor({
      preset: "jira-v3",
      base_url: server.url,
      project: "SVC",
      auth: { type: "bearer", token: TOKEN },
      searches: {
        bare: { params: { fields: null }, fields: { category: "$.fields.customfield_10020.value" } },
      },
    });
    const goal = goalFor("bare", { period: { grain: "month", from: "2023-01-01", to: "2023-01-31" } });
    const raw = await adapter.fetch(goal, stepContext());
    expect(() => adapter.normalize(raw, goal)).toThrow(/customfield_10020/);
  });

  it("sends Jira's POST /search body when the search says method: POST", async () => {
    const adapter = ticketsAdapterFor({
      preset: "jira-v2",
      base_url: server.url,
      project: "CRM",
      auth: { type: "bearer", token: TOKEN },
      searches: { releases: { method: "POST", changelog: true, fields: { key: "$.key" } } },
    });
    const before = server.requests.length;
    const goal = goalFor("releases", { period: { grain: "year", from: "2023-01-01", to: "2023-12-31" } });
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
    const received = server.requests.slice(before)[0];
    expect(received.method).toBe("POST");
    expect(received.body).toMatchObject({
      jql: expect.stringContaining('project = "CRM"'),
      startAt: 0,
      maxResults: 100,
      expand: ["changelog"],
    });
    expect(new Set(evidence.rows.map((row) => row.key)).size).toBe(5);
  });
});

describe("HTTP failures become the failure kinds of DESIGN §3", () => {
  const source = (extra: Record<string, unknown> = {}) =>
    ticketsAdapterFor(
      {
        preset: "jira-v2",
        base_url: server.url,
        project: "LOG",
        auth: { type: "bearer", token: TOKEN },
        timeout_seconds: 1,
        searches: { all: { fields: { key: "$.key" } } },
        ...extra,
      },
      { secrets: [TOKEN] },
    );
  const goal = goalFor("all");

  it("429 with Retry-After in seconds → rate_limited with retryAfterSeconds", async () => {
    server.setFaults({ rateLimit: { retryAfter: "7" } });
    const error = await failure(source().fetch(goal, stepContext()));
    expect([error.kind, error.details.retryAfterSeconds, error.retryable, error.details.status]).toEqual([
      "rate_limited",
      7,
      true,
      429,
    ]);
  });

  it("429 with Retry-After as an HTTP date → seconds until then", async () => {
    server.setFaults({ rateLimit: { retryAfter: new Date(Date.now() + 30_000).toUTCString() } });
    const error = await failure(source().fetch(goal, stepContext()));
    expect(error.kind).toBe("rate_limited");
    expect(error.details.retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(31);
  });

  it("500 → server_error, retryable", async () => {
    server.setFaults({ serverError: { status: 503 } });
    const error = await failure(source().fetch(goal, stepContext()));
    expect([error.kind, error.retryable, error.details.status]).toEqual(["server_error", true, 503]);
  });

  it("500 with a fallback_base_url → the fallback answers, once, traced", async () => {
    const fallback = await startTicketServer({ token: TOKEN });
    try {
      server.setFaults({ serverError: {} });
      const context = stepContext();
      const adapter = source({ fallback_base_url: fallback.url });
      const evidence = adapter.normalize(await adapter.fetch(goal, context), goal);
      expect(evidence.rows.length).toBe(5);
      expect(context.lines.some((line) => line.startsWith("tickets:fallback"))).toBe(true);
      expect(fallback.requests.length).toBe(1);
      // With the reflector's hint the fallback is used from the start.
      const hinted = stepContext({ hints: { useFallback: true } });
      const before = server.requests.length;
      await adapter.fetch(goal, hinted);
      expect(server.requests.length).toBe(before);
      expect(fallback.requests.length).toBe(2);
      // When the fallback fails too, the error is a server_error.
      fallback.setFaults({ serverError: {} });
      expect((await failure(adapter.fetch(goal, stepContext()))).kind).toBe("server_error");
    } finally {
      await fallback.close();
    }
  });

  it("a hanging server → timeout within the per-request timeout, no hang", async () => {
    server.setFaults({ hang: {} });
    const started = Date.now();
    const error = await failure(source().fetch(goal, stepContext({ timeoutMs: 400 })));
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("the step's signal ends a hanging request at once", async () => {
    server.setFaults({ hang: {} });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const error = await failure(
      source({ timeout_seconds: 60 }).fetch(
        goal,
        stepContext({ signal: controller.signal, timeoutMs: 60_000 }),
      ),
    );
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("cancelled by the step deadline");
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("slow pages → timeout when slower than the per-request timeout, fine otherwise", async () => {
    server.setFaults({ slowMs: 600 });
    expect((await failure(source().fetch(goal, stepContext({ timeoutMs: 300 })))).kind).toBe("timeout");
    const evidence = source().normalize(await source().fetch(goal, stepContext({ timeoutMs: 2000 })), goal);
    expect(evidence.rows.length).toBe(5);
  });

  it("malformed JSON → format_error with a short redacted snippet", async () => {
    server.setFaults({ malformedJson: {} });
    const error = await failure(source().fetch(goal, stepContext()));
    expect(error.kind).toBe("format_error");
    expect(error.details.snippet).toContain('"issues":[{"key":"LOG-101"');
    expect(String(error.details.snippet).length).toBeLessThanOrEqual(200);
  });

  it("a response over max_response_bytes → format_error, not buffered", async () => {
    server.setFaults({ padBytes: 200_000 });
    const error = await failure(source({ max_response_bytes: 50_000 }).fetch(goal, stepContext()));
    expect(error.kind).toBe("format_error");
    expect(error.message).toContain("max_response_bytes");
  });

  it("a cursor that repeats → format_error; more pages than max_pages → format_error", async () => {
    server.setFaults({ repeatCursor: true });
    const v3 = ticketsAdapterFor({
      preset: "jira-v3",
      base_url: server.url,
      project: "SVC",
      auth: { type: "bearer", token: TOKEN },
      searches: { all: { fields: { key: "$.key" } } },
    });
    const repeated = await failure(v3.fetch(goal, stepContext()));
    expect([repeated.kind, repeated.message.includes("twice")]).toEqual(["format_error", true]);
    server.setFaults({});
    const capped = ticketsAdapterFor({
      preset: "jira-v2",
      base_url: server.url,
      project: "SVC",
      max_pages: 3,
      auth: { type: "bearer", token: TOKEN },
      searches: { all: { pagination: { type: "offset", page_size: 10 }, fields: { key: "$.key" } } },
    });
    const tooMany = await failure(capped.fetch(goal, stepContext()));
    expect([tooMany.kind, tooMany.message.includes("max_pages")]).toEqual(["format_error", true]);
  });

  it("401 → auth_error naming the source and the environment variable, not retried", async () => {
    const workspace = loadWorkspace(demoWorkspace, {
      environment: { ...process.env, TRIANGULATE_TICKETS_URL: server.url, JIRA_TOKEN: "wrong-token-123" },
    });
    const adapter = (await createAdapter(
      "tickets",
      workspace.config.sources.tickets,
      workspace,
    )) as TicketsAdapter;
    const error = await failure(adapter.fetch(goalFor("crm_releases"), stepContext()));
    expect([error.kind, error.retryable, error.details.status]).toEqual(["auth_error", false, 401]);
    expect(error.message).toContain("source tickets");
    expect(error.message).toContain("JIRA_TOKEN");
    expect(error.message).not.toContain("wrong-token-123");
  });

  it("404 → not_found; a JQL the server rejects → format_error with its message", async () => {
    const missing = source({
      searches: { all: { endpoint: "/rest/api/2/nowhere", fields: { key: "$.key" } } },
    });
    expect((await failure(missing.fetch(goal, stepContext()))).kind).toBe("not_found");
    const bad = source({
      searches: { all: { jql: "project = LOG AND colour = red", fields: { key: "$.key" } } },
    });
    const error = await failure(bad.fetch(goal, stepContext()));
    expect(error.kind).toBe("format_error");
    expect(error.message).toContain("Field 'colour' does not exist");
  });

  it("a records path or field path that matches nothing → format_error naming it", async () => {
    const wrongRecords = source({ searches: { all: { records: "$.items", fields: { key: "$.key" } } } });
    const recordsError = await failure(wrongRecords.fetch(goal, stepContext()));
    expect([recordsError.kind, recordsError.details.locator]).toEqual(["format_error", "$.items"]);
    const wrongField = source({
      searches: { all: { fields: { key: "$.key", provider: "$.fields.provider_name" } } },
    });
    const raw = await wrongField.fetch(goal, stepContext());
    try {
      wrongField.normalize(raw, goal);
      expect.unreachable();
    } catch (error) {
      expect((error as StepError).kind).toBe("format_error");
      expect((error as StepError).message).toMatch(
        /\$\.fields\.provider_name matched nothing on record LOG-\d+/,
      );
    }
  });

  it("a connection refused → server_error", async () => {
    const closed = ticketsAdapterFor({
      preset: "jira-v2",
      base_url: "http://127.0.0.1:9",
      project: "LOG",
      searches: { all: { fields: { key: "$.key" } } },
    });
    expect((await failure(closed.fetch(goal, stepContext()))).kind).toBe("server_error");
  });
});

describe("plan values cannot change a query's shape", () => {
  const adapter = () =>
    ticketsAdapterFor({
      preset: "jira-v2",
      base_url: server.url,
      project: "LOG",
      auth: { type: "bearer", token: TOKEN },
      searches: {
        changes: {
          jql: 'project = {project} AND issuetype = "Provider Change" AND cf[10012] = {region}',
          fields: { key: "$.key", region: "$.fields.customfield_10012.value" },
        },
        by_param: { params: { labels: "{label}" }, fields: { key: "$.key" } },
        one: {
          endpoint: "/rest/api/2/issue/{issue}",
          records: "$",
          pagination: { type: "none" },
          fields: { key: "$.key" },
        },
      },
    });

  it("a JQL injection through a region stays one quoted value", async () => {
    const hostile = 'East" OR project = HR OR "x';
    const before = server.requests.length;
    const error = await failure(
      adapter().fetch(goalFor("changes", { filters: { region: hostile } }), stepContext()),
    );
    expect(error.kind).toBe("no_results");
    const received = server.requests.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0].jql).toBe(
      'project = "LOG" AND issuetype = "Provider Change" AND cf[10012] = "East\\" OR project = HR OR \\"x"',
    );
    expect(clauses(received[0].parsed!.where)).toEqual([
      { field: "project", operator: "=", value: "LOG" },
      { field: "issuetype", operator: "=", value: "Provider Change" },
      { field: "cf[10012]", operator: "=", value: hostile },
    ]);
  });

  it("a parameter value with & and = stays one parameter", async () => {
    const before = server.requests.length;
    await adapter()
      .fetch(goalFor("by_param", { filters: { label: "a&jql=project = HR" } }), stepContext())
      .catch(() => {});
    const received = server.requests.slice(before)[0];
    expect(received.query.labels).toBe("a&jql=project = HR");
    expect(received.jql).toContain('project = "LOG"');
    expect(received.jql).not.toContain("HR");
  });

  it("a path value cannot walk out of the endpoint", async () => {
    const before = server.requests.length;
    const error = await failure(
      adapter().fetch(goalFor("one", { filters: { issue: "../../admin" } }), stepContext()),
    );
    expect(error.kind).toBe("not_found");
    expect(server.requests.slice(before).map((request) => request.path)).toEqual([
      "/rest/api/2/issue/..%2F..%2Fadmin",
    ]);
    const ok = adapter();
    const evidence = ok.normalize(
      await ok.fetch(goalFor("one", { filters: { issue: "LOG-101" } }), stepContext()),
      goalFor("one"),
    );
    expect(evidence.rows).toEqual([{ key: "LOG-101" }]);
    expect(
      (await failure(adapter().fetch(goalFor("one", { filters: { issue: ".." } }), stepContext()))).kind,
    ).toBe("format_error");
  });

  it("with empty_is_answer, finding nothing is an empty table with a note, not no_results", async () => {
    const local = ticketsAdapterFor({
      preset: "jira-v2",
      base_url: server.url,
      project: "LOG",
      auth: { type: "bearer", token: TOKEN },
      searches: {
        changes: {
          jql: 'project = {project} AND issuetype = "Provider Change" AND cf[10014] >= {from} AND cf[10014] <= {to} AND cf[10012] in ({region})',
          empty_is_answer: true,
          fields: { key: "$.key" },
        },
      },
    });
    const goal = goalFor("changes", {
      filters: { region: "North" },
      period: { grain: "year", from: "2023-07-01", to: "2024-06-30" },
    });
    const evidence = local.normalize(await local.fetch(goal, stepContext()), goal);
    expect(evidence.rows).toEqual([]);
    expect(evidence.notes.join(" ")).toContain("empty_is_answer");
  });

  it("filters without a placeholder are applied to the mapped records", async () => {
    const local = ticketsAdapterFor({
      preset: "jira-v2",
      base_url: server.url,
      project: "LOG",
      auth: { type: "bearer", token: TOKEN },
      searches: {
        changes: {
          jql: 'project = {project} AND issuetype = "Provider Change"',
          fields: { key: "$.key", region: "$.fields.customfield_10012.value" },
        },
      },
    });
    // "华东" is a catalog synonym of East.
    const goal = goalFor("changes", { filters: { region: "华东" } });
    const evidence = local.normalize(await local.fetch(goal, stepContext()), goal);
    expect(evidence.rows.map((row) => row.key)).toEqual(["LOG-101"]);
    expect(evidence.notes.join(" ")).toContain("filter region applied to the mapped records");
    const unknown = await failure(
      local.fetch(goalFor("changes", { filters: { product: "A" } }), stepContext()),
    );
    expect([unknown.kind, unknown.details.locator]).toEqual(["format_error", "filters.product"]);
  });
});
