import { z } from "zod";
import { FilterValue } from "../plan.js";
import { Anchor } from "../sources/bi-dashboard-source.js";
import { OcrProblem } from "./ocr-problem.js";
import { PageWait } from "./page-wait.js";
import { CredentialPlace } from "./request-messages.js";

// What a BI dashboard's reading says (adapters/bi-dashboard/): the browser, the login, the page and
// the table on it. `where` is "source.dataset".

/** A BI dashboard's messages. */
export const BROWSER_MESSAGES = [
  /** The step's deadline or an interrupt stopped the reading. */
  z.object({ code: z.literal("reading_stopped"), where: z.string() }),
  /** The browser could not be started (its own words). */
  z.object({
    code: z.literal("browser_cannot_start"),
    source: z.string(),
    executable: z.string(),
    detail: z.string(),
  }),
  /** No remote browser server of the pool answered; each one's failure in its own words. */
  z.object({
    code: z.literal("browser_servers_unreachable"),
    source: z.string().optional(),
    plural: z.boolean(),
    failures: z.array(z.string()),
  }),
  /** The browser (or its server) went away while the page was read. */
  z.object({ code: z.literal("browser_gone"), where: z.string() }),
  /** The page was closed before its table was read. */
  z.object({ code: z.literal("page_closed"), where: z.string() }),
  /** The source's adapter was closed while the step ran. */
  z.object({ code: z.literal("adapter_closed"), source: z.string() }),
  /** A wait on the page ran out of time (`wait`: on what), with what the page was still loading. */
  z.object({
    code: z.literal("page_timed_out"),
    where: z.string(),
    wait: PageWait,
    loading: z.array(z.string()),
    inParentheses: z.boolean().optional(),
  }),
  /** The dashboard's host cannot be reached (the browser's network error). */
  z.object({ code: z.literal("page_unreachable"), where: z.string(), base: z.string(), detail: z.string() }),
  /** Reading the page failed in a way of its own (its words). */
  z.object({ code: z.literal("page_failed"), where: z.string(), detail: z.string() }),
  /** The dashboard refused the credentials (401/403); `check` is empty when the source has no auth section. */
  z.object({
    code: z.literal("dashboard_refused"),
    source: z.string(),
    status: z.number(),
    check: CredentialPlace.optional(),
  }),
  /** No dashboard at the address (404/410). */
  z.object({ code: z.literal("dashboard_missing"), source: z.string(), url: z.string(), status: z.number() }),
  /** Too many requests (429). */
  z.object({ code: z.literal("dashboard_rate_limited"), source: z.string() }),
  /** Another status that is not a page. */
  z.object({ code: z.literal("dashboard_status"), source: z.string(), status: z.number() }),
  /** The dashboard sent back to its login page after signing in. */
  z.object({ code: z.literal("still_on_login"), source: z.string(), variables: z.array(z.string()) }),
  /** The dashboard redirected to an origin the source does not allow. */
  z.object({
    code: z.literal("redirected_outside"),
    source: z.string(),
    url: z.string(),
    redirect: z.string(),
  }),
  /** The dashboard asks for a login the source does not describe. */
  z.object({ code: z.literal("login_not_configured"), source: z.string() }),
  /** The login page did not show a field in time. */
  z.object({
    code: z.literal("login_field_slow"),
    source: z.string(),
    page: z.string(),
    field: z.string(),
    description: z.string(),
  }),
  /** The login page has no such field. */
  z.object({
    code: z.literal("login_field_missing"),
    source: z.string(),
    page: z.string(),
    field: z.string(),
    description: z.string(),
  }),
  /** Neither a successful login nor a refusal showed before the deadline. */
  z.object({ code: z.literal("login_unconfirmed"), source: z.string() }),
  /** The login failed. */
  z.object({
    code: z.literal("login_failed"),
    source: z.string(),
    stillOnLogin: z.boolean(),
    variables: z.array(z.string()),
  }),
  /** No control with the filter's label on the page. */
  z.object({ code: z.literal("control_missing"), where: z.string(), label: z.string(), page: z.string() }),
  /** The control has no option for the value. */
  z.object({
    code: z.literal("option_missing"),
    where: z.string(),
    label: z.string(),
    value: z.string(),
    options: z.array(z.string()),
  }),
  /** The anchor, the OCR region or the table did not appear in time while data requests were pending. */
  z.object({
    code: z.literal("table_wait_timeout"),
    where: z.string(),
    what: z.enum(["anchor", "region", "table"]),
    anchor: Anchor,
    seconds: z.number(),
    pending: z.array(z.string()),
  }),
  /** The table is not on the page (what the page has instead, in `landmarks`). */
  z.object({
    code: z.literal("table_missing"),
    where: z.string(),
    what: z.enum(["anchor", "region", "table"]),
    anchor: Anchor,
    page: z.string(),
    landmarks: z.string().optional(),
  }),
  /** The anchor marks a picture, not a table: OCR is needed. */
  z.object({
    code: z.literal("region_needs_ocr"),
    where: z.string(),
    anchor: Anchor,
    region: z.string(),
    dataset: z.string(),
  }),
  /** The table is there but its rows never came. */
  z.object({ code: z.literal("table_empty"), where: z.string(), anchor: Anchor, seconds: z.number() }),
  /** The page shows another period than the one asked. */
  z.object({
    code: z.literal("page_period_other"),
    where: z.string(),
    shown: z.string(),
    heading: z.string().optional(),
    from: z.string(),
    to: z.string(),
  }),
  /** Columns the dataset maps are not among the table's headers (each with the nearest header, if any). */
  z.object({
    code: z.literal("table_columns_missing"),
    where: z.string(),
    missing: z.array(z.object({ name: z.string(), near: z.string().optional() })),
    headers: z.array(z.string()),
  }),
  /** A column's cells are written in another unit than the dataset's `units` declares. */
  z.object({
    code: z.literal("unit_contradicted"),
    where: z.string(),
    column: z.string(),
    declared: z.string(),
    written: z.string(),
    example: z.string(),
  }),
  /** The page states another row count than was read (`stated`), or no text matches row_total. */
  z.object({
    code: z.literal("row_total_mismatch"),
    where: z.string(),
    anchor: Anchor,
    read: z.number(),
    stated: z.number().optional(),
    text: z.string().optional(),
    pattern: z.string(),
  }),
  /** A virtualised grid never rendered some rows while scrolling. */
  z.object({
    code: z.literal("grid_rows_unrendered"),
    missing: z.number(),
    indexes: z.string(),
    expected: z.object({ first: z.number(), last: z.number() }).optional(),
  }),
  /** A dataset's fixed period is not a period label. */
  z.object({ code: z.literal("page_period_invalid"), where: z.string(), period: z.string() }),
  /** No heading above the table to read its period from. */
  z.object({ code: z.literal("page_heading_missing"), where: z.string(), pattern: z.string() }),
  /** The heading above the table does not give a period (`matched`: what the pattern found, when it found something). */
  z.object({
    code: z.literal("page_heading_not_period"),
    where: z.string(),
    heading: z.string(),
    pattern: z.string(),
    matched: z.string().optional(),
  }),
  /** The region needs OCR and the OCR engine failed, is not installed or cannot read the image; `where` is the adapter's own. */
  z.object({ code: z.literal("ocr_failed"), where: z.string(), problem: OcrProblem }),
  /**
   * A region read with `ocr.layout: auto` is a bar chart, and neither `ocr.chart` nor the dataset's
   * `columns` (`columns`: its headers) say which of its two columns is which.
   */
  z.object({ code: z.literal("chart_headers_unknown"), where: z.string(), columns: z.array(z.string()) }),
  /** A bar chart without value labels: its values cannot be read exactly. */
  z.object({ code: z.literal("chart_without_labels"), where: z.string(), bars: z.array(z.string()) }),
  /** OCR found no text, no labelled bars, or no rows below a header row. */
  z.object({
    code: z.literal("ocr_found_nothing"),
    where: z.string(),
    found: z.enum(["no_text", "no_bars", "no_rows"]),
  }),
  /** The table (or the region read by OCR) has no row for the asked keys and period. */
  z.object({
    code: z.literal("table_rows_missing"),
    where: z.string(),
    table: z.string(),
    ocr: z.boolean().optional(),
    anchor: Anchor.optional(),
    filters: z.record(z.string(), FilterValue),
    from: z.string().optional(),
    to: z.string().optional(),
  }),
] as const;
