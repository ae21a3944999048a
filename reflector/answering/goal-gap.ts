import type { Gap } from "../../models/answer.js";
import type { SubGoal } from "../../models/plan.js";
import type { StepResult } from "../../models/step-result.js";
import type { AnswerLanguage } from "../synthesizer/labels.js";

/** What to check, per failure kind, when a goal ends in a gap. */
export const CHECKS: Record<string, string> = {
  timeout: "whether the source is up and answers within the timeout (executor.step_timeout_seconds)",
  rate_limited: "the source's rate limit; try again later",
  server_error: "the source's status page or logs",
  not_found: "whether the data exists for this period and these filters",
  no_results: "whether the data exists for this period and these filters",
  format_error:
    "whether the source changed its page or response format (see the step file in the run directory)",
  validation_failed: "the validation rule and the rows that failed it (step file in the run directory)",
  auth_error: "the source's credentials in the environment",
  config_error: "the source's section of triangulate.yaml",
};

// A dashboard region that is only pixels (a canvas or an image, no table) and a dataset that may
// not read it by OCR: the check says what to change, in the answer's language.
const NEEDS_OCR_CHECKS: Record<AnswerLanguage, (region: string) => string> = {
  en: (region) =>
    `the dataset's extract setting: the region is ${region} with no table; extract: auto or ocr reads it by OCR`,
  "zh-Hans": (region) =>
    `数据集的 extract 设置：该区域是${region.includes("canvas") ? "画布（canvas）" : "图片"}，没有表格；设为 extract: auto 或 ocr 即以 OCR 读取`,
  "zh-Hant": (region) =>
    `資料集的 extract 設定：該區域是${region.includes("canvas") ? "畫布（canvas）" : "圖片"}，沒有表格；設為 extract: auto 或 ocr 即以 OCR 讀取`,
};

/** The gap of a goal that stayed unresolved: what is missing (with the step's own message) and what to check. */
export function gapFor(
  goal: SubGoal,
  result: StepResult | undefined,
  reason: string,
  language?: AnswerLanguage,
): Gap {
  const kind = result?.error_kind ?? "no_results";
  const region =
    result?.error_details?.needs_ocr === true ? String(result.error_details.region ?? "an image") : undefined;
  return {
    goal: goal.id,
    missing: `${goal.description}: ${reason}`,
    check:
      region !== undefined
        ? NEEDS_OCR_CHECKS[language ?? "en"](region)
        : (CHECKS[kind] ?? "the step file in the run directory"),
  };
}
