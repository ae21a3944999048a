import { describe, expect, it } from "vitest";
import { type ChangeEvent, correctedDates, pairAddedAndRemoved } from "./changelog-events.js";

const event = (
  field: string,
  from: string | null,
  to: string | null,
  at: string,
  author = "root",
): ChangeEvent => ({
  key: "7",
  field,
  from,
  to,
  at,
  author,
});
const shown = (events: ChangeEvent[]) =>
  events.map((each) => `${each.field}: ${each.from} → ${each.to} at ${each.at}`);

describe("an added and a removed value of one field at one time", () => {
  it("become one change from the removed to the added value, at the earlier time", () => {
    expect(
      shown(
        pairAddedAndRemoved([
          event("Parts", null, "Steering knuckle", "2024-03-01T10:00:01.000Z"),
          event("Parts", "Brake pad", null, "2024-03-01T10:00:00.000Z"),
          event("Status", "new", "open", "2024-03-01T10:00:00.000Z"),
        ]),
      ),
    ).toEqual([
      "Parts: Brake pad → Steering knuckle at 2024-03-01T10:00:00.000Z",
      "Status: new → open at 2024-03-01T10:00:00.000Z",
    ]);
  });

  it("join several values on each side", () => {
    expect(
      shown(
        pairAddedAndRemoved([
          event("Parts", null, "A", "2024-03-01T10:00:00.000Z"),
          event("Parts", null, "B", "2024-03-01T10:00:00.000Z"),
          event("Parts", "C", null, "2024-03-01T10:00:00.000Z"),
        ]),
      ),
    ).toEqual(["Parts: C → A, B at 2024-03-01T10:00:00.000Z"]);
  });

  it("stay apart when only added, more than a second apart, by someone else, or of another field", () => {
    const apart = [
      event("Parts", null, "A", "2024-03-01T10:00:00.000Z"),
      event("Parts", "B", null, "2024-03-01T10:00:02.000Z"),
      event("Parts", "C", null, "2024-03-01T10:00:00.000Z", "alice"),
      event("Site", "D", null, "2024-03-01T10:00:00.000Z"),
      event("Parts", null, "E", "2024-05-01T10:00:00.000Z"),
    ];
    expect(pairAddedAndRemoved(apart)).toEqual(apart);
  });
});

describe("corrected dates", () => {
  it("are noted for every change whose old and new values are dates", () => {
    expect(
      correctedDates(
        [
          event("Effective date", "2024-01-15", "2024-01-17", "2024-01-20T01:30:00.000Z"),
          event("Status", "new", "open", "2024-01-20T01:30:00.000Z"),
          event("Effective date", null, "2024-02-01", "2024-01-21T01:30:00.000Z"),
        ],
        "history",
      ),
    ).toEqual([
      "7: Effective date corrected from 2024-01-15 to 2024-01-17 (change of 2024-01-20T01:30:00.000Z, search history)",
    ]);
  });
});
