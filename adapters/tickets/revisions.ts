import pLimit from "p-limit";
import type { RevisionMapping } from "../../models/sources/tickets-source.js";
import { recordLabel } from "./field-mapping.js";
import { compilePath } from "./json-path.js";
import type { Page } from "./paginate.js";
import type { ResolvedSearch } from "./presets.js";
import { encodePathSegment } from "./query-template.js";

/** One revision as a change set of REVISION_SHAPE: when, who, and the fields it changed. */
interface ChangeSet {
  at: unknown;
  author: unknown;
  items: { field: unknown; from: unknown; to: unknown }[];
}

/**
 * Reads each record's revisions with a generic source's revisions mapping into `changelogs`
 * (record label → change sets): from the revisions beside the records on each page (included[]),
 * where a record without any has none (read, no change), or from a per-record endpoint, at most
 * `concurrency` requests at once, where a response without the list leaves the record unread (the
 * adapter then fails loudly instead of reporting no change).
 */
export async function readRevisions(
  mapping: RevisionMapping,
  records: unknown[],
  included: unknown[],
  changelogs: Record<string, unknown[]>,
  get: (path: string) => Promise<Page>,
  concurrency: number,
): Promise<void> {
  const first = (path: string | undefined) => {
    const compiled = path ? compilePath(path) : undefined;
    return (value: unknown) => (compiled ? compiled(value)[0] : undefined);
  };
  const idOf = first(mapping.id);
  const itemsOf = mapping.items ? compilePath(mapping.items) : undefined;
  const [field, from, to, at, author] = [
    mapping.field,
    mapping.from,
    mapping.to,
    mapping.at,
    mapping.author,
  ].map(first);
  const changeSet = (revision: unknown): ChangeSet => {
    const listed = itemsOf ? itemsOf(revision) : [revision];
    const items = (listed.length === 1 && Array.isArray(listed[0]) ? listed[0] : listed) as unknown[];
    return {
      at: at(revision),
      author: author(revision),
      items: items.map((item) => ({ field: field(item), from: from(item), to: to(item) })),
    };
  };

  if (mapping.included) {
    const recordIdOf = first(mapping.record_id);
    const byRecord = new Map<string, unknown[]>();
    for (const revision of included) {
      const owner = recordIdOf(revision);
      if (owner === undefined || owner === null) continue;
      const list = byRecord.get(String(owner)) ?? [];
      list.push(revision);
      byRecord.set(String(owner), list);
    }
    records.forEach((record, index) => {
      const id = idOf(record);
      if (id === undefined || id === null) return;
      changelogs[recordLabel(record, index)] = (byRecord.get(String(id)) ?? []).map(changeSet);
    });
    return;
  }

  const listOf = first(mapping.records);
  const limit = pLimit(concurrency);
  await Promise.all(
    records.map((record, index) =>
      limit(async () => {
        const id = idOf(record);
        if (typeof id !== "string" && typeof id !== "number") return;
        const page = await get(mapping.endpoint!.replace("{id}", encodePathSegment(String(id))));
        const list = mapping.records ? listOf(page.body) : page.body;
        if (Array.isArray(list)) changelogs[recordLabel(record, index)] = list.map(changeSet);
      }),
    ),
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * Notes for every date a later revision corrected (both values look like dates): the reader is
 * told the first date was superseded, with both dates and when, rather than seeing only one.
 */
export function correctedDates(
  search: ResolvedSearch,
  records: unknown[],
  changelogs: Record<string, unknown[]>,
): string[] {
  const notes: string[] = [];
  records.forEach((record, index) => {
    const label = recordLabel(record, index);
    for (const entry of (changelogs[label] ?? []) as ChangeSet[]) {
      for (const item of entry.items) {
        if (
          typeof item.from === "string" &&
          typeof item.to === "string" &&
          DAY.test(item.from) &&
          DAY.test(item.to)
        )
          notes.push(
            `${label}: ${String(item.field)} corrected from ${item.from} to ${item.to} (revision of ${String(entry.at)}, search ${search.name})`,
          );
      }
    }
  });
  return notes;
}
