import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type DemoIssue, demoIssues } from "./demo-issues.js";
import { type FieldReader, JqlError, type JqlQuery, matches, parseJql } from "./jql.js";

/** Fault switches for tests; each applies to /rest/ requests, for `times` requests (always when absent). */
export interface TicketServerFaults {
  /** Answer 429 with this Retry-After (seconds or an HTTP date). */
  rateLimit?: { retryAfter?: string; times?: number };
  /** Answer 5xx (default 500). */
  serverError?: { status?: number; times?: number };
  /** Never answer (the connection stays open until the client gives up or the server closes). */
  hang?: { times?: number };
  /** Answer 200 with a body that is not JSON. */
  malformedJson?: { times?: number };
  /** Delay every answer by this many milliseconds (slow pages). */
  slowMs?: number;
  /** Pad every JSON answer to at least this many bytes (for response size limits). */
  padBytes?: number;
  /** Send the same nextPageToken on every v3 page (a cursor that never advances). */
  repeatCursor?: boolean;
}

/** Options of startTicketServer. */
export interface TicketServerOptions {
  port?: number;
  host?: string;
  /** The bearer token every /rest/ request must carry. */
  token?: string;
  faults?: TicketServerFaults;
  /** Adds project BENCH with this many synthetic issues (for the paging benchmark). */
  benchIssues?: number;
  /** At most this many histories are embedded per issue in search results; the rest comes from /changelog. */
  changelogInlineLimit?: number;
  /**
   * Recorded /rest/api/3/search/jql pages to replay instead of searching the demo issues: the
   * first page without a nextPageToken, then the page after the one whose nextPageToken is
   * sent; an unknown token is Cloud's 400. The JQL is recorded, not evaluated.
   */
  recordedSearchJql?: unknown[];
}

/** One request as the server received it: what tests assert on. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  /** The JQL as received (query parameter or POST body). */
  jql?: string;
  /** The JQL as the server parsed it. */
  parsed?: JqlQuery;
  status?: number;
}

/** A running demo ticket server. */
export interface RunningTicketServer {
  url: string;
  close(): Promise<void>;
  setFaults(faults: TicketServerFaults): void;
  /** Requests received so far (the last 2,000). */
  requests: ReceivedRequest[];
  /** Requests handled and the server's own handling time (excluding slowMs), for benchmarks. */
  stats(): { requests: number; handlingMs: number };
}

/** Minutes east of UTC of the demo's zone (+0800), used for JQL dates. */
const OFFSET_MINUTES = 8 * 60;
const DATE_FIELDS = new Set(["customfield_10014", "customfield_10030"]);

function jiraInstant(text: string): number | undefined {
  const value = Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(value) ? undefined : value;
}

function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) =>
    item && typeof item === "object" ? String((item as { name?: unknown }).name ?? "") : String(item),
  );
}

/** Reads issue fields the way the JQL subset needs them. */
const readField: FieldReader = (issue, rawField) => {
  const field = rawField.toLowerCase();
  const fields = issue.fields;
  const text = (value: unknown) => ({
    kind: "text" as const,
    values: value === null || value === undefined ? [] : [String(value)],
  });
  switch (field) {
    case "project":
      return text((fields.project as { key?: string })?.key);
    case "issuetype":
    case "type":
      return text((fields.issuetype as { name?: string })?.name);
    case "status":
      return text((fields.status as { name?: string })?.name);
    case "key":
    case "issuekey":
    case "id":
      return text(issue.key);
    case "summary":
    case "text":
      return text(fields.summary);
    case "component":
    case "components":
      return { kind: "text", values: names(fields.components) };
    case "fixversion":
    case "fixversions":
      return { kind: "text", values: names(fields.fixVersions) };
    case "created":
    case "updated": {
      const instant = typeof fields[field] === "string" ? jiraInstant(fields[field] as string) : undefined;
      return { kind: "date", values: instant === undefined ? [] : [instant] };
    }
  }
  const custom = /^(?:cf\[(\d+)\]|customfield_(\d+))$/.exec(field);
  if (!custom) return undefined;
  const id = `customfield_${custom[1] ?? custom[2]}`;
  const value = fields[id];
  if (DATE_FIELDS.has(id)) {
    const day =
      typeof value === "string" ? Date.parse(`${value}T00:00:00Z`) - OFFSET_MINUTES * 60_000 : undefined;
    return { kind: "date", values: day === undefined || Number.isNaN(day) ? [] : [day] };
  }
  if (value === null || value === undefined) return { kind: "text", values: [] };
  if (Array.isArray(value)) return { kind: "text", values: names(value) };
  if (typeof value === "object")
    return text((value as { value?: unknown; name?: unknown }).value ?? (value as { name?: unknown }).name);
  return text(value);
};

function sortIssues(issues: DemoIssue[], orderBy: JqlQuery["orderBy"]): DemoIssue[] {
  if (orderBy.length === 0) return issues;
  return [...issues].sort((a, b) => {
    for (const { field, direction } of orderBy) {
      const left = readField(a, field)?.values[0];
      const right = readField(b, field)?.values[0];
      const order =
        typeof left === "number" && typeof right === "number"
          ? left - right
          : String(left ?? "").localeCompare(String(right ?? ""), undefined, { numeric: true });
      if (order !== 0) return direction === "DESC" ? -order : order;
    }
    return 0;
  });
}

/**
 * Starts the demo ticket server: Jira REST v2 (/rest/api/2/search GET and POST,
 * /rest/api/2/issue/{key}[?expand=changelog], /rest/api/2/issue/{key}/changelog) and v3
 * (/rest/api/3/search/jql with nextPageToken/isLast, /rest/api/3/issue/{key}/changelog) over the
 * demo data, with bearer auth and fault switches (also at POST /__faults; GET /__stats).
 */
export async function startTicketServer(options: TicketServerOptions = {}): Promise<RunningTicketServer> {
  const issues = demoIssues({ bench: options.benchIssues });
  const byKey = new Map(issues.map((issue) => [issue.key, issue]));
  const token = options.token ?? "demo-token";
  const inlineLimit = options.changelogInlineLimit ?? 100;
  let faults: TicketServerFaults = { ...(options.faults ?? {}) };
  const requests: ReceivedRequest[] = [];
  const stats = { requests: 0, handlingMs: 0 };
  const sockets = new Set<Socket>();
  let base = "";

  const issueJson = (issue: DemoIssue, version: 2 | 3, changelog: boolean) => ({
    expand: "operations,versionedRepresentations,editmeta,changelog,renderedFields",
    id: issue.id,
    self: `${base}/rest/api/${version}/issue/${issue.id}`,
    key: issue.key,
    fields: issue.fields,
    ...(changelog
      ? {
          changelog: {
            startAt: 0,
            maxResults: Math.min(inlineLimit, issue.histories.length),
            total: issue.histories.length,
            histories: issue.histories.slice(0, inlineLimit),
          },
        }
      : {}),
  });

  /** Decrements a fault's counter; true when it fires for this request. */
  const fire = (name: "rateLimit" | "serverError" | "hang" | "malformedJson"): boolean => {
    const fault = faults[name];
    if (!fault) return false;
    if (fault.times === undefined) return true;
    if (fault.times <= 0) return false;
    fault.times -= 1;
    return true;
  };

  // The data never changes, so each query's result is kept (a few, most recent) like a search
  // engine's cache: paging through one search filters and sorts once.
  const results = new Map<string, DemoIssue[]>();
  const search = (jql: string, record: ReceivedRequest): DemoIssue[] => {
    const parsed = parseJql(jql);
    record.parsed = parsed;
    let found = results.get(jql);
    if (!found) {
      found = sortIssues(
        issues.filter((issue) => matches(parsed.where, issue, readField, OFFSET_MINUTES)),
        parsed.orderBy,
      );
      results.set(jql, found);
      if (results.size > 32) results.delete(results.keys().next().value!);
    }
    return found;
  };

  // An issue by key or by id, as Jira finds it in /issue/{key} and /issue/{key}/changelog.
  const issueNamed = (keyOrId: string) =>
    byKey.get(decodeURIComponent(keyOrId)) ?? issues.find((candidate) => candidate.id === keyOrId);
  const noSuchIssue = {
    status: 404,
    json: { errorMessages: ["Issue does not exist or you do not have permission to see it."], errors: {} },
  };

  const route = (
    method: string,
    url: URL,
    body: unknown,
    record: ReceivedRequest,
  ): { status: number; json: unknown; headers?: Record<string, string> } => {
    const path = url.pathname;
    const query = url.searchParams;
    const changelogPath = /^\/rest\/api\/(2|3)\/issue\/([^/]+)\/changelog$/.exec(path);
    const issuePath = /^\/rest\/api\/(2|3)\/issue\/([^/]+)$/.exec(path);
    if (
      (path === "/rest/api/2/search" || path === "/rest/api/latest/search") &&
      (method === "GET" || method === "POST")
    ) {
      const input =
        method === "POST" ? ((body ?? {}) as Record<string, unknown>) : Object.fromEntries(query.entries());
      const jql = String(input.jql ?? "");
      record.jql = jql;
      const startAt = Math.max(0, Number(input.startAt ?? 0) || 0);
      const maxResults = Math.min(1000, Math.max(0, Number(input.maxResults ?? 50) || 50));
      const expand = Array.isArray(input.expand)
        ? input.expand.map(String)
        : String(input.expand ?? "").split(",");
      const found = search(jql, record);
      return {
        status: 200,
        json: {
          expand: "schema,names",
          startAt,
          maxResults,
          total: found.length,
          issues: found
            .slice(startAt, startAt + maxResults)
            .map((issue) => issueJson(issue, 2, expand.includes("changelog"))),
        },
      };
    }
    if (path === "/rest/api/3/search/jql" && (method === "GET" || method === "POST")) {
      const input =
        method === "POST" ? ((body ?? {}) as Record<string, unknown>) : Object.fromEntries(query.entries());
      const jql = String(input.jql ?? "");
      record.jql = jql;
      const recorded = options.recordedSearchJql;
      if (recorded) {
        const token = input.nextPageToken ? String(input.nextPageToken) : undefined;
        const index =
          token === undefined
            ? 0
            : recorded.findIndex(
                (page) => (page as { nextPageToken?: unknown } | null)?.nextPageToken === token,
              ) + 1;
        if ((token !== undefined && index === 0) || index >= recorded.length)
          return {
            status: 400,
            json: { errorMessages: ["The provided next page token is invalid or expired."], errors: {} },
          };
        return { status: 200, json: recorded[index] };
      }
      const maxResults = Math.min(5000, Math.max(1, Number(input.maxResults ?? 50) || 50));
      let startAt = 0;
      if (input.nextPageToken) {
        const decoded = /^o(\d+)$/.exec(Buffer.from(String(input.nextPageToken), "base64url").toString());
        if (!decoded)
          return {
            status: 400,
            json: { errorMessages: ["The provided next page token is invalid or expired."], errors: {} },
          };
        startAt = Number(decoded[1]);
      }
      const expand = Array.isArray(input.expand)
        ? input.expand.map(String)
        : String(input.expand ?? "").split(",");
      const found = search(jql, record);
      const page = found.slice(startAt, startAt + maxResults);
      // As Jira Cloud: without `fields` the enhanced search returns only each issue's id; a list
      // picks those fields, `*all` gives every field.
      const requested = Array.isArray(input.fields)
        ? input.fields.map(String)
        : input.fields === undefined
          ? []
          : String(input.fields).split(",");
      const shaped = (issue: DemoIssue) => {
        const json = issueJson(issue, 3, expand.includes("changelog")) as Record<string, unknown>;
        if (requested.includes("*all")) return json;
        if (requested.length === 0) return { id: issue.id };
        const fields = issue.fields as Record<string, unknown>;
        return {
          ...json,
          fields: Object.fromEntries(
            requested.filter((name) => name in fields).map((name) => [name, fields[name]]),
          ),
        };
      };
      const isLast = startAt + page.length >= found.length;
      const next = faults.repeatCursor
        ? Buffer.from("o0").toString("base64url")
        : Buffer.from(`o${startAt + page.length}`).toString("base64url");
      return {
        status: 200,
        json: {
          issues: page.map(shaped),
          ...(isLast && !faults.repeatCursor ? { isLast: true } : { nextPageToken: next, isLast: false }),
        },
      };
    }
    if (path === "/rest/api/3/search" || path === "/rest/api/2/search/jql") {
      // Jira Cloud removed the old v3 search (410 Gone); Data Center has no enhanced search.
      return {
        status: path === "/rest/api/3/search" ? 410 : 404,
        json: {
          errorMessages: [
            path === "/rest/api/3/search"
              ? "The requested API has been removed. Please migrate to the /rest/api/3/search/jql API."
              : `No resource at ${path}`,
          ],
          errors: {},
        },
      };
    }
    if (changelogPath && method === "GET") {
      const issue = issueNamed(changelogPath[2]);
      if (!issue) return noSuchIssue;
      const startAt = Math.max(0, Number(query.get("startAt") ?? 0) || 0);
      const maxResults = Math.min(100, Math.max(1, Number(query.get("maxResults") ?? 100) || 100));
      const values = issue.histories.slice(startAt, startAt + maxResults);
      return {
        status: 200,
        json: {
          self: `${base}${path}?startAt=${startAt}&maxResults=${maxResults}`,
          maxResults,
          startAt,
          total: issue.histories.length,
          isLast: startAt + values.length >= issue.histories.length,
          values,
        },
      };
    }
    if (issuePath && method === "GET") {
      const issue = issueNamed(issuePath[2]);
      if (!issue) return noSuchIssue;
      const expand = (query.get("expand") ?? "").split(",");
      const json = issueJson(issue, Number(issuePath[1]) as 2 | 3, false) as Record<string, unknown>;
      if (expand.includes("changelog"))
        json.changelog = {
          startAt: 0,
          maxResults: issue.histories.length,
          total: issue.histories.length,
          histories: issue.histories,
        };
      return { status: 200, json };
    }
    return { status: 404, json: { errorMessages: [`No resource at ${path}`], errors: {} } };
  };

  const send = (
    response: ServerResponse,
    status: number,
    text: string,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, {
      "content-type": "application/json;charset=UTF-8",
      "content-length": String(Buffer.byteLength(text)),
      ...headers,
    });
    response.end(text);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const url = new URL(request.url ?? "/", "http://localhost");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    if (url.pathname === "/__faults") {
      if (request.method === "POST") faults = rawBody ? (JSON.parse(rawBody) as TicketServerFaults) : {};
      send(response, 200, JSON.stringify(faults));
      return;
    }
    if (url.pathname === "/__stats") {
      send(response, 200, JSON.stringify(stats));
      return;
    }
    const record: ReceivedRequest = {
      method: request.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
    };
    requests.push(record);
    if (requests.length > 2000) requests.shift();
    let body: unknown;
    if (rawBody) {
      try {
        body = JSON.parse(rawBody);
        record.body = body;
      } catch {
        record.status = 400;
        send(
          response,
          400,
          JSON.stringify({ errorMessages: ["The request body is not valid JSON."], errors: {} }),
        );
        return;
      }
    }
    if (!url.pathname.startsWith("/rest/")) {
      record.status = 404;
      send(response, 404, JSON.stringify({ errorMessages: ["Not found"], errors: {} }));
      return;
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      record.status = 401;
      send(
        response,
        401,
        JSON.stringify({
          errorMessages: ["You are not authenticated. Authentication required to perform this operation."],
          errors: {},
        }),
        { "www-authenticate": 'Bearer realm="demo"' },
      );
      return;
    }
    if (fire("hang")) return;
    const wait = faults.slowMs ?? 0;
    const finish = (status: number, text: string, headers?: Record<string, string>) => {
      record.status = status;
      stats.requests += 1;
      const handling = performance.now() - started;
      stats.handlingMs += handling;
      const respond = () =>
        send(response, status, text, { "server-timing": `handle;dur=${handling.toFixed(2)}`, ...headers });
      if (wait > 0) setTimeout(respond, wait);
      else respond();
    };
    if (fire("rateLimit"))
      return finish(429, JSON.stringify({ errorMessages: ["Rate limit exceeded."], errors: {} }), {
        "retry-after": faults.rateLimit?.retryAfter ?? "2",
      });
    if (fire("serverError"))
      return finish(
        faults.serverError?.status ?? 500,
        JSON.stringify({ errorMessages: ["Internal server error"], errors: {} }),
      );
    if (fire("malformedJson"))
      return finish(200, '{"startAt":0,"maxResults":50,"total":3,"issues":[{"key":"LOG-101","fields":{');
    let result: { status: number; json: unknown; headers?: Record<string, string> };
    try {
      result = route(record.method, url, body, record);
    } catch (error) {
      if (!(error instanceof JqlError)) throw error;
      result = { status: 400, json: { errorMessages: [error.message], errors: {} } };
    }
    let text = JSON.stringify(result.json);
    if (faults.padBytes && text.length < faults.padBytes && text.startsWith("{"))
      text = `{"padding":"${"x".repeat(faults.padBytes - text.length)}",${text.slice(1)}`;
    finish(result.status, text, result.headers);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        send(response, 500, JSON.stringify({ errorMessages: [String(error)], errors: {} }));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  base = `http://${address.address}:${address.port}`;
  return {
    url: base,
    requests,
    setFaults(next) {
      faults = { ...next };
    },
    stats: () => ({ ...stats }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
