import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

// Test support: serves the built single-page dashboard (dist/, built by .ci/build-vite-spa) and its
// small JSON API on loopback, port 0: at / (hash routes) and under /app/ (path routes). The API is what the app's own script calls: POST api/login
// (a cookie session), GET api/dashboard[?market=…] (401 without the session, else the data the test
// seeded, its revenue rows of that market).
// The server never redirects: sending the browser to #/login is the app's doing.

/** One row of each of the dashboard's three widgets. */
export interface SpaData {
  revenue: { market: string; quarter: string; revenue: number }[];
  orders: { channel: string; month: string; orders: number }[];
  units: { product: string; units: number }[];
}

/** The running dashboard: its URL, the sign-ins it accepted, expiring every session, and close(). */
export interface RunningSpa {
  url: string;
  logins(): number;
  /** Forgets every session: the app's next API call answers 401 and the app shows its sign-in page. */
  expireSessions(): void;
  close(): Promise<void>;
}

const DIST = path.join(path.dirname(new URL(import.meta.url).pathname), "dist");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the dashboard with the given data and credentials; `delayMs` delays the data API; port 0 by default. */
export async function startSpa(options: {
  data: SpaData;
  user: string;
  secret: string;
  delayMs?: number;
  port?: number;
}): Promise<RunningSpa> {
  const sessions = new Set<string>();
  let logins = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      // The app mounted under /app/ routes by path: every path there is the app (index.html) unless
      // it names one of its files or its API, as a static host's single-page fallback does.
      const mounted = url.pathname === "/app" || url.pathname.startsWith("/app/");
      if (mounted) url.pathname = url.pathname.slice("/app".length) || "/";
      const cookie = /(?:^|;\s*)spa_session=([^;]+)/.exec(request.headers.cookie ?? "")?.[1];
      if (url.pathname === "/api/login" && request.method === "POST") {
        const sent = JSON.parse((await body(request)) || "{}") as { user?: string; secret?: string };
        if (sent.user !== options.user || sent.secret !== options.secret) {
          response.writeHead(401, { "content-type": "application/json" }).end('{"error":"refused"}');
          return;
        }
        const session = randomUUID();
        sessions.add(session);
        logins += 1;
        response
          .writeHead(204, { "set-cookie": `spa_session=${session}; Path=/; HttpOnly; SameSite=Lax` })
          .end();
        return;
      }
      if (url.pathname === "/api/dashboard") {
        if (!cookie || !sessions.has(cookie)) {
          response.writeHead(401, { "content-type": "application/json" }).end('{"error":"sign in"}');
          return;
        }
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        // The revenue table follows the route's market filter, as a dashboard's filter bar would.
        const market = url.searchParams.get("market");
        const data = market
          ? { ...options.data, revenue: options.data.revenue.filter((row) => row.market === market) }
          : options.data;
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(data));
        return;
      }
      const file = url.pathname === "/" ? "index.html" : url.pathname.slice(1);
      const resolved = path.join(DIST, path.normalize(file));
      if (!resolved.startsWith(DIST)) {
        response.writeHead(404).end("not found");
        return;
      }
      try {
        const content = await readFile(resolved);
        response
          .writeHead(200, { "content-type": TYPES[path.extname(resolved)] ?? "application/octet-stream" })
          .end(content);
      } catch {
        if (mounted)
          response
            .writeHead(200, { "content-type": TYPES[".html"] })
            .end(await readFile(path.join(DIST, "index.html")));
        else response.writeHead(404).end("not found");
      }
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    logins: () => logins,
    expireSessions: () => sessions.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether the dashboard has been built (dist/index.html), for a clear message when it has not. */
export function spaBuildPath(): string {
  return path.join(DIST, "index.html");
}
