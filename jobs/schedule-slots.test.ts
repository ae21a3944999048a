import { Cron } from "croner";
import { afterEach, describe, expect, it } from "vitest";
import { firingSlots, latestSlot, missedSlot } from "./schedule-slots.js";

const crons: Cron[] = [];
afterEach(() => {
  for (const cron of crons.splice(0)) cron.stop();
});
function cronOf(pattern: string, timezone = "UTC"): Cron {
  const cron = new Cron(pattern, { timezone, paused: true });
  crons.push(cron);
  return cron;
}
const at = (iso: string) => new Date(iso);

describe("latestSlot", () => {
  it("is the latest cron time at or before now, however far back", () => {
    const now = at("2026-12-03T07:10:37.000Z");
    expect(latestSlot(cronOf("0 8 * * 1", "Asia/Shanghai"), now)?.toISOString()).toBe(
      "2026-11-30T00:00:00.000Z",
    );
    expect(latestSlot(cronOf("*/3 * * * * *"), now)?.toISOString()).toBe("2026-12-03T07:10:36.000Z");
    expect(latestSlot(cronOf("0 7 1 1 *"), now)?.toISOString()).toBe("2026-01-01T07:00:00.000Z");
    expect(latestSlot(cronOf("0 0 29 2 *"), now)?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    // A timer that fires exactly on time is the run of that time, not of the one before.
    expect(latestSlot(cronOf("0 7 1 1 *"), at("2026-01-01T07:00:00.000Z"))?.toISOString()).toBe(
      "2026-01-01T07:00:00.000Z",
    );
  });
});

describe("firingSlots", () => {
  it("gives each firing its cron time, early or late, and the latest one after a suspension", () => {
    let now = at("2026-12-03T07:00:00.000Z");
    const cron = cronOf("*/10 * * * * *");
    const slotOf = firingSlots(cron, () => now);
    now = at("2026-12-03T07:00:09.995Z"); // a timer a little early
    expect(slotOf().toISOString()).toBe("2026-12-03T07:00:10.000Z");
    now = at("2026-12-03T07:00:20.400Z"); // a little late
    expect(slotOf().toISOString()).toBe("2026-12-03T07:00:20.000Z");
    now = at("2026-12-03T07:01:05.000Z"); // suspended past four firings
    expect(slotOf().toISOString()).toBe("2026-12-03T07:01:00.000Z");
  });
});

describe("missedSlot", () => {
  const yearly = () => cronOf("0 7 1 1 *");
  const now = at("2026-12-03T07:00:00.000Z");

  it("is the latest slot since the last run; none without a run or when none came since", () => {
    expect(missedSlot(yearly(), undefined, now)).toBeUndefined();
    const old = { started_at: "2023-05-01T00:00:00.000Z", status: "answered" as const, slot: null };
    expect(missedSlot(yearly(), old, now)?.toISOString()).toBe("2026-01-01T07:00:00.000Z");
    const recent = {
      started_at: "2026-01-01T07:00:01.000Z",
      status: "answered" as const,
      slot: "2026-01-01T07:00:00.000Z",
    };
    expect(missedSlot(yearly(), recent, now)).toBeUndefined();
  });

  it("counts an interrupted run's slot as not run, and a running or finished one as run", () => {
    const crashed = {
      started_at: "2026-12-03T06:59:00.000Z",
      status: "interrupted" as const,
      slot: "2026-01-01T07:00:00.000Z",
    };
    expect(missedSlot(yearly(), crashed, now)?.toISOString()).toBe("2026-01-01T07:00:00.000Z");
    expect(missedSlot(yearly(), { ...crashed, status: "running" }, now)).toBeUndefined();
    expect(missedSlot(yearly(), { ...crashed, status: "failed" }, now)).toBeUndefined();
  });
});
