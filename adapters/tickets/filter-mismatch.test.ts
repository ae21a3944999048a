/**
 * The re-read when a server-side filter found nothing, on a loopback JSON API that filters by
 * exact stored text (as ticket systems do): records holding the value → returned with a warning;
 * a true empty result → no_results as before; a re-read longer than its bound → no_results, not a
 * failure.
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

const ITEMS = [
  { id: 1, region: "华东", title: "depot" },
  { id: 2, region: "华北", title: "carrier" },
  { id: 3, region: "华东", title: "price" },
];

let server: Server;
let url = "";
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    const target = new URL(request.url ?? "/", "http://localhost");
    seen.push(target.pathname + target.search);
    const json = (body: unknown) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const region = target.searchParams.get("region");
    if (target.pathname === "/items")
      return json({ items: ITEMS.filter((item) => region === null || item.region === region) });
    if (target.pathname === "/endless") {
      // Full pages for ever without a filter, nothing with one.
      const page = Number(target.searchParams.get("page") ?? 1);
      return json({ items: region ? [] : [0, 1].map((index) => ({ id: page * 2 + index, region: "华南" })) });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const source = () => ({
  base_url: url,
  searches: {
    items: {
      endpoint: "/items",
      params: { region: "[[{region}]]" },
      records: "$.items",
      fields: { id: { path: "$.id", type: "number" }, region: "$.region", title: "$.title" },
    },
    endless: {
      endpoint: "/endless",
      params: { region: "[[{region}]]" },
      records: "$.items",
      pagination: { type: "page", page_param: "page", size_param: "per_page", page_size: 2 },
      fields: { id: { path: "$.id", type: "number" }, region: "$.region" },
    },
  },
});

describe("a server-side filter that found nothing", () => {
  it("is read again without it: the records holding the value come back with a warning naming what to map", async () => {
    const adapter = ticketsAdapterFor(source());
    const goal = goalFor("items", { filters: { region: "East" } });
    const result = await adapter.testMapping(goal, stepContext());
    expect(result.evidence.rows.map((row) => row.id)).toEqual([1, 3]);
    expect(result.warnings).toEqual([
      'the server-side filter found no record, but 2 of the 3 records read without it match: region = "East" was sent as "East", and the ticket system stores "华东". These records were filtered after reading; to filter on the server, say what the ticket system stores in sources.tickets.values (region: { "East": "华东" })',
    ]);
    expect(result.evidence.filter_mismatches).toEqual([
      { source: "tickets", dimension: "region", wanted: ["East"], sent: ["East"], stored: ["华东"] },
    ]);
  });

  it("with values: sent as stored, found on the server, no re-read and no warning", async () => {
    const adapter = ticketsAdapterFor({ ...source(), values: { region: { East: "华东" } } });
    seen.length = 0;
    const result = await adapter.testMapping(
      goalFor("items", { filters: { region: "East" } }),
      stepContext(),
    );
    expect(result.evidence.rows.map((row) => [row.id, row.region])).toEqual([
      [1, "East"],
      [3, "East"],
    ]);
    expect(result.evidence.original_values).toEqual([{ region: "华东" }, { region: "华东" }]);
    expect(result.warnings).toBeUndefined();
    expect(seen).toEqual([`/items?region=${encodeURIComponent("华东")}`]);
  });

  it("stays no_results when no record holds the value, or when the re-read is longer than its bound", async () => {
    const adapter = ticketsAdapterFor(source());
    for (const [search, region] of [
      ["items", "South"],
      ["endless", "East"],
    ]) {
      const context = stepContext();
      const error = (await adapter
        .fetch(goalFor(search, { filters: { region } }), context)
        .catch((caught) => caught)) as StepError;
      expect(error.kind).toBe("no_results");
      if (search === "endless")
        expect(
          context.lines.some((line) =>
            line.startsWith(
              "tickets:filter:endless:re-read without the filters not possible (more than max_pages (10)",
            ),
          ),
        ).toBe(true);
    }
  });

  it("is foreseen by sources test without any filter: stored values a filter for their catalog value would not send", async () => {
    const result = await ticketsAdapterFor(source()).testMapping(goalFor("items"), stepContext());
    expect(result.evidence.rows).toHaveLength(3);
    expect(result.warnings).toEqual([
      'a filter by region would find nothing on the server: "East" is sent as "East" where 2 records hold "华东"; "North" is sent as "North" where 1 record holds "华北". Say what the ticket system stores in sources.tickets.values (region: { "East": "华东", "North": "华北" })',
    ]);
    const mapped = await ticketsAdapterFor({
      ...source(),
      values: { region: { East: "华东", North: "华北" } },
    }).testMapping(goalFor("items"), stepContext());
    expect(mapped.warnings).toBeUndefined();
  });
});
