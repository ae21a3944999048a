import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import type { BiDataset } from "../../models/sources/bi-dashboard-source.js";
import { codedStepError } from "../../models/step-error.js";
import { ocrEngine, recogniseOnce } from "../ocr/ocr-engines.js";
import { OcrError } from "../ocr/ocr-error.js";
import { decodePng } from "../ocr/png-image.js";
import { type LaidOutCell, layOutTable } from "../ocr/text-layout.js";
import type { ExtractedRow } from "./browser-scripts.js";
import { chartTable } from "./chart-table.js";
import type { AnchorSpec } from "./table-locator.js";
import { anchorLocator } from "./table-locator.js";

// A dashboard region whose numbers are pixels: a <canvas>, an <img>, an inline <svg> or an element
// with role=img, found from the same anchor as a table. Read by screenshot and OCR, laid out into
// rows and columns by position, then mapped and parsed exactly like a DOM table.

const REGION_TEST = "self::canvas or self::img or local-name()='svg' or @role='img'";

/** The nth canvas / image at or after the anchor (the first on the page without an anchor). */
export function regionLocator(page: Page, anchor: AnchorSpec): Locator {
  const nth = anchor.nth ?? 1;
  const from = anchorLocator(page, anchor);
  if (!from) return page.locator(`xpath=(//*[${REGION_TEST}])[${nth}]`);
  return from.locator(`xpath=(descendant-or-self::*[${REGION_TEST}] | following::*[${REGION_TEST}])[${nth}]`);
}

/** "a canvas", "an image (<img>)", "an SVG drawing": what the located region is, for messages. */
export async function describeRegion(region: Locator): Promise<string> {
  const tag = await region.evaluate((element) => element.tagName.toLowerCase()).catch(() => "element");
  if (tag === "canvas") return "a canvas";
  if (tag === "img") return "an image (<img>)";
  if (tag === "svg") return "an SVG drawing";
  return `an image (<${tag} role=img>)`;
}

/** How OCR read a region: the engine, the kept screenshot, and a confidence per cell. */
export interface OcrReading {
  engine: string;
  /** Path of the screenshot relative to the run folder, when there is one. */
  image?: string;
  threshold: number;
  /** Per body row, per column: the lowest character probability of the cell (1 for an empty cell). */
  confidence: number[][];
  elapsedMs: number;
}

/** A region read by OCR as headers and rows, ready for the same mapping as a DOM table. */
export interface OcrTable {
  headers: string[];
  rows: ExtractedRow[];
  reading: OcrReading;
}

// Pixels still changing (a chart animating in) are not read: wait until two screenshots agree.
async function stableScreenshot(region: Locator, deadline: number): Promise<Buffer> {
  let previous = await region.screenshot({ timeout: Math.max(1, deadline - Date.now()), scale: "css" });
  for (;;) {
    if (Date.now() + 150 > deadline) return previous;
    await new Promise((resolve) => setTimeout(resolve, 150));
    const current = await region.screenshot({ timeout: Math.max(1, deadline - Date.now()), scale: "css" });
    if (current.equals(previous)) return current;
    previous = current;
  }
}

/**
 * Screenshots the region (CSS pixels: dashboard text is 12–16 px, which the detector and the
 * 48-px recogniser read well; measured in bench/ocr.ts), keeps the image in the run folder, reads
 * it, and lays it out: the first row is the header row.
 */
export async function readRegionByOcr(
  region: Locator,
  dataset: BiDataset,
  options: { deadline: number; runDirectory?: string; stem: string; where: string },
): Promise<OcrTable> {
  const settings = dataset.ocr;
  const started = Date.now();
  const png = await stableScreenshot(region, options.deadline);
  let image: string | undefined;
  if (options.runDirectory) {
    const directory = path.join(options.runDirectory, "artifacts");
    await mkdir(directory, { recursive: true });
    image = path.join("artifacts", `${options.stem}-ocr.png`);
    await writeFile(path.join(options.runDirectory, image), png);
  }
  const engine = ocrEngine(settings.engine);
  let texts: Awaited<ReturnType<typeof engine.recognise>>;
  let raster: ReturnType<typeof decodePng>;
  try {
    raster = decodePng(png);
    texts = await recogniseOnce(engine, png, raster);
  } catch (cause) {
    if (!(cause instanceof OcrError)) throw cause;
    throw codedStepError(
      cause.reason === "engine_unavailable" ? "config_error" : "format_error",
      { code: "ocr_failed", where: options.where, problem: cause.problem },
      { ...(image ? { screenshot: image } : {}) },
      { cause, retryable: false },
    );
  }
  const chart = chartTable(raster, texts, dataset, options.where);
  const bars = chart?.rows.slice(1) ?? [];
  if (bars.length > 0 && bars.every((bar) => !bar[1]))
    // Bar lengths against the axis give an estimate at best; an estimate is not a reading.
    throw codedStepError(
      "format_error",
      { code: "chart_without_labels", where: options.where, bars: bars.map((bar) => bar[0]?.text ?? "?") },
      { ...(image ? { screenshot: image } : {}), bars: bars.length, value_labels: 0 },
      { retryable: false },
    );
  const table = chart ?? layOutTable(texts);
  const [header, ...body] = table.rows as (LaidOutCell | null)[][];
  if (!header || body.length === 0)
    throw codedStepError(
      "no_results",
      {
        code: "ocr_found_nothing",
        where: options.where,
        found: texts.length === 0 ? "no_text" : chart ? "no_bars" : "no_rows",
      },
      { ...(image ? { screenshot: image } : {}), pieces: texts.length },
      { retryable: false },
    );
  return {
    headers: header.map((cell) => cell?.text ?? ""),
    rows: body.map((row, index) => ({ index: index + 1, cells: row.map((cell) => cell?.text ?? "") })),
    reading: {
      engine: engine.description,
      ...(image ? { image } : {}),
      threshold: settings.min_confidence,
      confidence: body.map((row) => row.map((cell) => (cell ? round(cell.minimumConfidence) : 1))),
      elapsedMs: Date.now() - started,
    },
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
