import { describe, expect, it } from "vitest";
import { rangeFit, situationQuantities, statedRanges } from "./stated-range.js";

describe("ranges a condition states and the quantity a question states", () => {
  it("reads closed and one-sided ranges in English and Chinese", () => {
    expect(statedRanges("Time before showtime: 2 to 24 hours; Rebooking fee: CNY 5 per ticket")).toEqual([
      { measure: "duration", low: 2, lowInclusive: true, high: 24, highInclusive: true },
    ]);
    expect(statedRanges("Time before showtime: More than 24 hours; Rebooking fee: No fee")).toEqual([
      { measure: "duration", low: 24, lowInclusive: false, highInclusive: false },
    ]);
    expect(statedRanges("身高1.2米以下的儿童由同行成人抱坐观影时免票")).toEqual([
      { measure: "length", high: 1.2, highInclusive: true, lowInclusive: false },
    ]);
    expect(statedRanges("延误超过8小时：现金补偿400元")).toEqual([
      { measure: "duration", low: 8, lowInclusive: false, highInclusive: false },
    ]);
    expect(statedRanges("距开场2至24小时可改签当天场次")[0]).toMatchObject({ low: 2, high: 24 });
    expect(statedRanges("48小时内免费退票")[0]).toMatchObject({ high: 48, highInclusive: true });
    // A quantity without a bound is a statement, no range: 保修2年, "5 days in advance".
    expect(statedRanges("A private screening must be booked 5 days in advance.")).toEqual([]);
  });

  it("takes the question's own quantities, not the ranges it states", () => {
    expect(
      situationQuantities("If I rebook a ticket five hours before the showtime, what fee do I pay?"),
    ).toMatchObject([{ measure: "duration", value: 5 }]);
    expect(situationQuantities("身高1.1米的儿童需要买票吗？")).toMatchObject([
      { measure: "length", value: 1.1 },
    ]);
    expect(situationQuantities("航班延误了3个小时，有补偿吗？")).toMatchObject([
      { measure: "duration", value: 3 },
    ]);
    expect(situationQuantities("Is there compensation for delays of more than 5 hours?")).toEqual([]);
    // "5 months" is no quantity in metres.
    expect(situationQuantities("the last 5 months")).toEqual([]);
  });

  it("says whether a condition holds the situation", () => {
    const question = "If I rebook a ticket five hours before the showtime, is that allowed?";
    expect(rangeFit(question, "Time before showtime: More than 24 hours; Rebooking allowed: Yes")).toBe(
      "outside",
    );
    expect(
      rangeFit(question, "Time before showtime: 2 to 24 hours; Rebooking allowed: Yes, same day only"),
    ).toBe("inside");
    expect(rangeFit(question, "Time before showtime: Less than 2 hours; Rebooking allowed: No")).toBe(
      "outside",
    );
    expect(rangeFit(question, "A ticket may be rebooked once only.")).toBe("unknown");
    // Units convert within a measure: two days are 48 hours.
    expect(rangeFit("a delay of 30 hours", "delays of more than 1 day")).toBe("inside");
    expect(rangeFit("身高1.1米的儿童", "身高1.2米以下的儿童免票")).toBe("inside");
    expect(rangeFit("身高1.3米的儿童", "身高1.2米以下的儿童免票")).toBe("outside");
    // Another measure is no evidence either way.
    expect(rangeFit("身高1.1米的儿童", "未满3周岁的儿童免票")).toBe("unknown");
  });
});
