import type { AskedAspect } from "../../models/plan.js";
import { periodLabel } from "../period-broadening.js";
import type { GapMessage } from "./gap-message.js";
import {
  beforeChinese,
  keyValues,
  type MessageCatalog,
  parenthesized,
  searchedGroups,
  whereFrom,
} from "./message-catalog.js";

/** What each asked aspect is called in a gap. */
const ASPECT_NAMES: Record<AskedAspect, string> = {
  eligibility: "是否可以",
  who_pays: "由誰負擔",
  duration: "所需時間",
  amount: "金額",
  count: "數量",
  procedure: "辦理方法",
  reason: "原因",
  date: "日期",
  general: "答案",
};

const FAILURE: Record<Extract<GapMessage, { code: "step_failed" }>["kind"], string> = {
  timeout: "逾時",
  rate_limited: "存取頻率受限",
  server_error: "伺服器錯誤",
  not_found: "未找到",
  no_results: "沒有結果",
  format_error: "無法讀取回應",
  validation_failed: "驗證未通過",
  auth_error: "憑證被拒絕",
  config_error: "設定錯誤",
  interrupted: "已中斷",
  failed: "失敗",
};

/** Traditional Chinese. */
export const traditionalChinese: MessageCatalog = {
  subject(goal, labels) {
    const what = goal.params.metric
      ? labels.metric(goal.params.metric)
      : goal.params.event
        ? labels.event(goal.params.event)
        : this.quote(goal.params.query ?? goal.description);
    const parts = [
      ...keyValues(goal.params.filters, labels, "或"),
      ...(goal.params.period ? [periodLabel(goal.params.period)] : []),
    ];
    return `${parts.length > 0 ? `${beforeChinese(parts.join(" · "))}的` : ""}${what}（${whereFrom(goal)}）`;
  },
  gap(message, labels) {
    const subject = (metric: string, keys: Record<string, string | string[]>) => {
      const values = keyValues(keys, labels, "或");
      return `${values.length > 0 ? `${beforeChinese(values.join(" · "))}的` : ""}${labels.metric(metric)}`;
    };
    switch (message.code) {
      case "metric_periods_missing":
        return [
          `${message.periods.join("、")} 沒有${subject(message.metric, message.keys)}數值`,
          ...(message.dataEnds
            ? [
                `資料截至 ${message.dataEnds}${message.lastValue ? `，最後的數值為 ${message.lastValue}` : ""}`,
              ]
            : []),
          ...(message.context ? ["所列其他期間的數值僅供參考，並非答案"] : []),
          ...(message.notKeptBy
            ? [this.gap({ code: "metric_not_kept_by", ...message.notKeptBy }, labels)]
            : []),
        ].join("；");
      case "metric_value_absent":
        return `證據中沒有${subject(message.metric, message.keys)}的數值`;
      case "metric_not_kept_by":
        return `${message.source}/${message.dataset} 中的${labels.metric(message.metric)}不按 ${message.dimensions.join("或")} 區分：所示數值是全部 ${message.dimensions.join("和")} 的合計，而非 ${keyValues(Object.fromEntries(message.dimensions.map((dimension) => [dimension, message.keys[dimension] ?? []])), labels, "或").join("、")} 的數值`;
      case "metric_count_not_value":
        return `${message.source} 的證據中沒有${labels.metric(message.metric)}這一列；行數並不是它的數值`;
      case "event_filter_dropped":
        return `已去掉 ${message.dimension} 篩選條件，而 ${message.source} 的記錄沒有 ${message.dimension}：無法判斷哪些是${keyValues(message.keys, labels, "或").join("、")}${message.window ? `在 ${message.window} ` : ""}的${labels.event(message.event)}`;
      case "event_window_uncovered":
        return `檢索未覆蓋整個 ${message.window}`;
      case "passages_insufficient":
        return `文件段落未說明${message.about ? `${message.about}的` : ""}「${ASPECT_NAMES[message.aspect]}」`;
      case "text_aspect_missing":
        return `文件段落中沒有一句說明${message.about ? `${message.about}的` : ""}「${ASPECT_NAMES[message.aspect]}」；提到它的段落僅供參考`;
      case "why_no_event_source":
        return `${labels.metric(message.metric)}${message.period ? `在 ${message.period} ` : ""}為何變化：工作區沒有可與之對應的事件記錄，因此未檢索事件來源；這些數值本身不是解釋（可在目錄中設定事件來源，例如人員或服務商變更）`;
      case "why_no_event_aligned":
        return `${labels.metric(message.metric)}在 ${message.period} 為何變化：沒有任何已記錄的事件與之吻合（已在 ${message.window} 檢索${searchedGroups(
          message.searched,
        )
          .map((group) => `${group.sources.join("和")}中的${labels.event(group.event)}`)
          .join(
            "、",
          )}${message.outside > 0 ? `；找到的 ${message.outside} 筆不在 ${message.period} 內或屬於其他維度值` : ""}）；這些數值本身不是解釋`;
      case "why_no_event_found":
        return `${labels.metric(message.metric)}${message.period ? `在 ${message.period} ` : ""}為何變化：在檢索的時間範圍內沒有找到可關聯的事件`;
      case "breakdown_unavailable": {
        const by = message.dimension ?? message.wanted;
        const what = `無法按${(by && labels.dimension(by)) || "類型"}細分${subject(message.metric, message.keys)}`;
        return message.mapped
          ? `${what}：已作答的來源都沒有這一項；總數並不是所問的答案`
          : `${what}：工作區沒有為${labels.metric(message.metric)}映射${by ? "這一" : "任何類型"}維度；總數並不是所問的答案`;
      }
      case "step_failed":
        return [
          `${FAILURE[message.kind]}${message.said ? `（${this.said(message.said, labels)}）` : message.upstream ? `（來源原文：${this.quote(message.upstream)}）` : ""}`,
          ...(message.conclusion ? [this.conclusion(message.conclusion, labels)] : []),
        ].join("；");
      case "interrupted":
        return "在完成前被中斷（Ctrl-C）；重新提問即可獲得";
      case "answered_by_other_source":
        return [
          ...message.failed.map(
            (failed) =>
              `${failed.source} 未能取得資料${parenthesized("（", "）", [failed.kind ? FAILURE[failed.kind] : undefined, failed.said ? this.said(failed.said, labels) : failed.upstream ? `來源原文：${this.quote(failed.upstream)}` : undefined].filter(Boolean).join("，"))}`,
          ),
          `所示數值取自 ${message.from.join("、")}`,
        ].join("；");
    }
  },
  conclusion(conclusion, labels) {
    switch (conclusion.code) {
      case "no_alternative_source":
        return `${conclusion.clause ? `不符合驗證規則${this.quote(conclusion.clause)}；` : ""}沒有其他來源提供 ${conclusion.metric ? labels.metric(conclusion.metric) : conclusion.event ? labels.event(conclusion.event) : conclusion.source}`;
      case "broadest_period_empty": {
        const values = keyValues(conclusion.filters, labels, "或");
        return values.length > 0
          ? `即使放寬到最大期間，${values.join("、")} 仍無資料；篩選條件是所問的對象，因此不予去掉`
          : "即使放寬到最大期間且沒有可放寬的篩選條件，仍無資料";
      }
      case "rate_limit_past_deadline":
        return `存取頻率受限；等待 ${conclusion.delayMs} 毫秒將超過截止時間`;
      case "timeout_past_deadline":
        return `${conclusion.timeoutMs} 毫秒後超時，距截止時間僅剩 ${conclusion.remainingMs} 毫秒`;
      case "stopped":
        return conclusion.cause.kind === "interrupted"
          ? "已中斷"
          : conclusion.cause.kind === "deadline"
            ? "已超過截止時間"
            : `經過 ${conclusion.cause.rounds} 輪反思仍未成功`;
    }
  },
  // What an adapter or the executor said about a failed step (issue 29 item 8).
  said(said, labels) {
    switch (said.code) {
      case "no_matching_rows":
        return `${said.file} 中沒有符合 ${[...keyValues(said.filters, labels, "或"), ...(said.from && said.to ? [`${said.from}..${said.to}`] : [])].join(" · ")} 的資料列`;
      case "http_status":
        return `${said.source} 對 ${said.url} 回傳 HTTP ${said.status}${said.status === 404 ? "（無此資源）" : said.status >= 500 ? "（伺服器錯誤）" : ""}${said.upstream ? `，伺服器原文：${this.quote(said.upstream)}` : ""}`;
      case "http_rate_limited":
        return `${said.source} 正在限制請求頻率（HTTP 429）${said.retryAfterSeconds !== undefined ? `，要求 ${said.retryAfterSeconds} 秒後重試` : ""}`;
      case "http_not_json":
        return `${said.source} 對 ${said.url} 回傳的內容不是 JSON`;
      case "rule_unmet":
        return `不符合驗證規則${this.quote(said.clause)}`;
    }
  },
  quote(words) {
    return `「${words}」`;
  },
  // A citation's label (issue 29 item 8); Taiwan's 列 is a table's row.
  citation: {
    row: (number) => `第 ${number} 列`,
    rows: (count) => `${count} 列`,
    issues: (count) => `${count} 張工單`,
    page: (number) => `第 ${number} 頁`,
  },
  footer: {
    // The status line's heading and each status's word (issue 29 item 8: the status said in the answer's language).
    status: "狀態：",
    statuses: { answered: "已回答", partial: "部分回答", unanswerable: "無法回答", direct: "直接回覆" },
    sources: "來源：",
    audited: (count) => `${count} 個數字已與證據核對`,
    auditFailed: (untraced, total, numbers) =>
      `數字核對未通過：${total} 個數字中有 ${untraced} 個不在證據中（${numbers}）`,
    run: (directory) => `執行目錄：${directory}`,
  },
};
