import { Grain } from "../models/plan.js";
import type { WorkspaceConfig } from "../models/workspace.js";
import type { Offer } from "./workspace-offers.js";

/** The offers chosen for one need, the first being the primary (required) one. */
export interface Selection {
  offers: Offer[];
  /** Filters that the chosen datasets cannot apply, for a warning. */
  droppedDimensions: string[];
}

/** How a metric is asked: of every source offering it (a cross-check) or of the best one, and of which sources. */
export interface MetricAsking {
  /** Ask every source that offers the metric as well as the best (the others `required: false`). */
  crossCheck: boolean;
  /** The only sources the metric may be asked of (the catalog metric's `sources`), when the workspace limits them. */
  sources?: string[];
  /** Sources asked only in place of one that fails (the catalog metric's `fallback`). */
  fallback?: string[];
  /** The grain the question asks at, when it names a period. */
  grain?: Grain;
}

/** The workspace's policy for one metric: its own `cross_check` and `sources`, else `reflector.check_conflicts`. */
export function metricAsking(config: WorkspaceConfig, metric: string): MetricAsking {
  const definition = config.catalog.metrics[metric];
  return {
    crossCheck: definition?.cross_check ?? config.reflector.check_conflicts,
    ...(definition?.sources ? { sources: definition.sources } : {}),
    ...(definition?.fallback ? { fallback: definition.fallback } : {}),
  };
}

const grainIndex = (grain: Grain | undefined) => (grain ? Grain.options.indexOf(grain) : -1);

function byCoverageThenTrust(dimensions: string[]) {
  const coverage = (offer: Offer) =>
    dimensions.filter((dimension) => offer.dimensions.includes(dimension)).length;
  return (a: Offer, b: Offer) =>
    coverage(b) - coverage(a) || b.trust - a.trust || Number(b.live) - Number(a.live);
}

/**
 * Chooses the datasets that answer a metric or an event with the given filter dimensions.
 * Datasets covering more of the filters win, the most trusted first (a live source before an
 * export of equal trust). With a cross-check (the metric's `cross_check`, by default
 * `reflector.check_conflicts`) every dataset that covers the filters as well as the best is
 * planned, file exports included, so that disagreeing values are fused and a source that fails
 * leaves the number to the others; a dataset whose grain is coarser than both the question's and
 * the best dataset's (a quarter beside a month asked of a monthly table) could not give the asked
 * period's value and is left out. Without a cross-check only the best is planned, and the others
 * stay the alternatives the reflector switches to. The metric's `sources` limits every choice, and
 * its `fallback` sources are left to the reflector, asked only in place of a source that fails.
 */
export function selectOffers(
  offers: Offer[],
  need: { metric?: string; event?: string },
  dimensions: string[],
  asking: MetricAsking,
): Selection {
  const candidates = offers.filter(
    (offer) =>
      (need.metric
        ? offer.metrics.includes(need.metric)
        : need.event
          ? offer.events.includes(need.event)
          : false) &&
      (asking.sources === undefined || asking.sources.includes(offer.source)),
  );
  if (candidates.length === 0) return { offers: [], droppedDimensions: dimensions };
  // Fallback sources wait for a failure, unless nothing else offers the need.
  const asked = candidates.filter((offer) => !asking.fallback?.includes(offer.source));
  const pool = (asked.length > 0 ? asked : candidates).sort(byCoverageThenTrust(dimensions));
  const best = pool[0];
  const bestCoverage = dimensions.filter((dimension) => best.dimensions.includes(dimension)).length;
  const finestUseful = Math.max(grainIndex(asking.grain), grainIndex(best.grain));
  const chosen = asking.crossCheck
    ? pool.filter(
        (offer) =>
          offer === best ||
          (dimensions.filter((dimension) => offer.dimensions.includes(dimension)).length === bestCoverage &&
            (finestUseful < 0 || grainIndex(offer.grain) <= finestUseful)),
      )
    : [best];
  return {
    offers: chosen,
    droppedDimensions: dimensions.filter((dimension) => !best.dimensions.includes(dimension)),
  };
}

/** Knowledge-base searches for a document topic (every text source when none names the topic). */
export function selectTextOffers(offers: Offer[], topic: string | undefined): Offer[] {
  const text = offers.filter((offer) => offer.expectedFormat === "text");
  const onTopic = topic ? text.filter((offer) => offer.topics.includes(topic)) : [];
  return (onTopic.length > 0 ? onTopic : text).sort((a, b) => b.trust - a.trust);
}
