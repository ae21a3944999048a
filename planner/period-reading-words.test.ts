import { describe, expect, it } from "vitest";
import { asWritten } from "./period-reading.js";

// The planner reads time from the question's folded form (Simplified, lower case); the plan records,
// and the answer quotes, the user's own words (a held-out zh-Hant question got 「上个月」 in a Traditional answer).
describe("the period's words as the question wrote them", () => {
  it.each([
    ["上個月廈門的旅客賠付金額是多少？", "上个月", "上個月"],
    ["上个月厦门的旅客赔付金额是多少？", "上个月", "上个月"],
    ["What was revenue Last Quarter in Xiamen?", "last quarter", "Last Quarter"],
    ["去年第三季度的投訴", "去年第三季度", "去年第三季度"],
  ])("%s: %s → %s", (question, written, expected) => {
    expect(asWritten(question, written)).toBe(expected);
  });

  it("keeps the planner's words when the question does not hold them", () => {
    expect(asWritten("上月的投訴", "上个月")).toBe("上个月");
  });
});
