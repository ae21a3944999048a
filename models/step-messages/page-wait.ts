import { z } from "zod";

// What a wait on a dashboard's page ran out on, as codes with parameters (adapters/bi-dashboard/
// throws them, the `page_timed_out` step message carries them, each answer language says them).
// Playwright's own words stay in `detail`, quoted.

/** A kind of resource a page loads, as the browser names it. */
export type ResourceKind = "document" | "stylesheet" | "script";

/**
 * One resource a page was still loading, as the adapter lists it ("script http://host/app.js"):
 * its kind (when the browser named one of `ResourceKind`) and its address.
 */
export function loadingResource(entry: string): { kind?: ResourceKind; url: string } {
  const match = /^(document|stylesheet|script) (.+)$/.exec(entry);
  return match ? { kind: match[1] as ResourceKind, url: match[2] } : { url: entry };
}

/** A bounded step of reading a dashboard's page. */
export const PageStep = z.enum([
  "page_load",
  "heading",
  "table",
  "row_total",
  "table_rows",
  "table_state",
  "container_scroll",
  "grid_scroll",
]);
export type PageStep = z.infer<typeof PageStep>;

/** What kept a table from settling before the deadline. */
export const PageUnsettled = z.discriminatedUnion("code", [
  /** Data requests kept coming: this many still pending, the first paths. */
  z.object({ code: z.literal("requests_pending"), pending: z.number(), paths: z.array(z.string()) }),
  /** Data requests kept starting, the last this long before the deadline. */
  z.object({ code: z.literal("requests_starting"), lastMs: z.number() }),
  /** The table stayed marked busy (aria-busy). */
  z.object({ code: z.literal("table_busy") }),
  /** The rows kept changing, the last change this long before the deadline. */
  z.object({ code: z.literal("rows_changing"), lastChangeMs: z.number(), rows: z.number() }),
  /** Scrolling a table's container: it was still adding rows. */
  z.object({ code: z.literal("container_growing"), rows: z.number(), scrolls: z.number() }),
  /** The table did not change after its next page was asked for. */
  z.object({ code: z.literal("unchanged_after_paging") }),
  /** Scrolling a virtualised grid took too long. */
  z.object({ code: z.literal("grid_scroll_slow"), rows: z.number(), missing: z.number() }),
]);
export type PageUnsettled = z.infer<typeof PageUnsettled>;

/** What a wait on the page ran out on. */
export const PageWait = z.discriminatedUnion("code", [
  /** One bounded step did not finish in its time; what the page was still loading, if known. */
  z.object({
    code: z.literal("step_stalled"),
    step: PageStep,
    seconds: z.number(),
    pending: z.array(z.string()),
  }),
  /** The table never settled. */
  z.object({ code: z.literal("never_settled"), unsettled: PageUnsettled }),
  /** Playwright's own timeout (its words). */
  z.object({ code: z.literal("browser_timeout"), detail: z.string() }),
]);
export type PageWait = z.infer<typeof PageWait>;

const STEP_WORDS: Record<PageStep, string> = {
  page_load: "loading the page (DOMContentLoaded)",
  heading: "reading the heading above the table",
  table: "reading the table",
  row_total: "reading the total stated beside the table",
  table_rows: "reading the table's rows",
  table_state: "reading the table's state",
  container_scroll: "scrolling the table's container to its end",
  grid_scroll: "scrolling the grid",
};

/** A page step in English ("reading the table's rows"). */
export function pageStepInEnglish(step: PageStep): string {
  return STEP_WORDS[step];
}

/** What kept the table from settling, in English. */
export function unsettledInEnglish(unsettled: PageUnsettled): string {
  switch (unsettled.code) {
    case "requests_pending":
      return `the page never settled: data requests kept coming (${unsettled.pending} still pending: ${unsettled.paths.slice(0, 3).join(", ")})`;
    case "requests_starting":
      return `the page never settled: data requests kept starting (the last ${unsettled.lastMs} ms before the deadline)`;
    case "table_busy":
      return "the page never settled: the table stayed marked busy (aria-busy)";
    case "rows_changing":
      return `the page never settled: its rows kept changing (last change ${unsettled.lastChangeMs} ms before the deadline, ${unsettled.rows} rows then)`;
    case "unchanged_after_paging":
      return "the table did not change after paging";
    case "container_growing":
      return `scrolling the table took too long: its container was still adding rows (${unsettled.rows} rows read, ${unsettled.scrolls} scrolls)`;
    case "grid_scroll_slow":
      return `scrolling the grid took too long (${unsettled.rows} rows read, ${unsettled.missing} missing)`;
  }
}

/** A wait that ran out, in English (the errors' messages and the step file's words). */
export function pageWaitInEnglish(wait: PageWait): string {
  switch (wait.code) {
    case "step_stalled":
      return `${pageStepInEnglish(wait.step)} did not finish within ${wait.seconds} s${wait.pending.length > 0 ? `; the page was still loading ${wait.pending.join(", ")}` : ""}`;
    case "never_settled":
      return unsettledInEnglish(wait.unsettled);
    case "browser_timeout":
      return wait.detail;
  }
}
