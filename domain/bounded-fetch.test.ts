import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedFetch, ModelReplyTooLargeError } from "./bounded-fetch.js";

// A loopback server that answers /endless with a body that never ends (64 KB chunks as fast as
// the client reads), /declared with a huge Content-Length, /hang never, and /small with JSON.
let server: Server;
let base = "";
let endlessBytesSent = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/small") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"message":{"content":"ok"}}');
      return;
    }
    if (request.url === "/declared") {
      response.writeHead(200, {
        "content-type": "application/json",
        "content-length": String(200 * 1024 * 1024),
      });
      response.write("{");
      return;
    }
    if (request.url === "/hang") return;
    response.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!response.destroyed) {
        endlessBytesSent += chunk.length;
        if (!response.write(chunk)) break;
      }
    };
    response.on("drain", pump);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("boundedFetch", () => {
  it("passes a small reply through unchanged", async () => {
    const response = await boundedFetch({ maxBytes: 1024, timeoutMs: 5_000 })(`${base}/small`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: { content: "ok" } });
  });

  it("stops reading an endless reply at the limit, with heap growth bounded by the limit", async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const error = await boundedFetch({ maxBytes: 4 * 1024 * 1024, timeoutMs: 20_000 })(
      `${base}/endless`,
    ).catch((failure) => failure);
    expect(error).toBeInstanceOf(ModelReplyTooLargeError);
    expect(error.message).toMatch(/over 4 MB/);
    expect(endlessBytesSent).toBeGreaterThan(4 * 1024 * 1024);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses a reply whose declared length is over the limit without reading it", async () => {
    const error = await boundedFetch({ maxBytes: 1024 * 1024, timeoutMs: 5_000 })(`${base}/declared`).catch(
      (failure) => failure,
    );
    expect(error).toBeInstanceOf(ModelReplyTooLargeError);
  });

  it("gives up on a server that never answers at the timeout", async () => {
    const started = Date.now();
    const error = await boundedFetch({ maxBytes: 1024, timeoutMs: 300 })(`${base}/hang`).catch(
      (failure) => failure,
    );
    expect((error as Error).name).toMatch(/TimeoutError|AbortError/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("stops when the caller cancels", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("interrupted")), 200);
    const error = await boundedFetch({ maxBytes: 1024, timeoutMs: 10_000, signal: controller.signal })(
      `${base}/hang`,
    ).catch((failure) => failure);
    expect(error).toBeInstanceOf(Error);
  });
});
