import type { FailureKind } from "../models/failure-kind.js";
import type { AnswerLanguage } from "./synthesizer/labels.js";

// Every sentence the reflector writes into a gap — what a person should check, and why a goal
// stayed unresolved — in each answer language, in this one place. The step's own message (the
// source's words, a file name, an HTTP status) is quoted as it is.

/** What to check after a failure of each kind. `interrupted` has none: the source is not at fault. */
const KIND_ADVICE: Record<AnswerLanguage, Record<FailureKind, string>> = {
  en: {
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
    interrupted: "",
  },
  "zh-Hans": {
    timeout: "该来源是否在线、能否在超时时间内响应（executor.step_timeout_seconds）",
    rate_limited: "该来源的访问频率限制；请稍后再试",
    server_error: "该来源的状态页或日志",
    not_found: "该期间和这些筛选条件下是否确有数据",
    no_results: "该期间和这些筛选条件下是否确有数据",
    format_error: "该来源的页面或响应格式是否已变更（见运行目录中的步骤文件）",
    validation_failed: "校验规则及未通过规则的行（见运行目录中的步骤文件）",
    auth_error: "环境变量中该来源的凭据",
    config_error: "triangulate.yaml 中该来源的配置",
    interrupted: "",
  },
  "zh-Hant": {
    timeout: "該來源是否在線、能否在逾時時間內回應（executor.step_timeout_seconds）",
    rate_limited: "該來源的存取頻率限制；請稍後再試",
    server_error: "該來源的狀態頁或日誌",
    not_found: "該期間和這些篩選條件下是否確有資料",
    no_results: "該期間和這些篩選條件下是否確有資料",
    format_error: "該來源的頁面或回應格式是否已變更（見執行目錄中的步驟檔案）",
    validation_failed: "驗證規則及未通過規則的列（見執行目錄中的步驟檔案）",
    auth_error: "環境變數中該來源的憑證",
    config_error: "triangulate.yaml 中該來源的設定",
    interrupted: "",
  },
};

const STEP_FILE: Record<AnswerLanguage, string> = {
  en: "the step file in the run directory",
  "zh-Hans": "运行目录中的步骤文件",
  "zh-Hant": "執行目錄中的步驟檔案",
};

/** What to check after a failure of this kind, in the answer's language ("" when nothing is). */
export function adviceForKind(kind: FailureKind | undefined, language: AnswerLanguage = "en"): string {
  return kind === undefined ? STEP_FILE[language] : (KIND_ADVICE[language][kind] ?? STEP_FILE[language]);
}

/** A knowledge base's documents did not answer `aspect`. */
export function documentsAdvice(source: string, language: AnswerLanguage = "en", aspect?: string): string {
  if (language === "zh-Hans")
    return `${source} 的原始文件，或${aspect ? `就「${aspect}」` : ""}询问负责这些文件的团队`;
  if (language === "zh-Hant")
    return `${source} 的原始文件，或${aspect ? `就「${aspect}」` : ""}詢問負責這些文件的團隊`;
  return aspect
    ? `the ${source} documents, or ask the team that owns them about "${aspect}"`
    : `the ${source} documents, or the team that owns them`;
}

/** An event the question relates a change to was not found in any event source. */
export function eventSourcesAdvice(language: AnswerLanguage = "en"): string {
  return {
    en: "the workspace's event sources (catalog.events)",
    "zh-Hans": "工作区的事件来源（catalog.events）",
    "zh-Hant": "工作區的事件來源（catalog.events）",
  }[language];
}

/** A breakdown the workspace cannot give: where the dimension holding the kinds would be mapped. */
export function breakdownAdvice(language: AnswerLanguage = "en"): string {
  return {
    en: "whether a source holds the kinds (a sub-type, reason or component column); map it as a dimension in triangulate.yaml (catalog.dimensions, and the dataset's columns and offers)",
    "zh-Hans":
      "是否有来源记录这些类型（子类型、原因或部件列）；在 triangulate.yaml 中把它映射为维度（catalog.dimensions，以及数据集的 columns 和 offers）",
    "zh-Hant":
      "是否有來源記錄這些類型（子類型、原因或部件欄）；在 triangulate.yaml 中把它映射為維度（catalog.dimensions，以及資料集的 columns 和 offers）",
  }[language];
}

/** A question the catalog could not plan: where its words would have to be. */
export function catalogAdvice(language: AnswerLanguage = "en"): string {
  return {
    en: "the catalog in triangulate.yaml (metrics, dimension values, events, topics)",
    "zh-Hans": "triangulate.yaml 中的 catalog（指标、维度取值、事件、主题）",
    "zh-Hant": "triangulate.yaml 中的 catalog（指標、維度取值、事件、主題）",
  }[language];
}

/** A dashboard region that is only pixels and a dataset that may not read it by OCR. */
export function needsOcrAdvice(region: string, language: AnswerLanguage = "en"): string {
  const canvas = region.includes("canvas");
  if (language === "zh-Hans")
    return `数据集的 extract 设置：该区域是${canvas ? "画布（canvas）" : "图片"}，没有表格；设为 extract: auto 或 ocr 即以 OCR 读取`;
  if (language === "zh-Hant")
    return `資料集的 extract 設定：該區域是${canvas ? "畫布（canvas）" : "圖片"}，沒有表格；設為 extract: auto 或 ocr 即以 OCR 讀取`;
  return `the dataset's extract setting: the region is ${region} with no table; extract: auto or ocr reads it by OCR`;
}

/** Why a goal stayed unresolved when the reflection stopped. */
export function unresolvedWhy(
  why: { kind: "interrupted" } | { kind: "deadline" } | { kind: "rounds"; rounds: number },
  language: AnswerLanguage = "en",
): string {
  switch (why.kind) {
    case "interrupted":
      return { en: "interrupted", "zh-Hans": "已中断", "zh-Hant": "已中斷" }[language];
    case "deadline":
      return { en: "the deadline passed", "zh-Hans": "已超过截止时间", "zh-Hant": "已超過截止時間" }[
        language
      ];
    case "rounds":
      return {
        en: `still failing after ${why.rounds} reflection rounds`,
        "zh-Hans": `经过 ${why.rounds} 轮反思仍未成功`,
        "zh-Hant": `經過 ${why.rounds} 輪反思仍未成功`,
      }[language];
  }
}

/** The gap of a step stopped by Ctrl-C (or a caller's abort): no source to check, ask again. */
export function interruptedGap(language: AnswerLanguage = "en"): string {
  return {
    en: "interrupted (Ctrl-C) before it finished; ask again to get it",
    "zh-Hans": "在完成前被中断（Ctrl-C）；重新提问即可获得",
    "zh-Hant": "在完成前被中斷（Ctrl-C）；重新提問即可取得",
  }[language];
}

/** The advice sentences of every kind in English: what must not appear in a Chinese answer (tests). */
export function englishAdviceSentences(): string[] {
  return [
    ...Object.values(KIND_ADVICE.en).filter(Boolean),
    STEP_FILE.en,
    eventSourcesAdvice("en"),
    catalogAdvice("en"),
    "A person should check",
    "or the team that owns them",
    unresolvedWhy({ kind: "deadline" }),
    "reflection rounds",
    interruptedGap("en"),
  ];
}
