/**
 * The tickets adapter against a REAL Request Tracker 5.0.3 (Debian's request-tracker5 with
 * rt5-db-sqlite, its standalone server, started by `.ci/start-request-tracker`), read through the
 * workspace written from RT's REST 2.0 documentation (test/workspaces/request-tracker). Each run
 * seeds, through REST 2.0 itself, a queue of its own and tickets with three custom fields (a date
 * named with a space, a multi-value select with "Steering knuckle", a select storing Chinese
 * display names), then edits them so the history holds real transactions (a multi-value edit is
 * an "added" and a "no longer a value" transaction), and compares every row and cell with the seed.
 * Without an RT the tests are skipped with the reason on its own line;
 * TRIANGULATE_REQUIRE_REQUEST_TRACKER=1 (set by .ci/run) makes a missing RT a failure.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { TicketsSource } from "../../models/sources/tickets-source.js";
import type { StepError } from "../../models/step-error.js";
import {
  findRealRequestTracker,
  type RealRequestTracker,
  requestTrackerRest,
} from "../../test/support/real-request-tracker.js";
import { CATALOG_SITE, seededChanges, seedRequestTracker } from "../../test/support/request-tracker-seed.js";
import { goalFor, stepContext } from "../../test/support/tickets/tickets-test-workspace.js";
import { TicketsAdapter } from "./tickets-adapter.js";

const found = await findRealRequestTracker();
const missing = "reason" in found ? found.reason : undefined;
if (missing) console.warn(`request-tracker-server.test.ts skipped: ${missing}`);

if (missing) {
  describe("a real Request Tracker", () => {
    it.runIf(process.env.TRIANGULATE_REQUIRE_REQUEST_TRACKER === "1")("must run in CI", () => {
      throw new Error(`TRIANGULATE_REQUIRE_REQUEST_TRACKER=1 but ${missing}`);
    });
    it.skip(`is not running here: ${missing}`, () => {});
  });
}

const year2024 = { grain: "year" as const, from: "2024-01-01", to: "2024-12-31" };

if (!missing)
  describe("a real Request Tracker 5.0.3 through REST 2.0", async () => {
    const tracker = found as RealRequestTracker;
    const { queue, tickets } = await seedRequestTracker(tracker);
    const workspace = loadWorkspace(path.join(import.meta.dirname, "../../test/workspaces/request-tracker"), {
      environment: {
        RT_URL: tracker.api.replace(/\/REST\/2\.0$/, ""),
        RT_PASSWORD: tracker.password,
        RT_QUEUE: queue,
      },
    });
    const config = workspace.config.sources.rt as TicketsSource;
    const adapter = new TicketsAdapter("rt", config, workspace);
    const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]));
    const inPeriod = tickets.filter(
      (ticket) => ticket.final.effective >= "2024-01-01" && ticket.final.effective <= "2024-12-31",
    );

    it("reads every ticket of the period by a date custom field named with a space (TicketSQL 'CF.{Effective date}'), cells exact", async () => {
      const goal = goalFor("part_changes", { period: year2024 }, "rt");
      const context = stepContext({ timeoutMs: 30_000 });
      const evidence = adapter.normalize(await adapter.fetch(goal, context), goal);
      const expected = inPeriod.map((ticket) => ({
        id: ticket.id,
        subject: ticket.subject,
        status: ticket.final.status,
        effective_date: ticket.final.effective,
        part: ticket.final.parts.join(", "),
        site: CATALOG_SITE[ticket.final.site],
        event: "part_change",
      }));
      expect(evidence.rows).toEqual(expected);
      // The stored display name is kept for citation where the catalog code replaced it.
      expect(evidence.original_values?.map((original) => original.site)).toEqual(
        inPeriod.map((ticket) => ticket.final.site),
      );
      expect(context.lines.find((line) => line.startsWith("tickets:request:part_changes:200"))).toBeDefined();
      console.log(
        `request tracker records: ${evidence.rows.length} read, ${expected.length} seeded in the period`,
      );
    });

    it("filters on the server by a canonical value with a space (part = Steering knuckle)", async () => {
      const goal = goalFor("part_changes", { period: year2024, filters: { part: "Steering knuckle" } }, "rt");
      const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 30_000 }));
      expect(decodeURIComponent(raw.request.replace(/\+/g, " "))).toContain(
        `'CF.{Parts}' = "Steering knuckle"`,
      );
      const evidence = adapter.normalize(raw, goal);
      expect(evidence.rows.map((row) => row.id)).toEqual(
        inPeriod
          .filter((ticket) => ticket.final.parts.includes("Steering knuckle"))
          .map((ticket) => ticket.id),
      );
    });

    it("keeps a hostile filter value one TicketSQL string: nothing found, no other ticket", async () => {
      for (const part of [`x" OR Queue != "nothing`, `x' OR Queue != 'nothing`, 'x\\" OR id > 0 OR \\"x']) {
        const goal = goalFor("part_changes", { period: year2024, filters: { part } }, "rt");
        const error = (await adapter
          .fetch(goal, stepContext({ timeoutMs: 30_000 }))
          .catch((caught) => caught)) as StepError;
        expect(error.kind).toBe("no_results");
      }
    });

    it("sends a site code as the display name the field stores (values: site: {KHH: 高雄})", async () => {
      const goal = goalFor("part_changes", { period: year2024, filters: { site: "KHH" } }, "rt");
      const raw = await adapter.fetch(goal, stepContext({ timeoutMs: 30_000 }));
      expect(decodeURIComponent(raw.request.replace(/\+/g, " "))).toContain(`'CF.{Site}' = "高雄"`);
      const evidence = adapter.normalize(raw, goal);
      expect(evidence.rows.map((row) => [row.id, row.site])).toEqual(
        inPeriod.filter((ticket) => ticket.final.site === "高雄").map((ticket) => [ticket.id, "KHH"]),
      );
      expect(evidence.notes.some((note) => note.includes("server-side filter"))).toBe(false);
    });

    it("without the values mapping: the code finds nothing on the server, the same read without the filter does, and that is a warning", async () => {
      const unmapped = new TicketsAdapter("rt", { ...config, values: Object.create(null) }, workspace);
      const goal = goalFor("part_changes", { period: year2024, filters: { site: "KHH" } }, "rt");
      const result = await unmapped.testMapping(goal, stepContext({ timeoutMs: 30_000 }));
      const expected = inPeriod.filter((ticket) => ticket.final.site === "高雄");
      expect(result.evidence.rows.map((row) => row.id)).toEqual(expected.map((ticket) => ticket.id));
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings![0]).toContain(
        `site = "KHH" was sent as "KHH", and the ticket system stores "高雄"`,
      );
      expect(result.warnings![0]).toContain(
        `${expected.length} of the ${inPeriod.length} records read without it match`,
      );
      expect(result.warnings![0]).toContain(`sources.rt.values (site: { "KHH": "高雄" })`);
      expect(result.evidence.notes).toContain(result.warnings![0]);
      // sources test without a filter already says it, for every site the period holds.
      const plain = await unmapped.testMapping(
        goalFor("part_changes", { period: year2024 }, "rt"),
        stepContext({ timeoutMs: 30_000 }),
      );
      expect(plain.warnings).toHaveLength(1);
      expect(plain.warnings![0]).toContain(
        'a filter by site would find nothing on the server: "KHH" is sent as "KHH" where',
      );
      expect(plain.warnings![0]).toContain(`"KHH": "高雄"`);
      const mapped = await adapter.testMapping(
        goalFor("part_changes", { period: year2024 }, "rt"),
        stepContext({ timeoutMs: 30_000 }),
      );
      expect(mapped.warnings).toBeUndefined();
    });

    it("reads every change of the history by field name, an edit of a multi-value field as one change, a corrected date noted", async () => {
      const goal = goalFor("history", {}, "rt");
      const context = stepContext({ timeoutMs: 60_000 });
      const evidence = adapter.normalize(await adapter.fetch(goal, context), goal);
      const read = evidence.rows.map((row) => `${row.key} ${row.field}: ${row.from} → ${row.to}`);
      const expected = seededChanges(tickets);
      expect([...read].sort()).toEqual([...expected].sort());
      expect(evidence.rows.every((row) => row.author === "root" && typeof row.at === "string")).toBe(true);
      expect(evidence.rows.map((row) => row.subject)).toEqual(
        evidence.rows.map((row) => byId.get(Number(row.key))!.subject),
      );
      const first = tickets[0];
      expect(
        evidence.notes.some((note) =>
          note.startsWith(`${first.id}: Effective date corrected from 2024-01-15 to 2024-01-17 (change of `),
        ),
      ).toBe(true);
      // The list page, one history page per ticket, the custom-field list.
      expect(context.lines.filter((line) => line.startsWith("tickets:request:history:200"))).toHaveLength(
        1 + tickets.length + 1,
      );
      console.log(`request tracker changes: ${read.length} read, ${expected.length} made by the seed`);
    });

    it("pages a long history (per_page 2) to the same changes, and names fields from the records when the list is refused", async () => {
      const history = config.searches.history;
      const revisions = typeof history.changelog === "object" ? history.changelog.revisions! : undefined;
      const paged = new TicketsAdapter(
        "rt",
        {
          ...config,
          searches: {
            ...config.searches,
            history: {
              ...history,
              changelog: {
                revisions: {
                  ...revisions!,
                  pagination: {
                    type: "page",
                    page_param: "page",
                    size_param: "per_page",
                    page_size: 2,
                    first_page: 1,
                    total_path: "$.total",
                  },
                  // A listing RT refuses (no such endpoint): the names come from the records' own CustomFields.
                  field_names: { ...revisions!.field_names!, endpoint: "/customfields-that-do-not-exist" },
                },
              },
            },
          },
        },
        workspace,
      );
      const goal = goalFor("history", {}, "rt");
      const context = stepContext({ timeoutMs: 60_000 });
      const evidence = paged.normalize(await paged.fetch(goal, context), goal);
      const read = evidence.rows.map((row) => `${row.key} ${row.field}: ${row.from} → ${row.to}`);
      expect([...read].sort()).toEqual([...seededChanges(tickets)].sort());
      const historyRequests = context.lines.filter((line) =>
        line.startsWith("tickets:request:history:200"),
      ).length;
      expect(historyRequests).toBeGreaterThan(1 + tickets.length);
      expect(
        evidence.notes.some((note) =>
          note.startsWith("field names could not be read from /customfields-that-do-not-exist"),
        ),
      ).toBe(true);
    });

    it("RT's history really lists a multi-value edit as two transactions, and only ids without fields=", async () => {
      const id = tickets[0].id;
      const bare = (await requestTrackerRest(tracker, "GET", `/ticket/${id}/history`)) as {
        items: Record<string, unknown>[];
      };
      expect(bare.items.every((item) => !("Field" in item))).toBe(true);
      const full = (await requestTrackerRest(
        tracker,
        "GET",
        `/ticket/${id}/history?fields=Type,Field,OldValue,NewValue`,
      )) as {
        items: { Type: string; Field: string; OldValue: string; NewValue: string }[];
      };
      const parts = full.items.filter(
        (item) =>
          item.Type === "CustomField" &&
          /^\d+$/.test(item.Field) &&
          (item.OldValue === "Brake pad" || item.NewValue === "Steering knuckle"),
      );
      expect(parts.map((item) => [item.OldValue, item.NewValue]).sort()).toEqual([
        ["", "Steering knuckle"],
        ["Brake pad", ""],
      ]);
    });
  });
