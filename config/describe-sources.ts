import type { DatasetCapabilities, SourceCapabilities } from "../models/source-capabilities.js";
import type { Offers } from "../models/sources/common.js";
import type { SourceConfig, WorkspaceConfig } from "../models/workspace.js";

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
  switch (source.kind) {
    case "file":
      return {
        ...base,
        text_search: false,
        datasets: Object.entries(source.datasets).map(([datasetName, value]) =>
          dataset(datasetName, value.offers, Object.values(value.columns), "table"),
        ),
      };
    case "bi_dashboard":
      return {
        ...base,
        text_search: false,
        // A rolled-up dataset offers the columns of its roll-up, not the page's.
        datasets: Object.entries(source.datasets).map(([datasetName, value]) =>
          dataset(
            datasetName,
            value.offers,
            value.aggregate ? [...value.aggregate.by, ...value.aggregate.sum] : Object.values(value.columns),
            "table",
          ),
        ),
      };
    case "tickets":
      return {
        ...base,
        text_search: false,
        // A changelog search yields one row per change, with these columns beside the mapped fields.
        datasets: Object.entries(source.searches).map(([searchName, value]) =>
          dataset(
            searchName,
            value.offers,
            [
              ...Object.keys(value.fields),
              ...(value.changelog ? ["key", "field", "from", "to", "at", "author"] : []),
            ],
            "records",
          ),
        ),
      };
    case "pdf_kb":
      return {
        ...base,
        text_search: true,
        datasets: Object.entries(source.datasets).map(([datasetName, value]) =>
          dataset(datasetName, value.offers, Object.values(value.columns), "table"),
        ),
      };
  }
}

/** Capabilities of every source in the workspace, in YAML order. */
export function describeSources(config: WorkspaceConfig): SourceCapabilities[] {
  return Object.entries(config.sources).map(([name, source]) => describeSource(name, source));
}
