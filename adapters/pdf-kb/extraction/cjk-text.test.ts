import { describe, expect, it } from "vitest";
import { isCjkCharacter, joinWithSpace, normalizeSpacing } from "./cjk-text.js";

describe("CJK-aware spacing", () => {
  it("removes spaces a writer put between CJK characters and keeps Latin word spaces", () => {
    expect(normalizeSpacing("退 貨 政 策  for  Lumen Home")).toBe("退貨政策 for Lumen Home");
    expect(normalizeSpacing("本店 將於 7 個工作天內退款")).toBe("本店將於 7 個工作天內退款");
  });
  it("joins lines without a space at a CJK seam and with one between Latin words", () => {
    expect(joinWithSpace("运费由本店", "负担。")).toBe("运费由本店负担。");
    expect(joinWithSpace("store's", "cost")).toBe("store's cost");
    expect(joinWithSpace("退款", "Refund")).toBe("退款Refund");
  });
  it("knows Simplified, Traditional, punctuation and full-width forms", () => {
    for (const character of ["退", "貨", "货", "。", "，", "（", "ア"])
      expect(isCjkCharacter(character)).toBe(true);
    for (const character of ["a", "7", " ", "é"]) expect(isCjkCharacter(character)).toBe(false);
  });
});
