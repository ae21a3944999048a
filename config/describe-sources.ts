import type { DatasetCapabilities, SourceCapabilities } from "../models/source-capabilities.js";
import type { Offers } from "../models/sources/common.js";
import { type SourceConfig, sourceKindOf, type WorkspaceConfig } from "../models/workspace.js";

function dataset(
  name: string,
  offers: Offers | undefined,
  columns: string[],
  expected: DatasetCapabilities["expected_format"],
): DatasetCapabilities {
  return {
    name,
    metrics: offers?.metrics ?? [],
    dimensions: offers?.dimensions ?? [],
    events: offers?.events ?? [],
    topics: offers?.topics ?? [],
    columns: [...new Set(columns)],
    ...(offers?.grain ? { grain: offers.grain } : {}),
    expected_format: expected,
  };
}

/**
 * What one configured source offers, read from its YAML alone (no connection is made), so the
 * planner can plan without starting a browser or opening an index. Adapters' describe() returns this.
 */
export function describeSource(name: string, source: SourceConfig): SourceCapabilities {
  const base = {
    name,
    kind: source.kind,
    trust: source.trust,
    ...(source.description ? { description: source.description } : {}),
  };
  const kind = sourceKindOf(source);
  return {
    ...base,
    text_search: kind.textSearch(source) !== undefined,
    datasets: kind
      .sections(source)
      .map((section) => dataset(section.name, section.offers, section.columns, section.expectedFormat)),
  };
}

/** Capabilities of every source in the workspace, in YAML order. */
export function describeSources(config: WorkspaceConfig): SourceCapabilities[] {
  return Object.entries(config.sources).map(([name, source]) => describeSource(name, source));
}
