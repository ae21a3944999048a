import { describe, expect, it } from "vitest";
import { jsonNestingPastLimit } from "./input-limits.js";

describe("jsonNestingPastLimit", () => {
  it("finds the first bracket past the limit, ignoring brackets inside strings", () => {
    expect(jsonNestingPastLimit('{"a":[{"b":1}]}', 3)).toBeUndefined();
    expect(jsonNestingPastLimit('{"a":[{"b":[1]}]}', 3)).toBe(11);
    expect(jsonNestingPastLimit('{"text":"[[[[{{{{\\"[[[["}', 2)).toBeUndefined();
    expect(jsonNestingPastLimit(`${"[".repeat(100_000)}${"]".repeat(100_000)}`)).toBe(512);
  });
});
