import { describe, expect, it } from "vitest";
import { toSimplified } from "./chinese-script.js";
import { foldText } from "./text-folding.js";

describe("foldText", () => {
  it("folds full-width characters, case and Traditional Chinese", () => {
    expect(foldText("Ｑ１ 退貨率 １２．５％")).toBe("q1 退货率 12.5%");
    expect(foldText("換貨運費 Return Policy")).toBe("换货运费 return policy");
    expect(foldText("華東")).toBe(foldText("华东"));
  });

  it("gives text without Han characters the same result the converter would (the skipped fast path)", () => {
    // The reflector's copy always ran the converter, the knowledge base's skipped it without Han
    // characters; for such text both give the same, so the copies agreed and one remains.
    for (const text of [
      "Return rate, East, 2024-01",
      "café ½ №5 ｶﾀｶﾅ",
      "ひらがな カタカナ 한국어",
      "Ⅻ ﬁ ㎏",
    ]) {
      const normalised = text.normalize("NFKC").toLowerCase();
      expect(foldText(text)).toBe(toSimplified(normalised));
    }
  });
});
