import { describe, expect, it } from "vitest";
import { StepResult } from "../models/step-result.js";
import { demoWorkspace, goal } from "../test/support/reflector/fixtures.js";
import { gapFor } from "./answering/goal-gap.js";
import { Labels } from "./synthesizer/labels.js";

// Issue 20.2: a dashboard region that is a canvas with no table, on a dataset that may not use OCR,
// is a gap that keeps the adapter's message and says what to change, in the answer's language.
const failed = StepResult.parse({
  goal_id: "g1",
  source: "sales_bi",
  status: "failed",
  error_kind: "format_error",
  error_message: 'sales_bi.chart: at heading "退货率" there is a canvas, no table: needs OCR',
  error_details: { needs_ocr: true, region: "a canvas" },
});
const subGoal = goal({ id: "g1", source: "sales_bi", dataset: "chart", params: { metric: "return_rate" } });
const catalog = demoWorkspace().config.catalog;
const inLanguage = (language: "en" | "zh-Hans" | "zh-Hant") => ({
  language,
  labels: new Labels(catalog, language),
});

describe("the gap of a region that needs OCR", () => {
  it("carries the adapter's message and a check in the answer's language", () => {
    const english = gapFor(inLanguage("en"), subGoal, failed, undefined);
    expect(english.missing).toContain("there is a canvas, no table: needs OCR");
    expect(english.code).toBe("step_failed");
    // The adapter's own words are quoted as such inside the Chinese gap; the rest is Chinese.
    const chinese = gapFor(inLanguage("zh-Hans"), subGoal, failed, undefined).missing;
    expect(chinese).toContain(`「${failed.error_message}」`);
    // Outside the quotation only proper names (the source and dataset) are not Chinese.
    expect(chinese.replace(/「[^」]*」/g, "").replace("sales_bi/chart", "")).not.toMatch(/[A-Za-z]{4,}/);
    expect(english.check).toBe(
      "the dataset's extract setting: the region is a canvas with no table; extract: auto or ocr reads it by OCR",
    );
    expect(gapFor(inLanguage("zh-Hans"), subGoal, failed, undefined).check).toContain(
      "该区域是画布（canvas），没有表格",
    );
    expect(gapFor(inLanguage("zh-Hant"), subGoal, failed, undefined).check).toContain(
      "該區域是畫布（canvas），沒有表格",
    );
  });

  it("gives other failures their own check, in the answer's language", () => {
    const other = StepResult.parse({ ...failed, error_details: {} });
    expect(gapFor(inLanguage("en"), subGoal, other, undefined).check).toMatch(/changed its page/);
    expect(gapFor(inLanguage("zh-Hans"), subGoal, other, undefined).check).toMatch(/页面或响应格式/);
  });
});
