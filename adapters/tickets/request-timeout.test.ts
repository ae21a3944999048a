import { describe, expect, it } from "vitest";
import { requestTimeoutMs } from "./tickets-adapter.js";

describe("requestTimeoutMs", () => {
  it("keeps each request within the source's timeout and the step's", () => {
    expect(requestTimeoutMs(20, { timeoutMs: 30_000 })).toBe(20_000);
    expect(requestTimeoutMs(20, { timeoutMs: 5_000 })).toBe(5_000);
  });
  it("lets a retry with a longer timeout use it for each request", () => {
    expect(requestTimeoutMs(20, { timeoutMs: 60_000, hints: { timeoutMs: 60_000 } })).toBe(60_000);
  });
});
