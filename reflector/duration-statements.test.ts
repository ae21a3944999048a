import { describe, expect, it } from "vitest";
import { foldText } from "../domain/text-folding.js";
import { sentenceAnswers } from "./answer-kind.js";

// Round-11 blind g31 (seen): "A new meter … is covered for 5 years from installation" did not count
// as stating how long, because years were no unit of a duration; in Chinese neither was 年.
describe("a sentence that states a duration in years", () => {
  it.each([
    "A new meter fitted by the utility is covered for 5 years from installation.",
    "The warranty lasts two years from delivery.",
    "扫地机器人主机保修2年，自签收之日起计算。",
    "主機保固兩年，自簽收之日起計算。",
  ])("answers how long: %s", (sentence) => {
    expect(sentenceAnswers("how_long", foldText(sentence))).toBe(true);
  });

  it.each([
    "The tariff was revised in 2024.",
    "本规定自2024年1月起施行。",
    "本規定自二〇二四年起施行。",
    "去年的赔偿标准已经废止。",
  ])("does not read a year's name as a duration: %s", (sentence) => {
    expect(sentenceAnswers("how_long", foldText(sentence))).toBe(false);
  });
});
