import type { z } from "zod";
import type { Anchor } from "../../models/sources/bi-dashboard-source.js";
import type { StepMessage } from "../../models/step-message.js";
import type { OcrProblem } from "../../models/step-messages/ocr-problem.js";
import {
  loadingResource,
  type PageStep,
  type PageUnsettled,
  type PageWait,
} from "../../models/step-messages/page-wait.js";
import type { CredentialPlace } from "../../models/step-messages/request-messages.js";
import type { Labels } from "../synthesizer/labels.js";
import type { Wording } from "./chinese-wording.js";
import { keyValues } from "./message-catalog.js";

// What an adapter or the executor said about a failed step, in Chinese (written in Simplified; the
// Traditional catalog passes the same words through Taiwan's wording). Names (sources, datasets,
// files, columns, URLs, YAML keys) stay as written; the words of an upstream, a library or a
// workspace's own text are quoted.

type AnchorSpec = z.infer<typeof Anchor>;

/** A dashboard anchor in Chinese: 标题「退货率」、「aria-label」「…」（第 2 个表格）. */
export function chineseAnchor(anchor: AnchorSpec, zh: Wording, quote: (words: string) => string): string {
  const parts = [
    ...(anchor.heading ? [zh`标题${quote(anchor.heading)}`] : []),
    ...(anchor.aria_label ? [zh`${quote("aria-label")} ${quote(anchor.aria_label)}`] : []),
    ...(anchor.title ? [zh`${quote("title")} ${quote(anchor.title)}`] : []),
    ...(anchor.label ? [zh`标签${quote(anchor.label)}`] : []),
  ];
  const text = parts.length > 0 ? parts.join(zh`、`) : zh`页面上的第一个表格`;
  return (anchor.nth ?? 1) > 1 ? zh`${text}（第 ${anchor.nth ?? 1} 个表格）` : text;
}

/** A step message in Chinese. */
export function chineseStepMessage(
  said: StepMessage,
  labels: Labels,
  zh: Wording,
  quote: (words: string) => string,
): string {
  const list = (items: string[]) => items.join(zh`、`);
  const selection = (filters: Parameters<typeof keyValues>[0], from?: string, to?: string) =>
    [...keyValues(filters, labels, zh`或`), ...(from && to ? [`${from}..${to}`] : [])].join(" · ");
  const check = (place: CredentialPlace) =>
    place.variables.length > 0
      ? zh`请检查环境变量 ${list(place.variables)}（${place.where}）`
      : zh`请检查 ${place.where}`;
  const anchorText = (anchor: AnchorSpec) => chineseAnchor(anchor, zh, quote);
  const sought = (what: "anchor" | "region" | "table", anchor: AnchorSpec) =>
    what === "anchor"
      ? zh`锚点（${anchorText(anchor)}）`
      : what === "region"
        ? zh`${anchorText(anchor)} 处的画布或图片`
        : zh`${anchorText(anchor)} 处的表格`;
  const headerList = (headers: string[]) =>
    headers.length > 0 ? headers.map(quote).join(zh`、`) : zh`（无）`;
  const grainName = (grain: string) =>
    ({ day: zh`日`, week: zh`周`, month: zh`月`, quarter: zh`季度`, half: zh`半年`, year: zh`年` })[grain] ??
    quote(grain);
  const variables = (names: string[]) => list(names.map((name) => `$${name}`));
  // What the page was still loading: each resource's kind in words, its address as written.
  const resources = (entries: string[]) =>
    entries
      .map((entry) => {
        const { kind, url } = loadingResource(entry);
        return kind
          ? zh`${{ document: zh`页面`, stylesheet: zh`样式表`, script: zh`脚本` }[kind]} ${url}`
          : url;
      })
      .join(", ");
  const pageStep = (step: PageStep) =>
    ({
      page_load: zh`加载页面（DOMContentLoaded）`,
      heading: zh`读取表格上方的标题`,
      table: zh`读取表格`,
      row_total: zh`读取表格旁写明的总数`,
      table_rows: zh`读取表格的行`,
      table_state: zh`读取表格的状态`,
      container_scroll: zh`把表格的容器滚动到底`,
      grid_scroll: zh`滚动虚拟表格`,
    })[step];
  const unsettled = (what: PageUnsettled) => {
    switch (what.code) {
      case "requests_pending":
        return zh`页面始终没有稳定：数据请求不断发出（仍有 ${what.pending} 个未完成：${what.paths.slice(0, 3).join(", ")}）`;
      case "requests_starting":
        return zh`页面始终没有稳定：数据请求不断开始（最后一次在截止前 ${what.lastMs} 毫秒）`;
      case "table_busy":
        return zh`页面始终没有稳定：表格一直标记为忙碌（${quote("aria-busy")}）`;
      case "rows_changing":
        return zh`页面始终没有稳定：表格的行不断变化（最后一次变化在截止前 ${what.lastChangeMs} 毫秒，当时有 ${what.rows} 行）`;
      case "unchanged_after_paging":
        return zh`翻页后表格没有变化`;
      case "container_growing":
        return zh`滚动表格用时过长：其容器仍在增加行（已读 ${what.rows} 行，滚动 ${what.scrolls} 次）`;
      case "grid_scroll_slow":
        return zh`滚动虚拟表格用时过长（已读 ${what.rows} 行，缺 ${what.missing} 行）`;
    }
  };
  const pageWait = (wait: PageWait) => {
    switch (wait.code) {
      case "step_stalled":
        return zh`${pageStep(wait.step)}没有在 ${wait.seconds} 秒内完成${wait.pending.length > 0 ? zh`；页面仍在加载 ${resources(wait.pending)}` : ""}`;
      case "never_settled":
        return unsettled(wait.unsettled);
      case "browser_timeout":
        return zh`页面等待超时，浏览器原文：${quote(wait.detail)}`;
    }
  };
  const ocrProblem = (problem: OcrProblem) => {
    switch (problem.code) {
      case "engine_not_installed":
        return zh` OCR 引擎 ${quote(problem.engine)} 未安装（安装：${quote(problem.install)}）${problem.detail ? zh`，原文：${quote(problem.detail)}` : ""}`;
      case "engine_failed":
        return zh` OCR 引擎 ${quote(problem.engine)} 运行失败，原文：${quote(problem.detail)}`;
      case "image_unreadable":
        return zh`截图无法读取：${
          {
            not_png: zh`不是 PNG 图片（文件签名不对）`,
            unsupported_png: zh`不支持的 PNG 格式（位深 ${problem.format?.depth ?? "?"}、颜色类型 ${problem.format?.colourType ?? "?"}、隔行 ${problem.format?.interlace ?? "?"}；需要 8 位灰度、RGB 或 RGBA，且不隔行）`,
            no_image_data: zh`PNG 中没有图像数据`,
            corrupt: zh`PNG 图像数据已损坏`,
            truncated: zh`PNG 图像数据不完整`,
            unknown_filter: zh`PNG 第 ${problem.row ?? "?"} 行的过滤方式未知`,
          }[problem.why]
        }`;
    }
  };
  switch (said.code) {
    case "no_matching_rows":
      return zh`${said.file} 中没有符合 ${selection(said.filters, said.from, said.to)} 的行`;
    case "http_status":
      return zh`${said.source} 对 ${said.url} 返回 HTTP ${said.status}${said.status === 404 ? zh`（无此资源）` : said.status >= 500 ? zh`（服务器错误）` : ""}${said.upstream ? zh`，服务器原文：${quote(said.upstream)}` : ""}`;
    case "http_rate_limited":
      return zh`${said.source} 正在限制请求频率（HTTP 429）${said.retryAfterSeconds !== undefined ? zh`，要求 ${said.retryAfterSeconds} 秒后重试` : ""}`;
    case "http_not_json":
      return zh`${said.source} 对 ${said.url} 返回的内容不是 JSON`;
    case "rule_unmet":
      return zh`不满足校验规则${quote(said.clause)}`;
    // The executor.
    case "interrupted_by_caller":
      return zh`已中断（Ctrl-C 或调用方取消）`;
    case "no_answer_within":
      return zh`${said.timeoutMs} 毫秒内没有应答`;
    case "cancelled_by_deadline":
      return zh`已取消（到达截止时间或被中断）`;
    case "connection_failed":
      return zh`连接失败（${said.reason}）`;
    case "connection_timed_out":
      return zh`连接超时（${said.reason}）`;
    case "timed_out":
      return zh`超时，原文：${quote(said.detail)}`;
    case "unexpected_error":
      return zh`意外错误，原文：${quote(said.detail)}`;
    case "workspace_problem":
      return zh`工作区配置有误，原文：${quote(said.detail)}`;
    case "variables_unset": {
      const secret = said.variables.some((variable) => variable.secret);
      return zh`来源 ${said.source} 需要环境变量 ${list(said.variables.map((variable) => variable.name))}，但它们没有设置；请在命令行环境中设置${secret ? zh`（这是凭据，不要写进 triangulate.yaml）` : zh`，或在 triangulate.yaml 中为它写默认值`}`;
    }
    case "rule_unparsable":
      return zh`${said.goal} 的校验规则无法解析：${quote(said.display)}`;
    case "source_not_configured":
      return zh`计划中的来源 ${said.source} 不在 ${said.file} 中`;
    // HTTP sources.
    case "request_cancelled":
      return said.byStep
        ? zh`${said.method} ${said.url} 因步骤截止时间被取消`
        : zh`${said.method} ${said.url} 在 ${said.timeoutSeconds} 秒内没有完整应答`;
    case "request_failed":
      return zh`${said.method} ${said.url} 失败，原文：${quote(said.detail)}`;
    case "credentials_refused":
      return zh`${said.source} 拒绝了凭据（HTTP ${said.status}）；${check(said.check)}`;
    case "response_too_deep":
      return zh`${said.source} 对 ${said.url} 返回的 JSON 嵌套超过 ${said.limit} 层（在第 ${said.at} 个字符处）；本程序只读取 ${said.limit} 层以内的 JSON`;
    case "response_too_large":
      return zh`${said.source} 来自 ${said.url} 的响应超过 max_response_bytes（${said.limit}；${said.declared !== undefined ? zh`声明大小为 ${said.declared}` : zh`实际收到超过 ${said.limit}`}）`;
    case "connection_broke":
      return zh`${said.source} 读取 ${said.url} 时连接中断`;
    case "too_many_pages":
      return zh`页数超过 max_pages（${said.maxPages}）；请缩小检索范围或调高 max_pages`;
    case "cursor_repeated":
      return zh`服务器两次返回同一个游标 ${said.cursor}；翻页将永远不会结束`;
    case "link_repeated":
      return zh`Link 标头指向已经取得的页面；翻页将永远不会结束`;
    case "link_outside":
      return zh`Link 标头指向 ${said.base} 之外；拒绝跟随`;
    case "field_path_unmatched":
      return zh`字段 ${said.field}：JSONPath ${said.path} 在记录 ${said.record} 上没有匹配；请修正路径，或为该字段设置 ${quote("default")} 或 ${quote("optional: true")}`;
    case "field_value_wrong_type":
      return zh`字段 ${said.field}：记录 ${said.record} 中 ${said.path} 的值 ${said.value} 不是${
        said.expected === "one_of"
          ? zh`以下之一：${said.choices?.join(", ") || zh`枚举映射的键`}`
          : { number: zh`数字`, boolean: zh`布尔值`, date: zh`日期`, date_time: zh`日期时间` }[said.expected]
      }`;
    case "records_path_unmatched":
      return zh`记录路径 ${said.path} 在${said.url ? zh` ${said.url} 的响应` : zh`样本`}中没有匹配`;
    case "lookup_failed":
      return zh`${said.where} 写的是名称${quote(said.value)}，但无法读取 ${said.endpoint} 来查出它的 id（原文：${quote(said.detail)}）；请直接写 id`;
    case "lookup_name_unknown":
      return zh`${said.where}：服务器上没有名为${quote(said.name)}的${quote(said.kind)}；它有：${said.available.join(", ")}`;
    case "changelogs_missing":
      return zh`${said.source} 的检索 ${said.search} 要求变更记录，但 ${said.records} 条记录中有 ${said.missing} 条没有（${said.where}；例如 ${said.examples.join(", ")}）：服务器没有返回它们，因此无法报告变更`;
    case "changelog_too_long":
      return zh`${said.record} 的变更记录超过 ${quote("max_pages")}（${said.maxPages}）页`;
    case "stored_value_unknown":
      return said.value === undefined
        ? zh`${said.where}：目录中没有维度 ${said.dimension}；它有：${said.available.join(", ") || zh`无`}`
        : zh`${said.where}.${said.value}：${quote(said.value)}不是目录中 ${said.dimension} 的值（${said.available.join(", ")}）；${quote("values:")} 的键是目录值，右侧是工单系统存储的值`;
    case "search_found_nothing":
      return zh`${said.source} 的检索 ${said.search} 没有找到任何记录${said.query ? zh`（查询：${quote(said.query)}）` : ""}`;
    case "search_filtered_out":
      return zh`${said.source} 的检索 ${said.search}：经过筛选${said.filters.length > 0 ? ` ${said.filters.join(", ")}` : zh`（期间）`}后没有剩余记录`;
    // BI dashboards.
    case "reading_stopped":
      return zh`${said.where}：已停止（步骤截止时间或中断）`;
    case "browser_cannot_start":
      return zh`${said.source}：无法启动 ${said.executable} 的浏览器（${quote("browser.executable_path")}），原文：${quote(said.detail)}`;
    case "browser_servers_unreachable":
      return zh`${said.source ? zh`${said.source}：` : ""}没有任何浏览器服务器应答（${quote(`browser.ws_endpoint${said.plural ? "s" : ""}`)}），原文：${quote(said.failures.join("; "))}`;
    case "browser_gone":
      return zh`${said.where}：读取表格前浏览器已断开（浏览器服务器关闭了连接或 Chromium 已结束）`;
    case "page_closed":
      return zh`${said.where}：读取表格前页面已关闭`;
    case "adapter_closed":
      return zh`${said.source}：适配器已关闭`;
    case "page_timed_out":
      return zh`${said.where}：${pageWait(said.wait)}${said.loading.length > 0 ? zh`；页面仍在加载 ${resources(said.loading.slice(0, 3))}` : ""}`;
    case "page_unreachable":
      return zh`${said.where}：无法连接 ${said.base}，原文：${quote(said.detail)}`;
    case "page_failed":
      return zh`${said.where}：读取页面失败，原文：${quote(said.detail)}`;
    case "dashboard_refused":
      return zh`${said.source}：仪表板返回 HTTP ${said.status}（拒绝访问）；${said.check ? check(said.check) : zh`该来源在 triangulate.yaml 中没有 ${quote("auth")} 设置（HTTP Basic、${quote("bearer")} 或标头凭据）`}`;
    case "dashboard_missing":
      return zh`${said.source}：${said.url} 没有仪表板（HTTP ${said.status}）`;
    case "dashboard_rate_limited":
      return zh`${said.source}：请求过多（HTTP 429）`;
    case "dashboard_status":
      return zh`${said.source}：仪表板返回 HTTP ${said.status}`;
    case "still_on_login":
      return zh`${said.source}：登录后仍被送回登录页面；${said.variables.length > 0 ? zh`请检查 ${variables(said.variables)}` : zh`请检查 ${quote("login")} 设置`}`;
    case "redirected_outside":
      return zh`${said.source}：${said.url} 重定向到 ${said.redirect}，它不是该来源的 base_url；浏览器没有跟随（若仪表板确实在那里，请把 ${said.redirect} 加入 allow_origins）`;
    case "login_not_configured":
      return zh`${said.source}：仪表板要求登录，但该来源在 triangulate.yaml 中没有 ${quote("login")} 设置`;
    case "login_field_slow":
      return zh`${said.source}：${said.page} 的登录页面在步骤截止前没有显示 ${said.field} 字段（${said.description}）；若页面较慢，请调高 ${said.source} 的 timeout_seconds`;
    case "login_field_missing":
      return zh`${said.source}：${said.page} 的登录表单没有 ${said.field} 字段（${said.description}）；请检查 triangulate.yaml 中 ${said.source} 的 ${quote(`login.${said.field}`)}`;
    case "login_unconfirmed":
      return zh`${said.source}：步骤截止前既没有登录成功的迹象，也没有被拒绝；若门户较慢，请调高 ${said.source} 的 timeout_seconds`;
    case "login_failed":
      return zh`${said.source}：登录失败${said.stillOnLogin ? zh`（登录后仍停留在登录页面：凭据被拒绝）` : ""}；${said.variables.length > 0 ? zh`请检查 ${variables(said.variables)}` : zh`请检查 triangulate.yaml 中 ${said.source} 的 ${quote("login.username")} 和 ${quote("login.password")}`}`;
    case "control_missing":
      return zh`${said.where}：${said.page} 上没有标签为${quote(said.label)}的控件`;
    case "option_missing":
      return zh`${said.where}：${quote(said.label)}没有选项${quote(said.value)}；它的选项有：${said.options.map(quote).join(zh`、`)}`;
    case "table_wait_timeout":
      return zh`${said.where}：${said.seconds} 秒内没有出现${sought(said.what, said.anchor)}；仍有数据请求未完成（${said.pending.join(", ")}）`;
    case "table_missing":
      return zh`${said.where}：${said.page} 上找不到${sought(said.what, said.anchor)}${said.landmarks ? zh`；页面上有：${quote(said.landmarks)}` : ""}`;
    case "region_needs_ocr":
      return zh`${said.where}：${anchorText(said.anchor)} 处是图形（${quote(said.region)}），不是表格：需要 OCR（请为 ${said.dataset} 设置 ${quote("extract: ocr")} 或 ${quote("extract: auto")}）`;
    case "table_empty":
      return zh`${said.where}：${anchorText(said.anchor)} 处的表格在页面稳定后（${said.seconds} 秒）仍没有任何行；其行可能由失败或未完成的 JavaScript 填入（请在浏览器中打开页面，或调高 wait_seconds）`;
    case "page_period_other":
      return zh`${said.where}：页面只显示 ${said.shown}${said.heading ? zh`（标题${quote(said.heading)}）` : ""}，而不是 ${said.from}…${said.to}`;
    case "table_columns_missing":
      return zh`${said.where}：找不到列 ${said.missing.map(({ name, near }) => (near ? zh`${quote(name)}（是否指${quote(near)}？）` : quote(name))).join(zh`、`)}；表头有：${headerList(said.headers)}`;
    case "unit_contradicted":
      return zh`${said.where}：列 ${said.column} 在 ${quote("units")} 中声明为 ${quote(said.declared)}，但单元格写的是 ${quote(said.written)}（例如${quote(said.example)}）；请修正 ${quote(`units.${said.column}`)}`;
    case "row_total_mismatch":
      return said.stated !== undefined
        ? zh`${said.where}：页面写明有 ${said.stated} 行（${quote(said.text ?? "")}），但在 ${anchorText(said.anchor)} 读到 ${said.read} 行`
        : zh`${said.where}：${anchorText(said.anchor)} 处表格周围没有文字符合 ${quote("row_total")} /${said.pattern}/`;
    case "grid_rows_unrendered":
      return zh`滚动时虚拟表格始终没有渲染 ${said.missing} 行${said.expected ? zh`（${quote("aria-rowindex")} ${said.expected.first}–${said.expected.last} 中）` : ""}：${quote("aria-rowindex")} ${said.indexes}`;
    case "page_period_invalid":
      return zh`${said.where}：期间${quote(said.period)}不是期间标签（请写成 2024-Q3、2024-07、2024-07-15 或 2024）`;
    case "page_heading_missing":
      return zh`${said.where}：表格上方没有可读出期间的标题（${quote("period.heading")}：${quote(said.pattern)}）`;
    case "page_heading_not_period":
      return said.matched !== undefined
        ? zh`${said.where}：标题${quote(said.heading)}按 ${quote("period.heading")} 匹配到${quote(said.matched)}，但它不是期间（例如 2024年第三季度、Q3 2024、2024-07）`
        : zh`${said.where}：标题${quote(said.heading)}不符合 ${quote("period.heading")} /${said.pattern}/`;
    case "ocr_failed":
      return zh`该区域需要 OCR，但${ocrProblem(said.problem)}（${quote(said.where)}）`;
    case "chart_headers_unknown":
      return zh`该区域是条形图（${quote(said.where)}），但其两列没有表头名称：请设置 ${quote("ocr.chart.category")} 和 ${quote("ocr.chart.value")}，或在 ${quote("columns")} 中只映射两列（现为 ${said.columns.map(quote).join(zh`、`) || zh`无`}），其中一列映射到 ${quote("offers.metrics")} 中的指标`;
    case "chart_without_labels":
      return zh`条形图没有数值标签（${quote(said.where)}；${said.bars.length} 个条形：${said.bars.map(quote).join(zh`、`)}），无法准确读出数值；坐标轴刻度只给出比例。请在图上显示数值，或从表格读取`;
    case "ocr_found_nothing":
      return zh`OCR 在该区域${{ no_text: zh`没有找到任何文字`, no_bars: zh`没有找到带标签的条形`, no_rows: zh`没有找到表头下方的行` }[said.found]}（${quote(said.where)}）`;
    case "table_rows_missing": {
      const asked = selection(said.filters, said.from, said.to) || zh`所选条件`;
      return said.anchor
        ? zh`${said.where}：${anchorText(said.anchor)} 处的${said.ocr ? zh`OCR 读取的区域（${quote(said.table)}）` : zh`表格`}没有 ${asked} 的行`
        : zh`${said.where}：没有 ${asked} 的行`;
    }
    // Knowledge bases.
    case "index_unusable":
      return zh`来源 ${said.source} 的知识库${
        said.problem.reason === "not_built"
          ? zh`尚未建立`
          : said.problem.reason === "old_layout"
            ? zh`以旧的索引格式 ${said.problem.built} 建立（当前版本为 ${said.problem.current}）`
            : said.problem.reason === "other_embedder"
              ? zh`以嵌入模型 ${quote(said.problem.built)} 建立，但该来源配置的是 ${quote(said.problem.configured)}`
              : zh`无法打开，原文：${quote(said.problem.detail)}`
      }：请在工作区中运行 ${quote("triangulate ingest")}`;
    case "index_unsearchable":
      return zh`${said.source} 的索引无法检索，原文：${quote(said.detail)}；请运行 ${quote("triangulate ingest --rebuild")}`;
    case "search_cancelled":
      return zh`${said.source} 的检索已取消`;
    case "no_passage": {
      const filters = Object.entries(said.filters).map(([key, value]) => `${key}=${value}`);
      return zh`${said.source} 中没有与${quote(said.query)}相符的段落${filters.length > 0 ? zh`（筛选：${filters.join(", ")}）` : ""}`;
    }
    case "document_filters_invalid":
      return zh`子目标 ${said.goal} 的筛选条件不能用于文档，原文：${quote(said.detail)}`;
    case "tables_not_found":
      return zh`${said.source} 的数据集 ${said.dataset}：${
        said.found === 0
          ? zh`符合 ${said.document} 的文档中没有表格`
          : zh`符合 ${said.document} 的文档中有 ${said.found} 个表格，但没有一个带有表头 ${said.headers.join(", ")}`
      }`;
    case "table_rows_unmatched":
      return zh`${said.source} 的数据集 ${said.dataset}：找到 ${said.tables} 个表格，但没有符合子目标筛选条件和期间的行`;
    case "embedding_count_wrong":
      return zh`Ollama 为 ${said.sent} 段文本返回了 ${said.got} 个嵌入向量（模型 ${said.model}）`;
    case "embedding_size_wrong":
      return zh`Ollama 模型 ${said.model} 返回的向量有 ${said.got} 个值，应为 ${said.expected} 个有限数值`;
    case "embedding_cancelled":
      return zh`用 Ollama（${said.model}）计算嵌入时被取消或超时`;
    case "embedding_model_missing":
      return zh`Ollama 没有模型 ${said.model}（原文：${quote(said.detail)}）；请运行 ${quote(`ollama pull ${said.model}`)} 或修改 ${quote("embedding.model")}`;
    case "embedding_busy":
      return zh`Ollama 忙碌中，原文：${quote(said.detail)}`;
    case "embedding_server_failed":
      return zh`Ollama 用 ${said.model} 计算嵌入失败，原文：${quote(said.detail)}`;
    case "embedding_refused":
      return zh`Ollama 拒绝了嵌入请求（HTTP ${said.status}），原文：${quote(said.detail)}`;
    case "embedding_unusable":
      return zh`Ollama 的嵌入应答（${said.model}）无法使用，原文：${quote(said.detail)}`;
    case "embedding_unreachable":
      return zh`无法连接 ${said.host} 的 Ollama 来用 ${said.model} 计算嵌入，原文：${quote(said.detail)}`;
    // Data files.
    case "file_missing":
      return zh`${at(said)}：找不到文件`;
    case "file_unreadable":
      return zh`${at(said)}：无法读取文件（${said.reason}）`;
    case "file_too_large":
      return zh`${at(said)}：文件有 ${said.bytes} 字节，超过上限 ${said.limit}`;
    case "encoding_unknown":
      return zh`${at(said)}：未知编码 ${quote(said.encoding)}；请使用 ${["utf-8", "gb18030", "big5", "utf-16le", "auto"].map(quote).join(zh`、`)}`;
    case "encoding_undetected":
      return zh`${at(said)}：无法判断文本编码（不是 UTF-8${said.detected ? zh`，检测结果为 ${said.detected}` : ""}）；请在数据集中设置 ${quote("encoding:")}（例如 gb18030、big5）`;
    case "encoding_invalid":
      return zh`${at(said)}：文件不是有效的 ${said.encoding}；请在数据集中设置 ${quote("encoding:")}`;
    case "csv_ragged":
      return zh`${at(said)}：某行的字段数与表头不同（原文：${quote(said.detail)}）；每行的字段数必须与表头相同`;
    case "csv_invalid":
      return zh`${at(said)}：不是有效的 CSV，原文：${quote(said.detail)}`;
    case "header_rows_missing":
      return zh`${at(said)}：文件只有 ${said.rows} 行，应有 ${said.headerRows} 行表头`;
    case "header_duplicate":
      return zh`${at(said)}：列${quote(said.header)}在表头中出现两次`;
    case "json_too_deep":
      return zh`${at(said)}：嵌套超过 ${said.limit} 层；本程序只读取 ${said.limit} 层以内的 JSON`;
    case "json_invalid":
      return zh`${at(said)}：不是有效的 JSON，原文：${quote(said.detail)}`;
    case "json_not_records":
      return zh`${at(said)}：${said.key ? zh`${quote(said.key)}下` : ""}应为记录数组`;
    case "json_record_not_object":
      return zh`${at(said)}：第 ${said.index} 条记录不是对象`;
    case "mapped_column_missing":
      return zh`${said.source} 的数据集 ${said.dataset}：${quote("columns")} 映射了${quote(said.header)}，但它不是 ${said.file} 的列${said.near ? zh`（是否指${quote(said.near)}？）` : ""}；它的列有：${said.headers.map(quote).join(zh`、`)}`;
    case "unit_column_missing":
      return zh`${said.source} 的数据集 ${said.dataset}：${quote("units")} 给了${quote(said.column)}的单位，但它不是 ${said.file} 的列${said.near ? zh`（是否指${quote(said.near)}？）` : ""}；它的列有：${said.columns.map(quote).join(zh`、`)}`;
    case "filter_column_missing":
      return zh`${said.source} 的数据集 ${said.dataset}${said.period ? zh`：period_column ${said.column} 不是列` : zh` 没有可筛选的列 ${said.column}`}${said.near ? zh`（是否指 ${said.near}？）` : ""}；列有：${said.columns.join(", ")}`;
    // The workspace's description of a source.
    case "dataset_unknown": {
      const what =
        said.section === "search" ? zh`检索` : said.section === "table_dataset" ? zh`表格数据集` : zh`数据集`;
      const named = said.dataset
        ? zh`${what} ${said.dataset}`
        : zh`提供${said.metric ? labels.metric(said.metric) : zh`此子目标`}的${what}`;
      return zh`来源 ${said.source} 没有${named}；它有：${said.available.join(", ") || zh`无`}`;
    }
    case "unpivot_columns_missing":
      return zh`${said.where}：找不到 ${quote("unpivot")} 的列 ${said.missing.map(({ name, near }) => (near ? zh`${quote(name)}（是否指${quote(near)}？）` : quote(name))).join(zh`、`)}；表头有：${headerList(said.headers)}`;
    case "unpivot_pattern_unmatched":
      return zh`${said.where}：没有表头符合 ${quote("unpivot")} 的模式 /${said.pattern}/；表头有：${headerList(said.headers)}`;
    case "unpivot_header_not_period":
      return zh`${said.where}：表头${quote(said.header)}不是期间标签（原文：${quote(said.reason)}）；请用 ${quote("unpivot.columns")}、${quote("matching")} 或 ${quote("all_but")} 选择期间列`;
    case "unpivot_header_grain":
      return zh`${said.where}：表头${quote(said.header)}是${grainName(said.grain)}，而 ${quote("unpivot.period.grain")} 要求${grainName(said.wanted)}`;
    case "unpivot_column_clash":
      return zh`${said.where}：表中已有列${quote(said.column)}；请为 ${quote("unpivot.into")} 或 ${quote("unpivot.value")} 另取名称`;
    case "search_unnamed":
      return zh`来源 ${said.source} 有多个检索（${said.searches.join(", ")}）；子目标必须以 ${quote("dataset")} 指明其中一个`;
    case "search_misconfigured":
      return zh`来源 ${said.source} 的检索设置有误，原文：${quote(said.problems.join("; "))}`;
    case "filter_unsupported":
      return zh`${said.source} 的检索 ${said.search} 无法按 ${said.dimension} 筛选：其查询没有 {${said.dimension}} 占位符，也没有映射 ${said.dimension} 字段`;
    case "placeholder_unset":
      return zh`${said.where} 使用了 {${said.name}}，但子目标没有给出它的值；请在计划中加入 ${said.name} 筛选条件，或用 [[ … ]] 把这部分包起来使其可选`;
    case "address_leaves_base":
      return zh`${said.what === "endpoint" ? quote("endpoint") : zh`数据集 ${quote("url")}`} ${said.template} 离开了 ${said.base}；已拒绝`;
    case "url_absolute":
      return zh`数据集 ${quote("url")} ${said.template} 必须是相对于 base_url ${said.base} 的路径，而不是绝对地址`;
    case "value_not_in_url":
      return zh`值${quote(said.value)}${said.name ? zh`（{${said.name}}）` : ""}无法放入 URL`;
  }

  /** Where a data file's problem is: "data/x.csv:12:3". */
  function at(file: { file: string; line?: number; column?: number }): string {
    return `${file.file}${file.line === undefined ? "" : `:${file.line}${file.column === undefined ? "" : `:${file.column}`}`}`;
  }
}
