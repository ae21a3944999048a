/**
 * The pagination styles and the Redmine preset against a local server speaking each wire format:
 * Redmine's /issues.json (offset/limit/total_count; journals only from /issues/{id}.json, as on a
 * real Redmine 5.0.4, see redmine-server.test.ts), page numbers, and an
 * RFC 8288 Link header (GitHub style).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StepError } from "../../models/step-error.js";
import {
  goalFor,
  stepContext,
  ticketsAdapterFor,
} from "../../test/support/tickets/tickets-test-workspace.js";
import { statusTimeline } from "./changelog-events.js";
import { nextLink } from "./paginate.js";

const ISSUES = Array.from({ length: 23 }, (_, index) => ({
  id: 100 + index,
  project: { id: 1, name: "Shop" },
  tracker: { id: 1, name: index % 2 ? "Bug" : "Feature" },
  status: { id: 5, name: "Closed" },
  subject: `Issue ${index + 1}`,
  created_on: `2024-01-${String(1 + index).padStart(2, "0")}T08:00:00Z`,
  custom_fields: [{ id: 7, name: "Region", value: index % 3 === 0 ? "East" : "North" }],
  journals: [
    {
      id: 1,
      user: { id: 2, name: "Ann" },
      created_on: `2024-01-${String(1 + index).padStart(2, "0")}T09:00:00Z`,
      details: [{ property: "attr", name: "status_id", old_value: "1", new_value: "2" }],
    },
    {
      id: 2,
      user: { id: 3, name: "Bo" },
      created_on: `2024-01-${String(1 + index).padStart(2, "0")}T10:00:00Z`,
      details: [{ property: "attr", name: "status_id", old_value: "2", new_value: "5" }],
    },
  ],
}));

let server: Server;
let url = "";
const received: URL[] = [];
let linkLoop = false;
let statusesMissing = false;
let journalsMissing = false;

beforeAll(async () => {
  server = createServer((request, response) => {
    const target = new URL(request.url ?? "/", "http://localhost");
    received.push(target);
    const json = (body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(200, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    if (target.pathname === "/issues.json") {
      // Redmine 5.0.4: offset/limit, total_count; the list never carries journals, even when asked.
      const offset = Number(target.searchParams.get("offset") ?? 0);
      const limit = Number(target.searchParams.get("limit") ?? 25);
      const page = ISSUES.slice(offset, offset + limit).map(({ journals: _journals, ...issue }) => issue);
      return json({ issues: page, total_count: ISSUES.length, offset, limit });
    }
    const single = /^\/issues\/(\d+)\.json$/.exec(target.pathname);
    if (single) {
      const found = ISSUES.find((issue) => issue.id === Number(single[1]));
      if (!found) return void response.writeHead(404).end();
      const { journals, ...issue } = found;
      return json({
        issue:
          target.searchParams.get("include") === "journals" && !journalsMissing
            ? { ...issue, journals }
            : issue,
      });
    }
    if (target.pathname === "/issue_statuses.json") {
      if (statusesMissing) return void response.writeHead(403).end();
      return json({
        issue_statuses: [
          { id: 1, name: "New", is_closed: false },
          { id: 2, name: "In Progress", is_closed: false },
          { id: 5, name: "Closed", is_closed: true },
        ],
      });
    }
    if (target.pathname === "/paged") {
      const page = Number(target.searchParams.get("page") ?? 1);
      const size = Number(target.searchParams.get("per_page") ?? 10);
      return json({ items: ISSUES.slice((page - 1) * size, page * size), total: ISSUES.length });
    }
    if (target.pathname === "/linked") {
      const page = Number(target.searchParams.get("page") ?? 1);
      const size = Number(target.searchParams.get("per_page") ?? 10);
      const last = Math.ceil(ISSUES.length / size);
      const links = [
        page < last ? `<${url}/linked?page=${linkLoop ? 1 : page + 1}&per_page=${size}>; rel="next"` : "",
        `<${url}/linked?page=${last}&per_page=${size}>; rel="last"`,
      ].filter(Boolean);
      return json(ISSUES.slice((page - 1) * size, page * size), { link: links.join(", ") });
    }
    if (target.pathname === "/elsewhere")
      return json([ISSUES[0]], { link: '<http://example.com/steal?page=2>; rel="next"' });
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const fields = {
  id: { path: "$.id", type: "number" as const },
  subject: "$.subject",
  region: "$.custom_fields[?(@.id==7)].value",
};

describe("Redmine preset", () => {
  it("pages with offset/limit until total_count and maps custom fields by filter path", async () => {
    const adapter = ticketsAdapterFor({
      preset: "redmine",
      base_url: url,
      project: "shop",
      searches: {
        issues: {
          pagination: {
            type: "offset",
            start_param: "offset",
            size_param: "limit",
            total_path: "$.total_count",
            page_size: 10,
          },
          fields,
        },
      },
    });
    received.length = 0;
    const goal = goalFor("issues", { period: { grain: "month", from: "2024-01-01", to: "2024-01-31" } });
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
    expect(evidence.rows).toHaveLength(23);
    expect(evidence.rows[3]).toEqual({ id: 103, subject: "Issue 4", region: "East" });
    expect(received.map((target) => target.searchParams.get("offset"))).toEqual(["0", "10", "20"]);
    expect(received[0].searchParams.get("project_id")).toBe("shop");
    expect(received[0].searchParams.get("created_on")).toBe("><2024-01-01|2024-01-31");
  });

  it("flattens journals into events with status names from /issue_statuses.json", async () => {
    const adapter = ticketsAdapterFor({
      preset: "redmine",
      base_url: url,
      project: "shop",
      searches: { history: { changelog: { fields: ["status_id"] }, fields: { subject: "$.subject" } } },
    });
    received.length = 0;
    const goal = goalFor("history");
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
    // The list is asked without include=journals; each issue's journals come from its own endpoint.
    expect(received[0].searchParams.get("include")).toBeNull();
    const perIssue = received.filter((target) => /^\/issues\/\d+\.json$/.test(target.pathname));
    expect(perIssue).toHaveLength(23);
    expect(perIssue.every((target) => target.searchParams.get("include") === "journals")).toBe(true);
    expect(evidence.provenance?.[0]).toMatchObject({ issue_key: "100", url: `${url}/issues/100` });
    // One look-up for the whole search, none for trackers or priorities (no journal changes them).
    expect(received.filter((target) => target.pathname.endsWith("statuses.json"))).toHaveLength(1);
    expect(received.some((target) => target.pathname === "/trackers.json")).toBe(false);
    expect(evidence.rows).toHaveLength(46);
    expect(evidence.rows[0]).toMatchObject({
      key: "100",
      field: "status",
      from: "New",
      to: "In Progress",
      author: "Ann",
      at: "2024-01-01T09:00:00.000Z",
    });
    const events = evidence.rows.map((row) => ({
      key: String(row.key),
      field: String(row.field),
      from: row.from as string,
      to: row.to as string,
      at: row.at as string,
      author: row.author as string,
    }));
    // The timeline ends in the status the issue shows now.
    expect(
      statusTimeline(events)
        .get("100")!
        .map((span) => span.status),
    ).toEqual(["New", "In Progress", ISSUES[0].status.name]);
  });

  it("keeps ids and says so when the status list cannot be read", async () => {
    statusesMissing = true;
    try {
      const adapter = ticketsAdapterFor({
        preset: "redmine",
        base_url: url,
        project: "shop",
        searches: { history: { changelog: { fields: ["status"] }, fields: { subject: "$.subject" } } },
      });
      const goal = goalFor("history");
      const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
      expect(evidence.rows[0]).toMatchObject({ field: "status", from: "1", to: "2" });
      expect(evidence.notes.join(" ")).toContain("names of status_id unavailable");
    } finally {
      statusesMissing = false;
    }
  });

  it("fails loudly when a changelog was asked for and the server returned none", async () => {
    journalsMissing = true;
    try {
      const adapter = ticketsAdapterFor({
        preset: "redmine",
        base_url: url,
        project: "shop",
        searches: { history: { changelog: true, fields: { subject: "$.subject" } } },
      });
      const error = (await adapter
        .fetch(goalFor("history"), stepContext())
        .catch((caught) => caught)) as StepError;
      expect(error.kind).toBe("format_error");
      expect(error.message).toContain("23 of 23 records came without one");
    } finally {
      journalsMissing = false;
    }
  });

  it("removes a preset parameter set to null and joins list values with |", async () => {
    const adapter = ticketsAdapterFor({
      preset: "redmine",
      base_url: url,
      project: "shop",
      searches: {
        issues: {
          params: { created_on: null, cf_7: "{region}" },
          pagination: {
            type: "offset",
            start_param: "offset",
            size_param: "limit",
            total_path: "$.total_count",
            page_size: 50,
          },
          fields,
        },
      },
    });
    received.length = 0;
    await adapter.fetch(goalFor("issues", { filters: { region: ["East", "North"] } }), stepContext());
    expect(received[0].searchParams.has("created_on")).toBe(false);
    expect(received[0].searchParams.get("cf_7")).toBe("East|North");
  });
});

describe("page numbers and Link headers", () => {
  it("pages by number until a short page", async () => {
    const adapter = ticketsAdapterFor({
      base_url: url,
      searches: {
        paged: {
          endpoint: "/paged",
          records: "$.items",
          pagination: { type: "page", page_size: 10, total_path: "$.total" },
          fields,
        },
      },
    });
    received.length = 0;
    const evidence = adapter.normalize(
      await adapter.fetch(goalFor("paged"), stepContext()),
      goalFor("paged"),
    );
    expect(evidence.rows.map((row) => row.id)).toEqual(ISSUES.map((issue) => issue.id));
    expect(received.map((target) => target.searchParams.get("page"))).toEqual(["1", "2", "3"]);
  });

  it("follows rel=next until there is none", async () => {
    const adapter = ticketsAdapterFor({
      base_url: url,
      searches: {
        linked: {
          endpoint: "/linked",
          records: "$",
          pagination: { type: "link_header", size_param: "per_page", page_size: 10 },
          fields,
        },
      },
    });
    const evidence = adapter.normalize(
      await adapter.fetch(goalFor("linked"), stepContext()),
      goalFor("linked"),
    );
    expect(evidence.rows).toHaveLength(23);
  });

  it("refuses a Link that loops or leaves the configured server", async () => {
    const adapter = ticketsAdapterFor({
      base_url: url,
      searches: {
        linked: {
          endpoint: "/linked",
          records: "$",
          pagination: { type: "link_header", size_param: "per_page", page_size: 10 },
          fields,
        },
        elsewhere: { endpoint: "/elsewhere", records: "$", pagination: { type: "link_header" }, fields },
      },
    });
    linkLoop = true;
    try {
      const error = await adapter
        .fetch(goalFor("linked"), stepContext())
        .catch((caught: StepError) => caught);
      expect((error as StepError).kind).toBe("format_error");
    } finally {
      linkLoop = false;
    }
    received.length = 0;
    const error = await adapter
      .fetch(goalFor("elsewhere"), stepContext())
      .catch((caught: StepError) => caught);
    expect((error as StepError).kind).toBe("format_error");
    expect((error as StepError).message).toContain("outside");
    expect(received).toHaveLength(1);
  });

  it("parses Link headers", () => {
    expect(
      nextLink(
        '<https://api.example.com/x?page=2>; rel="next", <https://api.example.com/x?page=5>; rel="last"',
      ),
    ).toBe("https://api.example.com/x?page=2");
    expect(nextLink('<https://a/x?page=1>; rel="prev first"')).toBeUndefined();
    expect(nextLink(null)).toBeUndefined();
  });
});
