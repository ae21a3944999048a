import type { TableEvidence } from "../models/evidence.js";
import type { SubGoal } from "../models/plan.js";
import { dateColumnOf } from "./metric-points.js";

/** One source's list of an event, as compared. */
export interface EventListing {
  goal: string;
  source: string;
  dataset?: string;
  trust: number;
  /** The event dates (YYYY-MM-DD) the source lists, sorted, duplicates kept. */
  dates: string[];
  /** Filters of the sub-goal that asked it (a source that could not filter by one lacks it). */
  filters: Record<string, string | string[]>;
}

/**
 * Two or more sources asked for the same event disagree: the most trusted source's list is the
 * one the answer uses (`preferred`), and every date one source lists and the other does not is
 * named, so the answer can say so instead of silently choosing.
 */
export interface EventDisagreement {
  event: string;
  preferred: EventListing;
  others: EventListing[];
  /** Dates listed only by the given source (against the preferred one), per source. */
  onlyIn: { source: string; dates: string[] }[];
  /** One sentence for the answer (English; the synthesizer may word it in the answer's language). */
  summary: string;
}

/** An event search's outcome: what the reflector hands the synthesizer (goal, evidence) and the source's trust. */
export interface EventOutcome {
  goal: SubGoal;
  evidence: TableEvidence;
  trust: number;
}

function datesOf(evidence: TableEvidence): string[] {
  const column = dateColumnOf(evidence);
  if (!column) return [];
  return evidence.rows
    .map((row) => row[column])
    .filter((value): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value))
    .map((value) => value.slice(0, 10))
    .sort();
}

function without(dates: string[], other: string[]): string[] {
  const remaining = [...other];
  const left: string[] = [];
  for (const date of dates) {
    const index = remaining.indexOf(date);
    if (index >= 0) remaining.splice(index, 1);
    else left.push(date);
  }
  return left;
}

/** Whether two sub-goals asked for the same thing on the filters both could apply. */
function comparable(a: SubGoal, b: SubGoal): boolean {
  const left = a.params.filters ?? {};
  const right = b.params.filters ?? {};
  return Object.keys(left)
    .filter((dimension) => dimension in right)
    .every((dimension) => JSON.stringify(left[dimension]) === JSON.stringify(right[dimension]));
}

/**
 * Compares the lists of one event from several sources (the planner asks every source that offers
 * it, planner/select-event-offers.ts): for each event and each group of comparable sub-goals, the
 * most trusted list is preferred and every date the lists do not share is reported. Lists that
 * agree give no record.
 */
export function eventDisagreements(outcomes: EventOutcome[]): EventDisagreement[] {
  const byEvent = new Map<string, EventOutcome[]>();
  for (const outcome of outcomes) {
    const event = outcome.goal.params.event;
    if (!event) continue;
    byEvent.set(event, [...(byEvent.get(event) ?? []), outcome]);
  }
  const records: EventDisagreement[] = [];
  for (const [event, group] of byEvent) {
    const ordered = [...group].sort((a, b) => b.trust - a.trust);
    const used = new Set<EventOutcome>();
    for (const first of ordered) {
      if (used.has(first)) continue;
      const peers = ordered.filter(
        (other) =>
          other !== first &&
          !used.has(other) &&
          other.goal.source !== first.goal.source &&
          comparable(first.goal, other.goal),
      );
      if (peers.length === 0) continue;
      used.add(first);
      for (const peer of peers) used.add(peer);
      const listing = (outcome: EventOutcome): EventListing => ({
        goal: outcome.goal.id,
        source: outcome.goal.source,
        ...(outcome.goal.dataset ? { dataset: outcome.goal.dataset } : {}),
        trust: outcome.trust,
        dates: datesOf(outcome.evidence),
        filters: outcome.goal.params.filters ?? {},
      });
      const preferred = listing(first);
      const others = peers.map(listing);
      const onlyIn = [
        { source: preferred.source, dates: others.flatMap((other) => without(preferred.dates, other.dates)) },
        ...others.map((other) => ({ source: other.source, dates: without(other.dates, preferred.dates) })),
      ].filter((entry) => entry.dates.length > 0);
      if (onlyIn.length === 0) continue;
      const describe = (item: EventListing) =>
        `${item.source} (trust ${item.trust}) lists ${item.dates.length === 0 ? "none" : item.dates.join(", ")}`;
      records.push({
        event,
        preferred,
        others,
        onlyIn: onlyIn.map((entry) => ({ source: entry.source, dates: [...new Set(entry.dates)] })),
        summary: `${event}: the sources disagree: ${[preferred, ...others].map(describe).join("; ")}; the answer uses ${preferred.source}, the most trusted`,
      });
    }
  }
  return records;
}
