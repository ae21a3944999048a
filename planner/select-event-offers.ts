import type { Offer } from "./workspace-offers.js";

/** The event searches chosen for one event: every source that offers it, most trusted first. */
export interface EventSelection {
  offers: { offer: Offer; droppedDimensions: string[] }[];
}

/**
 * Chooses the sources to ask for an event. Unlike a metric (where the dataset covering more of the
 * filters wins), an event is asked of EVERY source that offers it, file exports included (a
 * live source first among equals in trust), most trusted first: a lower-trust table that covers more dimensions must not
 * replace a more trusted register, since the register's events are the better record of what
 * happened; their lists are compared afterwards (reflector/event-disagreements.ts) and a
 * disagreement is disclosed. Each offer carries the filters it cannot apply, for a warning.
 */
export function selectEventOffers(offers: Offer[], event: string, dimensions: string[]): EventSelection {
  const candidates = offers.filter((offer) => offer.events.includes(event));
  const coverage = (offer: Offer) =>
    dimensions.filter((dimension) => offer.dimensions.includes(dimension)).length;
  const pool = candidates.sort(
    (a, b) => b.trust - a.trust || coverage(b) - coverage(a) || Number(b.live) - Number(a.live),
  );
  return {
    offers: pool.map((offer) => ({
      offer,
      droppedDimensions: dimensions.filter((dimension) => !offer.dimensions.includes(dimension)),
    })),
  };
}
