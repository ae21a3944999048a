import { canonicalValue, valueMatchesFilter } from "../../domain/canonical-values.js";
import { foldText } from "../../domain/text-folding.js";
import type { FilterMismatch } from "../../models/evidence.js";
import type { FilterValue } from "../../models/plan.js";
import type { Catalog } from "../../models/workspace.js";
import { type CompiledField, mapRecord, recordLabel } from "./field-mapping.js";
import type { TemplateValues } from "./query-template.js";
import type { UpstreamValues } from "./upstream-values.js";

/** What a server-side filter that found nothing turned out to be: records that hold the value after all. */
export interface FilteredOut {
  /** The records of the read without the filters that hold the filtered values. */
  records: unknown[];
  dimensions: string[];
  /** For `sources test` (English, for the mapping's author). */
  warning: string;
  /** For the answer, said in the question's language. */
  mismatches: FilterMismatch[];
}

/** What the check needs to know of the search and the source. */
export interface FilterMismatchCheck {
  sourceName: string;
  /** The sub-goal's filters, as the plan gave them (catalog values). */
  filters: Record<string, FilterValue>;
  /** The dimensions whose filter was sent to the server (a placeholder in the search's templates). */
  serverSide: string[];
  /** The template values as sent (filters already turned into what the source stores). */
  sent: TemplateValues;
  fields: CompiledField[];
  catalog: Catalog;
  upstream: UpstreamValues;
  /** The same read without those filters; undefined when it cannot be made (a required placeholder). */
  readWithout: (values: TemplateValues) => Promise<unknown[] | undefined>;
}

const list = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []);
const quoted = (values: string[]) => values.map((each) => JSON.stringify(each)).join(", ");

/**
 * When a read with server-side filters found nothing: the same read without them, and the records
 * in it that hold the filtered values (compared through the catalog's synonyms and the source's
 * `values:`). Records there mean a filter was sent as a value the ticket system does not store (the
 * code KHH where it stores 高雄): they are returned with a warning naming what was sent, what is
 * stored and the `values:` entry that fixes it. Undefined (a true empty result) when no filter was
 * sent, a filtered dimension maps no field (nothing to compare), the read cannot be made without the
 * filters, or no record matches.
 */
export async function filteredOutByServer(check: FilterMismatchCheck): Promise<FilteredOut | undefined> {
  const { filters, fields, catalog, upstream } = check;
  const dimensions = check.serverSide.filter((dimension) => dimension in filters);
  if (
    dimensions.length === 0 ||
    dimensions.some((dimension) => !fields.some((field) => field.name === dimension))
  )
    return undefined;
  const without: TemplateValues = { ...check.sent };
  for (const dimension of dimensions) delete without[dimension];
  const unfiltered = await check.readWithout(without);
  if (!unfiltered) return undefined;
  const stored = new Map<string, Set<string>>(dimensions.map((dimension) => [dimension, new Set()]));
  const records = unfiltered.filter((record, index) => {
    const row = mapRecord(record, fields, recordLabel(record, index), []);
    const holds = dimensions.every((dimension) => {
      const cell = row[dimension];
      if (cell === null || cell === undefined) return false;
      const canonical = upstream.toCanonical(dimension, String(cell)) ?? String(cell);
      return valueMatchesFilter(catalog, dimension, canonical, filters[dimension]);
    });
    if (holds) for (const dimension of dimensions) stored.get(dimension)!.add(String(row[dimension]));
    return holds;
  });
  if (records.length === 0) return undefined;
  const parts = dimensions.map(
    (dimension) =>
      `${dimension} = ${quoted(list(filters[dimension]))} was sent as ${quoted(list(check.sent[dimension]))}, and the ticket system stores ${quoted([...stored.get(dimension)!])}`,
  );
  const fix = dimensions
    .map((dimension) => {
      const wanted = list(filters[dimension])[0];
      const canonical = canonicalValue(catalog, dimension, wanted) ?? wanted;
      return `${dimension}: { ${JSON.stringify(canonical)}: ${JSON.stringify([...stored.get(dimension)!][0])} }`;
    })
    .join(", ");
  return {
    records,
    dimensions,
    mismatches: dimensions.map((dimension) => ({
      source: check.sourceName,
      dimension,
      wanted: list(filters[dimension]),
      sent: list(check.sent[dimension]),
      stored: [...stored.get(dimension)!],
    })),
    warning: `the server-side filter found no record, but ${records.length} of the ${unfiltered.length} records read without it match: ${parts.join("; ")}. These records were filtered after reading; to filter on the server, say what the ticket system stores in sources.${check.sourceName}.values (${fix})`,
  };
}

/** What `sources test` needs to check the values a search read against what its filters would send. */
export interface StoredValueCheck {
  sourceName: string;
  /** The dimensions the search filters on the server (a placeholder in its templates). */
  serverSide: string[];
  /** The mapped rows and, per row, the stored text where a mapped value replaced it. */
  rows: Record<string, unknown>[];
  originals?: Record<string, string>[];
  catalog: Catalog;
  upstream: UpstreamValues;
}

/**
 * Warnings for `sources test` without any filter: in a column the search also filters by on the
 * server, a stored value the catalog knows (高雄 is a synonym of KHH) that a filter for its catalog
 * value would not send (KHH is sent as "KHH"): that filter would find nothing on the server. One
 * warning per dimension, naming the `values:` entries that fix it.
 */
export function storedValueWarnings(check: StoredValueCheck): string[] {
  const { catalog, upstream } = check;
  const warnings: string[] = [];
  for (const dimension of check.serverSide) {
    const missed = new Map<string, { canonical: string; sent: string[]; records: number }>();
    check.rows.forEach((row, index) => {
      const cell = check.originals?.[index]?.[dimension] ?? row[dimension];
      if (typeof cell !== "string" || cell.trim() === "") return;
      const canonical = upstream.toCanonical(dimension, cell) ?? canonicalValue(catalog, dimension, cell);
      if (canonical === undefined) return;
      const sent = list(upstream.toUpstream(dimension, canonical));
      if (sent.some((value) => fold(value) === fold(cell))) return;
      const entry = missed.get(cell) ?? { canonical, sent, records: 0 };
      entry.records += 1;
      missed.set(cell, entry);
    });
    if (missed.size === 0) continue;
    const cases = [...missed].map(
      ([stored, entry]) =>
        `${JSON.stringify(entry.canonical)} is sent as ${quoted(entry.sent)} where ${entry.records} record${entry.records === 1 ? " holds" : "s hold"} ${JSON.stringify(stored)}`,
    );
    const fix = [...new Map([...missed].map(([stored, entry]) => [entry.canonical, stored]))]
      .map(([canonical, stored]) => `${JSON.stringify(canonical)}: ${JSON.stringify(stored)}`)
      .join(", ");
    warnings.push(
      `a filter by ${dimension} would find nothing on the server: ${cases.join("; ")}. Say what the ticket system stores in sources.${check.sourceName}.values (${dimension}: { ${fix} })`,
    );
  }
  return warnings;
}

function fold(text: string): string {
  return foldText(text).replace(/\s+/g, " ").trim();
}
