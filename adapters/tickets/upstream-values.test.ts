import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../config/config-error.js";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { StepError } from "../../models/step-error.js";
import { Catalog } from "../../models/workspace.js";
import { UpstreamValues } from "./upstream-values.js";

const catalog = Catalog.parse({
  dimensions: {
    site: { values: { KHH: ["Kaohsiung", "高雄"], TPE: ["Taipei", "台北"] } },
    part: { values: { "Steering knuckle": ["转向节"] } },
  },
});

describe("what a ticket system stores for a catalog value", () => {
  const values = new UpstreamValues(
    { site: { KHH: "高雄", TPE: ["台北", "臺北"] }, part: { "Steering knuckle": "SK-01" } },
    catalog,
    "rt",
  );

  it("sends the stored value for a canonical value or any of its synonyms, and others as they are", () => {
    expect(values.toUpstream("site", "KHH")).toBe("高雄");
    expect(values.toUpstream("site", "Kaohsiung")).toBe("高雄");
    expect(values.toUpstream("site", ["KHH", "TPE"])).toEqual(["高雄", "台北", "臺北"]);
    expect(values.toUpstream("site", "TPE")).toEqual(["台北", "臺北"]);
    expect(values.toUpstream("part", "转向节")).toBe("SK-01");
    expect(values.toUpstream("site", "Somewhere")).toBe("Somewhere");
    expect(values.toUpstream("region", "East")).toBe("East");
  });

  it("maps a stored value read back to its canonical value (folded: case, script, spaces)", () => {
    expect(values.toCanonical("site", "高雄")).toBe("KHH");
    expect(values.toCanonical("site", "臺北")).toBe("TPE");
    expect(values.toCanonical("part", " sk-01 ")).toBe("Steering knuckle");
    expect(values.toCanonical("site", "台中")).toBeUndefined();
    expect(values.maps("site")).toBe(true);
    expect(values.maps("region")).toBe(false);
  });

  it("refuses a dimension or a value the catalog does not have, naming the YAML key and what there is", () => {
    const refused = (mapping: Record<string, Record<string, string>>) => {
      try {
        new UpstreamValues(mapping, catalog, "rt");
      } catch (error) {
        return error as StepError;
      }
      throw new Error("accepted");
    };
    const dimension = refused({ plant: { KHH: "高雄" } });
    expect(dimension.kind).toBe("config_error");
    expect(dimension.message).toBe(
      "sources.rt.values.plant: the catalog has no dimension plant; it has site, part",
    );
    const value = refused({ site: { Kaohsiung: "高雄" } });
    expect(value.kind).toBe("config_error");
    expect(value.message).toContain(
      'sources.rt.values.site.Kaohsiung: "Kaohsiung" is not a value of the catalog\'s site (KHH, TPE)',
    );
  });

  it("is checked when the workspace loads: each wrong key at its line, with the nearest name", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "triangulate-values-"));
    try {
      writeFileSync(
        path.join(folder, "triangulate.yaml"),
        [
          "catalog:",
          "  dimensions:",
          "    site: { values: { KHH: [高雄], TPE: [台北] } }",
          "sources:",
          "  rt:",
          "    kind: tickets",
          "    base_url: http://127.0.0.1:9",
          "    values:",
          "      site: { KHH: 高雄, KHG: 高雄 }",
          "      sites: { TPE: 台北 }",
          "    searches:",
          "      all: { endpoint: /tickets, records: $.items, fields: { site: $.site } }",
          "",
        ].join("\n"),
      );
      let caught: unknown;
      try {
        loadWorkspace(folder, { environment: {} });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      const message = (caught as ConfigError).message;
      expect(message).toMatch(
        /triangulate\.yaml:9:\d+ sources\.rt\.values\.site\.KHG: `KHG` is not a value of catalog\.dimensions\.site \(KHH, TPE\)/,
      );
      expect(message).toMatch(
        /triangulate\.yaml:10:\d+ sources\.rt\.values\.sites: dimension `sites` is not in catalog\.dimensions/,
      );
      expect(message).toContain("site");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
