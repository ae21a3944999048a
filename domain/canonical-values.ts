import type { CellValue, Evidence, TableEvidence } from "../models/evidence.js";
import type { Catalog } from "../models/workspace.js";
import { foldText } from "./text-folding.js";

// The one place where a dimension value from any adapter (BI page, ticket field, PDF table, file) becomes
// its catalog key. Everything downstream — filters, conflicts, event alignment, absences, the answer
// check — compares keys only, so "华南" in a ticket and "South" in the catalog are the same region.

/** Folds a value for matching a synonym: `foldText` (NFKC, lower case, Simplified Chinese), single spaces. */
function foldValue(value: string): string {
  return foldText(value).replace(/\s+/g, " ").trim();
}

/** Lookup of one dimension: folded key or synonym → key. */
export type ValueIndex = Map<string, string>;

const indexes = new WeakMap<Catalog, Map<string, ValueIndex>>();

/** The folded-synonym index of every dimension of a catalog (built once per catalog). */
export function valueIndexes(catalog: Catalog): Map<string, ValueIndex> {
  let built = indexes.get(catalog);
  if (built) return built;
  built = new Map();
  for (const [dimension, definition] of Object.entries(catalog.dimensions)) {
    const index: ValueIndex = new Map();
    for (const [key, synonyms] of Object.entries(definition.values)) {
      for (const text of [key, ...synonyms]) if (!index.has(foldValue(text))) index.set(foldValue(text), key);
    }
    built.set(dimension, index);
  }
  indexes.set(catalog, built);
  return built;
}

/** The catalog key of a dimension value, or undefined when the catalog does not know it. */
export function canonicalValue(catalog: Catalog, dimension: string, value: string): string | undefined {
  return valueIndexes(catalog).get(dimension)?.get(foldValue(value));
}

/**
 * Whether a cell holds one of the values a sub-goal filters on: both sides canonicalise through the
 * dimension's synonyms (folded: NFKC, case, Traditional → Simplified, spaces) and match when they
 * come to the same catalog key; a value the catalog does not know matches its own folded text.
 * Every tabular source filters with this, so a filter means the same on a dashboard, a file
 * export and a PDF table ("South China" and "華南" both mean South).
 */
export function valueMatchesFilter(
  catalog: Catalog | undefined,
  dimension: string,
  cell: CellValue | undefined,
  wanted: string | string[],
): boolean {
  if (cell === null || cell === undefined) return false;
  const index = catalog ? valueIndexes(catalog).get(dimension) : undefined;
  // A key and an unknown text never compare equal by accident: each side is tagged.
  const meaning = (text: string) => {
    const folded = foldValue(text);
    const key = index?.get(folded);
    return key === undefined ? `text:${folded}` : `key:${key}`;
  };
  const have = meaning(String(cell));
  return (Array.isArray(wanted) ? wanted : [wanted]).some((value) => meaning(value) === have);
}

/** What canonicalTable did: how many values it mapped and which ones it could not. */
export interface CanonicalReport {
  mapped: number;
  unknown: { column: string; value: string }[];
}

/**
 * Maps every cell of a column named after a catalog dimension to its key. The original text is kept
 * per row in `original_values` (for citation); a value the catalog does not know is kept as it is and
 * flagged in the notes, never matched to the nearest key or dropped.
 */
export function canonicalTable(
  evidence: TableEvidence,
  catalog: Catalog,
): { evidence: TableEvidence; report: CanonicalReport } {
  const dimensions = evidence.columns
    .map((column) => column.name)
    .filter((name) => catalog.dimensions[name] !== undefined);
  const report: CanonicalReport = { mapped: 0, unknown: [] };
  if (dimensions.length === 0) return { evidence, report };
  const unknownSeen = new Set<string>();
  const originals: Record<string, string>[] = [];
  const rows = evidence.rows.map((row) => {
    const next: Record<string, CellValue> = { ...row };
    const original: Record<string, string> = { ...(evidence.original_values?.[originals.length] ?? {}) };
    for (const dimension of dimensions) {
      const cell = row[dimension];
      if (typeof cell !== "string" || cell.trim() === "") continue;
      const key = canonicalValue(catalog, dimension, cell);
      if (key === undefined) {
        const id = `${dimension}\u0000${cell}`;
        if (!unknownSeen.has(id)) {
          unknownSeen.add(id);
          report.unknown.push({ column: dimension, value: cell });
        }
        continue;
      }
      if (key !== cell) {
        original[dimension] ??= cell;
        next[dimension] = key;
        report.mapped++;
      }
    }
    originals.push(original);
    return next;
  });
  const notes = [
    ...evidence.notes,
    ...report.unknown.map(
      ({ column, value }) =>
        `unknown ${column} value "${value}": not in the catalog's ${column} values; kept as it is, matched to no key`,
    ),
  ];
  const anyOriginal = originals.some((original) => Object.keys(original).length > 0);
  return {
    evidence: { ...evidence, rows, notes, ...(anyOriginal ? { original_values: originals } : {}) },
    report,
  };
}

/** The evidence with canonical dimension values (text evidence is returned as it is). */
export function canonicalEvidence(evidence: Evidence, catalog: Catalog): Evidence {
  return evidence.kind === "table" ? canonicalTable(evidence, catalog).evidence : evidence;
}
