import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prefixAlternation } from "./prefix-alternation.js";
import { escapeRegExp } from "./word-boundary.js";

// Latin words whole (\b at both ends), others as written: what the time grammar's word lists use.
const latinWhole = (word: string) =>
  /^[a-z]/u.test(word) ? { before: "\\b", after: "\\b" } : { before: "", after: "" };

/** The flat pattern the prefix tree replaces: every word, longest first. */
function flatPattern(words: readonly string[]): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => {
      const { before, after } = latinWhole(word);
      return `${before}${escapeRegExp(word)}${after}`;
    })
    .join("|");
}

const matches = (pattern: string, text: string) =>
  [...text.matchAll(new RegExp(pattern, "gu"))].map((m) => [m.index, m[0]]);

describe("prefixAlternation", () => {
  it("matches the longest listed word at a position, Latin words whole", () => {
    const pattern = prefixAlternation(
      ["同期", "同一个月", "同一", "the same month", "the same months", "the same"],
      latinWhole,
    );
    expect(matches(pattern, "去年同一个月的呢")).toEqual([[2, "同一个月"]]);
    expect(matches(pattern, "in the same months of 2023")).toEqual([[3, "the same months"]]);
    expect(matches(pattern, "the same monthly figure")).toEqual([[0, "the same"]]);
    expect(matches(pattern, "bathe same")).toEqual([]);
  });

  it("finds what the flat longest-first alternation finds, on any word list and text", () => {
    const character = fc.constantFrom(
      "同",
      "期",
      "一",
      "个",
      "月",
      "t",
      "h",
      "e",
      " ",
      "s",
      "m",
      "(",
      "+",
      "-",
    );
    const word = fc.array(character, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 12 }),
        fc.array(character, { maxLength: 30 }),
        (words, text) => {
          const joined = text.join("");
          expect(matches(prefixAlternation(words, latinWhole), joined)).toEqual(
            matches(flatPattern(words), joined),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("refuses a list whose words sharing a first character need different boundaries before them", () => {
    expect(() =>
      prefixAlternation(["ab", "ac"], (word) => ({ before: word === "ab" ? "\\b" : "", after: "" })),
    ).toThrow(/one boundary before/);
  });
});
