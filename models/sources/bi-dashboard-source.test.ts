import { describe, expect, it } from "vitest";
import { BiDataset, chartHeaders } from "./bi-dashboard-source.js";

const dataset = (fields: Record<string, unknown>) =>
  BiDataset.safeParse({ url: "/page", locate: { heading: "Chart" }, extract: "ocr", ...fields });

describe("a bar chart dataset's column headers", () => {
  it("are ocr.chart's names when given", () => {
    const parsed = dataset({
      ocr: { layout: "bar_chart", chart: { category: "Kind", value: "Count" } },
      columns: { Kind: "kind", Count: "tickets" },
    });
    expect(parsed.success && chartHeaders(parsed.data)).toEqual({ category: "Kind", value: "Count" });
  });

  it("are read from columns when not given: the header mapped to an offered metric is the value", () => {
    const parsed = dataset({
      ocr: { layout: "auto" },
      columns: { 门店: "store", 客流: "visits" },
      offers: { metrics: ["visits"] },
    });
    expect(parsed.success && chartHeaders(parsed.data)).toEqual({ category: "门店", value: "客流" });
  });

  it("are refused at load, with the path, when a declared chart's columns cannot tell them apart", () => {
    for (const fields of [
      { ocr: { layout: "bar_chart" }, columns: { Kind: "kind", Count: "tickets" } },
      {
        ocr: { layout: "bar_chart" },
        columns: { Kind: "kind", Month: "month", Count: "tickets" },
        offers: { metrics: ["tickets"] },
      },
    ]) {
      const parsed = dataset(fields);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ["ocr", "chart"] });
      expect(parsed.error?.issues[0].message).toContain("set ocr.chart.category and ocr.chart.value");
    }
  });

  it("are not needed for a table layout, nor at load for layout auto (the region may be a table)", () => {
    expect(dataset({ columns: { Kind: "kind", Month: "month", Count: "tickets" } }).success).toBe(true);
    expect(
      dataset({ ocr: { layout: "auto" }, columns: { Kind: "kind", Month: "month", Count: "tickets" } })
        .success,
    ).toBe(true);
  });
});
