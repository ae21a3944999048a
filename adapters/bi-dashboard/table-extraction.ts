import type { Locator } from "playwright-core";
import { wholeWordPattern } from "../../domain/word-boundary.js";
import { codedStepError } from "../../models/step-error.js";
import {
  DEFAULT_SCRIPT_TIMEOUT_MS,
  EXTRACT_TABLE,
  type ExtractedRow,
  type ExtractedTable,
  READ_STATE,
  readTimeout,
  runOnElement,
  SCROLL_AND_COLLECT,
  SCROLL_TO_END,
  type ScrollCollectResult,
  type ScrollToEndResult,
  type TableState,
} from "./browser-scripts.js";
import {
  DEFAULT_SETTLE,
  type InFlightRequests,
  NotSettledError,
  type SettleOptions,
  waitForChange,
  waitUntilSettled,
} from "./page-readiness.js";

/** How to read the table: once, by scrolling a virtualised grid, by following "Next", or decided from the page. */
export type ExtractionMode = "auto" | "table" | "grid" | "paginated";

/** Everything extraction needs besides the table. */
export interface ExtractionOptions {
  mode: ExtractionMode;
  requests: InFlightRequests;
  deadline: number;
  nextButton: string;
  settle?: SettleOptions;
  signal?: AbortSignal;
  /** Bounds for runaway pages. */
  maxPages?: number;
  maxScrollSteps?: number;
  /** How long one scroll position may take to render its rows before it is tried again (default 3 s). */
  renderPatienceMs?: number;
}

/** The table with how it was read: pages followed, scroll steps taken. */
export interface ExtractionResult extends ExtractedTable {
  pages: number;
  scrollSteps: number;
  /** Rows that appeared only once the table's scroll container was scrolled (an appending table). */
  scrolledIn?: number;
}

/**
 * Scrolls an HTML table's scroll container to its end until a scroll brings no new row (SCROLL_TO_END),
 * bounded by the deadline. Stopping at the deadline while rows still arrive is a NotSettledError:
 * a silently short table would be worse than none.
 */
async function scrollToEnd(table: Locator, options: ExtractionOptions): Promise<ScrollToEndResult> {
  let total: ScrollToEndResult | undefined;
  // Rows a script adds on the scroll event itself (Observable's Inputs.table) are there within one
  // render, so a scroll waits briefly; rows that come by a data request arrive later: when scrolling
  // started one, the table is let settle and scrolled again, until a scroll brings nothing and
  // starts no request. A table in a scrolling card that holds all its rows costs one short wait.
  for (let round = 0; round < 100; round += 1) {
    const timeoutMs = Math.max(1, options.deadline - Date.now());
    const scrolledAt = Date.now();
    const result = await runOnElement<ScrollToEndResult>(
      table,
      SCROLL_TO_END,
      {
        timeoutMs,
        maxSteps: options.maxScrollSteps ?? 2000,
        patienceMs: Math.min(timeoutMs, options.renderPatienceMs ?? 400),
      },
      { step: "container_scroll", timeoutMs: timeoutMs + SCRIPT_SLACK_MS },
    );
    if (result.timedOut)
      throw new NotSettledError(
        { code: "container_growing", rows: result.rowsAfter, scrolls: result.steps },
        options.requests.pendingPaths(),
        undefined,
      );
    const grew = total !== undefined && result.rowsAfter > total.rowsAfter;
    total = total ? { ...result, rowsBefore: total.rowsBefore, steps: total.steps + result.steps } : result;
    if (!result.scrollable || (round > 0 && !grew && options.requests.count === 0)) break;
    const requested = options.requests.count > 0 || options.requests.lastChange >= scrolledAt;
    if (!requested) break;
    await waitUntilSettled(
      table,
      options.requests,
      options.deadline,
      options.settle ?? DEFAULT_SETTLE,
      options.signal,
    );
  }
  return total as ScrollToEndResult;
}

// Slack given to an in-page loop beyond its own limit before the step counts as stalled.
const SCRIPT_SLACK_MS = 2_000;

/** Reads the table once (what is in the DOM now), as a step ending by `deadline` (within bounds). */
export function extractOnce(
  table: Locator,
  deadline = Date.now() + DEFAULT_SCRIPT_TIMEOUT_MS,
): Promise<ExtractedTable> {
  return runOnElement<ExtractedTable>(table, EXTRACT_TABLE, undefined, {
    step: "table_rows",
    timeoutMs: readTimeout(deadline),
  });
}

/** Reads a table fully, by the mode: scrolling virtualised grids and following "Next" as needed. */
export async function extractTable(table: Locator, options: ExtractionOptions): Promise<ExtractionResult> {
  let first = await extractOnce(table, options.deadline);
  let result: ExtractionResult = { ...first, pages: 1, scrollSteps: 0 };
  const virtualised =
    first.kind === "aria" && (first.declaredRowCount === null || first.declaredRowCount > first.rows.length);
  if (options.mode === "grid" || (options.mode === "auto" && virtualised))
    result = await scrollGrid(table, first, options);
  else if (first.kind === "html" && options.mode !== "paginated") {
    // A table that appends rows as its container scrolls (no ARIA grid to say how many there are).
    const scrolled = await scrollToEnd(table, options);
    if (scrolled.rowsAfter > scrolled.rowsBefore) {
      first = await extractOnce(table, options.deadline);
      result = {
        ...first,
        pages: 1,
        scrollSteps: scrolled.steps,
        scrolledIn: scrolled.rowsAfter - scrolled.rowsBefore,
      };
    }
  }
  const next = nextControl(table, options.nextButton);
  if (
    options.mode === "paginated" ||
    (options.mode === "auto" && (await isEnabled(next)) && (await staysOnPage(next, options.deadline)))
  )
    result = await followPages(table, result, next, options);
  return result;
}

/** The "Next" control nearest the table: searched in the table's ancestors, closest first. */
function nextControl(table: Locator, name: string): Locator {
  // A whole word in any script: `\b` never holds after a CJK character, so "下一頁" would never match.
  const pattern = new RegExp(`^\\s*${wholeWordPattern(name.trim())}`, "iu");
  // Up to five ancestors: the pager of a dashboard card sits beside its table, not page-wide.
  const scopes = [1, 2, 3, 4, 5].map((level) => table.locator(`xpath=ancestor::*[${level}]`));
  let control = scopes[0]
    .getByRole("button", { name: pattern })
    .or(scopes[0].getByRole("link", { name: pattern }));
  for (const scope of scopes.slice(1))
    control = control.or(
      scope.getByRole("button", { name: pattern }).or(scope.getByRole("link", { name: pattern })),
    );
  return control.first();
}

/**
 * Whether a "Next" control pages the table rather than the site: a link to another document (a
 * documentation site's "Next page: …" footer, as Observable Framework puts under every page) is a
 * navigation, and following it would read another page's table. Only `extract: paginated` follows
 * such links (server-side pagination by ?page=2 stays on the same path and passes here too).
 */
async function staysOnPage(control: Locator, deadline: number): Promise<boolean> {
  return control
    .evaluate(
      (element) => {
        const link = element.closest("a[href]");
        if (!link) return true;
        const target = new URL((link as HTMLAnchorElement).href, location.href);
        return target.origin === location.origin && target.pathname === location.pathname;
      },
      undefined,
      { timeout: readTimeout(deadline) },
    )
    .catch(() => false);
}

async function isEnabled(control: Locator): Promise<boolean> {
  if ((await control.count()) === 0) return false;
  if (!(await control.isVisible())) return false;
  if (await control.isDisabled()) return false;
  return (await control.getAttribute("aria-disabled")) !== "true";
}

/** Follows "Next" until it is missing or disabled, collecting each page's rows. */
async function followPages(
  table: Locator,
  start: ExtractionResult,
  next: Locator,
  options: ExtractionOptions,
): Promise<ExtractionResult> {
  const rows: ExtractedRow[] = [...start.rows];
  let pages = 1;
  const maxPages = options.maxPages ?? 200;
  while (pages < maxPages && (await isEnabled(next))) {
    const { signature } = await runOnElement<TableState>(table, READ_STATE, undefined, {
      step: "table_state",
      timeoutMs: readTimeout(options.deadline),
    });
    await next.click({ timeout: Math.max(1, options.deadline - Date.now()) });
    await waitForChange(
      table,
      options.requests,
      signature,
      options.deadline,
      options.settle ?? DEFAULT_SETTLE,
      options.signal,
    );
    const page = await extractOnce(table, options.deadline);
    pages += 1;
    for (const row of page.rows) rows.push({ index: rows.length + 1, cells: row.cells });
  }
  return { ...start, rows: rows.map((row, index) => ({ index: index + 1, cells: row.cells })), pages };
}

/**
 * Reads a virtualised grid by scrolling it inside the page (SCROLL_AND_COLLECT), rows merged by
 * aria-rowindex. Complete or an error: stopping at the deadline is a NotSettledError, and any
 * aria-rowindex between the first and the last (aria-rowcount when declared) that was never read
 * fully rendered is a format_error naming those indexes, never a silently short table.
 */
async function scrollGrid(
  table: Locator,
  first: ExtractedTable,
  options: ExtractionOptions,
): Promise<ExtractionResult> {
  const timeoutMs = Math.max(1, options.deadline - Date.now());
  const result = await runOnElement<ScrollCollectResult>(
    table,
    SCROLL_AND_COLLECT,
    {
      timeoutMs,
      maxSteps: options.maxScrollSteps ?? 2000,
      patienceMs: Math.min(timeoutMs, options.renderPatienceMs ?? 3000),
    },
    { step: "grid_scroll", timeoutMs: timeoutMs + SCRIPT_SLACK_MS },
  );
  if (result.timedOut) {
    throw new NotSettledError(
      { code: "grid_scroll_slow", rows: result.table.rows.length, missing: result.missing.length },
      options.requests.pendingPaths(),
      undefined,
    );
  }
  if (result.missing.length > 0) {
    throw codedStepError(
      "format_error",
      {
        code: "grid_rows_unrendered",
        missing: result.missing.length,
        indexes: describeIndexes(result.missing),
        ...(result.expected
          ? { expected: { first: result.expected.first, last: result.expected.last } }
          : {}),
      },
      { missing_rows: result.missing, rows_read: result.table.rows.length },
    );
  }
  return { ...first, rows: result.table.rows, pages: 1, scrollSteps: result.steps };
}

/** "3–5, 9" for [3, 4, 5, 9]: row indexes as short ranges for error messages. */
export function describeIndexes(indexes: number[]): string {
  const parts: string[] = [];
  let start = indexes[0];
  let previous = indexes[0];
  for (const index of [...indexes.slice(1), Number.NaN]) {
    if (index === previous + 1) {
      previous = index;
      continue;
    }
    parts.push(start === previous ? String(start) : `${start}–${previous}`);
    start = index;
    previous = index;
  }
  return parts.join(", ");
}
