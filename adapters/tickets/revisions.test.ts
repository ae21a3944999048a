/**
 * Revision history on a generic REST source (no Jira or Redmine preset): a loopback server serves
 * an incidents API with a per-record revisions endpoint (/incidents/{id}/revisions) and a
 * JSON:API variant with revisions in included[]; `config check` refuses `changelog: true` without
 * a revisions mapping, at its line.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../config/config-error.js";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { StepError } from "../../models/step-error.js";
import {
  goalFor,
  stepContext,
  ticketsAdapterFor,
} from "../../test/support/tickets/tickets-test-workspace.js";

const INCIDENTS = [
  { id: "INC-7", title: "Depot East switched carrier", effective_date: "2024-01-17" },
  { id: "INC-8", title: "North price change", effective_date: "2024-02-01" },
  { id: "INC-9", title: "No revision yet", effective_date: "2024-03-05" },
];
const REVISIONS: Record<string, unknown[]> = {
  "INC-7": [
    {
      revised_at: "2024-01-10T08:00:00Z",
      by: { name: "Li Wei" },
      changes: [{ attribute: "status", old: "draft", new: "approved" }],
    },
    {
      revised_at: "2024-01-20T09:30:00+08:00",
      by: { name: "Zhang Min" },
      changes: [{ attribute: "effective_date", old: "2024-01-15", new: "2024-01-17" }],
    },
  ],
  "INC-8": [
    {
      revised_at: "2024-02-02T10:00:00Z",
      by: { name: "Ann" },
      changes: [
        { attribute: "status", old: "draft", new: "approved" },
        { attribute: "owner", old: null, new: "Bo" },
      ],
    },
  ],
  "INC-9": [],
};

let server: Server;
let url = "";
let dropRevisions = false;
beforeAll(async () => {
  server = createServer((request, response) => {
    const target = new URL(request.url ?? "/", "http://localhost");
    const json = (body: unknown) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (target.pathname === "/incidents") return json({ data: INCIDENTS });
    const revisions = /^\/incidents\/([^/]+)\/revisions$/.exec(target.pathname);
    if (revisions) {
      const list = REVISIONS[decodeURIComponent(revisions[1])];
      if (!list) return void response.writeHead(404).end();
      return json(dropRevisions ? { message: "revisions moved" } : { revisions: list });
    }
    if (target.pathname === "/jsonapi/incidents") {
      // JSON:API: the revisions of every incident on the page, beside them in included[].
      return json({
        data: INCIDENTS.map((incident) => ({ type: "incident", id: incident.id, attributes: incident })),
        included: Object.entries(REVISIONS).flatMap(([id, list]) =>
          list.map((revision, index) => ({
            type: "revision",
            id: `${id}-r${index}`,
            attributes: revision,
            relationships: { incident: { data: { type: "incident", id } } },
          })),
        ),
      });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const EXPECTED = [
  "INC-7 status: draft → approved at 2024-01-10T08:00:00.000Z by Li Wei",
  "INC-7 effective_date: 2024-01-15 → 2024-01-17 at 2024-01-20T01:30:00.000Z by Zhang Min",
  "INC-8 status: draft → approved at 2024-02-02T10:00:00.000Z by Ann",
  "INC-8 owner: null → Bo at 2024-02-02T10:00:00.000Z by Ann",
];

describe("revisions of a generic REST source", () => {
  const perRecord = {
    base_url: "",
    searches: {
      incident_history: {
        endpoint: "/incidents",
        records: "$.data",
        changelog: {
          revisions: {
            endpoint: "/incidents/{id}/revisions",
            records: "$.revisions",
            items: "$.changes",
            field: "$.attribute",
            from: "$.old",
            to: "$.new",
            at: "$.revised_at",
            author: "$.by.name",
          },
        },
        fields: { title: "$.title" },
      },
    },
  };

  it("turns a per-record revisions endpoint into dated field-change events and reports a corrected date with both dates", async () => {
    const adapter = ticketsAdapterFor({ ...perRecord, base_url: url });
    const goal = goalFor("incident_history");
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
    expect(
      evidence.rows.map(
        (row) => `${row.key} ${row.field}: ${row.from} → ${row.to} at ${row.at} by ${row.author}`,
      ),
    ).toEqual(EXPECTED);
    expect(evidence.notes).toContain(
      "INC-7: effective_date corrected from 2024-01-15 to 2024-01-17 (change of 2024-01-20T01:30:00.000Z, search incident_history)",
    );
  });

  it("reads revisions listed beside the records (JSON:API included[]) the same way", async () => {
    const adapter = ticketsAdapterFor({
      base_url: url,
      searches: {
        incident_history: {
          endpoint: "/jsonapi/incidents",
          records: "$.data",
          changelog: {
            revisions: {
              included: '$.included[?(@.type=="revision")]',
              record_id: "$.relationships.incident.data.id",
              items: "$.attributes.changes",
              field: "$.attribute",
              from: "$.old",
              to: "$.new",
              at: "$.attributes.revised_at",
              author: "$.attributes.by.name",
            },
          },
          fields: { title: "$.attributes.title" },
        },
      },
    });
    const goal = goalFor("incident_history");
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
    expect(
      evidence.rows.map(
        (row) => `${row.key} ${row.field}: ${row.from} → ${row.to} at ${row.at} by ${row.author}`,
      ),
    ).toEqual(EXPECTED);
    expect(
      evidence.notes.some((note) =>
        note.startsWith("INC-7: effective_date corrected from 2024-01-15 to 2024-01-17"),
      ),
    ).toBe(true);
  });

  it("fails loudly when the revisions endpoint answers without the list", async () => {
    dropRevisions = true;
    try {
      const adapter = ticketsAdapterFor({ ...perRecord, base_url: url });
      const error = (await adapter
        .fetch(goalFor("incident_history"), stepContext())
        .catch((caught) => caught)) as StepError;
      expect(error.kind).toBe("format_error");
      expect(error.message).toContain("3 of 3 records came without one");
    } finally {
      dropRevisions = false;
    }
  });

  it("is a config check error, at its line, to ask a generic source for a changelog without a revisions mapping", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "triangulate-revisions-"));
    try {
      writeFileSync(
        path.join(folder, "triangulate.yaml"),
        [
          "sources:",
          "  incidents:",
          "    kind: tickets",
          "    base_url: http://127.0.0.1:9",
          "    searches:",
          "      history:",
          "        endpoint: /incidents",
          "        records: $.data",
          "        changelog: true",
          "        fields: { title: $.title }",
          "",
        ].join("\n"),
      );
      let caught: unknown;
      try {
        loadWorkspace(folder, { environment: {} });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).message).toMatch(
        /triangulate\.yaml:9:\d+ sources\.incidents\.searches\.history\.changelog: .*revisions mapping/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
