import type { Locator, Page, Request } from "playwright-core";
import { type PageUnsettled, unsettledInEnglish } from "../../models/step-messages/page-wait.js";
import { READ_STATE, readTimeout, runOnElement, type TableState } from "./browser-scripts.js";

// Each read of the table's state is its own bounded step, never longer than what is left.
function readState(table: Locator, deadline: number): Promise<TableState> {
  return runOnElement<TableState>(table, READ_STATE, undefined, {
    step: "table_state",
    timeoutMs: readTimeout(deadline),
  });
}

const PAGE_RESOURCES = new Set(["document", "stylesheet", "script"]);

/** Counts a page's in-flight data requests (fetch and XHR) from Playwright's request events. */
export class InFlightRequests {
  private readonly pending = new Set<Request>();
  // Documents, stylesheets and scripts still loading: what a stalled page is usually waiting for.
  private readonly loading = new Set<Request>();
  /** When the last data request started or ended (ms since epoch). */
  lastChange = Date.now();

  constructor(page: Page) {
    page.on("request", (request) => {
      if (PAGE_RESOURCES.has(request.resourceType())) this.loading.add(request);
      if (request.resourceType() !== "fetch" && request.resourceType() !== "xhr") return;
      this.pending.add(request);
      this.lastChange = Date.now();
    });
    const done = (request: Request) => {
      this.loading.delete(request);
      if (this.pending.delete(request)) this.lastChange = Date.now();
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);
  }

  /** Data requests still waiting for an answer. */
  get count(): number {
    return this.pending.size;
  }

  /** URLs (path only) of pending requests, for error messages. */
  pendingPaths(): string[] {
    return [...this.pending].map((request) => new URL(request.url()).pathname);
  }

  /** Documents, stylesheets and scripts still loading, as "stylesheet http://host/path", for a stalled step's cause. */
  pendingResources(): string[] {
    return [...this.loading].map((request) => {
      const url = new URL(request.url());
      return `${request.resourceType()} ${url.origin}${url.pathname}`;
    });
  }

  /** Forgets requests of a previous navigation. */
  reset(): void {
    this.pending.clear();
    this.loading.clear();
    this.lastChange = Date.now();
  }
}

/** How long conditions must hold before the data counts as there. */
export interface SettleOptions {
  /** No data request pending (and none started) for this long. */
  quietMs: number;
  /** The rows' signature (count, a hash of every row's text, first and last row) unchanged for this long. */
  stableMs: number;
  /**
   * Both windows (requests quiet, rows unchanged) when the page reports its loading with aria-busy
   * on the table or an ancestor and says "false": shorter, since the page itself says it is done.
   */
  declaredDoneMs: number;
  /**
   * Poll interval while something is pending (a data request, aria-busy); with nothing pending the
   * next look is when the windows would close.
   */
  pollMs: number;
}

/**
 * Defaults: short enough for a snappy dashboard, long enough to bridge a render batch. The rows must
 * hold still for twice the longest pause between render batches we have seen (150 ms) while no data
 * request is pending; the signature covers every row's text, so a change anywhere restarts the wait.
 */
export const DEFAULT_SETTLE: SettleOptions = { quietMs: 200, stableMs: 300, declaredDoneMs: 100, pollMs: 40 };

/** Why waiting for a table ended without it settling. */
export class NotSettledError extends Error {
  override readonly name = "NotSettledError";
  constructor(
    /** What kept changing: what a person fixes (a polling widget, a live counter). */
    readonly unsettled: PageUnsettled,
    readonly pendingRequests: string[],
    readonly lastState: TableState | undefined,
  ) {
    super(unsettledInEnglish(unsettled));
  }
}

/**
 * Waits, by condition only, until a table is really there: no data request pending for quietMs,
 * the table not aria-busy, and its rows unchanged for stableMs. Throws NotSettledError at the deadline.
 *
 * How long the rows have been unchanged counts from the table's last change as the page recorded
 * it (TABLE_CHANGES, `unchangedForMs`) when there is such a record, so a table that finished
 * rendering while the page was opened and the table located is not watched for a full window
 * again; without a record (or for a call that followed a change it waited for) the window counts
 * from the first look. Either way the condition is the same: stableMs with nothing changed.
 */
export async function waitUntilSettled(
  table: Locator,
  requests: InFlightRequests,
  deadline: number,
  options: SettleOptions = DEFAULT_SETTLE,
  signal?: AbortSignal,
): Promise<TableState> {
  let last: TableState | undefined;
  let stableSince = Date.now();
  for (;;) {
    signal?.throwIfAborted();
    const state = await readState(table, deadline);
    const now = Date.now();
    if (!last) stableSince = now - (state.unchangedForMs ?? 0);
    else if (last.signature !== state.signature || last.busy !== state.busy) stableSince = now;
    // The page's own record of the last change also catches one undone between two looks.
    else if (state.unchangedForMs != null) stableSince = Math.max(stableSince, now - state.unchangedForMs);
    last = state;
    const window = (milliseconds: number) =>
      state.busyDeclared ? Math.min(milliseconds, options.declaredDoneMs) : milliseconds;
    const quiet = requests.count === 0 && now - requests.lastChange >= window(options.quietMs);
    if (quiet && !state.busy && now - stableSince >= window(options.stableMs)) return state;
    // Nothing pending and nothing busy: all that is missing is time. The next look is when both
    // windows would close (a change meanwhile restarts them then), not every pollMs: each look is a
    // round trip through the browser, and polling overshot the window by up to a poll and a trip.
    const idle = requests.count === 0 && !state.busy;
    const wait = idle
      ? Math.max(
          1,
          window(options.quietMs) - (now - requests.lastChange),
          window(options.stableMs) - (now - stableSince),
        )
      : options.pollMs;
    if (now + wait > deadline) {
      // Say what kept changing: that is what a person fixes (a polling widget, a live counter),
      // and it is not the same as a slow source.
      const unsettled: PageUnsettled =
        requests.count > 0
          ? { code: "requests_pending", pending: requests.count, paths: requests.pendingPaths().slice(0, 3) }
          : now - requests.lastChange < window(options.quietMs)
            ? { code: "requests_starting", lastMs: now - requests.lastChange }
            : state.busy
              ? { code: "table_busy" }
              : { code: "rows_changing", lastChangeMs: now - stableSince, rows: state.rows };
      throw new NotSettledError(unsettled, requests.pendingPaths(), last);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Waits until `changed` holds for the table state (e.g. after clicking Next), then until it settles. */
export async function waitForChange(
  table: Locator,
  requests: InFlightRequests,
  previousSignature: string,
  deadline: number,
  options: SettleOptions = DEFAULT_SETTLE,
  signal?: AbortSignal,
): Promise<TableState> {
  for (;;) {
    signal?.throwIfAborted();
    const state = await readState(table, deadline);
    if (state.signature !== previousSignature && !state.busy) break;
    if (Date.now() + options.pollMs > deadline)
      throw new NotSettledError({ code: "unchanged_after_paging" }, requests.pendingPaths(), state);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
  return waitUntilSettled(table, requests, deadline, options, signal);
}
