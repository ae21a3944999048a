import pLimit from "p-limit";
import type { FieldNames, RevisionMapping } from "../../models/sources/tickets-source.js";
import { recordLabel } from "./field-mapping.js";
import { compilePath } from "./json-path.js";
import { type FetchPage, type Page, paginate } from "./paginate.js";
import { encodePathSegment, fillTemplate } from "./query-template.js";

/** One revision as a change set of REVISION_SHAPE: when, who, and the fields it changed. */
interface ChangeSet {
  at: unknown;
  author: unknown;
  items: { field: unknown; from: unknown; to: unknown }[];
}

/** How readRevisions reaches the server: one request, or the pages of a request. */
export interface RevisionRequests {
  send: (path: string, query: Record<string, string | number>) => Promise<Page>;
  /** The pages of one GET request, walked by a revisions mapping's `pagination`. */
  pages: (path: string, query: Record<string, string>) => FetchPage;
  maxPages: number;
  concurrency: number;
  /** Where the mapping is written in the YAML, for template errors. */
  where: string;
}

const first = (path: string | undefined) => {
  const compiled = path ? compilePath(path) : undefined;
  return (value: unknown) => (compiled ? compiled(value)[0] : undefined);
};

/**
 * Reads each record's revisions with a generic source's revisions mapping into `changelogs`
 * (record label → change sets): from the revisions beside the records on each page (included[]),
 * where a record without any has none (read, no change), or from a per-record endpoint with its
 * params and pages, at most `concurrency` records at once, where a response without the list leaves
 * the record unread (the adapter then fails loudly instead of reporting no change). Fields named
 * by an id the mapping's `field_names` list knows get their name. Returns notes for the evidence.
 */
export async function readRevisions(
  mapping: RevisionMapping,
  records: unknown[],
  included: unknown[],
  changelogs: Record<string, unknown[]>,
  requests: RevisionRequests,
): Promise<string[]> {
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
  } else {
    const listOf = first(mapping.records);
    const pagination = mapping.pagination ?? { type: "none" as const };
    const limit = pLimit(requests.concurrency);
    await Promise.all(
      records.map((record, index) =>
        limit(async () => {
          const id = idOf(record);
          if (typeof id !== "string" && typeof id !== "number") return;
          const values = { id: String(id) };
          const path = mapping.endpoint!.replace("{id}", encodePathSegment(String(id)));
          const query: Record<string, string> = {};
          for (const [name, template] of Object.entries(mapping.params))
            query[name] = fillTemplate(template, values, "text", `${requests.where}.params.${name}`);
          let missing = false;
          const paged = await paginate(pagination, requests.maxPages, requests.pages(path, query), (page) => {
            const list = mapping.records ? listOf(page.body) : page.body;
            if (Array.isArray(list)) return list;
            missing = true;
            return [];
          });
          if (!missing) changelogs[recordLabel(record, index)] = paged.records.map(changeSet);
        }),
      ),
    );
  }
  return mapping.field_names ? nameFields(mapping.field_names, records, changelogs, requests) : [];
}

/**
 * Replaces field ids by names (Request Tracker names a custom field by its id in the history):
 * from the listing endpoint, read once, and the fields each record lists. A listing that cannot
 * be read, or an id-like field that neither names, is a note; the field then keeps its id.
 */
async function nameFields(
  names: FieldNames,
  records: unknown[],
  changelogs: Record<string, unknown[]>,
  requests: RevisionRequests,
): Promise<string[]> {
  const notes: string[] = [];
  const table = new Map<string, string>();
  const collect = (listed: unknown, idPath: string, namePath: string) => {
    const [idOf, nameOf] = [first(idPath), first(namePath)];
    for (const each of Array.isArray(listed) ? listed : []) {
      const id = idOf(each);
      const name = nameOf(each);
      if ((typeof id === "string" || typeof id === "number") && typeof name === "string" && name !== "")
        if (!table.has(String(id))) table.set(String(id), name);
    }
  };
  if (names.endpoint) {
    try {
      const query: Record<string, string> = {};
      for (const [name, template] of Object.entries(names.params))
        query[name] = fillTemplate(template, {}, "text", `${requests.where}.field_names.params.${name}`);
      const body = (await requests.send(names.endpoint, query)).body;
      collect(names.records ? first(names.records)(body) : body, names.id, names.name);
    } catch (error) {
      notes.push(
        `field names could not be read from ${names.endpoint} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  if (names.on_record) {
    const listOf = first(names.on_record);
    for (const record of records) collect(listOf(record), names.on_record_id, names.on_record_name);
  }
  const unnamed = new Set<string>();
  for (const sets of Object.values(changelogs))
    for (const set of sets as ChangeSet[])
      for (const item of set.items) {
        const id = item.field === null || item.field === undefined ? "" : String(item.field);
        const name = table.get(id);
        if (name !== undefined) item.field = name;
        else if (/^\d+$/.test(id)) unnamed.add(id);
      }
  if (unnamed.size > 0)
    notes.push(
      `field${unnamed.size > 1 ? "s" : ""} ${[...unnamed].join(", ")} named by id could not be named (not in the field_names list); their changes keep the id`,
    );
  return notes;
}
