import type { TopLevelSpec } from "vega-lite";
import { PERIOD_COLUMN_NAMES } from "../domain/period-columns.js";
import type { Conflict } from "../models/answer.js";
import type { NumberChange } from "./changes-since-last-run.js";
import { orderKeys, type ReportedNumber } from "./reported-numbers.js";

/** A chart of a report, rendered offline to an SVG string (no scripts, no external resources). */
export interface ReportChart {
  title: string;
  kind: "trend" | "comparison" | "change";
  svg: string;
}

const FONT = "system-ui, 'Noto Sans', 'WenQuanYi Zen Hei', sans-serif";

/** Renders a vega-lite spec to SVG headlessly: vega-lite compiles it, vega's View renders it with renderer "none". */
export async function renderVegaLite(spec: TopLevelSpec): Promise<string> {
  // Loaded when a chart is drawn: vega's modules wait on themselves at load (top-level await), so
  // they cannot be required from the CLI's CommonJS bundle, and most runs draw no chart.
  const [vega, { compile }] = await Promise.all([import("vega"), import("vega-lite")]);
  const compiled = compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

function baseSpec(title: string): Partial<TopLevelSpec> {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: { text: title, font: FONT, fontSize: 13, anchor: "start" },
    width: 420,
    height: 200,
    config: {
      font: FONT,
      axis: { labelFont: FONT, titleFont: FONT },
      legend: { labelFont: FONT, titleFont: FONT },
      view: { stroke: null },
    },
  } as Partial<TopLevelSpec>;
}

/**
 * Charts for one question's numbers: a trend line per metric that has two or more periods, and a
 * bar chart comparing keys for a metric reported for two or more keys at one period.
 */
export async function chartsForNumbers(
  numbers: ReportedNumber[],
  labels: Record<string, string>,
  dimensionOrder: string[] = [],
): Promise<ReportChart[]> {
  const charts: ReportChart[] = [];
  const byMetric = new Map<string, ReportedNumber[]>();
  for (const number of numbers) byMetric.set(number.metric, [...(byMetric.get(number.metric) ?? []), number]);
  for (const [metric, values] of byMetric) {
    if (values.length < 2) continue;
    const label = labels[metric] ?? metric;
    const unit = values[0].unit === "percent" ? " (%)" : "";
    const periodName = PERIOD_COLUMN_NAMES.find(
      (name) => new Set(values.map((value) => value.keys[name]).filter(Boolean)).size >= 2,
    );
    const seriesOf = (keys: Record<string, string>) =>
      orderKeys(Object.keys(keys), dimensionOrder)
        .filter((name) => !PERIOD_COLUMN_NAMES.includes(name))
        .map((name) => keys[name])
        .join("/") || label;
    if (periodName) {
      const data = values
        .filter((value) => value.keys[periodName])
        .map((value) => ({
          period: value.keys[periodName],
          value: value.value,
          series: seriesOf(value.keys),
        }));
      const spec = {
        ...baseSpec(`${label} by ${periodName}`),
        data: { values: data },
        mark: { type: "line", point: true },
        encoding: {
          x: {
            field: "period",
            type: "ordinal",
            title: periodName,
            sort: "ascending",
            axis: { labelAngle: 0 },
          },
          y: { field: "value", type: "quantitative", title: `${label}${unit}` },
          color: { field: "series", type: "nominal", title: null },
        },
      } as TopLevelSpec;
      charts.push({ title: `${label} by ${periodName}`, kind: "trend", svg: await renderVegaLite(spec) });
    } else {
      const data = values.map((value) => ({ key: seriesOf(value.keys), value: value.value }));
      const spec = {
        ...baseSpec(`${label} compared`),
        data: { values: data },
        mark: { type: "bar" },
        encoding: {
          x: { field: "key", type: "nominal", title: null, sort: null, axis: { labelAngle: 0 } },
          y: { field: "value", type: "quantitative", title: `${label}${unit}` },
        },
      } as TopLevelSpec;
      charts.push({ title: `${label} compared`, kind: "comparison", svg: await renderVegaLite(spec) });
    }
  }
  return charts;
}

/** A grouped bar chart of previous against current values for the numbers that changed. */
export async function chartForChanges(changes: NumberChange[]): Promise<ReportChart | undefined> {
  const changed = changes
    .filter((change) => change.kind === "changed" && change.previous !== null && change.current !== null)
    .slice(0, 12);
  if (changed.length === 0) return undefined;
  const data = changed.flatMap((change) => [
    { number: change.name, run: "previous", value: change.previous, highlighted: change.highlighted },
    { number: change.name, run: "current", value: change.current, highlighted: change.highlighted },
  ]);
  const spec = {
    ...baseSpec("Changed since the previous run"),
    data: { values: data },
    mark: { type: "bar" },
    encoding: {
      y: { field: "number", type: "nominal", title: null, sort: null, axis: { labelLimit: 320 } },
      yOffset: { field: "run", sort: ["previous", "current"] },
      x: { field: "value", type: "quantitative", title: "value" },
      color: {
        field: "run",
        type: "nominal",
        title: null,
        sort: ["previous", "current"],
        scale: { range: ["#9aa5b1", "#1f6feb"] },
      },
    },
    height: { step: 14 },
  } as unknown as TopLevelSpec;
  return { title: "Changed since the previous run", kind: "change", svg: await renderVegaLite(spec) };
}

/** Bars of each source's value for the conflicts of one answer, next to the resolved value. */
export async function chartForConflicts(
  conflicts: Conflict[],
  labels: Record<string, string>,
): Promise<ReportChart | undefined> {
  const shown = conflicts.slice(0, 6);
  if (shown.length === 0) return undefined;
  const data = shown.flatMap((conflict) => {
    const name = `${labels[conflict.metric] ?? conflict.metric} ${Object.values(conflict.keys).join("/")}`;
    return [
      ...conflict.values.map((value) => ({
        number: name,
        source: `${value.source} (trust ${value.weight})`,
        value: value.value,
      })),
      ...(conflict.resolved === null
        ? []
        : [{ number: name, source: `resolved (${conflict.policy})`, value: conflict.resolved }]),
    ];
  });
  const spec = {
    ...baseSpec("Sources compared"),
    data: { values: data },
    mark: { type: "bar" },
    encoding: {
      y: { field: "number", type: "nominal", title: null, sort: null, axis: { labelLimit: 320 } },
      yOffset: { field: "source" },
      x: { field: "value", type: "quantitative", title: "value" },
      color: { field: "source", type: "nominal", title: null },
    },
    height: { step: 16 },
  } as unknown as TopLevelSpec;
  return { title: "Sources compared", kind: "comparison", svg: await renderVegaLite(spec) };
}
