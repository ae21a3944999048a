import { describe, expect, it } from "vitest";
import { reciprocalRankFusion } from "./reciprocal-rank-fusion.js";
import { globToLike, parseFilterArguments, relaxFilters, whereClause } from "./search-filters.js";

describe("knowledge-base filters", () => {
  it("escapes quotes and LIKE wildcards so a value cannot change the predicate", () => {
    expect(globToLike("100%_a*.pdf")).toBe("100\\%\\_a%.pdf");
    expect(whereClause({ document: "o'brien.pdf" })).toBe(
      "(document LIKE 'o''brien.pdf' OR document LIKE '%/o''brien.pdf')",
    );
    expect(whereClause({ section: "x' OR 1=1 --" })).toBe("section_folded LIKE '%x'' or 1=1 --%'");
  });

  it("matches a glob without a folder against the file name and folds the section", () => {
    expect(
      whereClause({
        document: "docs/*.pdf",
        section: "換貨",
        pages: { from: 2, to: 3 },
        date: { from: "2024-01-01" },
        tags: ["policy", "zh"],
        kind: "text",
      }),
    ).toBe(
      "(document LIKE 'docs/%.pdf') AND section_folded LIKE '%换货%' AND page_end >= 2 AND page <= 3 AND date >= '2024-01-01' AND (tags LIKE '%|policy|%' OR tags LIKE '%|zh|%') AND kind = 'text'",
    );
    expect(whereClause({})).toBeUndefined();
  });

  it("parses CLI filters and refuses bad ones with a message that shows the form", () => {
    expect(
      parseFilterArguments([
        "document=policy*.pdf",
        "pages=2..5",
        "date=2024-01-01..",
        "tags=a, b",
        "kind=table",
      ]),
    ).toEqual({
      document: "policy*.pdf",
      pages: { from: 2, to: 5 },
      date: { from: "2024-01-01" },
      tags: ["a", "b"],
      kind: "table",
    });
    expect(parseFilterArguments(["page=3"])).toEqual({ pages: { from: 3, to: 3 } });
    expect(() => parseFilterArguments(["region=East"])).toThrow(/unknown filter "region"/);
    expect(() => parseFilterArguments(["pages=two"])).toThrow(/page numbers/);
    expect(() => parseFilterArguments(["date=January"])).toThrow(/ISO dates/);
    expect(() => parseFilterArguments(["document"])).toThrow(/key=value/);
  });

  it("relaxes the least telling filter first and the document last", () => {
    let filters = { document: "a.pdf", section: "Refunds", pages: { from: 2 }, tags: ["x"] };
    const dropped: string[] = [];
    for (let next = relaxFilters(filters); next; next = relaxFilters(filters)) {
      dropped.push(next.dropped);
      filters = next.filters as typeof filters;
    }
    expect(dropped).toEqual(["pages", "section", "tags", "document"]);
  });
});

describe("reciprocal rank fusion", () => {
  it("prefers an item both lists rank well over one only a single list ranks first", () => {
    const scores = reciprocalRankFusion(
      [
        ["a", "b", "c"],
        ["d", "b", "a"],
      ],
      [1, 1],
      60,
    );
    const order = [...scores.entries()].sort((left, right) => right[1] - left[1]).map(([id]) => id);
    expect(order.slice(0, 2)).toEqual(["a", "b"]);
    expect(scores.get("b")).toBeCloseTo(2 / 62, 10);
  });

  it("lets the heavier list lead and ignores a list of weight 0", () => {
    const rankings = [
      ["text", "both"],
      ["vector", "both"],
    ];
    const order = (weights: number[]) =>
      [...reciprocalRankFusion(rankings, weights, 10).entries()]
        .sort((left, right) => right[1] - left[1])
        .map(([id]) => id);
    expect(order([1, 0.25])).toEqual(["both", "text", "vector"]);
    expect(order([0.25, 1])).toEqual(["both", "vector", "text"]);
    expect(order([1, 0])).toEqual(["text", "both"]);
    expect(reciprocalRankFusion(rankings, [1, 0.5], 10).get("both")).toBeCloseTo(1.5 / 12, 10);
  });
});
