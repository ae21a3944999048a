/**
 * Real Jira REST responses (test/corpora/tickets/jira) mapped with the presets. Every
 * expected value is read independently here, with plain property access on the parsed JSON.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningTicketServer, startTicketServer } from "../../demo/ticket-server/ticket-server.js";
import { corpusPath } from "../../test/support/corpora.js";
import {
  goalFor,
  stepContext,
  ticketsAdapterFor,
} from "../../test/support/tickets/tickets-test-workspace.js";
import { flattenChangelog, statusTimeline } from "./changelog-events.js";
import { PRESETS } from "./presets.js";

const corpus = corpusPath("tickets", "jira");
const read = (file: string) => JSON.parse(readFileSync(path.join(corpus, file), "utf8"));

type Issue = { key: string; fields: Record<string, any> };

describe("jira-v2 preset on recorded search responses", () => {
  const adapter = ticketsAdapterFor({
    preset: "jira-v2",
    base_url: "https://issues.example.org",
    project: "SLING",
    searches: {
      issues: {
        fields: {
          key: "$.key",
          summary: "$.fields.summary",
          status: "$.fields.status.name",
          resolution: { path: "$.fields.resolution.name", optional: true },
        },
      },
      detailed: {
        fields: {
          key: "$.key",
          type: "$.fields.issuetype.name",
          created: { path: "$.fields.created", type: "datetime" },
          created_day: { path: "$.fields.created", type: "date" },
          status: "$.fields.status.name",
          category: "$.fields.status.statusCategory.key",
          resolved: { path: "$.fields.resolutiondate", type: "datetime", optional: true },
          priority: {
            path: "$.fields.priority.name",
            type: "enum",
            map: { Highest: "P1", High: "P2", Medium: "P3", Low: "P4" },
          },
        },
      },
    },
  });

  for (const file of [
    "apache-sling_search_committer-cli-1.0.0.json",
    "apache-sling_search_transitions-1.0.0.json",
  ]) {
    it(`maps ${file}`, () => {
      const body = read(file);
      const result = adapter.normalizeSample(body, "issues");
      const issues = body.issues as Issue[];
      expect(result.evidence.rows).toHaveLength(issues.length);
      issues.forEach((issue, index) => {
        expect(result.evidence.rows[index]).toEqual({
          key: issue.key,
          summary: issue.fields.summary,
          status: issue.fields.status.name,
          resolution: issue.fields.resolution === null ? null : issue.fields.resolution.name,
        });
        expect(result.evidence.provenance[index].issue_key).toBe(issue.key);
      });
      expect(result.unmatched).toEqual([]);
    });
  }

  it("converts date-times with +0100 offsets and maps enums on the Jira Cloud search", () => {
    const body = read("hack-jira-cfd_v3-jql-search-26.json");
    const result = adapter.normalizeSample(body, "detailed");
    const issues = body.issues as Issue[];
    expect(result.evidence.rows).toHaveLength(3);
    issues.forEach((issue, index) => {
      const row = result.evidence.rows[index];
      const created = String(issue.fields.created);
      // Independent reading: shift the written local time by its offset with plain arithmetic.
      const [, day, time, sign, hours, minutes] = /^(\d{4}-\d{2}-\d{2})T([\d:.]+)([+-])(\d{2})(\d{2})$/.exec(
        created,
      )!;
      const local = Date.parse(`${day}T${time}Z`);
      const utc = local - (sign === "+" ? 1 : -1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
      expect(row.created).toBe(new Date(utc).toISOString());
      expect(row.created_day).toBe(day);
      expect(row.status).toBe(issue.fields.status.name);
      expect(row.type).toBe(issue.fields.issuetype.name);
      expect(row.category).toBe(issue.fields.status.statusCategory.key);
      expect(row.priority).toBe(
        { Highest: "P1", High: "P2", Medium: "P3", Low: "P4" }[issue.fields.priority.name as string],
      );
    });
  });

  it("lists every field whose path matched nothing, with the records", () => {
    const lenient = ticketsAdapterFor({
      preset: "jira-v2",
      base_url: "https://example.atlassian.net",
      project: "AR",
      searches: {
        sprint: {
          fields: {
            key: "$.key",
            epic: "$.fields.epic.name",
            sprint: "$.fields.sprint.name",
            type: "$.fields.issuetype.name",
          },
        },
      },
    });
    const body = read("go-jira_issues_in_sprint.json");
    const result = lenient.normalizeSample(body, "sprint");
    const issues = body.issues as Issue[];
    const withoutEpic = issues
      .filter((issue) => issue.fields.epic?.name === undefined)
      .map((issue) => issue.key);
    const epicMiss = result.unmatched.find((miss) => miss.field === "epic");
    if (withoutEpic.length === 0) expect(epicMiss).toBeUndefined();
    else expect(epicMiss?.records).toBe(withoutEpic.length);
    expect(result.evidence.rows.map((row) => row.type)).toEqual(
      issues.map((issue) => issue.fields.issuetype.name),
    );
    expect(result.unmatched.find((miss) => miss.field === "type")).toBeUndefined();
  });

  it("flattens embedded histories into change events", () => {
    const issue = read("apache-sling_changelog_SLING-0006.json");
    const events = flattenChangelog(issue.key, issue.changelog.histories, PRESETS["jira-v2"].changelog!);
    const expected = (
      issue.changelog.histories as {
        created: string;
        items: { field: string; fromString: string | null; toString: string | null }[];
      }[]
    ).flatMap((history) =>
      history.items.map((item) => ({ field: item.field, from: item.fromString, to: item.toString })),
    );
    expect(events.map(({ field, from, to }) => ({ field, from, to }))).toEqual(expected);
    expect(events[0].at).toBe("2019-09-05T09:00:00.000Z");
  });
});

describe("jira-v2 preset against a server replaying the recorded responses", () => {
  let server: Server;
  let url = "";
  const received: string[] = [];
  const search = read("hack-jira-cfd_v3-jql-search-26.json");
  const changelog = read("hack-jira-cfd_v3-issue-changelog-paginated.json");

  beforeAll(async () => {
    server = createServer((request, response) => {
      const requestUrl = new URL(request.url ?? "/", "http://localhost");
      received.push(`${requestUrl.pathname}?${requestUrl.searchParams.toString()}`);
      let body: unknown = { errorMessages: ["not recorded"] };
      let status = 404;
      if (requestUrl.pathname === "/rest/api/2/search") {
        // The recorded page says total 26 but holds 3 issues; later pages hold nothing.
        const startAt = Number(requestUrl.searchParams.get("startAt") ?? 0);
        body = { ...search, startAt, issues: (search.issues as unknown[]).slice(startAt) };
        status = 200;
      } else if (requestUrl.pathname === "/rest/api/2/issue/ISSUE-1/changelog") {
        body = changelog;
        status = 200;
      } else if (/^\/rest\/api\/2\/issue\/ISSUE-\d\/changelog$/.test(requestUrl.pathname)) {
        body = { startAt: 0, maxResults: 100, total: 0, isLast: true, values: [] };
        status = 200;
      }
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("pages until the items run out when total exceeds them, and says so", async () => {
    const adapter = ticketsAdapterFor({
      preset: "jira-v2",
      base_url: url,
      project: "ISSUE",
      searches: { all: { fields: { key: "$.key", status: "$.fields.status.name" } } },
    });
    const goal = goalFor("all", { period: { grain: "year", from: "2023-01-01", to: "2023-12-31" } });
    received.length = 0;
    const raw = await adapter.fetch(goal, stepContext());
    const evidence = adapter.normalize(raw, goal);
    expect(evidence.rows.map((row) => row.key)).toEqual((search.issues as Issue[]).map((issue) => issue.key));
    expect(received).toHaveLength(2);
    expect(evidence.notes.join(" ")).toContain("reported 26 records but returned 3");
  });

  it("builds the status timeline from the changelog endpoint; the last transition is the current status", async () => {
    const adapter = ticketsAdapterFor({
      preset: "jira-v2",
      base_url: url,
      project: "ISSUE",
      searches: {
        history: { changelog: { fields: ["status"] }, fields: { current_status: "$.fields.status.name" } },
      },
    });
    const goal = goalFor("history");
    received.length = 0;
    const raw = await adapter.fetch(goal, stepContext());
    // The recorded search has no embedded changelog, so each issue's changelog is fetched.
    expect(received.filter((line) => line.includes("/changelog"))).toHaveLength(3);
    const evidence = adapter.normalize(raw, goal);
    const events = evidence.rows.map((row) => ({
      key: String(row.key),
      field: String(row.field),
      from: row.from as string | null,
      to: row.to as string | null,
      at: row.at as string | null,
      author: row.author as string | null,
    }));
    const timeline = statusTimeline(events).get("ISSUE-1")!;
    expect(timeline.map((span) => span.status)).toEqual(["To Do", "In Progress", "Done"]);
    const issue = (search.issues as Issue[]).find((candidate) => candidate.key === "ISSUE-1")!;
    expect(timeline.at(-1)!.status).toBe(issue.fields.status.name);
    expect(timeline.at(-1)!.until).toBeNull();
    // The recorded changelog page says total 6 but holds 3 entries: kept as a note.
    expect(evidence.notes).toContain("the changelog of ISSUE-1 reported 6 entries but returned 3");
    // The status transitions in the recorded changelog, read directly.
    const recorded = (
      changelog.values as { created: string; items: { field: string; toString: string }[] }[]
    ).flatMap((value) => value.items.filter((item) => item.field === "status").map((item) => item.toString));
    expect(events.filter((event) => event.key === "ISSUE-1").map((event) => event.to)).toEqual(recorded);
  });
});

describe("jira-v3 preset against the demo server replaying /rest/api/3/search/jql pages", () => {
  // jira-cli's fixtures for Jira Cloud's enhanced search (see test/corpora/README.md): three
  // pages chained by nextPageToken, isLast on the third, no total anywhere.
  const pages = [1, 2, 3].map((page) => read(`jira-cli_v3-search-jql_page${page}.json`));
  let server: RunningTicketServer;
  beforeAll(async () => {
    server = await startTicketServer({ token: "v3-token", recordedSearchJql: pages });
  });
  afterAll(async () => {
    await server.close();
  });

  it("follows nextPageToken until isLast and maps every issue of every page", async () => {
    const adapter = ticketsAdapterFor({
      preset: "jira-v3",
      base_url: server.url,
      project: "TEST",
      auth: { type: "bearer", token: "v3-token" },
      searches: {
        issues: {
          fields: {
            key: "$.key",
            type: "$.fields.issuetype.name",
            status: "$.fields.status.name",
            created: { path: "$.fields.created", type: "datetime" },
            assignee: { path: "$.fields.assignee.displayName", optional: true },
            labels: { path: "$.fields.labels", optional: true },
          },
        },
      },
    });
    const goal = goalFor("issues", { period: { grain: "year", from: "2020-01-01", to: "2020-12-31" } });
    const evidence = adapter.normalize(await adapter.fetch(goal, stepContext()), goal);
    const issues = pages.flatMap((page) => page.issues as Issue[]);
    expect(evidence.rows.map((row) => row.key)).toEqual(["TEST-1", "TEST-2", "TEST-3", "TEST-4"]);
    issues.forEach((issue, index) => {
      expect(evidence.rows[index]).toMatchObject({
        key: issue.key,
        type: issue.fields.issuetype.name,
        status: issue.fields.status.name,
        assignee: issue.fields.assignee === null ? null : issue.fields.assignee.displayName,
      });
    });
    // 2020-12-03T14:05:20.974+0100 is 13:05:20.974 UTC.
    expect(evidence.rows[0].created).toBe("2020-12-03T13:05:20.974Z");
    const sent = server.requests.filter((request) => request.path === "/rest/api/3/search/jql");
    expect(sent.map((request) => request.query.nextPageToken)).toEqual([
      undefined,
      pages[0].nextPageToken,
      pages[1].nextPageToken,
    ]);
    expect(sent.every((request) => request.query.startAt === undefined)).toBe(true);
    expect(sent[0].jql).toContain('project = "TEST" AND created >= "2020-01-01"');
    expect(sent[0].query.fields).toBe("*all");
  });
});
