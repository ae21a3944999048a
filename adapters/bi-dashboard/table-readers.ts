import type { Redactor } from "../../config/redactor.js";
import { parseNumber } from "../../domain/parse-value.js";
import { codedStepError } from "../../models/step-error.js";
import { readTimeout, runOnElement, TEXT_AROUND } from "./browser-scripts.js";
import type { DashboardRead } from "./dashboard-read.js";
import { waitUntilSettled } from "./page-readiness.js";
import type { LocatedData } from "./read-steps.js";
import { readRegionByOcr } from "./region-ocr.js";
import { extractTable } from "./table-extraction.js";
import type { ExtractedBody } from "./table-normalizer.js";

/**
 * How located data becomes rows: one strategy per kind of data (crawlee's request handlers by
 * label). The DOM reader reads HTML tables and ARIA grids once, scrolls virtualised grids and
 * appending lists to their end and follows a pager (table-extraction.ts chooses among those from the
 * page and `extract`); the OCR reader screenshots a canvas, image or SVG and reads it as a table or a
 * bar chart (`ocr.layout`).
 */
export interface TableReader {
  /** For the trace: "dom" or "ocr". */
  readonly name: string;
  read(read: DashboardRead, located: LocatedData, redactor: Redactor): Promise<ExtractedBody>;
}

/** Tables in the DOM: HTML or ARIA, once, scrolled (grids, appending lists) or paged. */
export const domTableReader: TableReader = {
  name: "dom",
  async read(read, located, redactor) {
    // wait_seconds bounds the data's appearance; once it is there, settling may use the whole budget.
    await waitUntilSettled(located.table, read.requests, read.deadline, undefined, read.context.signal);
    const extracted = await extractTable(located.table, {
      mode: read.dataset.extract === "ocr" ? "auto" : read.dataset.extract,
      requests: read.requests,
      deadline: read.deadline,
      nextButton: read.dataset.next_button,
      signal: read.context.signal,
    });
    if (read.dataset.row_total) await checkRowTotal(read, located, extracted.rows.length);
    return {
      url: redactor.text(read.page.url()),
      locator: `${located.anchorText} → table`,
      place: { anchor: read.dataset.locate, read: "table" },
      headers: extracted.headers,
      rows: extracted.rows,
      pages: extracted.pages,
      scrollSteps: extracted.scrollSteps,
      ...(extracted.scrolledIn
        ? {
            notes: [
              `${extracted.scrolledIn} of the ${extracted.rows.length} rows appeared only when the table was scrolled (${extracted.scrollSteps} scrolls)`,
            ],
          }
        : {}),
    };
  },
};

/**
 * Holds the rows read to the total the page states (`row_total`): a table that stopped short (a
 * list that would not load its end, a pager not followed) is a format_error, never a short answer.
 */
async function checkRowTotal(read: DashboardRead, located: LocatedData, rowsRead: number): Promise<void> {
  const pattern = new RegExp(read.dataset.row_total as string, "u");
  const texts = await runOnElement<string[]>(located.table, TEXT_AROUND, undefined, {
    step: "row_total",
    timeoutMs: readTimeout(read.deadline),
  });
  for (const text of texts) {
    const match = pattern.exec(text);
    if (!match) continue;
    const stated = parseNumber(match[1] ?? match[0])?.value;
    if (stated === undefined) continue;
    if (stated !== rowsRead)
      throw codedStepError(
        "format_error",
        {
          code: "row_total_mismatch",
          where: read.where,
          anchor: read.dataset.locate,
          read: rowsRead,
          stated,
          text: match[0],
          pattern: read.dataset.row_total as string,
        },
        { url: read.safeUrl, rows_read: rowsRead, rows_stated: stated },
      );
    return;
  }
  throw codedStepError(
    "format_error",
    {
      code: "row_total_mismatch",
      where: read.where,
      anchor: read.dataset.locate,
      read: rowsRead,
      pattern: read.dataset.row_total as string,
    },
    { url: read.safeUrl, row_total: read.dataset.row_total },
    { retryable: false },
  );
}

/** Pixels: a canvas, image or SVG region read by OCR, as a table or a bar chart. */
export const ocrRegionReader: TableReader = {
  name: "ocr",
  async read(read, located, redactor) {
    const what = located.regionText ?? "a region";
    read.context.trace("bi", `bi:${read.goal.id}:ocr:${what}`);
    const ocr = await readRegionByOcr(located.region, read.dataset, {
      deadline: read.deadline,
      runDirectory: read.context.runDirectory,
      stem: `${read.goal.id.replace(/[^A-Za-z0-9_-]/g, "_")}-${read.context.attempt}`,
      where: `${read.where}: ${what} at ${located.anchorText}`,
    });
    return {
      url: redactor.text(read.page.url()),
      locator: `${located.anchorText} → ${what} (OCR)`,
      place: { anchor: read.dataset.locate, read: "ocr", region: what },
      headers: ocr.headers,
      rows: ocr.rows,
      pages: 1,
      scrollSteps: 0,
      ocr: ocr.reading,
    };
  },
};

/** The reader for what was located. */
export function readerFor(located: LocatedData): TableReader {
  return located.found === "region" ? ocrRegionReader : domTableReader;
}
