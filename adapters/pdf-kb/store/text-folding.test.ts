import { describe, expect, it } from "vitest";
import { characterBigrams, foldText, searchableText, tokenize } from "./text-folding.js";

describe("text folding", () => {
  it("folds Traditional to Simplified, full width to ASCII and case", () => {
    expect(foldText("換貨政策")).toBe("换货政策");
    expect(foldText("ＡＢＣ Refund")).toBe("abc refund");
  });

  it("splits CJK runs into overlapping bigrams and keeps words", () => {
    expect(characterBigrams("换货政策")).toEqual(["换货", "货政", "政策"]);
    expect(characterBigrams("退")).toEqual(["退"]);
    expect(tokenize("custom 刻字商品, 7 days")).toEqual([
      { text: "custom", cjk: false },
      { text: "刻字商品", cjk: true },
      { text: "7", cjk: false },
      { text: "days", cjk: false },
    ]);
    expect(searchableText("客製化刻字 Custom-engraved")).toBe("客制 制化 化刻 刻字 custom engraved");
  });
});
