import type { Offers } from "../models/sources/common.js";
import { sourceKindOf, type WorkspaceConfig } from "../models/workspace.js";
import type { ConfigIssue } from "./config-error.js";
import { nearestName } from "./nearest-name.js";

type Locate = (path: (string | number)[], key?: string) => { file: string; line: number; column: number };

/**
 * Checks what the schema cannot: that every metric, dimension and event a source offers, and
 * every filter in filter_importance, is declared in the catalog.
 */
export function checkWorkspaceReferences(
  config: Pick<WorkspaceConfig, "catalog" | "sources">,
  locate: Locate,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const catalog = config.catalog;
  const known = {
    metrics: Object.keys(catalog.metrics),
    dimensions: Object.keys(catalog.dimensions),
    events: Object.keys(catalog.events),
    topics: Object.keys(catalog.topics),
  };
  const check = (names: string[], list: keyof typeof known, path: (string | number)[]) => {
    names.forEach((name, index) => {
      if (!known[list].includes(name)) {
        issues.push({
          ...locate([...path, index]),
          path: [...path, index].join("."),
          message: `${list.slice(0, -1)} \`${name}\` is not in catalog.${list}`,
          suggestion: nearestName(name, known[list]),
        });
      }
    });
  };
  check(catalog.filter_importance, "dimensions", ["catalog", "filter_importance"]);
  for (const [sourceName, source] of Object.entries(config.sources)) {
    const kind = sourceKindOf(source);
    const offerings: [string, { offers?: Offers }][] = kind
      .sections(source)
      .map((section) => [section.path.join("."), { offers: section.offers }]);
    const searched = kind.textSearch(source);
    if (searched) offerings.push(["", { offers: searched }]);
    for (const [where, offering] of offerings) {
      if (!offering.offers) continue;
      const base = ["sources", sourceName, ...(where ? where.split(".") : []), "offers"];
      check(offering.offers.metrics, "metrics", [...base, "metrics"]);
      check(offering.offers.dimensions, "dimensions", [...base, "dimensions"]);
      check(offering.offers.events, "events", [...base, "events"]);
      check(offering.offers.topics, "topics", [...base, "topics"]);
    }
  }
  return issues;
}
