import { describe, expect, it } from "vitest";
import { fillPlaceholders, isWhollyOptional, placeholdersOf } from "./placeholder-template.js";

const raw = {
  render: (value: string | string[]) => (Array.isArray(value) ? value.join(",") : value),
  where: "t",
};

describe("the one placeholder rule", () => {
  it("drops an optional part whose placeholder has no value and keeps it when it has one", () => {
    expect(fillPlaceholders("/r?[[region={region}&]]year={year}", { year: "2024" }, raw)).toBe(
      "/r?year=2024",
    );
    expect(
      fillPlaceholders("/r?[[region={region}&]]year={year}", { year: "2024", region: "East" }, raw),
    ).toBe("/r?region=East&year=2024");
  });

  it("treats an empty string or an empty list as no value", () => {
    expect(fillPlaceholders("a[[ b={b}]]", { b: "" }, raw)).toBe("a");
    expect(fillPlaceholders("a[[ b={b}]]", { b: [] }, raw)).toBe("a");
  });

  it("refuses a required placeholder without a value, naming it and where it is written", () => {
    expect(() =>
      fillPlaceholders("/r?region={region}", {}, { ...raw, where: "sources.bi.datasets.r.url" }),
    ).toThrow(/sources\.bi\.datasets\.r\.url uses \{region\}.*\[\[ … \]\]/);
  });

  it("fills in one pass: a value holding a placeholder is not expanded again", () => {
    expect(fillPlaceholders("{a}", { a: "{b}", b: "x" }, raw)).toBe("{b}");
  });

  it("names placeholders and recognises a wholly optional template", () => {
    expect(placeholdersOf("[[{a}]] {b-c}")).toEqual(["a", "b-c"]);
    expect(isWhollyOptional(" [[{a}]] ")).toBe(true);
    expect(isWhollyOptional("x[[{a}]]")).toBe(false);
  });

  it("writes {{ and }} as literal braces, never as placeholders, in one pass with the values", () => {
    expect(
      fillPlaceholders(
        "'CF.{{Effective date}}' >= '{from}'[[ AND 'CF.{{Part}}' = '{part}']]",
        { from: "2024-01-01" },
        raw,
      ),
    ).toBe("'CF.{Effective date}' >= '2024-01-01'");
    expect(fillPlaceholders("'CF.{{Part}}' = '{part}'", { part: "Steering knuckle" }, raw)).toBe(
      "'CF.{Part}' = 'Steering knuckle'",
    );
    expect(fillPlaceholders("{{{a}}}", { a: "x" }, raw)).toBe("{x}");
    expect(fillPlaceholders("{{a}}", {}, raw)).toBe("{a}");
    expect(fillPlaceholders("{a}", { a: "{{b}}" }, raw)).toBe("{{b}}");
    expect(placeholdersOf("'CF.{{region}}' = {region} {{x}}")).toEqual(["region"]);
  });

  it("names the escape when a brace meant literally reads as a placeholder", () => {
    expect(() => fillPlaceholders("'CF.{Region}' = 'x'", {}, raw)).toThrow(
      /literal brace is written \{\{ or \}\}, e\.g\. 'CF\.\{\{Region\}\}'/,
    );
  });
});
