import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJql } from "../../demo/ticket-server/jql.js";
import { StepError } from "../../models/step-error.js";
import { encodePathSegment, fillTemplate, quoteJql } from "./query-template.js";

describe("JQL templates", () => {
  it("quotes every value, escaping quotes and backslashes", () => {
    expect(quoteJql('East" OR project = HR OR "x')).toBe('"East\\" OR project = HR OR \\"x"');
    expect(quoteJql("a\\b")).toBe('"a\\\\b"');
    expect(quoteJql("AND")).toBe('"AND"');
    expect(quoteJql("line\nbreak")).toBe('"line break"');
  });

  it("cannot be broken out of: the parsed query keeps its shape and the value verbatim", () => {
    const hostile = [
      'East" OR project = HR OR "x',
      'x\\" OR 1=1 OR \\"',
      "EMPTY",
      ") OR (project = HR",
      "East' OR 'a'='a",
    ];
    for (const value of hostile) {
      const jql = fillTemplate(
        "project = LOG AND cf[10012] = {region} ORDER BY created",
        { region: value },
        "jql",
        "t",
      );
      const parsed = parseJql(jql);
      expect(parsed.where).toEqual({
        type: "and",
        left: { type: "clause", field: "project", operator: "=", value: "LOG" },
        right: { type: "clause", field: "cf[10012]", operator: "=", value },
      });
    }
  });

  it("keeps any string one value (property check against the demo server's JQL parser)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 60 }), (value) => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the quoting turns control characters into spaces
        const expected = value.replace(/[\u0000-\u001f\u007f]/g, " ");
        const parsed = parseJql(
          fillTemplate("project = LOG AND summary ~ {text}", { text: value }, "jql", "t"),
        );
        expect(parsed.where).toEqual({
          type: "and",
          left: { type: "clause", field: "project", operator: "=", value: "LOG" },
          right: { type: "clause", field: "summary", operator: "~", value: expected },
        });
      }),
      { numRuns: 500 },
    );
  });

  it("renders lists for `in (…)` and drops optional segments without a value", () => {
    const template = "project = LOG [[AND cf[10012] in ({region})]] AND created >= {from}";
    expect(fillTemplate(template, { region: ["East", "North"], from: "2024-01-01" }, "jql", "t")).toBe(
      'project = LOG AND cf[10012] in ("East", "North") AND created >= "2024-01-01"',
    );
    expect(fillTemplate(template, { from: "2024-01-01" }, "jql", "t")).toBe(
      'project = LOG AND created >= "2024-01-01"',
    );
  });

  it("does not expand placeholders that arrive inside values", () => {
    expect(fillTemplate("a = {x} AND b = {y}", { x: "{y}", y: "1" }, "jql", "t")).toBe(
      'a = "{y}" AND b = "1"',
    );
  });

  it("names a required placeholder the plan did not fill", () => {
    try {
      fillTemplate("project = {project}", {}, "jql", "sources.t.searches.s.jql");
      expect.unreachable();
    } catch (error) {
      expect((error as StepError).kind).toBe("config_error");
      expect((error as StepError).message).toContain("{project}");
    }
  });

  it("encodes path segments and refuses dot segments", () => {
    expect(encodePathSegment("../../admin")).toBe("..%2F..%2Fadmin");
    expect(encodePathSegment("a&jql=x")).toBe("a%26jql%3Dx");
    expect(() => encodePathSegment("..")).toThrow(StepError);
  });
});

describe("optional parts in query parameters (the same rule as BI URLs)", () => {
  it("drops an optional part of a parameter and refuses a required placeholder without a value", () => {
    expect(
      fillTemplate("><{from}|{to}[[|{extra}]]", { from: "2024-01-01", to: "2024-01-31" }, "text", "p"),
    ).toBe("><2024-01-01|2024-01-31");
    expect(() => fillTemplate("{region}", {}, "text", "sources.t.searches.s.params.cf_7")).toThrow(
      /params\.cf_7 uses \{region\}.*\[\[ … \]\]/,
    );
    // An empty string is no value, as in BI URLs (before: it was sent as an empty filter).
    expect(() => fillTemplate("{region}", { region: "" }, "text", "p")).toThrow(/no value/);
  });
});
