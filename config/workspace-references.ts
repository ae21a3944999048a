import type { Offers } from "../models/sources/common.js";
import { CURRENCY_UNIT, KNOWN_UNITS, sourceKindOf, type WorkspaceConfig } from "../models/workspace.js";
import type { ConfigIssue } from "./config-error.js";
import { describeSource } from "./describe-sources.js";
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
  for (const [name, metric] of Object.entries(catalog.metrics)) {
    const unit = metric.unit;
    if (unit === undefined || KNOWN_UNITS.includes(unit) || CURRENCY_UNIT.test(unit)) continue;
    const path = ["catalog", "metrics", name, "unit"];
    issues.push({
      ...locate(path),
      path: path.join("."),
      message: `unit \`${unit}\` of metric ${name} is not a unit triangulate knows: use one of ${KNOWN_UNITS.join(", ")}, or a currency code such as CNY, kCNY or mUSD`,
      suggestion: nearestName(unit, KNOWN_UNITS),
    });
  }
  issues.push(...checkMetricSources(config, locate));
  issues.push(...checkDatasetUnits(config, locate));
  for (const [sourceName, source] of Object.entries(config.sources)) {
    const kind = sourceKindOf(source);
    const offerings: [string, { offers?: Offers }][] = kind
      .sections(source)
      .map((section) => [section.path.join("."), { offers: section.offers }]);
    for (const named of kind.catalogValues?.(source) ?? []) {
      const path = ["sources", sourceName, ...named.path];
      const values = catalog.dimensions[named.dimension]?.values;
      if (!values) {
        if (named.value === undefined)
          issues.push({
            ...locate(path),
            path: path.join("."),
            message: `dimension \`${named.dimension}\` is not in catalog.dimensions`,
            suggestion: nearestName(named.dimension, known.dimensions),
          });
        continue;
      }
      if (named.value !== undefined && !Object.hasOwn(values, named.value))
        issues.push({
          ...locate(path),
          path: path.join("."),
          message: `\`${named.value}\` is not a value of catalog.dimensions.${named.dimension} (${Object.keys(values).join(", ")}); the keys here are catalog values, the right-hand side what the source stores`,
          suggestion: nearestName(named.value, Object.keys(values)),
        });
    }
    const searched = kind.textSearch(source);
    if (searched) offerings.push(["", { offers: searched }]);
    let described: ReturnType<typeof describeSource> | undefined;
    try {
      described = describeSource(sourceName, source);
    } catch {
      described = undefined; // a partly valid source: its schema errors are reported already
    }
    for (const [where, offering] of offerings) {
      if (!offering.offers) continue;
      const base = ["sources", sourceName, ...(where ? where.split(".") : []), "offers"];
      const datasetName = where.split(".")[1];
      const columns = described?.datasets.find((candidate) => candidate.name === datasetName)?.columns ?? [];
      // A file dataset without a column mapping keeps its headers, which only the file knows.
      const mapsColumns = columns.length > 0;
      offering.offers.metrics.forEach((metric, index) => {
        if (!mapsColumns || columns.includes(metric) || !known.metrics.includes(metric)) return;
        // A count of records (complaints as tickets) is computed; any other metric needs its column.
        if (catalog.metrics[metric]?.unit === "count") return;
        issues.push({
          ...locate([...base, "metrics", index]),
          path: [...base, "metrics", index].join("."),
          message: `offers metric \`${metric}\` but maps no column to it (columns: ${columns.join(", ")}); the answer would have nothing to read it from. Map a column to ${metric}, or remove it from offers (a count of records needs \`unit: count\` on the metric)`,
          suggestion: nearestName(metric, columns),
        });
      });
      check(offering.offers.metrics, "metrics", [...base, "metrics"]);
      check(offering.offers.dimensions, "dimensions", [...base, "dimensions"]);
      check(offering.offers.events, "events", [...base, "events"]);
      check(offering.offers.topics, "topics", [...base, "topics"]);
    }
  }
  return issues;
}

/**
 * A dataset's `units` name columns by the name they are mapped to (the name the rows carry), and
 * each unit is one triangulate knows. A unit keyed by the source's own header that `columns` maps
 * to another name would silently apply to nothing; a unit the numbers cannot be read in would
 * silently be ignored. Which unmapped headers a file has only the file knows: that part is checked
 * when the file is read.
 */
function checkDatasetUnits(config: Pick<WorkspaceConfig, "sources">, locate: Locate): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const [sourceName, source] of Object.entries(config.sources)) {
    if (source.kind !== "file" && source.kind !== "bi_dashboard") continue;
    for (const [datasetName, dataset] of Object.entries(source.datasets)) {
      const mapped = dataset.columns as Record<string, string>;
      for (const [column, unit] of Object.entries(dataset.units as Record<string, string>)) {
        const path = ["sources", sourceName, "datasets", datasetName, "units", column];
        const renamed = mapped[column];
        if (renamed !== undefined && renamed !== column)
          issues.push({
            ...locate(path, column),
            path: path.join("."),
            message: `units names \`${column}\`, the ${source.kind === "file" ? "file's" : "page's"} header, which columns maps to \`${renamed}\`: units use the mapped name`,
            suggestion: renamed,
          });
        if (!KNOWN_UNITS.includes(unit) && !CURRENCY_UNIT.test(unit))
          issues.push({
            ...locate(path),
            path: path.join("."),
            message: `unit \`${unit}\` of column ${column} is not a unit triangulate knows: use one of ${KNOWN_UNITS.join(", ")}, or a currency code such as CNY, kCNY or mUSD`,
            suggestion: nearestName(unit, KNOWN_UNITS),
          });
      }
    }
  }
  return issues;
}

/** A catalog metric's `sources` and `fallback` must name configured sources that offer the metric. */
function checkMetricSources(
  config: Pick<WorkspaceConfig, "catalog" | "sources">,
  locate: Locate,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const sourceNames = Object.keys(config.sources);
  for (const [metric, definition] of Object.entries(config.catalog.metrics)) {
    const offering = sourceNames.filter((name) => {
      const source = config.sources[name];
      return sourceKindOf(source)
        .sections(source)
        .some((section) => section.offers?.metrics.includes(metric));
    });
    const lists = [
      ["sources", definition.sources ?? []],
      ["fallback", definition.fallback ?? []],
    ] as const;
    for (const [list, names] of lists)
      names.forEach((name, index) => {
        if (offering.includes(name)) return;
        const path = ["catalog", "metrics", metric, list, index];
        issues.push({
          ...locate(path),
          path: path.join("."),
          message: sourceNames.includes(name)
            ? `source \`${name}\` offers no dataset with metric ${metric}; the sources offering it are: ${offering.join(", ") || "none"}`
            : `source \`${name}\` is not in sources; the sources offering ${metric} are: ${offering.join(", ") || "none"}`,
          suggestion: nearestName(name, offering.length > 0 ? offering : sourceNames),
        });
      });
  }
  return issues;
}
