import { type BiDataset, chartHeaders } from "../../models/sources/bi-dashboard-source.js";
import { codedStepError } from "../../models/step-error.js";
import { type LaidOutChart, layOutBarChart } from "../ocr/chart-layout.js";
import type { RasterImage, RecognisedText } from "../ocr/ocr-engine.js";
import type { LaidOutCell } from "../ocr/text-layout.js";

// A region laid out as a bar chart becomes a two-column table — the dataset's chart headers
// (chartHeaders: ocr.chart's names, or its two columns), one row per bar — so the column mapping, value parsing, filters and
// confidence notes are those of any DOM or OCR'd table.

/**
 * A chart read well enough to be taken for one: two or more bars, most with a category label, not
 * all alike. Value labels are not required: a chart without them is still a chart, whose values
 * cannot be read exactly (region-ocr.ts says so), not a table of its tick labels.
 */
export function looksLikeChart(chart: LaidOutChart): boolean {
  const { bars } = chart;
  if (bars.length < 2) return false;
  const labelled = bars.filter((bar) => bar.category).length;
  const [low, high] = chart.orientation === "vertical" ? [1, 3] : [0, 2];
  const lengths = new Set(bars.map((bar) => Math.round(bar.box[high] - bar.box[low])));
  // Equal lengths everywhere are the stripes of a table, not bars.
  return labelled * 2 >= bars.length && lengths.size > 1;
}

/**
 * The header row and one row per bar, when the dataset's layout is bar_chart (or auto and the
 * region looks like one); undefined for a table layout.
 */
export function chartTable(
  image: RasterImage,
  texts: RecognisedText[],
  dataset: BiDataset,
  where: string,
): { rows: (LaidOutCell | null)[][] } | undefined {
  const settings = dataset.ocr;
  if (settings.layout === "table") return undefined;
  const chart = layOutBarChart(image, texts, settings.chart.orientation);
  if (settings.layout === "auto" && !looksLikeChart(chart)) return undefined;
  const header = (text: string): LaidOutCell => ({
    text,
    confidence: 1,
    minimumConfidence: 1,
    box: [0, 0, 0, 0],
  });
  const bars = chart.bars.filter((bar) => bar.category || bar.value);
  if (bars.length === 0) return { rows: [] };
  const headers = chartHeaders(dataset);
  // layout: bar_chart without them is refused at load (BiDataset); layout: auto finds out here.
  if (!headers)
    throw codedStepError(
      "config_error",
      { code: "chart_headers_unknown", where, columns: Object.keys(dataset.columns) },
      { bars: bars.length },
      { retryable: false },
    );
  return {
    rows: [
      [header(headers.category), header(headers.value)],
      ...bars.map((bar) => [bar.category, bar.value]),
    ],
  };
}
