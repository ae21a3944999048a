import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsWholeWord, wholeWordPattern } from "./word-boundary.js";

describe("whole-word matching in every script", () => {
  it("matches Chinese, Japanese and full-width names where \\b never would", () => {
    expect(containsWholeWord("下一頁 »", "下一頁")).toBe(true);
    expect(containsWholeWord("下一頁", "下一頁")).toBe(true);
    expect(/^\s*下一頁\b/.test("下一頁")).toBe(false);
    expect(containsWholeWord("次へ", "次へ")).toBe(true);
    expect(containsWholeWord("データ更新", "データ")).toBe(true);
    expect(containsWholeWord("ＮＥＸＴ page", "ＮＥＸＴ")).toBe(true);
    expect(containsWholeWord("ＮＥＸＴＰ", "ＮＥＸＴ")).toBe(false);
  });

  it("keeps spaced-script names from matching inside longer words", () => {
    expect(containsWholeWord("Next page", "Next")).toBe(true);
    expect(containsWholeWord("Nextpage", "Next")).toBe(false);
    expect(containsWholeWord("Über", "Üb")).toBe(false);
    expect(containsWholeWord("Q1 下一页", "Q1")).toBe(true);
    expect(containsWholeWord("下一页Q1", "Q1")).toBe(true);
    expect(containsWholeWord("(Next)", "Next")).toBe(true);
  });

  it("treats pattern characters in a name literally", () => {
    expect(containsWholeWord("Sales (a+b)", "(a+b)")).toBe(true);
    expect(containsWholeWord("aab", "a+b")).toBe(false);
  });

  it("reads names with a hyphen or a slash (Wi-Fi, On-time rate, A/B) as the u flag allows", () => {
    // A hyphen escaped with a backslash is a syntax error under the `u` flag: a dashboard column
    // "On-time rate" or a catalog value "Wi-Fi" threw instead of matching.
    expect(containsWholeWord("Wi-Fi outages in May", "Wi-Fi")).toBe(true);
    expect(containsWholeWord("On-time rate 93%", "on-time rate")).toBe(true);
    expect(containsWholeWord("A/B test", "A/B")).toBe(true);
    expect(containsWholeWord("Wi-Fiber", "Wi-Fi")).toBe(false);
  });

  it("finds every name standing alone or between spaces, in any script", () => {
    const piece = fc.constantFrom("下一頁", "次へ", "Next", "ＮＥＸＴ", "下页", "Seite", "다음", "１２", "x");
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(" ", "  ", " · "),
        (parts, gap) => {
          const name = parts.join("");
          expect(new RegExp(wholeWordPattern(name), "u").test(`${gap}${name}${gap}`)).toBe(true);
          expect(new RegExp(`^${wholeWordPattern(name)}$`, "u").test(name)).toBe(true);
        },
      ),
    );
  });
});
