import type { AskedAspect } from "../../models/plan.js";
import type { AnswerKind } from "../answer-kind.js";
import type { GradeShortfall } from "../grader.js";
import { periodLabel } from "../period-broadening.js";
import { simplifiedWording, type Wording } from "./chinese-wording.js";
import type { GapMessage } from "./gap-message.js";
import {
  beforeChinese,
  compactRanges,
  currencyOf,
  keyValues,
  type MessageCatalog,
  parenthesized,
  searchedGroups,
  whereFrom,
} from "./message-catalog.js";
import { chineseAnchor, chineseStepMessage } from "./step-messages-chinese.js";

/**
 * The Chinese catalog, written in Simplified Chinese: every word of it passes through `zh`, so the
 * Traditional catalog (zh-hant.ts) is this one with Taiwan's wording.
 */
export function chineseCatalog(zh: Wording): MessageCatalog {
  /** What each asked aspect is called in a gap. */
  const ASPECT_NAMES: Record<AskedAspect, string> = {
    eligibility: zh`是否可以`,
    who_pays: zh`由谁负担`,
    duration: zh`所需时间`,
    amount: zh`金额`,
    count: zh`数量`,
    procedure: zh`办理方法`,
    reason: zh`原因`,
    date: zh`日期`,
    general: zh`答案`,
  };

  const FAILURE: Record<Extract<GapMessage, { code: "step_failed" }>["kind"], string> = {
    timeout: zh`超时`,
    rate_limited: zh`访问频率受限`,
    server_error: zh`服务器错误`,
    not_found: zh`未找到`,
    no_results: zh`没有结果`,
    format_error: zh`无法读取响应`,
    validation_failed: zh`校验未通过`,
    auth_error: zh`凭据被拒绝`,
    config_error: zh`配置错误`,
    interrupted: zh`已中断`,
    failed: zh`失败`,
  };

  /** What each kind of answer the grader looks for is called. */
  const KIND_NAMES: Record<AnswerKind, string> = {
    who_pays: zh`费用由谁负担`,
    how_long: zh`所需时间`,
    amount: zh`金额`,
    date: zh`日期`,
    count: zh`数量`,
    reason: zh`原因`,
    procedure: zh`办理方式`,
    limit: zh`上限`,
    yes_no: zh`是否允许`,
    general: zh`答案`,
  };

  /** The words after a number in a unit. */
  const UNIT_WORDS: Record<string, string> = {
    percent_points: zh` 个百分点`,
    points: zh` 分`,
    seconds: zh` 秒`,
    minutes: zh` 分钟`,
    hours: zh` 小时`,
    days: zh` 天`,
    weeks: zh` 周`,
    months: zh` 个月`,
    years: zh` 年`,
  };
  /** What a currency is called after an amount (ISO 4217 code → name); another code is said as written. */
  const CURRENCY_NAMES: Record<string, string> = {
    CNY: zh`元`,
    RMB: zh`元`,
    USD: zh`美元`,
    HKD: zh`港元`,
    TWD: zh`新台币`,
    MOP: zh`澳门元`,
    EUR: zh`欧元`,
    GBP: zh`英镑`,
    JPY: zh`日元`,
    SGD: zh`新加坡元`,
  };

  /** A quotation of another's words (an upstream's, a document's, the question's own). */
  const quote = (words: string) => zh`「${words}」`;

  /** What the grader found missing, about the question's clause (its own words, quoted). */
  const shortfallText = (shortfall: GradeShortfall, clause: string): string => {
    const about = clause ? quote(clause) : "";
    switch (shortfall.code) {
      case "too_few_passages":
        return zh`${about ? zh`关于${about}` : ""}只找到 ${shortfall.found} 个段落，少于所需的 ${shortfall.needed} 个`;
      case "terms_not_mentioned":
        return zh`文档段落没有提到${shortfall.terms.map(quote).join(zh`、`)}${about ? zh`（问题：${about}）` : ""}`;
      case "kind_not_stated":
        return zh`文档段落没有说明${about}的${KIND_NAMES[shortfall.kind]}`;
      case "model_finding":
        return zh`评分模型认为缺少：${quote(shortfall.words)}`;
    }
  };

  return {
    subject(goal, labels) {
      const what = goal.params.metric
        ? labels.metric(goal.params.metric)
        : goal.params.event
          ? labels.event(goal.params.event)
          : this.quote(goal.params.query ?? goal.description);
      const parts = [
        ...keyValues(goal.params.filters, labels, zh`或`),
        ...(goal.params.period ? [periodLabel(goal.params.period)] : []),
      ];
      return zh`${parts.length > 0 ? zh`${beforeChinese(parts.join(" · "))}的` : ""}${what}（${whereFrom(goal)}）`;
    },
    gap(message, labels) {
      const subject = (metric: string, keys: Record<string, string | string[]>) => {
        const values = keyValues(keys, labels, zh`或`);
        return zh`${values.length > 0 ? zh`${beforeChinese(values.join(" · "))}的` : ""}${labels.metric(metric)}`;
      };
      switch (message.code) {
        case "metric_periods_missing":
          return [
            zh`${message.periods.join(zh`、`)} 没有${subject(message.metric, message.keys)}数值`,
            ...(message.dataEnds
              ? [
                  zh`数据截至 ${message.dataEnds}${message.lastValue ? zh`，最后的数值为 ${message.lastValue}${message.lastUnit && currencyOf(message.lastUnit) ? this.unit(message.lastUnit) : ""}` : ""}`,
                ]
              : []),
            ...(message.context ? [zh`所列其他期间的数值仅供参考，并非答案`] : []),
            ...(message.notKeptBy
              ? [this.gap({ code: "metric_not_kept_by", ...message.notKeptBy }, labels)]
              : []),
          ].join(zh`；`);
        case "metric_value_absent":
          return zh`证据中没有${subject(message.metric, message.keys)}的数值`;
        case "metric_not_kept_by":
          return zh`${message.source}/${message.dataset} 中的${labels.metric(message.metric)}不按 ${message.dimensions.join(zh`或`)} 区分：所示数值是全部 ${message.dimensions.join(zh`和`)} 的合计，而非 ${keyValues(Object.fromEntries(message.dimensions.map((dimension) => [dimension, message.keys[dimension] ?? []])), labels, zh`或`).join(zh`、`)} 的数值`;
        case "metric_count_not_value":
          return zh`${message.source} 的证据中没有${labels.metric(message.metric)}这一列；行数并不是它的数值`;
        case "event_filter_dropped":
          return zh`已去掉 ${message.dimension} 筛选条件，而 ${message.source} 的记录没有 ${message.dimension}：无法判断哪些是${keyValues(message.keys, labels, zh`或`).join(zh`、`)}${message.window ? zh`在 ${message.window} ` : ""}的${labels.event(message.event)}`;
        case "event_window_uncovered":
          return zh`检索未覆盖整个 ${message.window}`;
        case "passages_insufficient":
          return zh`文档段落未说明${message.about ? zh`${message.about}的` : ""}「${ASPECT_NAMES[message.aspect]}」${
            message.shortfall && message.shortfall.code !== "kind_not_stated"
              ? zh`（${shortfallText(message.shortfall, message.clause ?? message.about ?? "")}）`
              : ""
          }`;
        case "passages_short":
          return message.shortfall
            ? shortfallText(message.shortfall, message.clause)
            : zh`文档段落没有回答${this.quote(message.clause)}`;
        case "text_aspect_missing":
          return zh`文档段落中没有一句说明${message.about ? zh`${message.about}的` : ""}「${ASPECT_NAMES[message.aspect]}」；提到它的段落仅供参考`;
        case "why_no_event_source":
          return zh`${labels.metric(message.metric)}${message.period ? zh`在 ${message.period} ` : ""}为何变化：工作区没有可与之对应的事件记录，因此未检索事件来源；这些数值本身不是解释（可在目录中配置事件来源，例如人员或服务商变更）`;
        case "why_no_event_aligned":
          return zh`${labels.metric(message.metric)}在 ${message.period} 为何变化：没有任何已记录的事件与之吻合（已在 ${message.window} 检索${searchedGroups(
            message.searched,
          )
            .map((group) => zh`${group.sources.join(zh`和`)}中的${labels.event(group.event)}`)
            .join(
              zh`、`,
            )}${message.outside > 0 ? zh`；找到的 ${message.outside} 条不在 ${message.period} 内或属于其他维度值` : ""}）；这些数值本身不是解释`;
        case "why_no_event_found":
          return zh`${labels.metric(message.metric)}${message.period ? zh`在 ${message.period} ` : ""}为何变化：在检索的时间范围内没有找到可关联的事件`;
        case "breakdown_unavailable": {
          const by = message.dimension ?? message.wanted;
          const what = zh`无法按${(by && labels.dimension(by)) || zh`类型`}细分${subject(message.metric, message.keys)}`;
          return message.mapped
            ? zh`${what}：已作答的来源都没有这一项；总数并不是所问的答案`
            : zh`${what}：工作区没有为${labels.metric(message.metric)}映射${by ? zh`这一` : zh`任何类型`}维度；总数并不是所问的答案`;
        }
        case "step_failed":
          return [
            zh`${FAILURE[message.kind]}${message.said ? zh`（${this.said(message.said, labels)}）` : message.upstream ? zh`（来源原文：${this.quote(message.upstream)}）` : ""}`,
            ...(message.conclusion ? [this.conclusion(message.conclusion, labels)] : []),
          ].join(zh`；`);
        case "interrupted":
          return zh`在完成前被中断（Ctrl-C）；重新提问即可获得`;
        case "answered_by_other_source":
          return [
            ...message.failed.map(
              (failed) =>
                zh`${failed.source} 未能取得数据${parenthesized(zh`（`, zh`）`, [failed.kind ? FAILURE[failed.kind] : undefined, failed.said ? this.said(failed.said, labels) : failed.upstream ? zh`来源原文：${this.quote(failed.upstream)}` : undefined].filter(Boolean).join(zh`，`))}`,
            ),
            zh`所示数值取自 ${message.from.join(zh`、`)}`,
          ].join(zh`；`);
      }
    },
    conclusion(conclusion, labels) {
      switch (conclusion.code) {
        case "no_alternative_source":
          return zh`${conclusion.clause ? zh`不满足校验规则${this.quote(conclusion.clause)}；` : ""}没有其他来源提供 ${conclusion.metric ? labels.metric(conclusion.metric) : conclusion.event ? labels.event(conclusion.event) : conclusion.source}`;
        case "broadest_period_empty": {
          const values = keyValues(conclusion.filters, labels, zh`或`);
          return values.length > 0
            ? zh`即使放宽到最大期间，${values.join(zh`、`)} 仍无数据；筛选条件是所问的对象，因此不予去掉`
            : zh`即使放宽到最大期间且没有可放宽的筛选条件，仍无数据`;
        }
        case "rate_limit_past_deadline":
          return zh`访问频率受限；等待 ${conclusion.delayMs} 毫秒将超过截止时间`;
        case "timeout_past_deadline":
          return zh`${conclusion.timeoutMs} 毫秒后超时，距截止时间仅剩 ${conclusion.remainingMs} 毫秒`;
        case "stopped":
          return conclusion.cause.kind === "interrupted"
            ? zh`已中断`
            : conclusion.cause.kind === "deadline"
              ? zh`已超过截止时间`
              : zh`经过 ${conclusion.cause.rounds} 轮反思仍未成功`;
      }
    },
    // What an adapter or the executor said about a failed step (issue 29 item 8).
    said(said, labels) {
      return chineseStepMessage(said, labels, zh, this.quote);
    },
    quote,
    unit(unit) {
      const currency = currencyOf(unit);
      if (currency)
        return zh` ${{ "": "", k: zh`千`, m: zh`百万` }[currency.scale]}${Object.hasOwn(CURRENCY_NAMES, currency.code) ? CURRENCY_NAMES[currency.code] : currency.code}`;
      if (Object.hasOwn(UNIT_WORDS, unit)) return UNIT_WORDS[unit];
      return unit ? ` ${unit}` : "";
    },
    // A citation's label (issue 29 item 8).
    citation: {
      row: (number) => zh`第 ${number} 行`,
      // No space before 行: Taiwan's table-row override (" 行" → " 列") must not turn a file's line into a row.
      line: (number) => zh`文件第${number}行`,
      rows: (count) => zh`${count} 行`,
      issues: (count) => zh`${count} 个工单`,
      page: (number) => zh`第 ${number} 页`,
      column: (header) => zh`「${header}」列`,
      place: (place) =>
        zh`${chineseAnchor(place.anchor, zh, (words) => `「${words}」`)} → ${place.read === "table" ? zh`表格` : zh`OCR 读取的区域（「${place.region ?? ""}」）`} → 第 ${compactRanges(place.rows)} 行`,
    },
    footer: {
      // The status line's heading and each status's word (issue 29 item 8: the status said in the answer's language).
      status: zh`状态：`,
      statuses: {
        answered: zh`已回答`,
        partial: zh`部分回答`,
        unanswerable: zh`无法回答`,
        direct: zh`直接回复`,
      },
      sources: zh`来源：`,
      audited: (count) => zh`${count} 个数字已与证据核对`,
      auditFailed: (untraced, total, numbers) =>
        zh`数字核对未通过：${total} 个数字中有 ${untraced} 个不在证据中（${numbers}）`,
      run: (directory) => zh`运行目录：${directory}`,
    },
  };
}

/** Simplified Chinese. */
export const simplifiedChinese: MessageCatalog = chineseCatalog(simplifiedWording);
