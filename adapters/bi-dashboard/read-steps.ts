import type { Locator } from "playwright-core";
import { labelOverlapsPeriod } from "../../domain/period-range.js";
import type { SubGoal } from "../../models/plan.js";
import { codedStepError } from "../../models/step-error.js";
import { type DashboardRead, remainingMs } from "./dashboard-read.js";
import { describeLandmarks, pageLandmarks } from "./page-landmarks.js";
import { waitUntilSettled } from "./page-readiness.js";
import { errors } from "./playwright.js";
import { describeRegion, regionLocator } from "./region-ocr.js";
import { anchorLocator, describeAnchor, tableLocator } from "./table-locator.js";
import type { ExtractedBody } from "./table-normalizer.js";
import { fillText } from "./url-template.js";

/** Sets the dataset's filters through the page's labelled controls (select an option, or type). */
export async function setFilters(read: DashboardRead): Promise<void> {
  const { page, dataset, where, safeUrl } = read;
  for (const filter of dataset.filters) {
    const value = fillText(filter.value, read.values);
    if (value === "") continue;
    const control = page.getByLabel(filter.label, { exact: true }).first();
    try {
      await control.waitFor({
        state: "visible",
        timeout: read.extended ? remainingMs(read) : Math.min(remainingMs(read), dataset.wait_seconds * 1000),
      });
    } catch (cause) {
      throw codedStepError(
        "not_found",
        { code: "control_missing", where, label: filter.label, page: read.url.pathname },
        { url: safeUrl, locator: `label "${filter.label}"` },
        { cause },
      );
    }
    if (filter.action === "select") {
      // A value the list does not hold would make selectOption wait out the whole step.
      const options = await control.evaluate((element) =>
        element instanceof HTMLSelectElement
          ? [...element.options].map((option) => ({ value: option.value, label: option.label }))
          : null,
      );
      if (options && !options.some((option) => option.value === value || option.label === value)) {
        throw codedStepError(
          "not_found",
          {
            code: "option_missing",
            where,
            label: filter.label,
            value,
            options: options.map((option) => option.label || option.value),
          },
          { url: safeUrl, locator: `label "${filter.label}"` },
        );
      }
      await control.selectOption(value, { timeout: remainingMs(read) });
    } else await control.fill(value, { timeout: remainingMs(read) });
    read.context.trace("bi", `bi:${read.goal.id}:filter:${filter.label}=${value}`);
  }
}

/** Where the data is: a table (HTML or ARIA), or a canvas / image / SVG region whose numbers are pixels. */
export interface LocatedData {
  /** The anchor as people read it, for messages and provenance. */
  anchorText: string;
  table: Locator;
  region: Locator;
  /** Which of the two holds the data. */
  found: "table" | "region";
  /** "a canvas", "an SVG drawing"…: what the region is, when the data is there. */
  regionText?: string;
}

/**
 * Finds the dataset's data on the page: the anchor, then a table or (for OCR) a region at it. Not
 * appearing within wait_seconds is not_found, listing the page's headings and labels, or a timeout
 * when data requests are still pending. With `extract: auto` a region without a table is read by OCR;
 * with table / grid / paginated it is a format_error saying OCR is needed.
 */
export async function locateData(read: DashboardRead): Promise<LocatedData> {
  const { page, dataset, where, safeUrl } = read;
  const anchorText = describeAnchor(dataset.locate);
  const anchor = anchorLocator(page, dataset.locate);
  const table = tableLocator(page, dataset.locate);
  const region = regionLocator(page, dataset.locate);
  // On a retry with a longer timeout, the data may take the whole budget to appear.
  const dataDeadline = read.extended
    ? read.deadline
    : Math.min(read.deadline, Date.now() + dataset.wait_seconds * 1000);
  const left = () => Math.max(1, dataDeadline - Date.now());
  const findOrExplain = async (what: "anchor" | "region" | "table", waiting: () => Promise<void>) => {
    try {
      await waiting();
    } catch (cause) {
      if (!(cause instanceof errors.TimeoutError)) throw cause;
      if (read.requests.count > 0) {
        throw codedStepError(
          "timeout",
          {
            code: "table_wait_timeout",
            where,
            what,
            anchor: dataset.locate,
            seconds: Math.round((Date.now() - read.started) / 1000),
            pending: read.requests.pendingPaths(),
          },
          { url: safeUrl, locator: anchorText },
          { cause },
        );
      }
      const landmarks = await pageLandmarks(page).catch(() => undefined);
      throw codedStepError(
        "not_found",
        {
          code: "table_missing",
          where,
          what,
          anchor: dataset.locate,
          page: read.url.pathname,
          ...(landmarks ? { landmarks: describeLandmarks(landmarks, dataset.locate) } : {}),
        },
        { url: safeUrl, locator: anchorText, ...(landmarks ? { page_landmarks: landmarks } : {}) },
        { cause },
      );
    }
  };
  if (anchor) await findOrExplain("anchor", () => anchor.waitFor({ state: "visible", timeout: left() }));
  if (dataset.extract === "ocr") {
    await findOrExplain("region", () => region.waitFor({ state: "visible", timeout: left() }));
    await waitUntilSettled(region, read.requests, read.deadline, undefined, read.context.signal);
    return { anchorText, table, region, found: "region", regionText: await describeRegion(region) };
  }
  // Whichever comes first: a table, or a canvas / image where the numbers are only pixels.
  await findOrExplain("table", () =>
    table.or(region).first().waitFor({ state: "attached", timeout: left() }),
  );
  if ((await table.count()) > 0) return { anchorText, table, region, found: "table" };
  // The region came first; data still arriving may yet build a table below it.
  await waitUntilSettled(region, read.requests, read.deadline, undefined, read.context.signal);
  if ((await table.count()) > 0) return { anchorText, table, region, found: "table" };
  const regionText = await describeRegion(region);
  if (dataset.extract !== "auto")
    throw codedStepError(
      "format_error",
      {
        code: "region_needs_ocr",
        where,
        anchor: dataset.locate,
        region: regionText,
        dataset: read.datasetName,
      },
      { url: safeUrl, locator: anchorText, region: regionText, needs_ocr: true },
      { retryable: false },
    );
  return { anchorText, table, region, found: "region", regionText };
}

/**
 * Says why a read has no rows, while the page is still open for the failure screenshot: a table
 * empty although nothing of the sub-goal shaped the page (its script failed or did not finish:
 * not_found, not the data's fault), a page for another period than the one asked (no_results naming
 * the page's period), or no row for the sub-goal's selection (no_results).
 */
export function explainNoRows(
  read: DashboardRead,
  located: LocatedData,
  body: ExtractedBody,
  rowsKept: number,
): void {
  const { dataset, goal, where, safeUrl } = read;
  const selectionShapesPage = /\{[^}]+\}/.test(dataset.url) || dataset.filters.length > 0;
  if (body.rows.length === 0 && !selectionShapesPage) {
    throw codedStepError(
      "not_found",
      {
        code: "table_empty",
        where,
        anchor: dataset.locate,
        seconds: Math.round((Date.now() - read.started) / 1000),
      },
      { url: safeUrl, locator: body.locator, rows_on_page: 0 },
    );
  }
  if (rowsKept > 0) return;
  const asked = goal.params.period;
  if (body.period && asked && !labelOverlapsPeriod(body.period.label, asked)) {
    throw codedStepError(
      "no_results",
      {
        code: "page_period_other",
        where,
        shown: body.period.label,
        ...(body.period.heading ? { heading: body.period.heading } : {}),
        from: asked.from,
        to: asked.to,
      },
      { url: safeUrl, locator: body.locator, page_period: body.period.label },
    );
  }
  throw codedStepError(
    "no_results",
    {
      code: "table_rows_missing",
      where,
      table: body.ocr ? (located.regionText ?? "region") : "table",
      ocr: Boolean(body.ocr),
      anchor: dataset.locate,
      filters: goal.params.filters ?? {},
      ...(goal.params.period ? { from: goal.params.period.from, to: goal.params.period.to } : {}),
    },
    { url: safeUrl, locator: body.locator, rows_on_page: body.rows.length },
  );
}

/** The sub-goal's filters and period as text ("region=East, 2024-01-01…2024-03-31"), for messages. */
export function describeGoalFilters(goal: SubGoal): string {
  const parts = Object.entries(goal.params.filters ?? {}).map(
    ([name, value]) => `${name}=${Array.isArray(value) ? value.join("|") : value}`,
  );
  if (goal.params.period) parts.push(`${goal.params.period.from}…${goal.params.period.to}`);
  return parts.join(", ") || "this selection";
}
