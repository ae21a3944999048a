import { describe, expect, it } from "vitest";
import { foldText } from "../../../domain/text-folding.js";
import { tableCellLines } from "./table-cell-lines.js";
import { characterBigrams, joinNumbers, searchableText, tokenize } from "./text-folding.js";

describe("text folding", () => {
  it("folds Traditional to Simplified, full width to ASCII and case", () => {
    expect(foldText("換貨政策")).toBe("换货政策");
    expect(foldText("ＡＢＣ Refund")).toBe("abc refund");
  });

  it("splits CJK runs into overlapping bigrams and keeps words", () => {
    expect(characterBigrams("换货政策")).toEqual(["换货", "货政", "政策"]);
    expect(characterBigrams("退")).toEqual(["退"]);
    expect(tokenize("custom 刻字商品, 7 days")).toEqual([
      { text: "custom", cjk: false },
      { text: "刻字商品", cjk: true },
      { text: "7", cjk: false },
      { text: "days", cjk: false },
    ]);
    expect(searchableText("客製化刻字 Custom-engraved")).toBe(
      "客制 制化 化刻 刻字 custom engraved customxengrav",
    );
    expect(searchableText("換貨 運費")).toBe(searchableText("换货 运费"));
  });

  it("writes numbers as one token and keeps thousands apart from lists", () => {
    expect(joinNumbers("$1,452.4 and 23.6%")).toBe("$1452p4 and 23p6%");
    expect(joinNumbers("1,234,567")).toBe("1234567");
    expect(joinNumbers("items 1,2 and 3")).toBe("items 1,2 and 3");
    expect(searchableText("Total sales | $1,496.5")).toBe("total sales totalxsale 1496p5");
  });

  it("drops stop words, pairs adjacent words across them but not across lines or cells", () => {
    expect(searchableText("the revenue in 2019")).toBe("revenue 2019 revenuex2019");
    expect(searchableText("Gross profit\nOperating income")).toBe(
      "gross profit grossxprofit operating income operatxincome",
    );
    expect(searchableText("Revenue | 2019")).toBe("revenue 2019");
  });
});

describe("table cell lines", () => {
  const cells = [
    ["", "Years Ended September 30,", ""],
    ["", "2019", "2018"],
    ["Fixed Price", "$ 1,452.4", "$ 1,146.2"],
    ["", "1,496.5", "1,202.9"],
    ["Other", "44.1", ""],
  ];

  it("names each filled cell by its row label and its column header", () => {
    expect(tableCellLines(cells, 2)).toEqual([
      "Fixed Price Years Ended September 30, 2019",
      "Fixed Price 2018",
      "Other Years Ended September 30, 2019",
    ]);
    expect(tableCellLines(cells, 2, [2])).toEqual(["Other Years Ended September 30, 2019"]);
  });

  it("adds nothing without header rows", () => {
    expect(tableCellLines(cells, 0)).toEqual([]);
  });
});
