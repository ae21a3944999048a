import { describe, expect, it } from "vitest";
import { dateInTimezone, resolveAsOf } from "./as-of-rule.js";

describe("as-of rules", () => {
  // 2024-03-03 20:30 UTC is already Monday 2024-03-04 in Shanghai.
  const now = new Date("2024-03-03T20:30:00Z");

  it("evaluates relative rules in the job's timezone", () => {
    expect(dateInTimezone(now, "UTC")).toBe("2024-03-03");
    expect(dateInTimezone(now, "Asia/Shanghai")).toBe("2024-03-04");
    expect(resolveAsOf("today", now, "Asia/Shanghai")).toBe("2024-03-04");
    expect(resolveAsOf("yesterday", now, "Asia/Shanghai")).toBe("2024-03-03");
    expect(resolveAsOf("last complete week", now, "Asia/Shanghai")).toBe("2024-03-03");
    expect(resolveAsOf("last complete week", now, "UTC")).toBe("2024-02-25");
    expect(resolveAsOf("last complete month", now, "UTC")).toBe("2024-02-29");
    expect(resolveAsOf("last complete quarter", now, "UTC")).toBe("2023-12-31");
    expect(resolveAsOf("last complete quarter", new Date("2024-07-01T00:00:00Z"), "UTC")).toBe("2024-06-30");
    expect(resolveAsOf("last complete year", now, "UTC")).toBe("2023-12-31");
    expect(resolveAsOf("last complete month", new Date("2024-01-15T00:00:00Z"), "UTC")).toBe("2023-12-31");
  });

  it("keeps a fixed date", () => {
    expect(resolveAsOf("2024-01-31", now, "UTC")).toBe("2024-01-31");
  });
});
