import { describe, expect, it } from "vitest";
import { parseCount } from "./count-words.js";

describe("a count as a question writes it", () => {
  it.each([
    ["3", 3],
    ["12", 12],
    ["three", 3],
    ["twelve", 12],
    ["两", 2],
    ["十二", 12],
  ])("%s is %d", (text, value) => expect(parseCount(text)).toBe(value));
  it("is undefined for other words, including names on Object's prototype", () => {
    expect(parseCount("several")).toBeUndefined();
    expect(parseCount("constructor")).toBeUndefined();
  });
});
