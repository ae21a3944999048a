import { describe, expect, it } from "vitest";
import { describeBlocked, isBlockedResource, OriginGuard } from "./origin-guard.js";

// The guard's rules without a browser: which URLs an origin list allows, and how refusals are told.
describe("OriginGuard.allows", () => {
  const guard = new OriginGuard({ allowedOrigins: ["http://127.0.0.1:4100", "https://cdn.example.com"] });

  it("allows the listed origins only: scheme, host and port all count", () => {
    expect(guard.allows("http://127.0.0.1:4100/dashboards/returns?x=1")).toBe(true);
    expect(guard.allows("https://cdn.example.com/lib.js")).toBe(true);
    expect(guard.allows("http://127.0.0.1:4101/")).toBe(false);
    expect(guard.allows("https://127.0.0.1:4100/")).toBe(false);
    expect(guard.allows("http://localhost:4100/")).toBe(false);
    expect(guard.allows("http://cdn.example.com/lib.js")).toBe(false);
    expect(guard.allows("https://cdn.example.com.evil.test/")).toBe(false);
  });

  it("counts a WebSocket as its page origin (ws → http, wss → https), and lets data:/blob:/about: through", () => {
    expect(guard.allows("ws://127.0.0.1:4100/live")).toBe(true);
    expect(guard.allows("wss://cdn.example.com/socket")).toBe(true);
    expect(guard.allows("ws://127.0.0.1:4101/live")).toBe(false);
    expect(guard.allows("data:text/css,body{}")).toBe(true);
    expect(guard.allows("blob:http://127.0.0.1:4100/1b2c")).toBe(true);
    expect(guard.allows("about:blank")).toBe(true);
    expect(guard.allows("not a url")).toBe(false);
    expect(guard.allows("file:///etc/passwd")).toBe(false);
  });
});

describe("describeBlocked", () => {
  it("groups refusals by origin and kind, redirects named as such", () => {
    expect(describeBlocked([])).toBeUndefined();
    expect(
      describeBlocked([
        { origin: "http://trap:1", type: "fetch", redirect: false },
        { origin: "http://trap:1", type: "fetch", redirect: false },
        { origin: "http://trap:1", type: "document", redirect: true },
        { origin: "https://fonts.googleapis.com", type: "stylesheet", redirect: false },
      ]),
    ).toBe(
      "4 requests to origins outside the source blocked (http://trap:1: 2 fetch, 1 document redirect; https://fonts.googleapis.com: 1 stylesheet)",
    );
  });
});

describe("isBlockedResource", () => {
  it("never loads images, fonts and media, favicons included", () => {
    expect(isBlockedResource("image", "http://a/x")).toBe(true);
    expect(isBlockedResource("font", "http://a/x.woff2")).toBe(true);
    expect(isBlockedResource("other", "http://a/favicon.ico")).toBe(true);
    expect(isBlockedResource("script", "http://a/app.js")).toBe(false);
  });
});
