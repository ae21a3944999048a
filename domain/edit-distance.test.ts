import fc from "fast-check";
import { distance } from "fastest-levenshtein";
import { describe, expect, it } from "vitest";
import { soundsAlike, soundsAlikeFuzzy } from "./chinese-homophones.js";
import { typingDistance } from "./edit-distance.js";

describe("typingDistance", () => {
  it("counts a transposition as one edit", () => {
    expect(typingDistance("retrun", "return")).toBe(1);
    expect(typingDistance("chrun", "churn")).toBe(1);
    expect(typingDistance("retun", "return")).toBe(1);
    expect(typingDistance("churn", "return")).toBeGreaterThan(2);
  });
  it("never exceeds Levenshtein and is symmetric", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const value = typingDistance(a, b);
        expect(value).toBeLessThanOrEqual(distance(a, b));
        expect(value).toBe(typingDistance(b, a));
      }),
    );
  });
});

describe("soundsAlike", () => {
  it("matches input-method homophones, tones ignored, polyphones by any reading", () => {
    expect(soundsAlike("获", "货")).toBe(true);
    expect(soundsAlike("绿", "率")).toBe(true);
    expect(soundsAlike("律", "率")).toBe(true);
    expect(soundsAlike("东", "北")).toBe(false);
  });
});

describe("soundsAlikeFuzzy", () => {
  it("folds s/sh, z/zh, c/ch and -n/-ng as fuzzy pinyin does, and nothing else", () => {
    expect(soundsAlike("述", "诉")).toBe(false);
    expect(soundsAlikeFuzzy("述", "诉")).toBe(true);
    expect(soundsAlikeFuzzy("增", "针")).toBe(true);
    expect(soundsAlikeFuzzy("民", "明")).toBe(true);
    expect(soundsAlikeFuzzy("东", "北")).toBe(false);
    expect(soundsAlikeFuzzy("去", "区")).toBe(true);
  });
});
