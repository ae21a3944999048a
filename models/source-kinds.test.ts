import { describe, expect, it } from "vitest";
import { SourceConfig, sectionNames, sourceKindNamed, sourceKindOf, sourceKinds } from "./workspace.js";

const tickets = (extra: Record<string, unknown>) =>
  SourceConfig.parse({
    kind: "tickets",
    // A changelog needs a preset that knows one (or a revisions mapping) since the revision-history change.
    preset: "jira-v2",
    base_url: "http://127.0.0.1:1/",
    searches: {
      changes: { endpoint: "/search", records: "$.issues", fields: { key: "$.key" }, changelog: true },
      open: { endpoint: "/search", records: "$.issues", fields: { key: "$.key", created: "$.created" } },
    },
    ...extra,
  });

describe("sourceKinds", () => {
  it("has one descriptor for every kind of the SourceConfig union, and no other", () => {
    const unionKinds = SourceConfig.options.map((option) => option.shape.kind.value).sort();
    expect(Object.keys(sourceKinds).sort()).toEqual(unionKinds);
  });

  it("finds a kind by name without reaching the object prototype", () => {
    expect(sourceKindNamed("pdf_kb")?.periodFiltered).toBe(false);
    expect(sourceKindNamed("file")?.live).toBe(false);
    for (const name of ["constructor", "__proto__", "toString", "sql"])
      expect(sourceKindNamed(name)).toBeUndefined();
  });

  it("lists a ticket system's searches as record sections, a changelog with its change fields", () => {
    const source = tickets({});
    expect(sectionNames(source)).toEqual(["changes", "open"]);
    const [changes, open] = sourceKindOf(source).sections(source);
    expect(changes.path).toEqual(["searches", "changes"]);
    expect(changes.columns).toEqual(["key", "key", "field", "from", "to", "at", "author"]);
    expect(open.columns).toEqual(["key", "created"]);
    expect(open.expectedFormat).toBe("records");
  });

  it("names the fallback endpoint only where one is configured", () => {
    expect(sourceKindOf(tickets({})).fallbackEndpoint(tickets({}))).toBeUndefined();
    const withFallback = tickets({ fallback_base_url: "http://127.0.0.1:2/" });
    expect(sourceKindOf(withFallback).fallbackEndpoint(withFallback)).toBe("http://127.0.0.1:2/");
  });

  it("gives a knowledge base a text search over its source-level offers; other kinds none", () => {
    const knowledgeBase = SourceConfig.parse({
      kind: "pdf_kb",
      paths: ["docs/*.pdf"],
      offers: { topics: ["t"] },
    });
    expect(sourceKindOf(knowledgeBase).textSearch(knowledgeBase)?.topics).toEqual(["t"]);
    expect(sectionNames(knowledgeBase)).toEqual([]);
    const file = SourceConfig.parse({ kind: "file", datasets: { d: { path: "d.csv" } } });
    expect(sourceKindOf(file).textSearch(file)).toBeUndefined();
    expect(sectionNames(file)).toEqual(["d"]);
  });
});
