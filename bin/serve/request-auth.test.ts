import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../cli-output.js";
import { bearerMatches, isLoopbackHost, readTokenFile } from "./request-auth.js";

describe("request-auth", () => {
  it("tells loopback addresses and names from the rest", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "api.localhost", "::1", "[::1]", "LOCALHOST"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.168.1.4", "10.0.0.1", "example.com", "127.0.0.1.nip.io", ""])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("accepts exactly `Bearer <token>`", () => {
    const token = "0123456789abcdef0123";
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(1)}`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches("Bearer ", token)).toBe(false);
  });

  it("reads a token file's first line and refuses a short, empty or missing one", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "triangulate-token-"));
    const good = path.join(folder, "good");
    writeFileSync(good, "  5f0c8e1a9b7d3c2e4f6a  \nsecond line\n");
    expect(readTokenFile(good)).toBe("5f0c8e1a9b7d3c2e4f6a");
    const short = path.join(folder, "short");
    writeFileSync(short, "abc\n");
    expect(() => readTokenFile(short)).toThrow(UsageError);
    expect(() => readTokenFile(short)).toThrow(/at least 16 characters/);
    expect(() => readTokenFile(path.join(folder, "missing"))).toThrow(/cannot be read \(ENOENT\)/);
  });
});
