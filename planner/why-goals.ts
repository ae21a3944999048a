import type { AskedExplain, AskedOperation, Period } from "../models/plan.js";
import { enclosingUnit } from "../reflector/period-broadening.js";
import { operationOf, periodUnits } from "./asked-for.js";
import { LANGUAGE_LOCALES } from "./locales/index.js";
import { selectEventOffers } from "./select-event-offers.js";
import { widenByMonths } from "./time-expressions.js";
import type { Offer } from "./workspace-offers.js";

// A question asking why a metric moved ("why did A's return rate rise in January?", 为什么上升,
// 怎么回事; the words in planner/locales/<code>/explain-words.ts) is answered by the change and the
// recorded events that line up with it, never by the value alone. The planner therefore fetches the
// metric at its base period as well, and searches every event source that can speak about the
// metric's keys over the base..asked window. These are the pure parts of that plan; the catalog
// planner drafts the goals.

/** A span of the normalized question another reading has taken (a catalog term, a time, a cue). */
interface TakenSpan {
  start: number;
  end: number;
}

/**
 * Whether the question asks why, read outside what other readings took: a cause word inside a
 * catalog value (天气原因, "weather reasons" as a value of a cause dimension) names that value, and a
 * cause word right after a breakdown quantifier (按原因, "by reason") names the dimension to break
 * down by. Neither asks why anything moved.
 */
export function asksWhy(normalized: string, taken: TakenSpan[]): boolean {
  return operationOutsideTaken(normalized, taken) === "why";
}

/**
 * What the question does with its values, read outside what other readings took (as `asksWhy`):
 * the one reading of the operation the plan's `asked` records, so a cause word inside a catalog
 * term or after a breakdown quantifier is never read as "why" there either.
 */
export function operationOutsideTaken(normalized: string, taken: TakenSpan[]): AskedOperation {
  let masked = normalized;
  for (const span of taken)
    masked = `${masked.slice(0, span.start)}${" ".repeat(span.end - span.start)}${masked.slice(span.end)}`;
  const quantifiers = LANGUAGE_LOCALES.flatMap((locale) =>
    locale.quantifiers.map((word) => ({ word, spaced: locale.spaced })),
  );
  for (const { word, spaced } of quantifiers) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // The quantifier and the noun right after it (按原因; "by reason", "by cause").
    const pattern = spaced ? new RegExp(`\\b${escaped}\\s+\\S+`, "g") : new RegExp(`${escaped}\\S{1,3}`, "g");
    masked = masked.replace(pattern, (found) => " ".repeat(found.length));
  }
  return operationOf(masked);
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The base a "why" is measured from, at the grain the question asked: a single unit (2024-01, or
 * 2025-Q4 of a monthly source) is measured from the unit before it (2023-12, 2025-Q3); a period of
 * several units (Q3 and Q4 asked together) holds its base, its first unit. The run fetches the
 * base with the goal (reflector/answering/before-window.ts).
 */
export function changeBase(asked: Period): Period {
  const units = periodUnits(asked);
  if (units.length >= 2) return units[0];
  const before = enclosingUnit(dayBefore(asked.from), asked.grain);
  return { grain: asked.grain, from: before.from, to: before.to };
}

/**
 * The explain record of a goal: its base, and the events' window from the base's start to the asked
 * period's end plus `marginMonths` (an event recorded a little after the change is still a
 * candidate; before the base, the base itself is the margin: an event before it would have moved
 * the base as much as the asked period, so it cannot explain the change between them).
 */
export function explainRecord(base: Period, asked: Period, marginMonths: number): AskedExplain {
  const widened = widenByMonths({ grain: "month", from: base.from, to: asked.to }, marginMonths);
  return { base, window: { grain: "month", from: base.from, to: widened.to } };
}

/** One window over every explained goal: the earliest start to the latest end. */
export function unionWindow(records: AskedExplain[]): Period | undefined {
  if (records.length === 0) return undefined;
  const from = records.map((record) => record.window.from).sort()[0];
  const to = records
    .map((record) => record.window.to)
    .sort()
    .at(-1)!;
  return { grain: "month", from, to };
}

/**
 * The event searches that could explain a metric keyed by `dimensions`: every event of the catalog,
 * from every source that offers it and either filters by at least one of the metric's dimensions
 * (a provider change by region, for a return rate by product and region) or has no dimension at all
 * (workspace-wide: a CRM release). A source whose events are keyed only by other dimensions (a
 * plant, for a metric by region) cannot line up with the metric's keys and is left out.
 */
export function explainingEventOffers(
  offers: Offer[],
  events: string[],
  dimensions: string[],
): { event: string; offer: Offer; droppedDimensions: string[] }[] {
  const chosen: { event: string; offer: Offer; droppedDimensions: string[] }[] = [];
  for (const event of events)
    for (const { offer, droppedDimensions } of selectEventOffers(offers, event, dimensions).offers) {
      const matches =
        offer.dimensions.length === 0 ||
        dimensions.length === 0 ||
        offer.dimensions.some((dimension) => dimensions.includes(dimension));
      if (matches) chosen.push({ event, offer, droppedDimensions });
    }
  return chosen;
}
