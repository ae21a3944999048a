/**
 * The origin guard makes every request of a dashboard page itself (route.fetch, from Node, over
 * kept-alive connections). A server closes an idle kept-alive connection after a few seconds (Node's
 * http server after 5 s): a request sent on it just then is reset. Chromium's own network stack
 * sends such a request again on a new connection; the guard's fetch must too, or the page fails
 * with net::ERR_CONNECTION_RESET and the question's answer loses that source (seen twice in 20
 * concurrent asks on warm workers at load 29, bench/concurrent-asks.ts).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveBrowserExecutable } from "./browser-executable.js";
import { CHROMIUM_ARGUMENTS } from "./browser-manager.js";
import { OriginGuard } from "./origin-guard.js";
import { chromium } from "./playwright.js";

let server: Server;
let url: string;
let browser: Browser;
/** Requests each connection carried; the second on a connection is reset, as a closing server does. */
const requestsOn = new Map<Socket, number>();
const methodsReset: string[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    const count = (requestsOn.get(request.socket) ?? 0) + 1;
    requestsOn.set(request.socket, count);
    if (count > 1) {
      methodsReset.push(request.method ?? "");
      request.socket.resetAndDestroy();
      return;
    }
    response
      .writeHead(200, { "content-type": "text/html", connection: "keep-alive" })
      .end(`<!DOCTYPE html><h2>Figures ${request.url}</h2>`);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: resolveBrowserExecutable({ headless: true }),
    headless: true,
    args: CHROMIUM_ARGUMENTS,
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe("a kept-alive connection the server resets", () => {
  it("is not the page's failure: the guard's request is sent again on a new connection", async () => {
    const context = await browser.newContext();
    const guard = new OriginGuard({ allowedOrigins: [url] });
    await guard.install(context);
    const page = await context.newPage();
    await guard.own(page);
    for (const path of ["/first", "/second", "/third"]) {
      await page.goto(`${url}${path}`, { waitUntil: "domcontentloaded" });
      expect(await page.locator("h2").textContent()).toBe(`Figures ${path}`);
    }
    // The connection was reused and reset (what the test is about), and each reset request was a GET.
    expect(methodsReset.length).toBeGreaterThan(0);
    expect(new Set(methodsReset)).toEqual(new Set(["GET"]));
    await context.close();
  }, 60_000);
});
