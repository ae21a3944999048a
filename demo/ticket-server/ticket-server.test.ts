import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPLAINTS_2023, demoIssues } from "./demo-issues.js";
import { JqlError, parseJql } from "./jql.js";
import { type RunningTicketServer, startTicketServer } from "./ticket-server.js";

const TOKEN = "t0ken";
let server: RunningTicketServer;
beforeAll(async () => {
  server = await startTicketServer({ token: TOKEN });
});
afterAll(async () => {
  await server.close();
});

const get = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${TOKEN}`, ...(init.headers ?? {}) },
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};
const jql = (text: string) => encodeURIComponent(text);

describe("JQL subset", () => {
  it("parses precedence, lists, IS EMPTY and ORDER BY", () => {
    const query = parseJql(
      'project = LOG AND (issuetype = "Provider Change" OR status != Done) AND cf[10012] in ("East", North) AND summary is not EMPTY ORDER BY created DESC, key',
    );
    expect(query.orderBy).toEqual([
      { field: "created", direction: "DESC" },
      { field: "key", direction: "ASC" },
    ]);
    expect(JSON.stringify(query.where)).toContain('"operator":"is not"');
  });

  it("rejects what it cannot read, like Jira", () => {
    expect(() => parseJql('project = "LOG')).toThrow(JqlError);
    expect(() => parseJql("project = LOG AND")).toThrow(/Expecting/);
    expect(() => parseJql("project = LOG extra")).toThrow(/end of query/);
  });
});

describe("demo data", () => {
  it("is deterministic and matches FACTS.md", () => {
    const first = demoIssues();
    expect(demoIssues()).toEqual(first);
    const svc = first.filter((issue) => issue.key.startsWith("SVC-"));
    expect(svc).toHaveLength(
      Object.values(COMPLAINTS_2023)
        .flat()
        .reduce((sum, count) => sum + count, 0),
    );
    const log101 = first.find((issue) => issue.key === "LOG-101")!;
    expect(log101.fields).toMatchObject({
      customfield_10012: { value: "East" },
      customfield_10015: "SwiftShip",
      customfield_10013: "EastExpress",
      customfield_10014: "2024-01-15",
    });
    expect(String(log101.fields.created).slice(0, 10)).toBe("2024-01-10");
  });
});

describe("wire format", () => {
  it("refuses requests without the bearer token", async () => {
    const response = await fetch(`${server.url}/rest/api/2/search?jql=project=LOG`);
    expect(response.status).toBe(401);
    expect(
      (await get("/rest/api/2/search?jql=project=LOG", { headers: { authorization: "Bearer nope" } })).status,
    ).toBe(401);
  });

  it("v2 search pages with startAt/maxResults/total, GET and POST alike", async () => {
    const text = "project = SVC AND created >= 2023-01-01 AND created < 2023-04-01 ORDER BY created";
    const first = await get(`/rest/api/2/search?jql=${jql(text)}&startAt=0&maxResults=50`);
    expect(first.body.total).toBe(35 + 50 + 28);
    expect(first.body.issues).toHaveLength(50);
    const posted = await get("/rest/api/2/search", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jql: text, startAt: 100, maxResults: 50 }),
    });
    expect(posted.body.issues).toHaveLength(13);
    expect(posted.body.startAt).toBe(100);
    const created = first.body.issues.map((issue: any) => issue.fields.created);
    expect([...created].sort()).toEqual(created);
  });

  it("v3 search/jql pages with nextPageToken until isLast", async () => {
    const text =
      'project = SVC AND cf[10020] = "Service" AND created >= "2023-10-01" AND created < "2024-01-01"';
    const keys: string[] = [];
    let token: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const { body } = await get(
        `/rest/api/3/search/jql?jql=${jql(text)}&maxResults=25&fields=summary${token ? `&nextPageToken=${token}` : ""}`,
      );
      // As Jira Cloud: no total, ever.
      expect(body.total).toBeUndefined();
      keys.push(...body.issues.map((issue: any) => issue.key));
      if (body.isLast) break;
      token = body.nextPageToken;
    }
    expect(keys).toHaveLength(61);
    expect(new Set(keys).size).toBe(61);
  });

  it("v3 search/jql without fields returns only ids, as Jira Cloud; the removed /rest/api/3/search is 410", async () => {
    const { body } = await get(`/rest/api/3/search/jql?jql=${jql("project = LOG")}&maxResults=2`);
    expect(body.issues[0]).toEqual({ id: expect.any(String) });
    const removed = await get(`/rest/api/3/search?jql=${jql("project = LOG")}`);
    expect(removed.status).toBe(410);
  });

  it("serves one issue with its changelog, and the changelog in pages", async () => {
    const issue = await get("/rest/api/2/issue/LOG-101?expand=changelog");
    expect(issue.body.changelog.histories.length).toBe(3);
    const page = await get("/rest/api/3/issue/LOG-101/changelog?startAt=1&maxResults=1");
    expect(page.body).toMatchObject({ startAt: 1, maxResults: 1, total: 3, isLast: false });
    expect(page.body.values[0].id).toBe(issue.body.changelog.histories[1].id);
    expect((await get("/rest/api/2/issue/NOPE-1")).status).toBe(404);
  });

  it("answers a JQL error with 400 and errorMessages", async () => {
    const response = await get(`/rest/api/2/search?jql=${jql("flavour = sweet")}`);
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[0]).toContain("flavour");
  });

  it("switches faults through POST /__faults, counted by times", async () => {
    await fetch(`${server.url}/__faults`, {
      method: "POST",
      body: JSON.stringify({ rateLimit: { retryAfter: "3", times: 1 } }),
    });
    const limited = await fetch(`${server.url}/rest/api/2/search?jql=project=LOG`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "3"]);
    await limited.body?.cancel();
    expect((await get("/rest/api/2/search?jql=project=LOG")).status).toBe(200);
    server.setFaults({});
    expect(server.stats().requests).toBeGreaterThan(5);
  });
});
