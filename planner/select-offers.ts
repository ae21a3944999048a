import type { Offer } from "./workspace-offers.js";

/** The offers chosen for one need, the first being the primary (required) one. */
export interface Selection {
  offers: Offer[];
  /** Filters that the chosen datasets cannot apply, for a warning. */
  droppedDimensions: string[];
}

function byCoverageThenTrust(dimensions: string[]) {
  const coverage = (offer: Offer) =>
    dimensions.filter((dimension) => offer.dimensions.includes(dimension)).length;
  return (a: Offer, b: Offer) =>
    coverage(b) - coverage(a) || b.trust - a.trust || Number(b.live) - Number(a.live);
}

/**
 * Chooses the datasets that answer a metric or an event with the given filter dimensions.
 * Datasets covering more of the filters win; among them live sources (BI, tickets, knowledge
 * base) are planned and file exports are left as the alternative the reflector switches to,
 * unless only exports offer the need. With conflict checking on, every live dataset that covers
 * the filters as well as the best is planned (so disagreeing values can be detected and fused);
 * with it off, only the most trusted.
 */
export function selectOffers(
  offers: Offer[],
  need: { metric?: string; event?: string },
  dimensions: string[],
  checkConflicts: boolean,
): Selection {
  const candidates = offers.filter((offer) =>
    need.metric
      ? offer.metrics.includes(need.metric)
      : need.event
        ? offer.events.includes(need.event)
        : false,
  );
  if (candidates.length === 0) return { offers: [], droppedDimensions: dimensions };
  const live = candidates.filter((offer) => offer.live);
  const pool = (live.length > 0 ? live : candidates).sort(byCoverageThenTrust(dimensions));
  const best = pool[0];
  const bestCoverage = dimensions.filter((dimension) => best.dimensions.includes(dimension)).length;
  const chosen = checkConflicts
    ? pool.filter(
        (offer) =>
          dimensions.filter((dimension) => offer.dimensions.includes(dimension)).length === bestCoverage,
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
