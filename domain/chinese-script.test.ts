import * as TraditionalToSimplified from "opencc-js/t2cn";
import { describe, expect, it } from "vitest";
import { countScriptCharacters, toSimplified } from "./chinese-script.js";

/** Every source phrase of the dictionaries the Traditional→Simplified converter is built from. */
function dictionarySources(): string[] {
  const locale = (
    TraditionalToSimplified as unknown as { Locale: { from: { tw: unknown[] }; to: { cn: unknown[] } } }
  ).Locale;
  const sources: string[] = [];
  for (const dictionary of [...locale.from.tw.flat(3), ...locale.to.cn.flat(3)]) {
    if (typeof dictionary !== "string") continue;
    for (const entry of dictionary.split("|")) {
      const [source] = entry.split(" ");
      if (source) sources.push(source);
    }
  }
  return sources;
}

describe("toSimplified", () => {
  it("converts Traditional text", () => {
    expect(toSimplified("換貨運費誰出")).toBe("换货运费谁出");
    expect(toSimplified("return rate of 華東")).toBe("return rate of 华东");
  });

  // toSimplified returns text without a Han character unchanged, without building the converter:
  // right only while no dictionary phrase holds anything but Han characters.
  it("has no dictionary phrase with a character outside the Han script", () => {
    const sources = dictionarySources();
    expect(sources.length).toBeGreaterThan(1000);
    const foreign = sources.filter((source) =>
      [...source].some((character) => !/\p{Script=Han}/u.test(character)),
    );
    expect(foreign).toEqual([]);
  });

  it("leaves text without Han characters as it is", () => {
    const text = "Return rate of product A in East China, Ｑ1 2024 — 「quoted」 ½ ①";
    expect(toSimplified(text)).toBe(text);
  });
});

describe("countScriptCharacters", () => {
  it("counts nothing in text without Han characters", () => {
    expect(countScriptCharacters("What was the return rate?")).toEqual({ traditional: 0, simplified: 0 });
  });

  it("counts Traditional-only and Simplified-only characters", () => {
    expect(countScriptCharacters("換貨")).toEqual({ traditional: 2, simplified: 0 });
    expect(countScriptCharacters("换货")).toEqual({ traditional: 0, simplified: 2 });
  });
});
