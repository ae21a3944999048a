import { describe, expect, it } from "vitest";
import { keyTerms, termGroups, termOccurs } from "./key-terms.js";

// Issue 29 item 9 (round-10 airline g31/g32, seen): a bigram across two words the segmenter knows
// (申请|索赔 → 请索) named nothing and kept a row stating the ask from being accepted.
describe("key terms of a Chinese question", () => {
  it("leaves out bigrams across two words the segmenter knows", () => {
    const terms = keyTerms("几天内可以申请索赔？");
    expect(terms).toEqual(expect.arrayContaining(["申请", "索赔"]));
    expect(terms).not.toContain("请索");
    const lost = keyTerms("行李遺失的話最多賠多少錢？");
    expect(lost).toEqual(expect.arrayContaining(["行李", "遗失"]));
    for (const across of ["李遗", "失的", "话最", "的话", "最多"]) expect(lost).not.toContain(across);
  });

  it("keeps the bigrams of characters the segmenter left alone (a word it does not know)", () => {
    // 换货运费 is segmented 换|货运|费: 换货 and 运费 are found only as bigrams.
    expect(keyTerms("换货运费谁出")).toEqual(expect.arrayContaining(["换货", "货运", "运费"]));
    // 电池|保|修|期: 保修 is no word of the segmenter's; 池保 joins nothing.
    const warranty = keyTerms("电池保修期多久");
    expect(warranty).toContain("保修");
    expect(warranty).not.toContain("池保");
    // 免费|升|舱: 升舱 is the lone characters' word, 费升 none (a free rebooking is no upgrade).
    const upgrade = keyTerms("可以免费升舱吗");
    expect(upgrade).toEqual(expect.arrayContaining(["免费", "升舱"]));
    expect(upgrade).not.toContain("费升");
  });

  it("groups terms that share a character into one stretch of the question", () => {
    expect(termGroups(["每天", "天赔"])).toEqual([["每天", "天赔"]]);
    expect(termGroups(["申请", "索赔"])).toEqual([["申请"], ["索赔"]]);
    expect(termGroups(["送到", "到家", "运费"])).toEqual([["送到", "到家"], ["运费"]]);
    expect(termGroups(["first", "response"])).toEqual([["first"], ["response"]]);
  });

  it("matches an English term where a word starts, never inside another word (clearbrook g14)", () => {
    expect(termOccurs("planned", "if an unplanned interruption lasts")).toBe(false);
    expect(termOccurs("planned", "notice before a planned interruption")).toBe(true);
    expect(termOccurs("replacements", "a replacement is sent")).toBe(true);
    expect(termOccurs("索赔", "索赔期限: 21天内")).toBe(true);
  });
});
