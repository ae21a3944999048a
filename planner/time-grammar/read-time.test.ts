import { describe, expect, it } from "vitest";
import { normalizeForMatching } from "../normalize-text.js";
import { readTime } from "../time-expressions.js";

// readTime is what clause binding reads: every span's offsets point into the user's own text (the
// folded question has the same length), with the rule that read it and the conventions applied.
const read = (question: string, asOf = "2024-06-30") => {
  const { mentions, unread } = readTime(normalizeForMatching(question), asOf);
  return {
    spans: mentions.map((mention) => ({
      written: question.slice(mention.start, mention.end),
      rule: mention.rule,
      periods: mention.periods.map((period) => `${period.from}..${period.to}`),
      conventions: mention.conventions ?? [],
    })),
    unread: unread.map((span) => question.slice(span.start, span.end)),
  };
};

describe("readTime: spans with offsets, periods, rule and conventions", () => {
  it("reads a year and quarter joined by a hyphen as that quarter, as the answers write it, not a range", () => {
    // "2023-Q4" was read as 2023 through Q4: the whole year 2023 (round-11 probe, seen).
    expect(read("What was the outage hours in Harbour in 2023-Q4?").spans).toEqual([
      { written: "2023-Q4", rule: "calendar", periods: ["2023-10-01..2023-12-31"], conventions: [] },
    ]);
    expect(read("2023-Q4的停水时长是多少？").spans.map((span) => span.periods)).toEqual([
      ["2023-10-01..2023-12-31"],
    ]);
    expect(read("from 2023-Q3 to 2023-Q4").spans.map((span) => span.periods)).toEqual([
      ["2023-07-01..2023-12-31"],
    ]);
  });

  it("gives each clause's time its own span, in the user's script", () => {
    expect(read("華東區A產品去年1月到3月的退貨率，以及上週的客訴").spans).toEqual([
      { written: "去年1月到3月", rule: "range", periods: ["2023-01-01..2023-03-31"], conventions: [] },
      { written: "上週", rule: "step-unit", periods: ["2024-06-17..2024-06-23"], conventions: [] },
    ]);
  });

  it("names the rule of the outermost composition and the convention it applied", () => {
    expect(
      read("What was the return rate in the three months ending March 2024, and year to date?").spans,
    ).toEqual([
      {
        written: "three months ending March 2024",
        rule: "window-ending-at",
        periods: ["2024-01-01..2024-03-31"],
        conventions: ["window-ending"],
      },
      {
        written: "year to date",
        rule: "to-date",
        periods: ["2024-01-01..2024-06-30"],
        conventions: ["to-date"],
      },
    ]);
  });

  it("keeps the calendar patterns' readings (each quarter) beside the grammar's, and composes 去年同期", () => {
    const { spans } = read("2023年各季度与去年同期");
    // 去年 (the grammar's named year) and 同期 (a same-period word) compose into one shifted span.
    expect(spans.map((span) => span.rule)).toEqual(["pattern", "same-period-year"]);
    expect(spans[0].periods).toHaveLength(4);
  });

  it("reads a whole-period word of any unit as the whole period holding as-of, said in a note", () => {
    // 2024-06-30 is a Sunday: its week is Monday 24 June to Sunday 30 June.
    expect(read("What was the return rate all week?").spans).toEqual([
      {
        written: "all week",
        rule: "whole-period",
        periods: ["2024-06-24..2024-06-30"],
        conventions: ["whole-current"],
      },
    ]);
    expect(read("What was the return rate for the whole month?").spans[0].periods).toEqual([
      "2024-06-01..2024-06-30",
    ]);
    expect(read("整週的退貨率").spans[0].periods).toEqual(["2024-06-24..2024-06-30"]);
  });

  it("lists time-like text no rule read", () => {
    expect(read("What was the return rate this winter, and on Sunday?").unread).toEqual(["winter", "Sunday"]);
    expect(read("今年冬天的退货率").unread).toEqual(["冬天"]);
    // Words that are also common words are not time alone: "may" inside a clause, "fall" as a verb.
    expect(read("Why may the return rate fall in Q3 2024?").unread).toEqual([]);
  });
});
