import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** A loopback static server for a built site (tests and benches), optionally behind HTTP Basic auth. */
export interface StaticSite {
  url: string;
  /** Requests answered, and TCP connections accepted (what a trap host counts). */
  requests: number;
  connections: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".csv": "text/csv",
  ".svg": "image/svg+xml",
};

/**
 * Serves `root` on 127.0.0.1 at port 0 as a static host serves a Framework build: `/page` answers
 * `page.html`. With `basic`, every request needs that user and password (401 with a challenge
 * otherwise), as a reverse proxy in front of a static site asks. `extra` may answer a path first.
 */
export async function serveStaticSite(
  root: string,
  options: {
    basic?: { username: string; password: string };
    extra?: (request: IncomingMessage, response: ServerResponse) => boolean;
  } = {},
): Promise<StaticSite> {
  const expected = options.basic
    ? `Basic ${Buffer.from(`${options.basic.username}:${options.basic.password}`).toString("base64")}`
    : undefined;
  const site = { url: "", requests: 0, connections: 0, close: async () => {} } as StaticSite;
  const server: Server = createServer((request, response) => {
    site.requests += 1;
    if (expected && request.headers.authorization !== expected) {
      response.writeHead(401, { "www-authenticate": 'Basic realm="dashboards"' }).end("unauthorised");
      return;
    }
    if (options.extra?.(request, response)) return;
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    let file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ""));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (!existsSync(file)) {
      response.writeHead(404).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    response.end(readFileSync(file));
  });
  server.on("connection", () => {
    site.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}
