import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jsonPathProblem } from "./json-path-syntax.js";
import { inspectWorkspace } from "./load-workspace.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-json-path-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("JSONPath syntax", () => {
  it("accepts the paths mappings use", () => {
    for (const good of [
      "$.issues",
      "$.fields.status.name",
      "$.fields.components[*].name",
      "$..id",
      "$.fields[?(@.a == 1)].b",
      "$['a b'].c",
    ])
      expect(jsonPathProblem(good), good).toBeUndefined();
  });

  it("names what is wrong", () => {
    expect(jsonPathProblem("?.fields.status")).toMatch(/starts with "\$"/);
    expect(jsonPathProblem("$.fields[?(@.a ==)].b")).toMatch(/in the filter "@.a ==":/);
    expect(jsonPathProblem("$.fields[0")).toMatch(/unclosed "\["/);
    expect(jsonPathProblem("$.fields['a]")).toMatch(/unclosed ' quote/);
  });

  it("is a config check error at the mapping's line and column", () => {
    fs.writeFileSync(
      path.join(root, "triangulate.yaml"),
      [
        "sources:",
        "  tickets:",
        "    kind: tickets",
        "    base_url: http://127.0.0.1:9/",
        "    searches:",
        "      issues:",
        "        endpoint: /issues.json",
        "        records: $.issues",
        "        fields:",
        "          key: $.id",
        "          status: ?.status.name",
        "",
      ].join("\n"),
    );
    const { issues } = inspectWorkspace(root, { environment: {} });
    expect(issues).toEqual([
      expect.objectContaining({
        line: 11,
        path: "sources.tickets.searches.issues.fields.status",
        message: expect.stringMatching(/malformed JSONPath "\?\.status\.name": a JSONPath starts with "\$"/),
      }),
    ]);
  });
});
