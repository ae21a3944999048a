import { canonicalValue } from "../../domain/canonical-values.js";
import { foldText } from "../../domain/text-folding.js";
import { ownValue } from "../../models/name-record.js";
import type { TicketsSource } from "../../models/sources/tickets-source.js";
import { codedStepError } from "../../models/step-error.js";
import type { Catalog } from "../../models/workspace.js";

/**
 * What a ticket system stores for a catalog value, per dimension (a source's `values:`): the code
 * KHH is stored as the display name 高雄, a part as an id. Plan filters are sent as what is stored,
 * and what is read back is mapped to the canonical value, the stored text kept for citation.
 */
export class UpstreamValues {
  // dimension → folded stored value → canonical value, for the way back.
  private readonly canonicalOf = new Map<string, Map<string, string>>();

  /** Checks the mapping against the catalog: a dimension or value the catalog lacks is a config error. */
  constructor(
    private readonly values: TicketsSource["values"],
    private readonly catalog: Catalog,
    sourceName: string,
  ) {
    for (const [dimension, mapping] of Object.entries(values)) {
      const where = `sources.${sourceName}.values.${dimension}`;
      const definition = ownValue(catalog.dimensions, dimension);
      if (!definition)
        throw codedStepError(
          "config_error",
          { code: "stored_value_unknown", where, dimension, available: Object.keys(catalog.dimensions) },
          { locator: where },
        );
      const back = new Map<string, string>();
      for (const [canonical, stored] of Object.entries(mapping)) {
        if (!Object.hasOwn(definition.values, canonical))
          throw codedStepError(
            "config_error",
            {
              code: "stored_value_unknown",
              where,
              dimension,
              value: canonical,
              available: Object.keys(definition.values),
            },
            { locator: `${where}.${canonical}` },
          );
        for (const text of Array.isArray(stored) ? stored : [stored]) back.set(fold(text), canonical);
      }
      this.canonicalOf.set(dimension, back);
    }
  }

  /** Whether the source says how a dimension's values are stored. */
  maps(dimension: string): boolean {
    return this.canonicalOf.has(dimension);
  }

  /**
   * A filter's values as the ticket system stores them: each value read as its canonical value
   * (a synonym counts) and replaced by what is stored for it; a value without a mapping is sent as
   * it is.
   */
  toUpstream(dimension: string, value: string | string[]): string | string[] {
    const mapping = ownValue(this.values, dimension);
    if (!mapping) return value;
    const each = (item: string): string[] => {
      const canonical = canonicalValue(this.catalog, dimension, item) ?? item;
      const stored = ownValue(mapping, canonical);
      return stored === undefined ? [item] : Array.isArray(stored) ? stored : [stored];
    };
    const sent = (Array.isArray(value) ? value : [value]).flatMap(each);
    return Array.isArray(value) || sent.length > 1 ? sent : sent[0];
  }

  /** The canonical value of a stored value read back, or undefined when the mapping does not list it. */
  toCanonical(dimension: string, stored: string): string | undefined {
    return this.canonicalOf.get(dimension)?.get(fold(stored));
  }
}

function fold(text: string): string {
  return foldText(text).replace(/\s+/g, " ").trim();
}
