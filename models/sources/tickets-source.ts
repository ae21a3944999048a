import { z } from "zod";
import { nameRecord } from "../name-record.js";
import { Name } from "../plan.js";
import type { SourceKindDescriptor } from "../source-kind.js";
import { Offers, sourceCommonShape } from "./common.js";

/** How the adapter authenticates; values come from ${VAR}s already substituted by the loader. */
export const TicketsAuth = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }).strict(),
  z.object({ type: z.literal("bearer"), token: z.string() }).strict(),
  z.object({ type: z.literal("basic"), username: z.string(), password: z.string() }).strict(),
  z
    .object({
      type: z.literal("header"),
      header: z.string().regex(/^[A-Za-z0-9-]+$/, "a header name is letters, digits and -"),
      value: z.string(),
    })
    .strict(),
]);
export type TicketsAuth = z.infer<typeof TicketsAuth>;

/** Output types a field can be converted to. date keeps the calendar day as written; datetime becomes UTC ISO. */
export const FieldType = z.enum(["string", "number", "date", "datetime", "enum", "boolean"]);
export type FieldType = z.infer<typeof FieldType>;

/** An output column taken from each record by a JSONPath, with a type. A bare string is a string-typed path. */
export const FieldMapping = z.union([
  z.string(),
  z
    .object({
      path: z.string(),
      type: FieldType.default("string"),
      /** For enum: raw value → output value; a raw value not listed is a format error unless `default` is set. */
      map: nameRecord(z.string(), z.string()).optional(),
      /** Used when the path matches nothing (or matches null). */
      default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
      /** When true, a path matching nothing gives null instead of a format error. */
      optional: z.boolean().default(false),
      /** Joins several matches (e.g. components[*].name); default ", ". */
      join: z.string().default(", "),
    })
    .strict(),
]);
export type FieldMapping = z.infer<typeof FieldMapping>;

/** How to walk the pages of a search. */
export const Pagination = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }).strict(),
  z
    .object({
      type: z.literal("offset"),
      start_param: z.string().default("startAt"),
      size_param: z.string().default("maxResults"),
      total_path: z.string().default("$.total"),
      page_size: z.number().int().min(1).max(1000).default(100),
    })
    .strict(),
  z
    .object({
      type: z.literal("page"),
      page_param: z.string().default("page"),
      size_param: z.string().default("per_page"),
      /** Optional JSONPath of the total record count, checked against what arrived. */
      total_path: z.string().optional(),
      page_size: z.number().int().min(1).max(1000).default(100),
      first_page: z.number().int().default(1),
    })
    .strict(),
  z
    .object({
      type: z.literal("cursor"),
      cursor_param: z.string().default("nextPageToken"),
      cursor_path: z.string().default("$.nextPageToken"),
      last_path: z.string().default("$.isLast"),
      size_param: z.string().default("maxResults"),
      page_size: z.number().int().min(1).max(1000).default(100),
    })
    .strict(),
  z
    .object({
      type: z.literal("link_header"),
      size_param: z.string().optional(),
      page_size: z.number().int().min(1).max(1000).default(100),
    })
    .strict(),
]);
export type Pagination = z.infer<typeof Pagination>;

/**
 * Where the names of fields that revisions name by id are listed (Request Tracker's history says
 * `"Field": "7"` for a custom field): an endpoint listing id → name, and/or the list each record
 * carries of its own fields. A revision naming a listed id gets the name; others keep theirs.
 */
export const FieldNames = z
  .object({
    /** Endpoint relative to base_url listing the fields, read once per fetch (e.g. /REST/2.0/customfields). */
    endpoint: z.string().optional(),
    /** Query parameters of that request (RT: fields=Name, per_page=100, a JSON search in query). */
    params: z.record(z.string(), z.string()).default({}),
    /** JSONPath to the list in that response (default: the response is the list). */
    records: z.string().optional(),
    /** JSONPath from a listed field to its id, and to its name. */
    id: z.string().default("$.id"),
    name: z.string().default("$.name"),
    /** Where a record lists its own fields ({id, name} read with on_record_id / on_record_name), used besides the endpoint. */
    on_record: z.string().optional(),
    on_record_id: z.string().default("$.id"),
    on_record_name: z.string().default("$.name"),
  })
  .strict()
  .refine((names) => names.endpoint !== undefined || names.on_record !== undefined, {
    message:
      "say where the field names are listed: endpoint (e.g. /REST/2.0/customfields) or on_record (e.g. $.CustomFields)",
  });
export type FieldNames = z.infer<typeof FieldNames>;

/**
 * Where a generic REST API keeps each record's revisions and how one reads: a per-record endpoint
 * (`/incidents/{id}/revisions`) or a list beside the records on each page (JSON:API `included[]`),
 * and JSONPaths on a revision (or on each of its `items`) for the changed field, old and new value,
 * and when.
 */
export const RevisionMapping = z
  .object({
    /** Per-record endpoint relative to base_url; {id} is the record's id (one encoded path segment). */
    endpoint: z.string().optional(),
    /**
     * Query parameters of the endpoint ({id} may be used; {{ }} are literal braces). Request
     * Tracker's history lists only transaction ids without `fields: Type,Field,OldValue,…`.
     */
    // A plain record (only iterated, never looked up by name): a transforming record inside the
    // changelog union would hide that union's default from the generated JSON Schema.
    params: z.record(z.string(), z.string()).default({}),
    /** How the endpoint pages (RT: page / per_page); without it one request per record. */
    pagination: Pagination.optional(),
    /** JSONPath to the revisions in the endpoint's response (default: the response is the list). */
    records: z.string().optional(),
    /** JSONPath on each page to revisions listed beside the records (JSON:API included[]). */
    included: z.string().optional(),
    /** JSONPath from an included revision to the id of the record it belongs to. */
    record_id: z.string().optional(),
    /** JSONPath to a record's id (for {id} and for matching included revisions). */
    id: z.string().default("$.id"),
    /** JSONPath from a revision to its list of changes, when one revision changes several fields. */
    items: z.string().optional(),
    field: z.string(),
    from: z.string(),
    to: z.string(),
    /** When the revision was made (on the revision, not on the item). */
    at: z.string(),
    author: z.string().optional(),
    /** Names of the fields revisions name by id (custom fields): where they are listed. */
    field_names: FieldNames.optional(),
  })
  .strict()
  .refine((mapping) => (mapping.endpoint === undefined) !== (mapping.included === undefined), {
    message:
      "say where the revisions are: either endpoint (one request per record) or included (beside the records on each page)",
  })
  .refine((mapping) => mapping.included === undefined || mapping.record_id !== undefined, {
    message: "included revisions need record_id: the JSONPath from a revision to its record's id",
    path: ["record_id"],
  });
export type RevisionMapping = z.infer<typeof RevisionMapping>;

/** Turning changelogs (Jira histories, Redmine journals, mapped revisions) into one event record per changed field. */
export const ChangelogSettings = z
  .object({
    /** Keep only changes of these fields (e.g. [status]); all when absent. */
    fields: z.array(z.string()).optional(),
    /** For a source without a Jira or Redmine preset: where the revisions are and how they read. */
    revisions: RevisionMapping.optional(),
  })
  .strict();
export type ChangelogSettings = z.infer<typeof ChangelogSettings>;

/** One named search: what the planner can ask this ticket system for. */
export const TicketSearch = z
  .object({
    description: z.string().optional(),
    /** Path relative to base_url; the preset supplies it when absent. May hold {placeholders} (URL-encoded). */
    endpoint: z.string().optional(),
    /** GET (query string) or POST (JSON body, Jira's POST /search). */
    method: z.enum(["GET", "POST"]).default("GET"),
    /**
     * Extra query parameters; values may use {placeholders}, URL-encoded when sent. `null` removes a
     * parameter the preset adds (e.g. Redmine's created_on, which cannot be sent blank).
     */
    params: nameRecord(z.string(), z.union([z.string(), z.null()])).prefault({}),
    /** A JQL template; {from}, {to}, {to_exclusive}, {project} and {<dimension>} are quoted for JQL. */
    jql: z.string().optional(),
    /** Query parameter the JQL goes into. */
    jql_param: z.string().default("jql"),
    /** JSONPath to the array of records in one page; the preset supplies it when absent. */
    records: z.string().optional(),
    pagination: Pagination.optional(),
    /** Output column → JSONPath of the record (the issue). */
    fields: nameRecord(Name, FieldMapping),
    /** Flatten changelogs into event records (key, field, from, to, at, author + the mapped issue fields). */
    changelog: z.union([z.boolean(), ChangelogSettings]).default(false),
    /** Adds an `event` column holding this catalog event name to every row. */
    event: Name.optional(),
    /**
     * When true, finding nothing is an answer (an empty table with a note: "no provider change in
     * North China") instead of a no_results failure that the reflector would broaden.
     */
    empty_is_answer: z.boolean().default(false),
    /** Mapped column the period is checked against on the client when the template has no {from}/{to}. */
    period_field: Name.optional(),
    offers: Offers.default({ metrics: [], dimensions: [], events: [], topics: [] }),
  })
  .strict();
export type TicketSearch = z.infer<typeof TicketSearch>;

/** A ticket system (Jira, Redmine or any JSON REST API) read through YAML-configured searches. */
export const TicketsSource = z
  .object({
    kind: z.literal("tickets"),
    ...sourceCommonShape,
    preset: z.enum(["generic", "jira-v2", "jira-v3", "redmine"]).default("generic"),
    base_url: z.url(),
    /** Used on a 5xx (once per request) and whenever the reflector asks for the fallback. */
    fallback_base_url: z.url().optional(),
    /** Fills {project} in templates. */
    project: z.string().optional(),
    auth: TicketsAuth.default({ type: "none" }),
    /**
     * Per catalog dimension, what the ticket system stores for each canonical value (a code, a
     * display name, an id; a list when several stored values mean it): plan filters send these,
     * and the rows read back are mapped to the canonical value. `site: { KHH: 高雄 }`.
     */
    values: nameRecord(
      Name,
      nameRecord(z.string(), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)])),
    ).prefault({}),
    max_pages: z.number().int().min(1).max(10_000).default(100),
    max_response_bytes: z
      .number()
      .int()
      .min(1024)
      .default(20 * 1024 * 1024),
    searches: nameRecord(Name, TicketSearch),
  })
  .strict()
  .superRefine((source, context) => {
    // Only Jira and Redmine have a known changelog; anywhere else it must be mapped (config check, not run time).
    if (source.preset !== "generic") return;
    for (const [name, search] of Object.entries(source.searches)) {
      if (search.changelog === false) continue;
      if (typeof search.changelog === "object" && search.changelog.revisions) continue;
      context.addIssue({
        code: "custom",
        path: ["searches", name, "changelog"],
        message:
          "changelog needs a preset that knows changelogs (jira-v2, jira-v3, redmine) or a revisions mapping: changelog: { revisions: { endpoint: /items/{id}/revisions, field: $.field, from: $.from, to: $.to, at: $.at } }",
      });
    }
  });
export type TicketsSource = z.infer<typeof TicketsSource>;

/** Ticket systems: each search is a query with the period in it; a changelog search yields one record per change. */
export const ticketsKind: SourceKindDescriptor<TicketsSource> = {
  sections: (config) =>
    Object.entries(config.searches).map(([name, value]) => ({
      path: ["searches", name],
      name,
      offers: value.offers,
      columns: [
        ...Object.keys(value.fields),
        ...(value.changelog ? ["key", "field", "from", "to", "at", "author"] : []),
      ],
      expectedFormat: "records",
    })),
  textSearch: () => undefined,
  periodFiltered: true,
  live: true,
  fallbackEndpoint: (config) => config.fallback_base_url || undefined,
  catalogValues: (config) =>
    Object.entries(config.values).flatMap(([dimension, mapping]) => [
      { path: ["values", dimension], dimension },
      ...Object.keys(mapping).map((value) => ({ path: ["values", dimension, value], dimension, value })),
    ]),
};
