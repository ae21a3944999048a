import { PERIOD_COLUMN_NAMES } from "../domain/period-columns.js";
import type { ChangeThreshold } from "../models/job.js";
import { orderKeys } from "./reported-numbers.js";

/** A number as compared between runs. */
export interface ComparableNumber {
  metric: string;
  key: string;
  keys: Record<string, string>;
  value: number;
  unit?: string;
}

/** How one metric for one set of keys moved since the previous run of the job. */
export interface NumberChange {
  metric: string;
  /** The current key (or the previous one for a number that is gone). */
  key: string;
  kind: "changed" | "unchanged" | "new" | "gone";
  /** The metric's label and the keys: "Return rate A/East 2024-01". */
  name: string;
  previous: number | null;
  current: number | null;
  unit?: string;
  /** Percentage points, for percent metrics. */
  change_pp?: number;
  /** (current − previous) / |previous|. */
  change_relative?: number;
  /** Matched on the same keys, or on the other keys with the period moved on (e.g. 2024-01 → 2024-02). */
  matched_on?: "same keys" | "previous period";
  previous_period?: string;
  highlighted: boolean;
  /** The threshold that made it highlighted, as written: "change_pp > 1". */
  threshold?: string;
  /** One line for people: "Return rate A/East 2024-01 5.2 % → 4.1 %, −1.1 pp". */
  text: string;
}

/** Everything that changed since the previous finished run of the same job. */
export interface ChangesSinceLastRun {
  previous_run?: { id: number; as_of: string; started_at: string };
  changes: NumberChange[];
  highlighted: number;
}

const MINUS = "\u2212";

/** Formats a value with its unit: 5.2 %, 61, 0.35. */
export function formatValue(value: number, unit?: string): string {
  const rounded = Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  const text = rounded.replace("-", MINUS);
  return unit === "percent" ? `${text} %` : text;
}

function signed(value: number, digits = 2): string {
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits;
  if (rounded === 0) return "±0";
  return rounded > 0 ? `+${rounded}` : `${MINUS}${Math.abs(rounded)}`;
}

function periodOf(keys: Record<string, string>): string | undefined {
  const names = Object.keys(keys).filter((name) => PERIOD_COLUMN_NAMES.includes(name));
  return names.length ? names.map((name) => keys[name]).join(" ") : undefined;
}

function withoutPeriod(metric: string, keys: Record<string, string>): string {
  const rest = Object.keys(keys)
    .filter((name) => !PERIOD_COLUMN_NAMES.includes(name))
    .sort();
  return `${metric}{${rest.map((name) => `${name}=${keys[name]}`).join(",")}}`;
}

/** "A/East 2024-01": the non-period key values joined by "/", then the period. */
export function describeKeys(keys: Record<string, string>, dimensionOrder: string[] = []): string {
  const names = orderKeys(Object.keys(keys), dimensionOrder).filter(
    (name) => !PERIOD_COLUMN_NAMES.includes(name),
  );
  const period = periodOf(keys);
  return [names.map((name) => keys[name]).join("/"), period].filter(Boolean).join(" ");
}

/**
 * Compares the numbers of this run with the previous run's: the same metric and keys, or, when a
 * number's period moved on (a monthly job), the same metric and other keys at the latest earlier
 * period. Changes beyond a threshold are highlighted.
 */
export function compareRuns(
  previous: ComparableNumber[],
  current: ComparableNumber[],
  thresholds: ChangeThreshold[],
  options: { labels?: Record<string, string>; dimensionOrder?: string[] } = {},
): NumberChange[] {
  const label = (metric: string) => options.labels?.[metric] ?? metric.replaceAll("_", " ");
  const previousByKey = new Map(previous.map((number) => [number.key, number]));
  const used = new Set<string>();
  const changes: NumberChange[] = [];
  const matches: [
    ComparableNumber,
    ComparableNumber | undefined,
    "same keys" | "previous period" | undefined,
  ][] = [];
  for (const number of current) {
    const same = previousByKey.get(number.key);
    if (same) {
      used.add(same.key);
      matches.push([number, same, "same keys"]);
    } else {
      matches.push([number, undefined, undefined]);
    }
  }
  // Second pass, so an exact match always wins over a period-shifted one.
  for (const match of matches) {
    if (match[1]) continue;
    const number = match[0];
    const period = periodOf(number.keys);
    if (period === undefined) continue;
    const family = withoutPeriod(number.metric, number.keys);
    const candidates = previous
      .filter(
        (candidate) => !used.has(candidate.key) && withoutPeriod(candidate.metric, candidate.keys) === family,
      )
      .filter((candidate) => (periodOf(candidate.keys) ?? "") < period)
      .sort((a, b) => (periodOf(b.keys) ?? "").localeCompare(periodOf(a.keys) ?? ""));
    if (candidates[0]) {
      used.add(candidates[0].key);
      match[1] = candidates[0];
      match[2] = "previous period";
    }
  }
  for (const [number, before, matchedOn] of matches) {
    const unit = number.unit ?? before?.unit;
    const name = `${label(number.metric)} ${describeKeys(number.keys, options.dimensionOrder)}`.trim();
    if (!before) {
      changes.push({
        metric: number.metric,
        key: number.key,
        name,
        kind: "new",
        previous: null,
        current: number.value,
        ...(unit ? { unit } : {}),
        highlighted: false,
        text: `${name} ${formatValue(number.value, unit)} (new)`,
      });
      continue;
    }
    const difference = number.value - before.value;
    const relative =
      before.value === 0
        ? difference === 0
          ? 0
          : Number.POSITIVE_INFINITY
        : difference / Math.abs(before.value);
    const isPercent = unit === "percent";
    const movement = isPercent
      ? `${signed(difference)} pp`
      : `${signed(difference)}${Number.isFinite(relative) ? ` (${signed(relative * 100, 1)} %)` : ""}`;
    const fromPeriod = matchedOn === "previous period" ? periodOf(before.keys) : undefined;
    const shownName = fromPeriod ? `${name} (vs ${fromPeriod})` : name;
    const exceeded = thresholds
      .filter((threshold) => threshold.metric === "*" || threshold.metric === number.metric)
      .map((threshold) => {
        if (
          threshold.change_pp !== undefined &&
          isPercent &&
          Math.abs(difference) > threshold.change_pp + 1e-9
        )
          return `change_pp > ${threshold.change_pp}`;
        if (threshold.change_relative !== undefined && Math.abs(relative) > threshold.change_relative + 1e-9)
          return `change_relative > ${threshold.change_relative}`;
        return undefined;
      })
      .find((text) => text !== undefined);
    changes.push({
      metric: number.metric,
      key: number.key,
      name: shownName,
      kind: Math.abs(difference) < 1e-9 ? "unchanged" : "changed",
      previous: before.value,
      current: number.value,
      ...(unit ? { unit } : {}),
      ...(isPercent ? { change_pp: Math.round(difference * 1e6) / 1e6 } : {}),
      ...(Number.isFinite(relative) ? { change_relative: Math.round(relative * 1e6) / 1e6 } : {}),
      matched_on: matchedOn,
      ...(fromPeriod ? { previous_period: fromPeriod } : {}),
      highlighted: exceeded !== undefined,
      ...(exceeded ? { threshold: exceeded } : {}),
      text: `${shownName} ${formatValue(before.value, unit)} → ${formatValue(number.value, unit)}, ${movement}`,
    });
  }
  for (const number of previous) {
    if (used.has(number.key)) continue;
    const name = `${label(number.metric)} ${describeKeys(number.keys, options.dimensionOrder)}`.trim();
    changes.push({
      metric: number.metric,
      key: number.key,
      name,
      kind: "gone",
      previous: number.value,
      current: null,
      ...(number.unit ? { unit: number.unit } : {}),
      highlighted: false,
      text: `${name} ${formatValue(number.value, number.unit)} (not reported this time)`,
    });
  }
  const order = { changed: 0, new: 1, gone: 2, unchanged: 3 };
  return changes.sort(
    (a, b) => Number(b.highlighted) - Number(a.highlighted) || order[a.kind] - order[b.kind],
  );
}
