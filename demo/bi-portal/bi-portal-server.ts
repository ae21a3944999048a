import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type ReturnRateRow, salesReturnRates, supportReturnRates } from "../data/return-rates.js";
import { complaintRows } from "../data/service-complaints.js";
import { vipRepurchaseRows } from "../data/vip-repurchase.js";
import { HashedClassNames } from "./class-names.js";
import {
  dashboardListPage,
  loginPage,
  messagePage,
  type PageContext,
  returnsCanvasPage,
  returnsPage,
  serviceComplaintsPage,
  supportReturnsPage,
  vipRepurchasePage,
} from "./portal-pages.js";
import { PortalSessions } from "./portal-sessions.js";

/** Options of the demo BI portal. */
export interface BiPortalOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  username?: string;
  password?: string;
  /** Delay of every data API answer, so dashboards render after an async request. */
  dataDelayMs?: number;
  /** The slow-rendering switch: the client waits this long before rendering and renders rows in batches. */
  renderDelayMs?: number;
  /** Lifetime of a login session. */
  sessionTtlMs?: number;
  /** Rows per page of the VIP repurchase table. */
  vipPageSize?: number;
}

/** A running portal. */
export interface BiPortal {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The random class-name suffix of this start. */
  classSuffix: string;
  /** Successful logins so far (to check session reuse). */
  loginCount(): number;
  /** Requests for images and fonts so far (to check that the adapter blocks them). */
  assetRequestCount(): number;
  /** Requests for dashboard data (`/api/…`) so far, by path (to count the reads a run made). */
  dataRequestCount(path?: string): number;
  /** Ends every session, as a session timeout would. */
  expireSessions(): void;
  /** Turns the slow-rendering switch on (ms > 0) or off (0). */
  setRenderDelay(ms: number): void;
  /** Stops the server, dropping hanging connections. */
  close(): Promise<void>;
}

const COOKIE = "lumen_session";
const require = createRequire(import.meta.url);

function agGridBundlePath(): string {
  // The package's exports hide package.json; its main entry lives in dist/package/.
  return path.join(path.dirname(require.resolve("ag-grid-community")), "..", "ag-grid-community.min.js");
}

function cookieValue(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
  response.end(body);
}

// Only a local path may be a post-login target, never another origin.
function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") && !next.includes("\\") ? next : "/dashboards";
}

function filterReturns(rows: ReturnRateRow[], query: URLSearchParams): ReturnRateRow[] {
  const region = query.get("region");
  const product = query.get("product");
  const month = query.get("month");
  // from/to are ISO dates (or months); a row's month is inside when it overlaps [from, to].
  const from = query.get("from")?.slice(0, 7);
  const to = query.get("to")?.slice(0, 7);
  return rows.filter(
    (row) =>
      (!region || row.region === region) &&
      (!product || row.product === product) &&
      (!month || row.month === month) &&
      (!from || row.month >= from) &&
      (!to || row.month <= to),
  );
}

/** Starts the demo BI portal on 127.0.0.1. */
export async function startBiPortal(options: BiPortalOptions = {}): Promise<BiPortal> {
  const username = options.username ?? "analyst";
  const password = options.password ?? "demo-password";
  const dataDelayMs = options.dataDelayMs ?? 300;
  const vipPageSize = options.vipPageSize ?? 3;
  const classes = new HashedClassNames();
  const sessions = new PortalSessions(options.sessionTtlMs ?? 8 * 3600_000);
  const context: PageContext = { classes, renderDelayMs: options.renderDelayMs ?? 0 };
  let assetRequests = 0;
  const dataRequests = new Map<string, number>();
  const agGridBundle = await readFile(agGridBundlePath());
  const delayTimers = new Set<NodeJS.Timeout>();

  const later = (ms: number, action: () => void) => {
    const timer = setTimeout(() => {
      delayTimers.delete(timer);
      action();
    }, ms);
    delayTimers.add(timer);
  };
  const json = (response: ServerResponse, value: unknown) =>
    later(dataDelayMs, () => send(response, 200, "application/json", JSON.stringify(value)));

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://portal.local");
    const route = url.pathname;
    const user = sessions.user(cookieValue(request, COOKIE));
    const html = (body: string, status = 200) => send(response, status, "text/html; charset=utf-8", body);
    try {
      if (route.startsWith("/static/")) {
        // The logo and the web font exist only to show that the adapter blocks them. The favicon is
        // not counted: Chromium's browser process may fetch it outside the page's request routing.
        if (route !== "/static/favicon.png") assetRequests += 1;
        if (route.endsWith(".png"))
          return send(response, 200, "image/png", Buffer.from("89504e470d0a1a0a", "hex"));
        return send(response, 200, "font/woff2", Buffer.alloc(16));
      }
      if (route.startsWith("/api/")) dataRequests.set(route, (dataRequests.get(route) ?? 0) + 1);
      if (route === "/vendor/ag-grid-community.min.js")
        return send(response, 200, "text/javascript", agGridBundle, { "cache-control": "max-age=3600" });
      if (route === "/dashboards/hang" || route === "/api/hang") return; // never answers: for timeout tests
      // A page that answers but never finishes parsing: its script never arrives, so DOMContentLoaded
      // never fires (for the abort tests of the wait for a parsed document).
      if (route === "/dashboards/stalled-script")
        return send(
          response,
          200,
          "text/html; charset=utf-8",
          '<!doctype html><html><head><script src="/api/hang"></script></head><body><h2>Never</h2></body></html>',
        );
      if (route === "/login" && request.method === "POST") {
        const form = await readForm(request);
        if (form.get("username") === username && form.get("password") === password) {
          const id = sessions.create(username);
          return send(response, 303, "text/plain", "signed in", {
            location: safeNext(form.get("next")),
            "set-cookie": `${COOKIE}=${id}; HttpOnly; SameSite=Lax; Path=/`,
          });
        }
        sessions.failedLogins += 1;
        return html(loginPage(context, safeNext(form.get("next")), "Invalid username or password."), 401);
      }
      if (route === "/login") return html(loginPage(context, safeNext(url.searchParams.get("next"))));
      if (route === "/logout") {
        sessions.remove(cookieValue(request, COOKIE));
        return send(response, 303, "text/plain", "signed out", {
          location: "/login",
          "set-cookie": `${COOKIE}=; Max-Age=0; Path=/`,
        });
      }
      if (!user) {
        if (route.startsWith("/api/"))
          return send(response, 401, "application/json", JSON.stringify({ error: "not signed in" }));
        return send(response, 302, "text/plain", "sign in first", {
          location: `/login?next=${encodeURIComponent(route + url.search)}`,
        });
      }
      switch (route) {
        case "/":
          return send(response, 302, "text/plain", "", { location: "/dashboards" });
        case "/dashboards":
          return html(dashboardListPage(context, user));
        case "/dashboards/returns":
          return html(returnsPage(context, user));
        case "/dashboards/returns-chart":
          return html(returnsCanvasPage(context, user));
        case "/support/returns":
          return html(supportReturnsPage(context, user));
        case "/dashboards/service-complaints":
          return html(serviceComplaintsPage(context, user));
        case "/dashboards/vip-repurchase":
          return html(vipRepurchasePage(context, user));
        case "/api/returns":
          return json(response, { rows: filterReturns(salesReturnRates, url.searchParams) });
        case "/api/support/returns":
          return json(response, { rows: filterReturns(supportReturnRates, url.searchParams) });
        case "/api/service-complaints": {
          const year = url.searchParams.get("year");
          return json(response, {
            rows: complaintRows.filter((row) => !year || row.month.startsWith(`${year}-`)),
          });
        }
        case "/api/vip-repurchase": {
          const year = url.searchParams.get("year");
          const rows = vipRepurchaseRows.filter((row) => !year || row.quarter.startsWith(`${year}-`));
          const pages = Math.max(1, Math.ceil(rows.length / vipPageSize));
          const page = Math.min(pages, Math.max(1, Number(url.searchParams.get("page")) || 1));
          return json(response, {
            page,
            pages,
            rows: rows.slice((page - 1) * vipPageSize, page * vipPageSize),
          });
        }
        default:
          return html(messagePage(context, "Not found", `No page at ${route}.`), 404);
      }
    } catch (error) {
      html(messagePage(context, "Server error", error instanceof Error ? error.message : String(error)), 500);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    classSuffix: classes.suffix,
    loginCount: () => sessions.logins,
    assetRequestCount: () => assetRequests,
    dataRequestCount: (path?: string) =>
      path === undefined
        ? [...dataRequests.values()].reduce((total, count) => total + count, 0)
        : (dataRequests.get(path) ?? 0),
    expireSessions: () => sessions.expireAll(),
    setRenderDelay: (ms: number) => {
      context.renderDelayMs = ms;
    },
    close: async () => {
      for (const timer of delayTimers) clearTimeout(timer);
      delayTimers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
