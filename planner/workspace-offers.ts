import { describeSources } from "../config/describe-sources.js";
import type { Grain } from "../models/plan.js";
import { sourceKindOf, type WorkspaceConfig } from "../models/workspace.js";

/** One thing a source can be asked for: a dataset, a ticket search, or a knowledge base's text search. */
export interface Offer {
  source: string;
  sourceKind: string;
  trust: number;
  /** Absent for a knowledge base's free-text search. */
  dataset?: string;
  metrics: string[];
  dimensions: string[];
  events: string[];
  topics: string[];
  columns: string[];
  grain?: Grain;
  expectedFormat: "table" | "records" | "text";
  /**
   * A live system (BI dashboard, ticket system, knowledge base) rather than a file export. Exports
   * are asked beside live sources; of equal trust, the live one is the required goal.
   */
  live: boolean;
}

/** Everything the workspace's sources offer, read from the YAML alone (no connection is made). */
export function workspaceOffers(config: WorkspaceConfig): Offer[] {
  const offers: Offer[] = [];
  for (const capabilities of describeSources(config)) {
    const source = config.sources[capabilities.name];
    const live = sourceKindOf(source).live;
    for (const dataset of capabilities.datasets) {
      offers.push({
        source: capabilities.name,
        sourceKind: capabilities.kind,
        trust: capabilities.trust,
        dataset: dataset.name,
        metrics: dataset.metrics,
        dimensions: dataset.dimensions,
        events: dataset.events,
        topics: dataset.topics,
        columns: dataset.columns,
        ...(dataset.grain ? { grain: dataset.grain } : {}),
        expectedFormat: dataset.expected_format,
        live,
      });
    }
    const searched = sourceKindOf(source).textSearch(source);
    if (searched) {
      // describeSources lists a knowledge base's tables; its passages answer the source-level topics.
      offers.push({
        source: capabilities.name,
        sourceKind: capabilities.kind,
        trust: capabilities.trust,
        metrics: [],
        dimensions: searched.dimensions,
        events: [],
        topics: searched.topics,
        columns: [],
        expectedFormat: "text",
        live: true,
      });
    }
  }
  return offers;
}
