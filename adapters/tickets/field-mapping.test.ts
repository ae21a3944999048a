import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StepError } from "../../models/step-error.js";
import { compileFields, mapRecord, toDate, toDateTime } from "./field-mapping.js";
import { compilePath, generalPath } from "./json-path.js";

describe("compilePath", () => {
  it("agrees with jsonpath-plus on plain member paths, including missing members and nulls", () => {
    const key = fc.constantFrom("a", "b", "fields", "0", "1", "value");
    // Strings are leaves here: jsonpath-plus indexes into a string's characters, which no mapping wants.
    const { node: json } = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.constant(null),
        fc.integer(),
        fc.boolean(),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(key, tie("node"), { maxKeys: 3 }),
      ),
    }));
    fc.assert(
      fc.property(json, fc.array(key, { minLength: 1, maxLength: 4 }), (value, segments) => {
        const path = `$.${segments.join(".")}`;
        expect(compilePath(path)(value)).toEqual(generalPath(path)(value));
      }),
      { numRuns: 400 },
    );
  });

  it("falls back to jsonpath-plus for wildcards and filters", () => {
    const issue = { fields: { components: [{ name: "Orders" }, { name: "Reporting" }] } };
    expect(compilePath("$.fields.components[*].name")(issue)).toEqual(["Orders", "Reporting"]);
    expect(compilePath("$.fields.components[?(@.name=='Orders')].name")(issue)).toEqual(["Orders"]);
  });
});

describe("dates", () => {
  it("keeps the calendar day as written, whatever the offset", () => {
    expect(toDate("2024-01-15T23:30:00.000-0500")).toBe("2024-01-15");
    expect(toDate("2024-01-15T00:10:00.000+0800")).toBe("2024-01-15");
    expect(toDate("2024-01-15")).toBe("2024-01-15");
    expect(toDate("15 Jan 2024")).toBe("2024-01-15");
    expect(toDate("not a date")).toBeUndefined();
  });

  it("turns date-times with -0500, +01:00 and Z into UTC instants", () => {
    expect(toDateTime("2024-01-15T23:30:00.000-0500")).toBe("2024-01-16T04:30:00.000Z");
    expect(toDateTime("2023-11-02T10:02:34.255+0100")).toBe("2023-11-02T09:02:34.255Z");
    expect(toDateTime("2023-11-02T10:02:34+01:00")).toBe("2023-11-02T09:02:34.000Z");
    expect(toDateTime("2024-01-10T08:00:00Z")).toBe("2024-01-10T08:00:00.000Z");
    expect(toDateTime(0)).toBe("1970-01-01T00:00:00.000Z");
  });
});

describe("mapRecord", () => {
  const fields = compileFields({
    key: "$.key",
    region: "$.fields.region.value",
    points: { path: "$.fields.points", type: "number" },
    priority: {
      path: "$.fields.priority.name",
      type: "enum",
      map: { Highest: "P1", High: "P2" },
      default: "P3",
    },
    modules: "$.fields.components[*].name",
    sprint: { path: "$.fields.sprint", optional: true },
    team: { path: "$.fields.team", default: "unassigned" },
  });

  it("maps each column by its path and type", () => {
    const row = mapRecord(
      {
        key: "A-1",
        fields: {
          region: { value: "East" },
          points: "1,250",
          priority: { name: "Highest" },
          components: [{ name: "Orders" }, { name: "Loyalty" }],
        },
      },
      fields,
      "A-1",
    );
    expect(row).toEqual({
      key: "A-1",
      region: "East",
      points: 1250,
      priority: "P1",
      modules: "Orders, Loyalty",
      sprint: null,
      team: "unassigned",
    });
  });

  it("uses the enum default for an unlisted value", () => {
    const row = mapRecord(
      {
        key: "A-2",
        fields: { region: { value: "North" }, points: 3, priority: { name: "Low" }, components: [] },
      },
      fields,
      "A-2",
    );
    expect(row.priority).toBe("P3");
    // A wildcard over an empty list is an empty value, not a miss: the list is there.
    expect(row.modules).toBeNull();
  });

  it("throws a format_error naming the path and the record when a required path matches nothing", () => {
    try {
      mapRecord({ key: "A-3", fields: { points: 1 } }, fields, "A-3");
      expect.unreachable();
    } catch (error) {
      expect(StepError.isStepError(error) && error.kind).toBe("format_error");
      expect((error as StepError).message).toContain("$.fields.region.value");
      expect((error as StepError).message).toContain("A-3");
      expect((error as StepError).details.locator).toBe("$.fields.region.value");
    }
  });

  it("collects misses instead of throwing in lenient mode", () => {
    const misses: { field: string; path: string; record: string }[] = [];
    mapRecord({ key: "A-4", fields: { points: 1, priority: { name: "High" } } }, fields, "A-4", misses);
    expect(misses.map((miss) => miss.field)).toEqual(["region", "modules"]);
  });

  it("refuses a value that does not fit the type", () => {
    expect(() =>
      mapRecord(
        { key: "A-5", fields: { region: { value: "East" }, points: "many", components: [] } },
        fields,
        "A-5",
      ),
    ).toThrow(/not a number/);
  });
});
