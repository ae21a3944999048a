import { columnsAfterUnpivot, type Offers, type Unpivot } from "./sources/common.js";

/**
 * One entry a source can be asked for by name: a dataset, a ticket search, a document table. A
 * sub-goal's `dataset` names it; `sources test` runs it; the planner offers it.
 */
export interface SourceSection {
  /** Where it stands in the source's YAML, below `sources.<name>`: ["datasets", "returns"]. */
  path: [string, string];
  /** The name a sub-goal's `dataset` uses. */
  name: string;
  offers: Offers | undefined;
  /** The catalog columns (or record fields) its evidence carries. */
  columns: string[];
  /** A table of rows, or records (one per ticket or change). */
  expectedFormat: "table" | "records";
}

/**
 * What the rest of the program knows about a source kind, declared once beside the kind's schema
 * (models/sources/<kind>-source.ts) and collected in `sourceKinds` (models/workspace.ts), so that
 * planning, plan checks, catalog checks, `sources test` and reflection read one place instead of
 * each testing `kind === "…"`. `Config` is the kind's parsed YAML.
 */
export interface SourceKindDescriptor<Config> {
  /** Every named entry of the source, in YAML order: what plans, checks and `sources test` use. */
  sections(config: Config): SourceSection[];
  /**
   * What the source's free-text search answers (a knowledge base's passages), or undefined when
   * the kind has no text search. A sub-goal on such a source may name no dataset: it is a search.
   */
  textSearch(config: Config): Offers | undefined;
  /**
   * True when the adapter filters rows by the sub-goal's period, so the validation rule may demand
   * a row inside it. False where rows are read as published (tables inside documents).
   */
  periodFiltered: boolean;
  /**
   * A live system rather than an export: among sources of equal trust the planner makes the live
   * one the required goal; exports are asked beside it (issue 28).
   */
  live: boolean;
  /** The endpoint to retry on after a server error, when the source configures one. */
  fallbackEndpoint(config: Config): string | undefined;
  /**
   * Catalog values the source's YAML names (a tickets source's `values:` keys), with where each is
   * written below `sources.<name>`: the workspace check refuses a dimension or value the catalog lacks.
   */
  catalogValues?(config: Config): { path: string[]; dimension: string; value?: string }[];
}

/** The sections of a `datasets` map whose entries map headers to catalog columns: tables, in YAML order. */
export function tableSections(
  datasets: Record<string, { offers: Offers; columns: Record<string, string>; unpivot?: Unpivot }>,
): SourceSection[] {
  return Object.entries(datasets).map(([name, value]) => ({
    path: ["datasets", name],
    name,
    offers: value.offers,
    columns: columnsAfterUnpivot(Object.values(value.columns), value.unpivot),
    expectedFormat: "table",
  }));
}
